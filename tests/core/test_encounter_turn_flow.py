"""The GM's "next" once a turn is done (``turns.next_turn_or_end``): the end of a fight that is
over, else the next turn, each its own step as ``is_over`` and ``next_turn`` make them."""

from __future__ import annotations

import pytest

from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.events import Set, Step
from emberkeep.encounter.turns import current, next_turn, next_turn_or_end, start
from tests.core.test_encounter_initiative import cid, party_vs_goblins


def _shape(step: Step) -> tuple[str, str, list[tuple[str, object]]]:
    """A step as two encounters of the same sheets make it (the characters' ids differ)."""
    return step.action, step.summary, [(e.field, e.after) for e in step.events
                                       if isinstance(e, Set) and e.field != "order"]


def test_a_fight_going_on_takes_the_next_turn_as_next_turn_does() -> None:
    by_next_turn, by_next_or_end = party_vs_goblins([6, 1]), party_vs_goblins([6, 1])
    for enc in (by_next_turn, by_next_or_end):
        start(enc, surprise=[])
    next_turn(by_next_turn)
    assert next_turn_or_end(by_next_or_end) is False
    assert current(by_next_or_end) is by_next_or_end.combatant(cid(by_next_or_end, "Bo"))
    assert [_shape(s) for s in by_next_or_end.history] == \
        [_shape(s) for s in by_next_turn.history]


def test_a_fight_that_is_over_ends_in_its_own_step() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    for goblin in ("goblin-1", "goblin-2"):
        enc.combatant(goblin).out = True
    steps = len(enc.history)
    assert next_turn_or_end(enc) is True
    end = enc.history[-1]
    assert len(enc.history) == steps + 1 and end.action == "end"
    assert enc.state.phase == "over" and enc.state.winner == "party"
    assert next_turn_or_end(enc) is True and len(enc.history) == steps + 1  # asked once


def test_before_the_fight_starts_there_is_no_next_turn() -> None:
    enc = party_vs_goblins()
    with pytest.raises(RuleError, match="has not started"):
        next_turn_or_end(enc)
    assert enc.history == []
