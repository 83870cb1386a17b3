"""An area spell's area: who stands in it (the one rule the cast dialog offers by and the engine
bounds by), and a cast on all of them as one step.

The party is the example's in zone 0, Ysolde (SPELLCHECK d20 + 3) among them; three goblins in
zone 1. Zones: the same zone is CLOSE, the next NEAR, two apart RANGED, three or more FAR.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.actions import cast
from emberkeep.encounter.areas import in_area, offered_area, spell_area
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.spell_effects import apply_level
from emberkeep.encounter.zones import Band
from emberkeep.magic.spells import shipped_spells
from tests.core.test_encounter_actions import GOBLIN, _encounter, _pc


def _four_goblins_and_a_pc_by_them(faces: list[int]) -> Encounter:
    """Goblins 1-3 in zone 1 with Brannoc, who stepped among them; goblin-4 in zone 4, three
    zones off: FAR."""
    party = [c for c in build_example_campaign().characters if c.level == 1]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 4)],
                    {c.id: c for c in party}, ScriptedRoller(faces))
    enc.combatant("goblin-4").position = 4
    _pc(enc, "Brannoc").position = 1
    return enc


def test_in_close_of_a_goblin_are_the_three_goblins_and_the_pc_by_them_not_the_far_one(
        ) -> None:
    enc = _four_goblins_and_a_pc_by_them([])
    brannoc = _pc(enc, "Brannoc").id
    close = [c.id for c in in_area(enc, enc.combatant("goblin-1"), Band.CLOSE)]
    assert close[0] == "goblin-1"  # the centre first
    assert sorted(close) == sorted(["goblin-1", "goblin-2", "goblin-3", brannoc])
    # the fallen are in no area
    enc.combatant("goblin-3").hp = 0
    assert "goblin-3" not in [c.id for c in in_area(enc, enc.combatant("goblin-1"),
                                                    Band.CLOSE)]


def test_fireball_offers_its_widest_area_around_the_target() -> None:
    """Fireball reaches NEAR of its target at levels 4-6: the goblins and Brannoc in its zone,
    the party one zone off (NEAR), Ysolde the caster among them; not the FAR goblin."""
    enc = _four_goblins_and_a_pc_by_them([])
    ysolde = _pc(enc, "Ysolde")
    offered = [c.id for c in offered_area(enc, shipped_spells()["fireball"], ysolde,
                                          enc.combatant("goblin-1"))]
    assert offered[0] == "goblin-1"
    assert {"goblin-2", "goblin-3", _pc(enc, "Brannoc").id, _pc(enc, "Ysolde").id} \
        <= set(offered)
    assert "goblin-4" not in offered
    # a spell of one target offers that target only
    chill = offered_area(enc, shipped_spells()["chill_touch"], ysolde,
                         enc.combatant("goblin-1"))
    assert [c.id for c in chill] == ["goblin-1"]


def test_area_bands_are_data_the_widest_of_the_levels() -> None:
    spells = shipped_spells()
    assert spell_area(spells["fireball"]) is Band.NEAR  # "in NEAR of the target" (levels 4-6)
    assert spell_area(spells["chill_touch"]) is None  # the target alone
    # level 5's "others' in MELEE" is CLOSE; level 6 sets the enemies NEAR on fire
    assert spell_area(spells["ember_swarm"]) is Band.NEAR


def test_fireball_level_2_burns_the_chosen_in_close_of_its_target_as_one_step() -> None:
    """d20 15 + 3 = 18: level 2, "1d6 fire DAM in CLOSE of the target", one roll (4) for
    all: the three goblins and Brannoc, whom the GM left in, each lose 4; one undo."""
    enc = _four_goblins_and_a_pc_by_them([15, 4])
    brannoc = _pc(enc, "Brannoc")
    sheet = enc.character(brannoc)  # a PC's HP is its sheet's
    hp = sheet.hp
    start = enc.fingerprint()
    before = len(enc.history)
    step = cast(enc, _pc(enc, "Ysolde").id, "fireball",
                ["goblin-1", "goblin-2", "goblin-3", brannoc.id])
    assert [enc.combatant(f"goblin-{n}").hp for n in (1, 2, 3, 4)] == [1, 1, 1, 5]
    assert sheet.hp == hp - 4
    assert step.summary == ("Ysolde the Grey casts Fireball at level 2: 4 DAM to Goblin 1, "
                            f"Goblin 2, Goblin 3, {brannoc.name}")
    assert len(enc.history) == before + 1
    enc.undo()
    assert enc.fingerprint() == start


def test_an_area_reaches_past_the_casters_range_around_its_target() -> None:
    """Fireball reaches RANGED (two zones): goblin-1 at zone 2 is in reach, goblin-2 at zone 3
    (FAR from Ysolde in zone 0) is in its NEAR, so it may be chosen; goblin-3 at zone 6, FAR
    from her and from the target, is refused before anything is rolled."""
    enc = _encounter([1] * 6)
    enc.combatant("goblin-1").position = 2
    enc.combatant("goblin-2").position = 3
    enc.combatant("goblin-3").position = 6
    ysolde = _pc(enc, "Ysolde").id
    with pytest.raises(RuleError, match="Goblin 3 is out of reach"):
        cast(enc, ysolde, "fireball", ["goblin-1", "goblin-3"])
    step = cast(enc, ysolde, "fireball", ["goblin-1", "goblin-2"])
    assert step.action == "cast"


def _bless_4(enc: Encounter, targets: list[str]) -> None:
    """Bless's level 4, "+2d4 ATK for all allies NEAR", as the cast's step applies it."""
    maud = _pc(enc, "Sister Maud")
    bless = shipped_spells()["bless"]
    with enc.action(maud.id, "cast") as tx:
        apply_level(enc, tx, maud, bless, bless.levels[3], [enc.combatant(t) for t in targets])
        tx.summary("Bless at level 4")


def _blessed(enc: Encounter) -> list[str]:
    return sorted(c.name for c in enc.combatants.values()
                  if any(x.name == "blessed" for x in c.conditions))


def test_bless_4_offers_the_casters_allies_near_and_blesses_them_not_the_goblins() -> None:
    """The party stands in zone 0, the goblins one zone off (NEAR too): "all allies NEAR" is
    the caster's side only, around the caster (typed: area near, centre caster, allies_only)."""
    enc = _encounter([2] * 20)
    maud = _pc(enc, "Sister Maud")
    party = sorted(c.name for c in enc.combatants.values()
                   if c.kind == "pc" and c.id != maud.id)
    bless = shipped_spells()["bless"]
    assert spell_area(bless) is None and spell_area(bless, "caster") is Band.NEAR
    assert sorted(c.name for c in offered_area(enc, bless, maud, None)) == party
    _bless_4(enc, [])  # nobody chosen: everyone in the area
    assert _blessed(enc) == party


def test_bless_4_takes_only_those_the_gm_left_in_its_area() -> None:
    enc = _encounter([2] * 20)
    brannoc, wren = _pc(enc, "Brannoc"), _pc(enc, "Wren")
    _bless_4(enc, [brannoc.id, wren.id])
    assert _blessed(enc) == sorted([brannoc.name, wren.name])
