"""Furnace's "A set of optional rules" at their edges: contested roll-under CHECKs,
effort, skill challenges, advantage and timers."""

from __future__ import annotations

import pytest

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import TimedKind
from emberkeep.character.checks import Difficulty, translate
from emberkeep.dice import ScriptedRoller
from emberkeep.optional_rules.advantage import (
    Advantage,
    AdvantageMode,
    combine_advantage,
    roll_d20,
)
from emberkeep.optional_rules.contested import BothFail, Contestant, contest
from emberkeep.optional_rules.effort import EffortTask, attempt_effort
from emberkeep.optional_rules.skill_challenge import SkillChallenge, attempt_challenge
from emberkeep.optional_rules.timers import roll_timer

ARM = Contestant("Arm", 12)
BRAWN = Contestant("Brawn", 14)


# --- contested: "whoever rolls highest without going over, wins" -------------------------------

def test_contest_highest_roll_without_going_over_wins() -> None:
    r = contest(ScriptedRoller([10, 12]), ARM, BRAWN)
    assert r.winner == BRAWN and not r.reroll_next_turn


def test_contest_a_roll_equal_to_the_score_does_not_go_over() -> None:
    r = contest(ScriptedRoller([12, 11]), ARM, BRAWN)
    assert r.winner == ARM


def test_contest_the_one_who_goes_over_loses_even_with_the_higher_roll() -> None:
    r = contest(ScriptedRoller([13, 3]), ARM, BRAWN)
    assert r.winner == BRAWN and "went over" in r.reason


def test_contest_tie_goes_to_the_bigger_ability_score() -> None:
    """"On a tie the side with the bigger Ability score wins"."""
    r = contest(ScriptedRoller([9, 9]), ARM, BRAWN)
    assert r.winner == BRAWN and "tie" in r.reason


def test_contest_tie_with_equal_scores_is_rolled_again() -> None:
    r = contest(ScriptedRoller([9, 9]), ARM, Contestant("Twin", 12))
    assert r.winner is None and r.reroll_next_turn


def test_contest_both_fail_reroll_next_turn() -> None:
    """"If both side fail, you can call a re-roll one turn later"."""
    r = contest(ScriptedRoller([15, 17]), ARM, BRAWN, both_fail=BothFail.REROLL)
    assert r.winner is None and r.reroll_next_turn


def test_contest_both_fail_the_closer_wins() -> None:
    """"... or the creature who rolled closer to its Ability score wins": Arm 15 is 3 over 12,
    Brawn 16 is 2 over 14."""
    r = contest(ScriptedRoller([15, 16]), ARM, BRAWN, both_fail=BothFail.CLOSER)
    assert r.winner == BRAWN and not r.reroll_next_turn


def test_contest_both_fail_equally_close_goes_to_the_bigger_score_then_nobody() -> None:
    r = contest(ScriptedRoller([14, 16]), ARM, BRAWN, both_fail=BothFail.CLOSER)
    assert r.winner == BRAWN
    r = contest(ScriptedRoller([14, 14]), ARM, Contestant("Twin", 12), both_fail=BothFail.CLOSER)
    assert r.winner is None and r.reroll_next_turn
    assert "no winner" in r.describe()


# --- effort: "Without PROF: 1d4 + Ability modifier; With PROF: 1d8 + Ability modifier" --------

def test_effort_with_prof_rolls_d8_and_is_done_when_reached_exactly() -> None:
    task = EffortTask(id="door", name="Force the door", attempt_dc=12, effort_needed=11)
    first = attempt_effort(task, ScriptedRoller([10, 6]), who="Brannoc", ability_mod=2,
                           prof_bonus=1, proficient=True)
    assert first.success and first.effort_dice == "1d8" and first.effort == 8
    assert task.progress == 8 and not task.done
    attempt_effort(task, ScriptedRoller([9, 1]), who="Brannoc", ability_mod=2, prof_bonus=1,
                   proficient=True)
    assert task.progress == 11 and task.done and task.fraction == 1.0
    with pytest.raises(ValueError, match="already done"):
        attempt_effort(task, ScriptedRoller([20, 8]), who="Brannoc", ability_mod=2,
                       prof_bonus=1, proficient=True)


def test_effort_without_prof_rolls_d4_and_a_failed_attempt_adds_nothing() -> None:
    task = EffortTask(id="x", name="Dig", attempt_dc=12, effort_needed=12)
    miss = attempt_effort(task, ScriptedRoller([10]), who="Wren", ability_mod=1, prof_bonus=1,
                          proficient=False)
    assert not miss.success and task.progress == 0  # 10 + 1 < 12: no PROF without proficiency
    hit = attempt_effort(task, ScriptedRoller([11, 4]), who="Wren", ability_mod=1, prof_bonus=1,
                         proficient=False)
    assert hit.effort_dice == "1d4" and task.progress == 5 and len(task.log) == 2


def test_effort_never_goes_backwards_with_a_negative_modifier_and_hard_moves_the_dc() -> None:
    task = EffortTask(id="x", name="Lift", attempt_dc=10, effort_needed=12)
    entry = attempt_effort(task, ScriptedRoller([15, 1]), who="Ysolde", ability_mod=-2,
                           prof_bonus=1, proficient=False, difficulty=Difficulty.HARD)
    assert entry.dc == 13 and entry.success and entry.effort == 0 and task.progress == 0


# --- skill challenges: a DC, a success threshold and a failure limit ---------------------------

def test_skill_challenge_succeeds_when_the_threshold_is_reached_exactly() -> None:
    ch = SkillChallenge(id="c", name="Chase", dc=12, successes_needed=2, failure_limit=2)
    attempt_challenge(ch, ScriptedRoller([12]), who="Wren", skill="Acrobatics", bonus=0)
    attempt_challenge(ch, ScriptedRoller([5]), who="Maud", skill="Athletics", bonus=2)
    assert (ch.state, ch.successes, ch.failures) == ("running", 1, 1)
    attempt_challenge(ch, ScriptedRoller([10]), who="Brannoc", skill="Survival", bonus=2)
    assert ch.state == "succeeded" and [a.who for a in ch.log] == ["Wren", "Maud", "Brannoc"]
    with pytest.raises(ValueError, match="over"):
        attempt_challenge(ch, ScriptedRoller([20]), who="Wren", skill="Stealth", bonus=0)


def test_skill_challenge_fails_at_the_failure_limit_and_easy_moves_the_dc() -> None:
    ch = SkillChallenge(id="c", name="Storm", dc=12, successes_needed=3, failure_limit=2)
    easy = attempt_challenge(ch, ScriptedRoller([9]), who="Wren", skill="Nature", bonus=0,
                             difficulty=Difficulty.EASY)
    assert easy.dc == 9 and easy.success
    attempt_challenge(ch, ScriptedRoller([2]), who="Wren", skill="Nature", bonus=0)
    attempt_challenge(ch, ScriptedRoller([3]), who="Wren", skill="Nature", bonus=0)
    assert ch.state == "failed"


# --- advantage and disadvantage [5e] ----------------------------------------------------------

def test_advantage_keeps_the_higher_d20_and_disadvantage_the_lower() -> None:
    assert roll_d20(ScriptedRoller([4, 17]), Advantage.ADVANTAGE, modifier=2).natural == 17
    low = roll_d20(ScriptedRoller([4, 17]), Advantage.DISADVANTAGE, modifier=2)
    assert low.natural == 4 and low.total == 6


def test_advantage_and_disadvantage_cancel_and_do_not_stack() -> None:
    assert combine_advantage(Advantage.ADVANTAGE, Advantage.DISADVANTAGE) is Advantage.NONE
    assert combine_advantage(Advantage.ADVANTAGE, Advantage.ADVANTAGE) is Advantage.ADVANTAGE


def test_instead_of_easy_and_hard_they_become_advantage_and_disadvantage() -> None:
    """"Use instead or next to HARD and EASY"."""
    assert translate(Difficulty.EASY, Advantage.NONE, AdvantageMode.INSTEAD) == (
        Difficulty.NORMAL, Advantage.ADVANTAGE)
    assert translate(Difficulty.HARD, Advantage.ADVANTAGE, AdvantageMode.INSTEAD) == (
        Difficulty.NORMAL, Advantage.NONE)
    # "you can give both": beside, an EASY attempt may also roll with advantage
    assert translate(Difficulty.EASY, Advantage.ADVANTAGE, AdvantageMode.BESIDE) == (
        Difficulty.EASY, Advantage.ADVANTAGE)


# --- timers: "Roll 1d4. After that many turns, something awful happens!" -----------------------

def test_timer_rolls_1d4_turns_onto_the_game_clock() -> None:
    """R27: combat turns are rounds (6 s), out of combat an exploration turn (10 minutes)."""
    campaign = Campaign(name="t")
    fight = roll_timer(campaign, ScriptedRoller([3]), "The ceiling falls")
    assert fight.turns == 3 and fight.seconds == 18
    assert fight.entry.kind is TimedKind.TIMER and fight.entry.ends_at == campaign.time + 18
    slow = roll_timer(campaign, ScriptedRoller([1]), "Patrol", in_combat=False)
    assert slow.seconds == 600 and "in 1 turn)" in slow.entry.label
    assert len(campaign.timeline) == 2
