"""``@record`` values and the fast equality of the frozen luck and caster states (issue #6's
speed work): they must behave as the frozen dataclasses and pydantic models they replaced."""

from __future__ import annotations

from dataclasses import replace

from emberkeep.character.luck import LuckState
from emberkeep.dice import RollRecord
from emberkeep.encounter.events import Note, Set
from emberkeep.magic.limits import CasterState


def test_records_compare_and_hash_by_value_and_replace_makes_a_new_one() -> None:
    a = Set(("c", "goblin-1"), "hp", 5, 2)
    b = Set(("c", "goblin-1"), "hp", 5, 2)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Set(("c", "goblin-1"), "hp", 5, 1)
    note: object = Note("x")
    assert note != ("x",)  # a record is not a tuple
    record = RollRecord("d20+2", (17,), (17,), 2, 19, 17)
    lower = replace(record, total=18)
    assert lower.total == 18 and record.total == 19 and lower != record
    assert repr(a) == "Set(target=('c', 'goblin-1'), field='hp', before=5, after=2)"


def test_luck_and_caster_states_are_equal_exactly_when_their_fields_are() -> None:
    assert LuckState(dice=1, fail_streak=2) == LuckState(dice=1, fail_streak=2)
    assert LuckState(dice=1) != LuckState(dice=2)
    assert LuckState() != CasterState() and LuckState() != (0, 0)
    assert hash(LuckState(dice=1)) == hash(LuckState(dice=1))
    spent = CasterState().model_copy(update={"spells_cast_since_check": 1})
    assert spent != CasterState() and spent == CasterState(spells_cast_since_check=1)
