"""The dice tray's notation: sums of terms, d%, keep/drop, arithmetic, clear errors.
Every die comes from a scripted roller, so each test states the faces it expects."""

from __future__ import annotations

import pytest

from emberkeep.dice import DiceError, ScriptedRoller
from emberkeep.dice_notation import parse_notation, roll_notation


def test_a_sum_of_dice_terms_and_a_constant() -> None:
    roller = ScriptedRoller([5, 3])
    result = roll_notation("1d8+1d6+2", roller)
    assert result.total == 10
    assert roller.asked == [8, 6]
    assert [text for text, _ in result.dice] == ["1d8", "1d6"]
    assert result.describe() == "1d8+1d6+2: 1d8 [5] 1d6 [3] = 10"


def test_d_percent_is_a_d100() -> None:
    roller = ScriptedRoller([73])
    assert roll_notation("d%", roller).total == 73
    assert roller.asked == [100]


def test_drop_lowest_keeps_the_rest_and_marks_the_dropped_die() -> None:
    result = roll_notation("4d6dl1", ScriptedRoller([3, 6, 1, 4]))
    assert result.total == 13
    assert result.dropped == (1,)
    assert "(1 dropped)" in result.describe()


def test_keep_highest_drop_highest_and_keep_lowest() -> None:
    assert roll_notation("4d6kh3", ScriptedRoller([3, 6, 1, 4])).total == 13
    dh = roll_notation("3d6dh1", ScriptedRoller([2, 6, 5]))
    assert dh.total == 7 and dh.dropped == (6,)
    kl = roll_notation("2d20kl1", ScriptedRoller([15, 4]))
    assert kl.total == 4 and kl.dropped == (15,)


def test_arithmetic_with_constants_follows_precedence_and_parentheses() -> None:
    assert roll_notation("2d6*2+1", ScriptedRoller([3, 4])).total == 15
    assert roll_notation("(1d6+2)*3", ScriptedRoller([4])).total == 18
    assert roll_notation("1d10/2", ScriptedRoller([7])).total == 3  # rounded down
    assert roll_notation("-1d4+10", ScriptedRoller([3])).total == 7
    assert roll_notation("3 + 4 * 2", ScriptedRoller([])).total == 11


def test_a_modifier_from_the_tray_is_added_and_shown() -> None:
    result = roll_notation("d20", ScriptedRoller([12]), modifier=3)
    assert result.total == 15 and result.describe() == "d20 +3: d20 [12] = 15"


@pytest.mark.parametrize(("text", "words"), [
    ("2d", "cannot read"),
    ("", "type some dice"),
    ("1d8+", "ends too soon"),
    ("(1d6+2", "not closed"),
    ("1d6 2", "unexpected '2'"),
    ("4d6dl4", "can drop between 1 and 3 of 4 dice"),
    ("4d6kh5", "can keep between 1 and 4 dice"),
    ("1d1", "between 2 and 1000 sides"),
    ("3d6x", "cannot read 'x'"),
    ("*3", "cannot stand here"),
])
def test_what_is_not_notation_is_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(DiceError, match=words):
        parse_notation(text)


def test_division_by_zero_is_refused() -> None:
    with pytest.raises(DiceError, match="divide by 0"):
        roll_notation("1d6/0", ScriptedRoller([2]))
