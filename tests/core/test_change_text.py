"""Enter applies exactly what you saw: a step's preview, log and recap name every
change it makes — the fumble's notch and drop (R17: "a natural 1 also drops it"), HP,
conditions (R28), the end of the fight onto the clock (R27) — not only later on the Repairs
tab."""

from __future__ import annotations

from emberkeep.character.abilities import Ability
from emberkeep.character.checks import CheckRequest
from emberkeep.character.luck import LuckState
from emberkeep.encounter.attack import attack
from emberkeep.encounter.change_text import change_lines
from emberkeep.encounter.checks import roll_check
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.finish import end_fight
from emberkeep.encounter.recap import recap_markdown, step_lines
from emberkeep.encounter.ruling import AddCondition, gm_ruling
from tests.core.test_encounter_attack import make, pc


def test_r17_a_fumbles_notch_and_drop_are_named_in_the_step() -> None:
    """Brannoc's natural 1 (fumble die 1: "You miss wildly"): WDD's notch and drop (R17)."""
    enc = make([1, 1])
    attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    step = enc.history[-1]
    assert change_lines(enc, step) == ["Brannoc Ironhand's Arming sword: notches 0 → 1 (R17)",
                                       "Brannoc Ironhand's Arming sword is dropped"]
    assert step_lines(step, enc)[-2:] == change_lines(enc, step)
    assert "Arming sword: notches 0 → 1 (R17)" not in "\n".join(step_lines(step))  # no enc
    recap = recap_markdown(enc, "ambush")
    assert "  - Brannoc Ironhand's Arming sword is dropped" in recap


def test_hp_conditions_and_the_clock_are_named() -> None:
    enc = make([20])  # R38: the goblin's natural 20 is a crit: an armor point, its d6 at 6 (R19)
    attack(enc, "goblin-1", pc(enc, "Brannoc").id)
    assert change_lines(enc, enc.history[-1]) == [
        "Brannoc Ironhand's Scale mail: dents 0 → 1, −1 AC until mended (R15)",
        "Brannoc Ironhand: HP 7 → 1"]
    gm_ruling(enc, "tripped", [AddCondition("goblin-1", ActiveCondition("PRONE"))])
    assert change_lines(enc, enc.history[-1]) == ["Goblin is now PRONE"]
    enc.state.phase, enc.state.round = "fighting", 1
    end_fight(enc)
    assert change_lines(enc, enc.history[-1]) == [
        "The fight is over: its rounds go on the campaign clock (R27)"]


def test_r29_a_luck_die_spent_is_named() -> None:
    enc = make([7, 4])
    maud = pc(enc, "Sister")
    enc.character(maud).luck = LuckState(dice=1, fail_streak=1)
    roll_check(enc, maud.id, CheckRequest("save", Ability.WIS, 12), luck=True)
    assert change_lines(enc, enc.history[-1]) == ["Sister Maud: Luck Dice 1 → 0 (R29)"]


def test_r15_an_armor_point_and_the_break_are_named() -> None:
    """R15: "a piece breaks when its damage reaches that bonus" (a shield +2 → 2 points)."""
    from emberkeep.encounter.events import Set, Step

    enc = make([])
    maud = enc.character(pc(enc, "Sister"))
    shield = next(g for g in maud.inventory.all_gear() if g.catalog_id == "shield")
    dent = Step("gm", "test", "", [Set(("gear", maud.id, shield.uid), "damage_points", 0, 1)])
    broken = Step("gm", "test", "", [Set(("gear", maud.id, shield.uid), "damage_points", 1, 2)])
    assert change_lines(enc, dent) == [
        "Sister Maud's Shield: dents 0 → 1, −1 AC until mended (R15)"]
    assert change_lines(enc, broken) == [
        "Sister Maud's Shield: dents 1 → 2, −1 AC until mended (R15): it breaks"]


def test_r10_a_casters_count_range_and_bar_are_named() -> None:
    """A cast's preview shows what it does to the caster's tally (R10): the Magic-user's spell
    count towards the depletion SAVE, the Cleric's widened disapproval range, and a failed
    SAVE's bar until a long rest; an unchanged state says nothing."""
    from emberkeep.encounter.events import Set, Step
    from emberkeep.magic import CasterState

    enc = make([])
    ysolde = enc.character(pc(enc, "Ysolde"))

    def lines(before: CasterState, after: CasterState) -> list[str]:
        step = Step(ysolde.id, "cast", events=[Set(("pc", ysolde.id), "caster", before, after)])
        return change_lines(enc, step)

    start = CasterState()
    assert lines(start, start) == []
    assert lines(start, CasterState(spells_cast_since_check=1)) == [
        "Ysolde the Grey: spells since the depletion SAVE 0 → 1 (R10)"]
    assert lines(start, CasterState(disapproval_range=2)) == [
        "Ysolde the Grey: disapproval range 1-1 → 1-2 (R10)"]
    barred = CasterState(spells_cast_since_check=4, barred_until_long_rest=True)
    assert lines(CasterState(spells_cast_since_check=3), barred) == [
        "Ysolde the Grey: spells since the depletion SAVE 3 → 4 (R10)",
        "Ysolde the Grey cannot cast until a long rest (R10)"]
