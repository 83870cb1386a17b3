"""One CHECK or SAVE of a character with every EASY and HARD named (R2, R7, R21,
R28, R29), and the same roll in a fight with a Luck Die, and the reaction roll, all on
scripted dice.

Furnace: "use HARD (+3) and EASY (-3) to modify the ROOM DC"; a check is "d20 + ability + PROF
(if proficient) against the ROOM DC" (R7).
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.checks import CheckRequest, Difficulty, character_check
from emberkeep.character.luck import LuckState
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.checks import reaction, roll_check
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import RuleError
from tests.core.test_encounter_attack import make, pc

EASY, HARD, NORMAL = Difficulty.EASY, Difficulty.HARD, Difficulty.NORMAL


def _party() -> dict[str, Character]:
    return {c.name.split()[0]: c for c in build_example_campaign().characters}


def test_r7_skill_check_adds_prof_and_the_room_dc_holds() -> None:
    """Sister Maud (WIS 16 → +2, R1; PROF +1 in Medicine): d20 11 + 2 + 1 = 14 vs ROOM DC 12."""
    maud = _party()["Sister"]
    result, reasons = character_check(
        maud, SHIPPED, CheckRequest("skill", Ability.WIS, 12, Skill.MEDICINE),
        ScriptedRoller([11]))
    assert (result.total, result.dc, result.success, reasons) == (14, 12, True, [])


def test_r7_raw_ability_check_has_no_prof_but_a_save_does() -> None:
    maud = _party()["Sister"]
    check, _ = character_check(maud, SHIPPED, CheckRequest("ability", Ability.WIS, 12),
                               ScriptedRoller([9]))
    save, _ = character_check(maud, SHIPPED, CheckRequest("save", Ability.WIS, 12),
                              ScriptedRoller([9]))
    assert (check.total, check.success) == (11, False)  # 9 + 2, no PROF
    assert (save.total, save.success) == (12, True)  # 9 + 2 + PROF 1: WIS is her class save


def test_r2_the_race_easy_check_only_in_its_situation() -> None:
    """Elf: "Perception CHECKS are EASY, when searching for hidden objects"."""
    ysolde = _party()["Ysolde"]
    plain = CheckRequest("skill", Ability.WIS, 12, Skill.PERCEPTION)
    result, reasons = character_check(ysolde, SHIPPED, plain, ScriptedRoller([10]))
    assert (result.dc, result.total, reasons) == (12, 10, [])  # WIS 12 → +0 (R1), no PROF
    searching = CheckRequest("skill", Ability.WIS, 12, Skill.PERCEPTION, situation=True)
    result, reasons = character_check(ysolde, SHIPPED, searching, ScriptedRoller([10]))
    assert result.dc == 9 and result.success
    assert [str(w) for w in reasons] == ["EASY: race: EASY when searching for hidden objects"]
    # the situation never reaches another skill, nor a SAVE
    other = CheckRequest("skill", Ability.WIS, 12, Skill.INSIGHT, situation=True)
    assert character_check(ysolde, SHIPPED, other, ScriptedRoller([10]))[0].dc == 12


def test_r2_halfling_cha_checks_are_easy_when_performing() -> None:
    """Halfling: "CHA CHECKS are EASY, when performing for humanoids" (any CHA skill)."""
    wren = _party()["Wren"]
    request = CheckRequest("skill", Ability.CHA, 14, Skill.PERFORMANCE, situation=True)
    result, _ = character_check(wren, SHIPPED, request, ScriptedRoller([10]))
    assert result.dc == 11


def test_bloodshaman_medicine_checks_are_easy() -> None:
    """Bloodshaman: "Medicine CHECKS are EASY"."""
    maud = _party()["Sister"].model_copy(update={
        "archetype": "bloodshaman", "archetype_features": [ChosenFeature(
            feature_id="easy_medicine", level=1)]})
    request = CheckRequest("skill", Ability.WIS, 12, Skill.MEDICINE)
    result, reasons = character_check(maud, SHIPPED, request, ScriptedRoller([6]))
    assert (result.dc, result.total, result.success) == (9, 9, True)  # 6 + 2 + 1 vs 12 - 3
    assert [str(w) for w in reasons] == ["EASY: feature: Medicine CHECKS are EASY"]


def test_trickster_saves_against_magic_are_easy_and_only_those() -> None:
    """Arcane Trickster: "SAVE vs. magical EFFECTS are EASY"."""
    wren = _party()["Wren"].model_copy(update={"archetype_features": [ChosenFeature(
        feature_id="easy_magic_saves", level=1)]})
    magic = CheckRequest("save", Ability.WIS, 12, contexts=("magic",))
    result, reasons = character_check(wren, SHIPPED, magic, ScriptedRoller([9]))
    assert result.dc == 9 and [w.difficulty for w in reasons] == [EASY]
    plain = CheckRequest("save", Ability.WIS, 12)
    assert character_check(wren, SHIPPED, plain, ScriptedRoller([9]))[0].dc == 12


def test_r28_conditions_make_checks_hard_and_gm_easy_cancels_them() -> None:
    """R28: FRIGHTENED — checks HARD; WEAK — STR checks and saves HARD; R7: EASY and HARD
    cancel, repeats do not stack."""
    brannoc = _party()["Brannoc"].model_copy(update={"conditions": [
        CharacterCondition(name="FRIGHTENED"), CharacterCondition(name="WEAK")]})
    athletics = CheckRequest("skill", Ability.STR, 12, Skill.ATHLETICS)
    result, reasons = character_check(brannoc, SHIPPED, athletics, ScriptedRoller([10]))
    assert result.dc == 15 and len(reasons) == 2 and result.difficulty is HARD
    save = CheckRequest("save", Ability.STR, 12)
    result, reasons = character_check(brannoc, SHIPPED, save, ScriptedRoller([10]))
    assert result.dc == 15 and [w.reason for w in reasons] == [
        "WEAK: STR checks and saves are HARD (R28)"]  # FRIGHTENED: checks, not saves
    helped = CheckRequest("skill", Ability.STR, 12, Skill.ATHLETICS, difficulty=EASY)
    assert character_check(brannoc, SHIPPED, helped, ScriptedRoller([10]))[0].dc == 12


def test_r21_injury_all_checks_hard_until_rest() -> None:
    """Injuries 14-19: "All CHECKs are HARD until rest" (HARD:all on the sheet)."""
    maud = _party()["Sister"].model_copy(update={"conditions": [
        CharacterCondition(name="HARD:all", lasts="rest")]})
    result, reasons = character_check(
        maud, SHIPPED, CheckRequest("ability", Ability.INT, 12), ScriptedRoller([12]))
    assert result.dc == 15 and not result.success and reasons[0].difficulty is HARD


def test_lingering_one_eye_makes_perception_hard_but_not_other_checks() -> None:
    """Lingering injuries 3: "One eye. Perception that rely on sight and ranged ATK are HARD"
    (``HARD:sight`` on the sheet): Perception vs ROOM DC 12 becomes 15; Medicine stays 12."""
    maud = _party()["Sister"].model_copy(update={"conditions": [
        CharacterCondition(name="HARD:sight", lasts="permanent")]})
    look = CheckRequest("skill", Ability.WIS, 12, Skill.PERCEPTION)
    result, reasons = character_check(maud, SHIPPED, look, ScriptedRoller([12]))
    assert (result.dc, [w.difficulty for w in reasons]) == (15, [HARD])
    heal = CheckRequest("skill", Ability.WIS, 12, Skill.MEDICINE)
    assert character_check(maud, SHIPPED, heal, ScriptedRoller([12]))[0].dc == 12


def test_a_request_names_its_skill_only_for_a_skill_check() -> None:
    with pytest.raises(ValueError, match="skill CHECK"):
        CheckRequest("skill", Ability.WIS, 12)
    with pytest.raises(ValueError, match="skill CHECK"):
        CheckRequest("save", Ability.WIS, 12, Skill.MEDICINE)


# --- in a fight --------------------------------------------------------------------------

def test_a_check_in_a_fight_is_a_free_logged_step_with_its_reasons() -> None:
    enc = make([12])
    maud = pc(enc, "Sister")
    maud.conditions = (ActiveCondition("FRIGHTENED"),)
    roll_check(enc, maud.id, CheckRequest("skill", Ability.WIS, 12, Skill.MEDICINE))
    step = enc.history[-1]
    assert step.summary == "Sister Maud: WIS (Medicine) CHECK 15 vs DC 15: success"
    assert step.rolls()[0].natural == 12 and not maud.acted  # nobody's turn spent
    enc.undo()
    assert not enc.history


def test_r30_a_monster_saves_with_room_dc_minus_10() -> None:
    enc = make([9])
    roll_check(enc, "goblin-1", CheckRequest("save", Ability.DEX, 12))
    assert enc.history[-1].summary == "Goblin: DEX SAVE 11 vs DC 12: failure"  # 9 + (12 - 10)


def test_r29_a_luck_die_after_the_roll_adds_its_d6_and_is_spent() -> None:
    """R29: "a d6 a player may roll and add to any d20 roll after seeing it"."""
    enc = make([7, 4])  # 7 + 2 + 1 = 10 fails DC 12; the d6 shows 4
    maud = pc(enc, "Sister")
    enc.character(maud).luck = LuckState(dice=1, fail_streak=1)
    roll_check(enc, maud.id, CheckRequest("save", Ability.WIS, 12), luck=True)
    step = enc.history[-1]
    assert step.summary == "Sister Maud: WIS SAVE 10 + Luck Die = 14 vs DC 12: success"
    assert enc.character(maud).luck == LuckState(dice=0, fail_streak=0)
    enc.undo()
    assert enc.character(maud).luck == LuckState(dice=1, fail_streak=1)


def test_r29_no_luck_die_left_is_refused_and_nothing_changes() -> None:
    enc = make([6])
    maud = pc(enc, "Sister")
    with pytest.raises(RuleError, match="no Luck Die"):
        roll_check(enc, maud.id, CheckRequest("save", Ability.WIS, 12), luck=True)
    assert not enc.history


def test_a_typed_d20_is_the_check() -> None:
    enc = make([])
    with enc.typed({"check": 17}):
        roll_check(enc, pc(enc, "Brannoc").id, CheckRequest("ability", Ability.STR, 12))
    assert enc.history[-1].rolls()[0].typed
    assert enc.history[-1].summary == "Brannoc Ironhand: STR CHECK 18 vs DC 12: success"


def test_reaction_roll_2d6_plus_cha_lands_on_its_row() -> None:
    """Meeting NPCs: 2d6 + CHA; 6-8 Neutral, 9-11 Indifferent (the shipped table)."""
    enc = make([5, 4])
    maud = pc(enc, "Sister")  # CHA 12 → +0 (R1)
    reaction(enc, "goblin-1", maud.id)
    step = enc.history[-1]
    assert step.summary == "Goblin reacts to Sister Maud: 9 → Indifferent"
    enc2 = make([1, 1])
    brannoc = pc(enc2, "Brannoc")  # CHA 7 → -1: 2 - 1 = 1, past the open end
    reaction(enc2, "goblin-1", brannoc.id)
    assert enc2.history[-1].summary == "Goblin reacts to Brannoc Ironhand: 1 → Hostile"


def test_reaction_is_an_npcs() -> None:
    enc = make([4, 4])
    with pytest.raises(RuleError, match="NPC"):
        reaction(enc, pc(enc, "Sister").id)
