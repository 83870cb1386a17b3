"""What the players may know of a fight (the core's snapshot the F5 view and the shared page
both read), and a sheet as its player reads it on a phone."""

from __future__ import annotations

import json
import re

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.catalog import Catalog
from emberkeep.character.sheet_numbers import armor_class_parts
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.reveal import set_hidden
from emberkeep.encounter.ruling import SetHp, gm_ruling
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.table_view import MONSTER_WORDS, next_up, table_view
from emberkeep.encounter.turns import current, next_turn, start
from emberkeep.share.sheet_view import sheet_view
from emberkeep.share.snapshot import build, shared

OGRE = MonsterStats(name="Ogre", max_hp=37, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(count: int = 3) -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(OGRE, count)]
    return Encounter(combatants, {c.id: c for c in party}, RandomRoller(5))


def _hand_damage(enc: Encounter, cid: str, amount: int) -> None:
    """The GM's D key: the line it logs says the HP left (it must never reach the players)."""
    c = enc.combatants[cid]
    with enc.action("gm", "damage") as tx:
        _before, after = enc.lose_hp(tx, c, amount)
        tx.summary(f"{c.name} takes {amount} damage ({after} HP)")


def _everything(enc: Encounter) -> str:
    """All a players' screen could show: the snapshot's strings and the JSON the page gets."""
    view = table_view(enc, "Ogre den", log_count=10)
    return " | ".join(view.texts()) + shared(1, view, ()).table_data


def test_a_monster_s_health_is_only_ever_a_word() -> None:
    enc = _encounter()
    start(enc)
    gm_ruling(enc, "Ogre 1 has 29 HP left, Ogre 2 has 11", [SetHp("ogre-1", 29),
                                                           SetHp("ogre-2", 11)])
    _hand_damage(enc, "ogre-3", 36)
    view = table_view(enc, "Ogre den", log_count=10)
    health = {row.name: row.health for row in view.rows if not row.pc}
    assert health == {"Ogre 1": "wounded", "Ogre 2": "bloodied", "Ogre 3": "bloodied"}
    assert set(health.values()) <= set(MONSTER_WORDS)
    seen = _everything(enc)
    for number in ("29", "11", "37", "1 HP"):
        assert number not in seen  # no HP, no maximum, not even in the GM's note or D's line
    pcs = [row for row in view.rows if row.pc]
    assert pcs and all(re.fullmatch(r"-?\d+/\d+ HP.*", row.health) for row in pcs)
    _hand_damage(enc, "ogre-3", 5)
    assert {row.name: row.health for row in table_view(enc, "").rows}["Ogre 3"] == "down"


def test_the_hidden_are_neither_listed_nor_named_nor_logged() -> None:
    enc = _encounter()
    set_hidden(enc, ["ogre-2"], True)
    start(enc)
    for _ in range(4):
        next_turn(enc)
    with enc.action("ogre-2", "attack") as tx:  # the ambusher's blow, as its log line reads
        tx.summary("Ogre 2 hits Ysolde for 3")
    view = table_view(enc, "Ogre den", log_count=10)
    assert "Ogre 2" not in [row.name for row in view.rows]
    assert "Ogre 2" not in _everything(enc)
    assert any(line.startswith("Round ") for line in view.log)  # the turns are shared
    assert "GM:" not in _everything(enc)  # hiding it was the GM's ruling: not logged either


def test_whose_turn_and_who_is_next_follow_the_steps_and_undo() -> None:
    enc = _encounter(2)
    start(enc)
    first = table_view(enc, "")
    now = current(enc)
    assert now is not None and first.acting == now.name
    coming = next_up(enc)
    assert coming is not None and first.next == coming.name
    assert [row.acting for row in first.rows].count(True) == 1
    next_turn(enc)
    second = table_view(enc, "")
    assert second.acting == coming.name
    enc.undo()
    assert table_view(enc, "") == first


def test_the_log_shares_only_what_the_table_sees_and_only_as_many_as_asked() -> None:
    enc = _encounter(2)
    start(enc)
    gm_ruling(enc, "the ogres smell of cabbage")
    for _ in range(5):
        next_turn(enc)
    assert table_view(enc, "").log == ()  # the GM has not chosen to share any
    lines = table_view(enc, "", log_count=3).log
    assert len(lines) == 3 and all(line.startswith("Round ") for line in lines)
    assert not any("cabbage" in line for line in table_view(enc, "", log_count=10).log)


def test_the_snapshot_is_immutable_plain_data() -> None:
    enc = _encounter(1)
    view = table_view(enc, "Ogre den")
    row = view.rows[0]
    for thing, field in ((view, "round"), (row, "health")):
        try:
            setattr(thing, field, "x")
        except AttributeError:
            continue
        raise AssertionError(f"{type(thing).__name__}.{field} could be changed")
    data = json.loads(shared(1, view, ()).table_data)
    row_keys = set(data["fight"]["rows"][0])
    assert row_keys == {"name", "side", "health", "conditions", "acting", "down", "pc", "sheet"}
    assert "cid" not in json.dumps(data) and "character_id" not in json.dumps(data)


def test_a_shared_sheet_has_the_sheet_s_numbers_and_not_the_gm_s_notes() -> None:
    campaign = build_example_campaign()
    character = next(c for c in campaign.characters if c.level == 1)
    character.notes = "secretly the duke's heir"
    catalog = Catalog(campaign)
    view = sheet_view(character, catalog, RepairCosts())
    numbers = dict(view.numbers)
    assert numbers["HP"] == f"{character.hp} / {character.max_hp}"
    assert numbers["AC"] == str(armor_class_parts(character, catalog).total)
    assert numbers["Luck dice"] == str(character.luck.dice)
    titles = [s.title for s in view.sections]
    assert {"Attacks", "Gear damage", "Abilities", "Saves", "Skills"} <= set(titles)
    assert not any("duke" in text for text in view.texts())
    snapshot = build(3, None, "", log_count=0, characters=[("k1", character)],
                     catalog=catalog, costs=RepairCosts())
    assert snapshot.sheet("k1") is not None and snapshot.sheet("nope") is None
    assert character.id not in snapshot.table_data + (snapshot.sheet("k1") or "")
