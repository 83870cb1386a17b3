"""Dice notation, scripted and seeded rollers, typed results and the roll record."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emberkeep.dice import (
    Answer,
    Answers,
    DiceError,
    Purpose,
    RandomRoller,
    ScriptedRoller,
    ScriptExhausted,
    Typed,
    TypedRoller,
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


def _typed(purpose: str, answer: Answers) -> TypedRoller:
    return TypedRoller(ScriptedRoller([]), {purpose: answer})


def test_typed_single_die_and_faces() -> None:
    rec = roll("d20+1", _typed("attack", 20), purpose=Purpose.ATTACK)
    assert rec.typed and rec.natural == 20 and rec.total == 21
    rec = roll("3d6", _typed("ability", (6, 6, 1)), purpose=Purpose.ABILITY)
    assert rec.faces == (6, 6, 1) and rec.total == 13


def test_typed_total_of_several_dice() -> None:
    rec = roll("3d6", _typed("damage", 11), purpose=Purpose.DAMAGE)
    assert rec.total == 11 and rec.typed


def test_a_single_typed_face_under_advantage_is_the_kept_die() -> None:
    rec = roll("2d20kh1", _typed("attack", 11), purpose=Purpose.ATTACK)
    assert rec.faces == (11, 11) and rec.natural == 11 and rec.typed


@pytest.mark.parametrize(("expr", "typed", "reason"), [
    ("d20", 21, "cannot show 21"), ("d20", 0, "cannot show 0"), ("3d6", 2, "only 3 to 18"),
    ("3d6", (1, 2), "rolls 3 dice, 2 faces"), ("4d6kh3", 12, "type every face"),
    ("d6", (7,), "a d6 cannot show 7")])
def test_typed_impossible_values_refused_and_left_unused(expr: str, typed: Answer,
                                                          reason: str) -> None:
    roller = _typed("damage", typed)
    with pytest.raises(DiceError, match=reason):
        roll(expr, roller, purpose=Purpose.DAMAGE)
    assert roller.typed.unused() == {"damage": [typed]}


def test_a_purpose_rolled_twice_takes_its_answers_in_order_then_rolls() -> None:
    roller = TypedRoller(ScriptedRoller([5]), {"damage": [3, (2, 6)]})
    assert roll("d8", roller, purpose=Purpose.DAMAGE).total == 3
    assert roll("2d6", roller, purpose=Purpose.DAMAGE).faces == (2, 6)
    third = roll("d8", roller, purpose=Purpose.DAMAGE)
    assert third.total == 5 and not third.typed  # no answer left: rolled
    assert not roller.typed


def test_an_untyped_purpose_rolls_and_leaves_the_answers_alone() -> None:
    roller = TypedRoller(ScriptedRoller([4, 9]), {"crit": 17})
    assert roll("d6", roller, purpose=Purpose.DAMAGE).total == 4
    assert roll("d20", roller).total == 9  # a roll naming no purpose is never answered
    assert roller.typed.unused() == {"crit": [17]}


def test_an_answer_for_one_roller_comes_before_the_plain_purpose() -> None:
    roller = TypedRoller(ScriptedRoller([]), {("initiative", "foes"): 2, "initiative": 5})
    assert roll("d6", roller, purpose=Purpose.INITIATIVE, who="party").total == 5
    assert roll("d6", roller, purpose=Purpose.INITIATIVE, who="foes").total == 2


@pytest.mark.parametrize("bad", ["17", 2.5, True, (1, "2")])
def test_an_answer_that_is_not_dice_is_refused(bad: object) -> None:
    with pytest.raises(DiceError, match="not a typed die"):
        Typed({"attack": bad})  # type: ignore[dict-item]


@given(st.integers(1, 20), st.integers(2, 100), st.integers(-20, 20), st.integers(0, 2**32))
def test_totals_stay_within_bounds(count: int, sides: int, mod: int, seed: int) -> None:
    expr = parse(f"{count}d{sides}{mod:+d}")
    rec = roll(expr, RandomRoller(seed))
    assert expr.minimum <= rec.total <= expr.maximum
    assert len(rec.faces) == count


def test_an_answer_for_a_purpose_no_die_has_is_refused() -> None:
    with pytest.raises(DiceError, match="no die is rolled for 'atack'"):
        Typed({"atack": 17})
    with pytest.raises(DiceError, match="no die is rolled for 'initiativ'"):
        Typed({("initiativ", "party"): 3})
