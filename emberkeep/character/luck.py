"""Luck Dice (R29, DM Scotty's as Furnace changes them).

"You get a Luck Die after the second failed roll in a row, and for every fail after that" and
"three Luck Dice maximum". A success ends the streak (dice already gained are kept). Spending a
die rolls a d6 the player adds to a d20 roll after seeing it; one die per use.

The state is a small frozen model and every function returns a new one, so an event can store
the state before and after and undo is a plain swap.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["FAILS_FOR_FIRST_DIE", "LUCK_DIE", "MAX_LUCK_DICE", "LuckState", "record_roll",
           "spend_luck_die"]

MAX_LUCK_DICE = 3
FAILS_FOR_FIRST_DIE = 2
LUCK_DIE = "d6"


class LuckState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    dice: int = Field(default=0, ge=0, le=MAX_LUCK_DICE)
    fail_streak: int = Field(default=0, ge=0, le=10**6)

    def __eq__(self, other: object) -> bool:
        # What BaseModel.__eq__ decides for two of these (same model, same field values: the
        # model has no extras, private attributes or other keys), without its general path:
        # the engine compares the state before and after every change (``Tx.set``, ~4 a fight).
        if type(other) is LuckState:
            return self.__dict__ == other.__dict__
        return super().__eq__(other)


@lru_cache(maxsize=256)
def _luck_state(dice: int, fail_streak: int) -> LuckState:
    """One shared (validated) state for each pair of values: the states are frozen values, and
    a fight makes a new one on every failed PC roll (~3 a fight; validating one costs ~1 µs)."""
    return LuckState(dice=dice, fail_streak=fail_streak)


def record_roll(state: LuckState, success: bool) -> LuckState:
    """The state after a roll's final outcome (after any Luck Die spent on it)."""
    if success:
        return _luck_state(state.dice, 0)
    streak = state.fail_streak + 1
    gained = 1 if streak >= FAILS_FOR_FIRST_DIE else 0
    return _luck_state(min(MAX_LUCK_DICE, state.dice + gained), streak)


def spend_luck_die(state: LuckState, roller: Roller) -> tuple[LuckState, RollRecord]:
    """Spend one die: roll the d6 to add to the roll just seen. No die left is a ValueError."""
    if state.dice <= 0:
        raise ValueError("no Luck Die left to spend")
    record = roll(LUCK_DIE, roller, purpose=Purpose.LUCK)
    return state.model_copy(update={"dice": state.dice - 1}), record
