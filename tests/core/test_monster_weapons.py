"""A monster of several weapons in the bestiary: an orc with a hand axe and a shortbow
shoots at a foe NEAR with the bow's dice and fights CLOSE with its axe's; the GM may name the
weapon; the templates keep them through JSON; bad dice are refused with their place.

Sister Maud (the example campaign's cleric) is AC 16 with 5 HP. The orc: ROOM DC 12, +2 to hit,
a hand axe 1d6 (R31: 2 ft) and a shortbow 1d8 (ranged).
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from emberkeep.campaign.bestiary import MonsterTemplate, MonsterWeapon, find_template
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.storage import dumps, loads
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack, choose_weapon
from emberkeep.encounter.bestiary_monsters import monsters_of, stats_of, template_of
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.odds import setup_of, sweep_setup
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import take_turn

BOW = MonsterWeapon(name="shortbow", damage="1d8", length_ft=0, ranged=True)
ORC = MonsterStats(name="Orc", max_hp=30, room_dc=12, attack_bonus=2, damage="1d6",
                   weapon="hand axe", weapon_length_ft=2, other_weapons=(BOW,))


def fight(faces: list[int], orc: MonsterStats = ORC, zone: int = 1) -> tuple[Encounter, str]:
    """Sister Maud alone at zone 0 (so no volley picks another target), one orc at ``zone``."""
    maud = next(c for c in build_example_campaign().characters if c.name.startswith("Sister"))
    combatants: list[Combatant] = [*pc_combatants([maud]),
                                   *monster_combatants(orc, 1, position=zone)]
    enc = Encounter(combatants, {maud.id: maud}, ScriptedRoller(faces))
    return enc, combatants[0].id


def test_the_orc_shoots_near_with_its_bow_then_fights_close_with_its_axe() -> None:
    enc, maud = fight([15, 4, 14, 3])
    roller = enc.roller
    assert isinstance(roller, ScriptedRoller)
    shot = attack(enc, "orc-1", maud)  # NEAR: 15 + 2 = 17 hits AC 16, the bow's d8 shows 4
    assert roller.asked == [20, 8] and [r.expression for r in shot.rolls()][-1] == "1d8"
    assert enc.character(enc.combatant(maud)).hp == 1
    enc.character(enc.combatant(maud)).hp = 5  # healed between the blows
    orc = enc.combatant("orc-1")
    orc.acted, orc.position = False, 0
    blow = attack(enc, "orc-1", maud)  # CLOSE: 14 + 2 = 16 hits, the axe's d6 shows 3
    assert roller.asked[2:] == [20, 6] and blow.rolls()[1].expression == "1d6"
    assert enc.character(enc.combatant(maud)).hp == 2


def test_the_main_weapon_is_preferred_and_the_gm_may_name_another() -> None:
    javelin = MonsterWeapon(name="javelin", damage="1d4", length_ft=5, ranged=True)
    archer = ORC.model_copy(update={"weapon": "longbow", "damage": "1d8", "ranged": True,
                                    "weapon_length_ft": 0, "other_weapons": (javelin, BOW)})
    enc, maud = fight([], archer)
    a, t = enc.combatant("orc-1"), enc.combatant(maud)
    assert choose_weapon(enc, a, t).name == "longbow"  # both reach NEAR: the main one
    picked = choose_weapon(enc, a, t, "javelin")
    assert (picked.name, picked.dice, picked.ranged) == ("javelin", "1d4", True)
    with pytest.raises(RuleError, match="carries no spear"):
        choose_weapon(enc, a, t, "spear")
    with pytest.raises(RuleError, match="has no weapon that reaches"):
        a.position = 0  # CLOSE: none of its three is a melee weapon
        choose_weapon(enc, a, t)
    enc, maud = fight([], zone=1)
    with pytest.raises(RuleError, match="hand axe cannot reach Sister"):
        choose_weapon(enc, enc.combatant("orc-1"), enc.combatant(maud), "hand axe")


def test_the_simulated_orc_shoots_at_a_near_foe_and_an_orc_without_a_bow_closes() -> None:
    """sim.py's policy asks the engine's ``choose_weapon`` for the distance: with a bow the
    orc shoots from NEAR (15 + 2 hits, the d8 shows 2); with its axe alone it goes NEAR and
    attacks (Furnace's "Go NEAR and ATK"), striking CLOSE with the d6 (4)."""
    enc, maud = fight([15, 2])
    assert take_turn(enc, enc.combatant("orc-1"))
    assert enc.history[-1].action == "attack" and enc.combatant("orc-1").position == 1
    assert enc.character(enc.combatant(maud)).hp == 3
    axe_only = ORC.model_copy(update={"other_weapons": ()})
    enc, maud = fight([15, 4], axe_only)
    assert take_turn(enc, enc.combatant("orc-1"))
    assert enc.combatant("orc-1").position == 0  # it closed
    assert enc.character(enc.combatant(maud)).hp == 1
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.asked == [20, 6]


def test_the_odds_sweep_makes_more_orcs_with_their_bows() -> None:
    enc, _ = fight([])
    three = sweep_setup(setup_of(enc), "Orc", 3)
    orcs = [c for c in three.combatants if c.monster is not None]
    assert len(orcs) == 3 and all(c.monster.other_weapons == (BOW,) for c in orcs
                                  if c.monster is not None)


def test_a_template_of_two_weapons_round_trips_through_json_and_makes_armed_orcs() -> None:
    campaign = Campaign(name="Test")
    orc = find_template(campaign, "orc")
    assert orc is not None and orc.other_weapons  # the starter orc carries a shortbow
    kept = orc.model_copy(update={"id": "marsh-orc", "other_weapons": (BOW,)})
    campaign.bestiary.append(kept)
    text = dumps(campaign)
    assert b'"other_weapons": [' in text
    again = loads(text)
    assert again.bestiary == [kept]
    made = monsters_of(kept, 2, roller=ScriptedRoller([]), hp="as written")
    assert all(m.monster is not None and m.monster.other_weapons == (BOW,) for m in made)
    stats = stats_of(kept)
    assert [w.name for w in stats.weapons] == ["hand axe", "shortbow"]
    back = template_of(stats, "marsh-orc", hit_dice=1, notes=kept.notes)
    assert back == kept.model_copy(update={"melee": None})  # a Furnace monster: no R33 numbers


def test_one_weapon_monsters_are_written_as_before() -> None:
    """No ``other_weapons`` key while a monster has none: the fights and files of schema 2
    keep their bytes."""
    plain = ORC.model_copy(update={"other_weapons": ()})
    assert "other_weapons" not in plain.model_dump(mode="json")
    one = monster_combatants(plain, 1)[0].to_json()
    assert "other_weapons" not in one["monster"]
    two = monster_combatants(ORC, 1)[0]
    assert Combatant.from_json(two.to_json()).monster == ORC


def test_bad_weapon_damage_is_refused_with_its_place() -> None:
    with pytest.raises(ValidationError) as caught:
        MonsterTemplate(id="orc", name="Orc", hp=5,
                        other_weapons=({"name": "shortbow", "damage": "lots"},))
    error = caught.value.errors()[0]
    assert error["loc"] == ("other_weapons", 0, "damage") and "damage dice" in error["msg"]
    with pytest.raises(ValidationError, match="damage dice"):
        MonsterStats.model_validate({"name": "Orc", "max_hp": 5, "room_dc": 12,
                                     "other_weapons": [{"name": "bow", "damage": "d"}]})
    document = {"schema_version": 3, "name": "Bad bow",
                "bestiary": [{"id": "orc", "name": "Orc", "hp": 5,
                              "other_weapons": [{"name": "shortbow", "damage": "2x6"}]}]}
    with pytest.raises(CampaignFileError) as refused:
        loads(json.dumps(document).encode(), "bad.json")
    assert "bestiary" in str(refused.value) and "other_weapons" in str(refused.value)
