"""The Melee Round's phases ask what a knight did this round (seed 001):
"Generally, characters can either fight (during this phase) or move (during the Movement
Phase), but not both"; a won evasion "may move"; "Glory cannot be gained from brawling"."""

from __future__ import annotations

import pytest

from emberkeep.encounter.engine import RuleError
from emberkeep.melee_round.engine_bridge import (
    Declared,
    begin_melee_round,
    melee_exchange,
    movement_phase,
)
from emberkeep.melee_round.tactic_steps import award_glory, evade_step
from tests.core.test_melee_round_tactics import kid, setup


def test_a_knight_who_fought_cannot_move_in_the_movement_phase() -> None:
    """Both miss (19, 19); the knight and the bandit fought, so neither may move this round;
    next round the knight may (after a won evasion: 8 vs the bandit's 16)."""
    enc, _, _ = setup([19, 19, 8, 16], position=1)
    melee_exchange(enc, kid(enc), "bandit-1")
    with pytest.raises(RuleError, match=r"either fight \.\.\. or move \.\.\., but not both"):
        movement_phase(enc, {kid(enc): -5})
    with pytest.raises(RuleError, match="fought this round"):
        movement_phase(enc, {"bandit-1": 6})
    begin_melee_round(enc)
    with pytest.raises(RuleError, match="evade first"):
        movement_phase(enc, {kid(enc): -5})
    assert "may move" in evade_step(enc, kid(enc), "bandit-1").summary
    step = movement_phase(enc, {kid(enc): -2})  # the won evasion is remembered: no list
    assert enc.combatant(kid(enc)).position == -2 and "(goal)" in step.summary


def test_undoing_the_exchange_lets_the_knight_move_again() -> None:
    enc, _, _ = setup([19, 19], position=1)
    melee_exchange(enc, kid(enc), "bandit-1")
    enc.undo()
    enc.combatant("bandit-1").position = 5  # nobody engaged now
    movement_phase(enc, {kid(enc): -2})
    assert enc.combatant(kid(enc)).position == -2


def test_no_glory_from_a_brawl() -> None:
    """"Glory cannot be gained from brawling": the knight brawls (19, 19: both miss) and the
    GM's Glory for the foe gives nothing this round; a sword fight next round gives it."""
    enc, ch, _ = setup([19, 19, 19, 19], position=1)
    melee_exchange(enc, kid(enc), "bandit-1", Declared(brawl=True))
    step = award_glory(enc, kid(enc), 100)
    assert step.summary.endswith("gains no Glory: the foe was beaten brawling")
    assert ch.knight is not None and ch.knight.glory == 0
    begin_melee_round(enc)
    melee_exchange(enc, kid(enc), "bandit-1")
    award_glory(enc, kid(enc), 100)
    assert ch.knight.glory == 100
