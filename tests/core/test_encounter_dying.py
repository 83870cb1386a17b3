"""Dying and death in a fight (issue #6; R21, R22), with scripted dice.

Furnace: "When you reach 0 HP, you go unconscious. Roll 1d4, after that many turn you die. Roll a
d20 in every round, on a natural 20 you get up with 1 hp." The party is the example's: Brannoc
(fighter, 7 HP, CON +1, CON save PROF, death at -5), Sister Maud (cleric, WIS +2, Medicine PROF,
5 HP), Wren, Ysolde; ROOM DC 12.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings
from emberkeep.character.status import Status, status
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.durations import round_upkeep
from emberkeep.encounter.dying import DYING, STABLE, UNCONSCIOUS, stabilize
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.ruling import change_hp
from tests.core.test_encounter_attack import make, pc


def names(c: Combatant) -> set[str]:
    return {x.name for x in c.conditions}


def hurt(enc: Encounter, c: Combatant, amount: int) -> None:
    with enc.action("gm", "test") as tx:
        enc.lose_hp(tx, c, amount)


def new_round(enc: Encounter) -> None:
    enc.state.round += 1
    with enc.action("gm", "round") as tx:
        round_upkeep(enc, tx, enc.state.round)


def countdown(c: Combatant) -> int | None:
    return next(x.rounds_left for x in c.conditions if x.name == DYING)


def test_at_0_hp_a_pc_falls_unconscious_and_dies_in_1d4_rounds() -> None:
    """R21: "unconscious at 0 HP, death in 1d4 rounds"."""
    enc = make([2])
    maud = pc(enc, "Sister")
    hurt(enc, maud, 5)
    assert enc.character(maud).hp == 0 and {UNCONSCIOUS, DYING} <= names(maud)
    assert countdown(maud) == 2 and status(enc.character(maud)) is Status.DYING
    assert enc.is_down(maud) and not enc.can_act(maud)


def test_each_round_a_d20_and_the_countdown_runs_out_to_death() -> None:
    """R21: "Roll a d20 in every round"; when the 1d4 rounds run out, dead (R22)."""
    enc = make([2, 5, 7])
    maud = pc(enc, "Sister")
    hurt(enc, maud, 5)
    new_round(enc)
    assert countdown(maud) == 1 and enc.character(maud).alive
    new_round(enc)
    assert not enc.character(maud).alive and status(enc.character(maud)) is Status.DEAD
    assert DYING not in names(maud)


def test_a_natural_20_gets_up_with_1_hp_and_rolls_the_injuries_table() -> None:
    """R21: "on a natural 20 you get up with 1 hp"; surviving is stabilizing, so the Injuries
    table follows (face 17: "All CHECKs are HARD until rest", written on the sheet)."""
    enc = make([3, 20, 17])
    maud = pc(enc, "Sister")
    hurt(enc, maud, 5)
    new_round(enc)
    ch = enc.character(maud)
    assert ch.hp == 1 and not names(maud) & {UNCONSCIOUS, DYING}
    assert "HARD:all" in names(maud)
    assert [(x.name, x.lasts) for x in ch.conditions] == [("HARD:all", "rest")]


def test_an_ally_close_stabilizes_with_a_wis_medicine_check_vs_room_dc() -> None:
    """R21: "An ally CLOSE stabilizes the dying with an action and a WIS (Medicine) check
    against the ROOM DC": Maud's 9 + WIS 2 + PROF 1 = 12 meets DC 12; then Injuries (18)."""
    enc = make([2, 9, 18])
    brannoc, maud = pc(enc, "Brannoc"), pc(enc, "Sister")
    hurt(enc, brannoc, 7)
    step = stabilize(enc, maud.id, brannoc.id)
    assert step.rolls()[0].total == 12 and maud.acted
    assert DYING not in names(brannoc) and {STABLE, UNCONSCIOUS} <= names(brannoc)
    assert "HARD:all" in names(brannoc)
    new_round(enc)  # no more d20 or countdown: the script holds no more dice
    assert enc.character(brannoc).alive


def test_a_failed_medicine_check_leaves_the_ally_dying() -> None:
    enc = make([2, 8])
    brannoc, maud = pc(enc, "Brannoc"), pc(enc, "Sister")
    hurt(enc, brannoc, 7)
    stabilize(enc, maud.id, brannoc.id)
    assert countdown(brannoc) == 2 and STABLE not in names(brannoc)


def test_stabilizing_needs_a_dying_ally_close() -> None:
    enc = make([2])
    brannoc, maud = pc(enc, "Brannoc"), pc(enc, "Sister")
    with pytest.raises(RuleError, match="not dying"):
        stabilize(enc, maud.id, brannoc.id)
    hurt(enc, brannoc, 7)
    maud.position = 1
    with pytest.raises(RuleError, match="CLOSE"):
        stabilize(enc, maud.id, brannoc.id)


def test_any_healing_stabilizes_and_above_0_hp_wakes() -> None:
    """R21: "or any healing does" (then the Injuries table: 16 → HARD:all)."""
    enc = make([2, 16])
    brannoc = pc(enc, "Brannoc")
    hurt(enc, brannoc, 8)  # -1 HP
    with enc.action("gm", "heal") as tx:
        change_hp(enc, tx, brannoc, 4)
    assert enc.character(brannoc).hp == 3
    assert not names(brannoc) & {DYING, UNCONSCIOUS, STABLE} and "HARD:all" in names(brannoc)


def test_dead_at_minus_3_plus_level_plus_con() -> None:
    """R22: "When you are reduced to negative (3+LVL+CON)": Brannoc at -(3+1+1) = -5."""
    enc = make([])
    brannoc = pc(enc, "Brannoc")
    hurt(enc, brannoc, 12)
    assert not enc.character(brannoc).alive and DYING not in names(brannoc)


def test_a_dying_pc_hit_again_down_to_the_threshold_dies() -> None:
    enc = make([4])
    brannoc = pc(enc, "Brannoc")
    hurt(enc, brannoc, 8)
    assert enc.character(brannoc).alive and countdown(brannoc) == 4
    hurt(enc, brannoc, 4)
    assert not enc.character(brannoc).alive


@pytest.mark.parametrize(("face", "dies"), [(5, True), (12, True), (13, False)])
def test_knocked_down_twice_con_save_vs_room_dc_or_die(face: int, dies: bool) -> None:
    """R22 option: "if a character gets knocked down two times in one encounter, make a CON
    SAVE against ROOM DC, if it fails, the character dies instantly" (CON 1 + PROF 1). The
    first stabilization's injury (17: "All CHECKs are HARD until rest", R21) makes the SAVE
    HARD: DC 12 + 3."""
    settings = CampaignSettings()
    settings.rules.knocked_twice_save = True
    enc = make([2, 17, face, 1], settings=settings)
    brannoc = pc(enc, "Brannoc")
    hurt(enc, brannoc, 7)
    with enc.action("gm", "heal") as tx:
        change_hp(enc, tx, brannoc, 3)
    hurt(enc, brannoc, 3)
    assert brannoc.knocked == 2
    assert enc.character(brannoc).alive is not dies
    if not dies:
        assert countdown(brannoc) == 1


def test_knocked_twice_without_the_option_is_only_dying_again() -> None:
    enc = make([2, 17, 3])
    brannoc = pc(enc, "Brannoc")
    hurt(enc, brannoc, 7)
    with enc.action("gm", "heal") as tx:
        change_hp(enc, tx, brannoc, 3)
    hurt(enc, brannoc, 3)
    assert enc.character(brannoc).alive and countdown(brannoc) == 3


def test_dying_undoes_exactly() -> None:
    enc = make([2])
    maud = pc(enc, "Sister")
    start = enc.fingerprint()
    hurt(enc, maud, 5)
    enc.undo()
    assert enc.fingerprint() == start
