"""EASY and HARD (R7): the difficulty of a CHECK, SAVE or ATK, and how several combine.

A module of its own because every roll reads it: the checks, the archetypes' effects, casting
and the encounter's attacks all name a difficulty, and none of them need each other for it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["EASY_HARD_SHIFT", "Difficulty", "combine_difficulty"]

EASY_HARD_SHIFT = 3


class Difficulty(StrEnum):
    NORMAL = "normal"
    EASY = "easy"
    HARD = "hard"

    @property
    def dc_shift(self) -> int:
        """EASY takes 3 from the DC, HARD adds 3 (R7)."""
        return _DC_SHIFT[self]


# Read on every ATK, CHECK and SAVE of a fight (~15 times each a fight): module names, not
# the enum class's attributes, and the shifts in a table.
_NORMAL, _EASY, _HARD = Difficulty.NORMAL, Difficulty.EASY, Difficulty.HARD
_DC_SHIFT = {_NORMAL: 0, _EASY: -EASY_HARD_SHIFT, _HARD: EASY_HARD_SHIFT}


def combine_difficulty(*difficulties: Difficulty) -> Difficulty:
    """Net difficulty of everything that applies: EASY and HARD cancel, repeats do not stack."""
    easy = _EASY in difficulties
    hard = _HARD in difficulties
    if easy == hard:
        return _NORMAL
    return _EASY if easy else _HARD
