"""Dice notation, scripted and seeded rollers, typed results and the roll record."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emberkeep.dice import (
    DiceError,
    RandomRoller,
    ScriptedRoller,
    ScriptExhausted,
    parse,
    roll,
)


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier", "keep", "keep_n"),
    [
        ("3d6", 3, 6, 0, "all", 0),
        ("d20", 1, 20, 0, "all", 0),
        ("d20+2", 1, 20, 2, "all", 0),
        ("1d8 - 1", 1, 8, -1, "all", 0),
        ("4d6kh3", 4, 6, 0, "high", 3),
        ("2d20kl1", 2, 20, 0, "low", 1),
        ("2D20K1+5", 2, 20, 5, "high", 1),
        ("1", 0, 0, 1, "all", 0),
    ],
)
def test_parse_notation(text: str, count: int, sides: int, modifier: int,
                        keep: str, keep_n: int) -> None:
    expr = parse(text)
    assert (expr.count, expr.sides, expr.modifier, expr.keep, expr.keep_n) == (
        count, sides, modifier, keep, keep_n)


@pytest.mark.parametrize("text", ["", "d", "3d", "d1", "0d6", "2d6kh3", "d6+", "fireball", "1d6x2"])
def test_parse_refuses_with_reason(text: str) -> None:
    with pytest.raises(DiceError):
        parse(text)


def test_str_round_trips() -> None:
    for text in ["3d6", "1d20+2", "4d6kh3", "2d20kl1-1", "5"]:
        assert str(parse(text)) == text


def test_record_holds_faces_natural_modifier_total() -> None:
    rec = roll("d20+3", ScriptedRoller([17]), modifier=2)
    assert rec.faces == (17,)
    assert rec.natural == 17
    assert rec.modifier == 5
    assert rec.total == 22
    assert rec.describe() == "1d20+3: [17] +5 = 22"


def test_keep_highest_and_lowest() -> None:
    assert roll("4d6kh3", ScriptedRoller([1, 5, 3, 6])).total == 14
    adv = roll("2d20kh1", ScriptedRoller([4, 19]))
    assert adv.kept == (19,) and adv.natural == 19
    dis = roll("2d20kl1", ScriptedRoller([4, 19]))
    assert dis.natural == 4 and dis.total == 4


def test_no_natural_for_other_dice() -> None:
    assert roll("3d6", ScriptedRoller([1, 2, 3])).natural is None


def test_constant_rolls_nothing() -> None:
    roller = ScriptedRoller([])
    assert roll("1", roller).total == 1
    assert roller.asked == []


def test_scripted_roller_checks_faces_and_exhaustion() -> None:
    roller = ScriptedRoller([7])
    with pytest.raises(DiceError, match="d6"):
        roll("d6", roller)
    with pytest.raises(ScriptExhausted):
        roll("d6", ScriptedRoller([]))


def test_seeded_roller_repeats() -> None:
    a = [roll("3d6", RandomRoller(42)).total for _ in range(5)]
    b = [roll("3d6", RandomRoller(42)).total for _ in range(5)]
    assert a == b


def test_typed_single_die_and_faces() -> None:
    rec = roll("d20+1", RandomRoller(1), typed=20)
    assert rec.typed and rec.natural == 20 and rec.total == 21
    rec = roll("3d6", RandomRoller(1), typed=[6, 6, 1])
    assert rec.faces == (6, 6, 1) and rec.total == 13


def test_typed_total_of_several_dice() -> None:
    rec = roll("3d6", RandomRoller(1), typed=11)
    assert rec.total == 11 and rec.typed


@pytest.mark.parametrize(("expr", "typed"), [("d20", 21), ("d20", 0), ("3d6", 2), ("3d6", [1, 2]),
                                             ("4d6kh3", 12), ("d6", [7])])
def test_typed_impossible_values_refused(expr: str, typed: int | list[int]) -> None:
    with pytest.raises(DiceError):
        roll(expr, RandomRoller(1), typed=typed)


@given(st.integers(1, 20), st.integers(2, 100), st.integers(-20, 20), st.integers(0, 2**32))
def test_totals_stay_within_bounds(count: int, sides: int, mod: int, seed: int) -> None:
    expr = parse(f"{count}d{sides}{mod:+d}")
    rec = roll(expr, RandomRoller(seed))
    assert expr.minimum <= rec.total <= expr.maximum
    assert len(rec.faces) == count
