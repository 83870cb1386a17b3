"""R7 checks and saves with EASY/HARD, R29 luck dice and rests, the reaction roll."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.checks import (
    Difficulty,
    ability_check,
    combine_difficulty,
    resolve_check,
    saving_throw,
    skill_check,
)
from emberkeep.character.luck import LuckState, record_roll, spend_luck_die
from emberkeep.character.model import Character
from emberkeep.character.reaction import Attitude, reaction_roll, reaction_table
from emberkeep.character.rest import long_rest, max_hit_dice, short_rest, spend_hit_dice
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller, TypedRoller


def _rogue(level: int = 3) -> Character:
    scores = AbilityScores.from_bases({a: 10 for a in ABILITIES} | {Ability.DEX: 16})
    return Character(name="Vess", race="halfling", class_id="rogue", level=level, scores=scores,
                     hp=12, max_hp=12, hit_dice=min(level, 5),
                     save_proficiencies=[Ability.DEX, Ability.WIS],
                     skill_proficiencies=[Skill.STEALTH], expertise=[Skill.PERCEPTION])


def test_r7_proficient_skill_check_adds_ability_and_prof() -> None:
    result = skill_check(_rogue(), SHIPPED, Skill.STEALTH, 14, ScriptedRoller([9]))
    assert (result.ability_mod, result.prof, result.total, result.dc) == (2, 2, 13, 14)
    assert not result.success
    assert result.roll.natural == 9


def test_r7_easy_lowers_the_dc_by_3() -> None:
    result = skill_check(_rogue(), SHIPPED, Skill.STEALTH, 14, ScriptedRoller([9]),
                         difficulty=Difficulty.EASY)
    assert result.dc == 11 and result.success


def test_r7_hard_raises_the_dc_by_3() -> None:
    result = skill_check(_rogue(), SHIPPED, Skill.STEALTH, 14, ScriptedRoller([12]),
                         difficulty=Difficulty.HARD)
    assert (result.total, result.dc, result.success) == (16, 17, False)
    result = skill_check(_rogue(), SHIPPED, Skill.STEALTH, 14, ScriptedRoller([13]),
                         difficulty=Difficulty.HARD)
    assert result.success  # meeting the DC succeeds


def test_r7_no_prof_without_proficiency_and_expertise_is_not_doubled() -> None:
    rogue = _rogue()
    plain = skill_check(rogue, SHIPPED, Skill.ATHLETICS, 10, ScriptedRoller([10]))
    assert plain.prof == 0 and plain.total == 10
    expert = skill_check(rogue, SHIPPED, Skill.PERCEPTION, 10, ScriptedRoller([10]))
    assert expert.prof == 2 and expert.total == 12  # R7: one PROF, not two


def test_raw_ability_check_has_no_prof() -> None:
    result = ability_check(_rogue(), Ability.DEX, 12, ScriptedRoller([10]))
    assert result.skill is None and result.prof == 0 and result.total == 12


def test_r7_saves_use_the_save_proficiencies() -> None:
    rogue = _rogue()
    wis = saving_throw(rogue, SHIPPED, Ability.WIS, 12, ScriptedRoller([10]))
    con = saving_throw(rogue, SHIPPED, Ability.CON, 12, ScriptedRoller([10]))
    assert (wis.kind, wis.prof, wis.total) == ("save", 2, 12)
    assert (con.prof, con.total, con.success) == (0, 10, False)


def test_check_with_a_typed_d20_and_plain_numbers() -> None:
    result = resolve_check(TypedRoller(ScriptedRoller([]), {"check": 10}), ability=Ability.STR,
                           ability_mod=-1, prof_bonus=3, proficient=True, room_dc=12)
    assert result.total == 12 and result.roll.typed and result.success
    assert "STR CHECK" in result.describe()


def test_combine_difficulty() -> None:
    e, h, n = Difficulty.EASY, Difficulty.HARD, Difficulty.NORMAL
    assert combine_difficulty() is n
    assert combine_difficulty(e, e) is e
    assert combine_difficulty(h) is h
    assert combine_difficulty(e, h) is n


# --- R29 luck dice -----------------------------------------------------------------------

def test_r29_a_luck_die_after_the_second_failure_in_a_row() -> None:
    state = record_roll(LuckState(), success=False)
    assert (state.dice, state.fail_streak) == (0, 1)
    state = record_roll(state, success=False)
    assert (state.dice, state.fail_streak) == (1, 2)
    state = record_roll(state, success=False)
    assert state.dice == 2  # and one for every fail after that


def test_r29_three_luck_dice_at_most() -> None:
    state = LuckState()
    for _ in range(8):
        state = record_roll(state, success=False)
    assert state.dice == 3
    with pytest.raises(ValidationError):
        LuckState(dice=4)


def test_r29_a_success_resets_the_streak_and_keeps_the_dice() -> None:
    state = LuckState(dice=1, fail_streak=3)
    state = record_roll(state, success=True)
    assert (state.dice, state.fail_streak) == (1, 0)
    state = record_roll(state, success=False)
    assert state.dice == 1  # one failure after a success gives nothing yet


def test_r29_spending_a_luck_die_adds_a_d6_to_the_roll_seen() -> None:
    check = skill_check(_rogue(), SHIPPED, Skill.STEALTH, 16, ScriptedRoller([10]))
    assert not check.success
    roller = ScriptedRoller([4])
    state, luck = spend_luck_die(LuckState(dice=2), roller)
    assert roller.asked == [6] and state.dice == 1
    lucky = check.with_luck(luck)
    assert lucky.total == 18 and lucky.success
    with pytest.raises(ValueError, match="one die per use"):
        lucky.with_luck(luck)
    with pytest.raises(ValueError, match="no Luck Die"):
        spend_luck_die(LuckState(), roller)


# --- R29 rests ---------------------------------------------------------------------------

@pytest.mark.parametrize(("level", "pool"), [(0, 0), (1, 1), (4, 4), (5, 5), (6, 5), (10, 5)])
def test_r6_hit_dice_pool_size(level: int, pool: int) -> None:
    assert max_hit_dice(level) == pool


def test_r29_short_rest_spends_one_hd_and_heals_the_face_without_con() -> None:
    result = short_rest(die=8, hp=3, max_hp=20, pool=2, roller=ScriptedRoller([5]))
    assert (result.hp_after, result.pool_after, result.healed) == (8, 1, 5)


def test_r29_short_rest_caps_at_max_hp_and_empty_pool_heals_nothing() -> None:
    capped = short_rest(die=8, hp=18, max_hp=20, pool=2, roller=ScriptedRoller([7]))
    assert capped.hp_after == 20
    empty = short_rest(die=8, hp=3, max_hp=20, pool=0, roller=ScriptedRoller([]))
    assert (empty.hp_after, empty.pool_after, empty.rolls) == (3, 0, ())


def test_r29_long_rest_spends_all_then_regains_all() -> None:
    result = long_rest(die=10, hp=2, max_hp=30, pool=2, level=4,
                       roller=ScriptedRoller([6, 3]))
    assert result.hp_after == 11 and result.pool_before == 2 and result.pool_after == 4


def test_spend_hit_dice_refuses_more_than_the_pool() -> None:
    with pytest.raises(ValueError, match="only 1 HD"):
        spend_hit_dice(die=8, hp=1, max_hp=9, pool=1, count=2, roller=ScriptedRoller([1, 1]))


# --- reaction roll -----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("faces", "cha", "attitude"),
    [
        ((1, 1), 0, Attitude.HOSTILE),
        ((1, 1), 1, Attitude.UNFRIENDLY),
        ((2, 3), 0, Attitude.UNFRIENDLY),
        ((3, 3), -1, Attitude.UNFRIENDLY),
        ((3, 3), 0, Attitude.NEUTRAL),
        ((4, 4), 0, Attitude.NEUTRAL),
        ((4, 5), 0, Attitude.INDIFFERENT),
        ((5, 6), 0, Attitude.INDIFFERENT),
        ((6, 6), 0, Attitude.HELPFUL),
        ((5, 6), 1, Attitude.HELPFUL),
        ((1, 1), -3, Attitude.HOSTILE),
        ((6, 6), 3, Attitude.HELPFUL),
    ],
)
def test_reaction_band_edges(faces: tuple[int, int], cha: int, attitude: Attitude) -> None:
    roller = ScriptedRoller(faces)
    result = reaction_roll(roller, cha)
    assert roller.asked == [6, 6]
    assert result.roll.total == sum(faces) + cha
    assert result.attitude is attitude


def test_reaction_table_is_2d6() -> None:
    table = reaction_table()
    assert table.die == "2d6"
    assert [r.label for r in table.rows] == ["2 or less", "3-5", "6-8", "9-11", "12+"]


def test_r29_rests_on_a_sheet() -> None:
    from emberkeep.character.rest import rest_character

    rogue = _rogue(level=3)
    rogue.hp = 2
    short = rest_character(rogue, SHIPPED, "short", ScriptedRoller([6]))
    assert short.rolls[0].faces == (6,) and (rogue.hp, rogue.hit_dice) == (8, 2)
    rest_character(rogue, SHIPPED, "long", ScriptedRoller([1, 2]))
    assert (rogue.hp, rogue.hit_dice) == (11, 3)
