"""How long a condition or a spell's effect lasts, in the crit tables' terms (R27, R28).

Its own module so that a campaign's spells (:mod:`emberkeep.magic.spell_effects`) read it
without the crit, fumble and injury effects of :mod:`emberkeep.tables.effects` (some thirty
pydantic models, the largest of the start-up's imports), which re-exports it.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from emberkeep.dice import parse

__all__ = ["Duration", "DurationUnit"]

DurationUnit = Literal[
    "rounds",         # ``dice`` rounds ("for 1d4 rounds", "for 1 round")
    "next_round",     # the subject's next round ("next turn" too: R27)
    "this_round",     # the round now being taken (lingering Torso: "can't act on your turn")
    "next_attack",    # until the next attack by / against the subject (fumble 3, 9)
    "encounter",      # no end stated on a foe: the rest of the encounter (R40)
    "until_removed",  # ends by its own rule (standing up, waking, healing) or by the GM
    "until_rest",     # until the subject rests (injuries 14-19)
    "permanent",      # until magic or the GM undoes it
]


class Duration(BaseModel):
    """How long a condition lasts; ``dice`` only with ``unit == "rounds"``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: DurationUnit
    dice: str | None = None

    @model_validator(mode="after")
    def _dice_with_rounds(self) -> "Duration":
        if (self.unit == "rounds") != (self.dice is not None):
            raise ValueError("a duration in rounds needs dice, and only it has them")
        if self.dice is not None:
            parse(self.dice)  # raises DiceError (a ValueError) on bad notation
        return self
