"""Rules that had two copies and now have one ("one rule, one place"): weapon
notches (R17), monsters from a stat block (R30), who strikes whom in simultaneous melee (R20),
and dead, dying or stable as every view says it (R21, R22). Scripted dice."""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, RepairCosts
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.dying import STABLE, life_state
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants
from emberkeep.encounter.simultaneous import melee_pairs
from emberkeep.gear.damage import after_notch
from tests.core.test_encounter_attack import give, make, pc

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=1, damage="1d6")


# --- R17: one notch rule ------------------------------------------------------------------

@pytest.mark.parametrize(("quality", "notches", "after"), [
    ("cheap", 0, (1, False)),  # cheap 1: the first fumble notches it
    ("cheap", 1, (1, True)),  # ... the second breaks it (the text's example)
    ("standard", 1, (2, False)),
    ("standard", 2, (2, True)),
    ("fine", 2, (3, False)),
])
def test_r17_one_notch_rule(quality: str, notches: int, after: tuple[int, bool]) -> None:
    assert after_notch(notches, False, quality, None) == after  # type: ignore[arg-type]
    assert after_notch(notches, True, quality, None) == (notches, True)  # type: ignore[arg-type]


def test_r17_the_fight_notches_as_the_sheets_gear_does_with_the_campaigns_allowances() -> None:
    """A natural 1 with WDD's notches on: the weapon notches (R17) by the campaign's numbers,
    exactly as ``OwnedWeapon.notch`` (the sheet's and the ledger's) would."""
    repair = RepairCosts(notches_standard=0)  # a house rule: a standard weapon breaks at once
    settings = CampaignSettings(repair=repair)
    settings.rules.armor_crits_and_notches = True
    enc = make([1, 1, 1, 1], settings=settings)
    brannoc = pc(enc, "Brannoc")
    sword = give(enc, brannoc, "arming_sword")
    twin = sword.model_copy(deep=True)
    expected_broke = twin.notch(repair.allowances())
    attack(enc, brannoc.id, "goblin-1", weapon_uid=sword.uid)
    assert (sword.notches, sword.broken) == (twin.notches, twin.broken)
    assert expected_broke and sword.broken


# --- R30: monsters from one place -----------------------------------------------------------

def test_monsters_skip_taken_ids_and_roll_their_own_hit_dice() -> None:
    made = monster_combatants(GOBLIN, 2, taken={"goblin-1"}, hit_dice=2,
                              roller=ScriptedRoller([3, 4, 1, 1]))
    assert [(m.id, m.name, m.hp) for m in made] == [("goblin-2", "Goblin 2", 7),
                                                    ("goblin-3", "Goblin 3", 2)]
    assert made[0].monster is not None and made[0].monster.max_hp == 7
    (lone,) = monster_combatants(GOBLIN)
    assert (lone.id, lone.name, lone.hp) == ("goblin-1", "Goblin", 5)
    with pytest.raises(ValueError, match="roller"):
        monster_combatants(GOBLIN, 1, hit_dice=1)


# --- R20: who strikes whom ------------------------------------------------------------------

def test_r20_each_able_combatant_strikes_the_first_foe_close_to_it() -> None:
    enc = make(foes=((GOBLIN, 0),), count=2, mode=InitiativeMode.SIMULTANEOUS)
    pairs = melee_pairs(enc)
    party = [c for c in enc.combatants.values() if c.kind == "pc"]
    assert all(pairs[c.id] == "goblin-1" for c in party)
    assert pairs["goblin-1"] == party[0].id and pairs["goblin-2"] == party[0].id
    party[0].acted = True
    assert party[0].id not in melee_pairs(enc)


# --- R21, R22: dead, dying or stable ---------------------------------------------------------

def _hurt(enc: Encounter, who: str, amount: int) -> None:
    with enc.action("gm", "test") as tx:
        enc.lose_hp(tx, enc.combatants[who], amount)


def test_r21_r22_life_state_is_what_every_view_shows() -> None:
    enc = make([2], foes=((GOBLIN, 1),))
    maud = pc(enc, "Sister")
    assert life_state(enc, maud) == "up"
    _hurt(enc, maud.id, 5)  # 0 HP: unconscious, dying in 1d4 (2) rounds
    assert life_state(enc, maud) == "dying"
    maud.conditions = (*(x for x in maud.conditions if x.name != "dying_in"),
                       ActiveCondition(STABLE, None, "removed", "test", 1))
    assert life_state(enc, maud) == "stable"
    ch = enc.character(maud)
    ch.hp = ch.death_threshold  # R22: at -(3 + LVL + CON), dead even if not yet recorded
    assert ch.alive and life_state(enc, maud) == "dead"
    goblin = enc.combatants["goblin-1"]
    goblin.hp = 0
    assert life_state(enc, goblin) == "down"
    goblin.out = True
    assert life_state(enc, goblin) == "out"

