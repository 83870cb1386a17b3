"""The timeline: everything in the campaign that lasts a while, and when it ends.

A :class:`Timed` entry ends at a second of game time, or at the next rest ("until rest": any
rest; "until long rest"), whichever its ``ends_on`` says. What happens when it ends depends on its
kind: a condition leaves the character, a dying countdown kills (unless stabilized first, which
removes the entry), a repair brings the item back mended, a training grants its feat, a timer or a
light just says so.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import uuid
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EndsOn", "GameTime", "Timed", "TimedKind"]

GameTime = Annotated[int, Field(ge=0, le=10**13)]


class TimedKind(StrEnum):
    CONDITION = "condition"
    SPELL_EFFECT = "spell_effect"
    DYING = "dying"  # R21's countdown, handed to the clock when its fight ends (clock.dying)
    TIMER = "timer"
    LIGHT = "light"
    CANNOT_CAST = "cannot_cast"
    REPAIR = "repair"
    TRAINING = "training"
    INJURY = "injury"
    CUSTOM = "custom"


class EndsOn(StrEnum):
    TIME = "time"
    ANY_REST = "any_rest"
    LONG_REST = "long_rest"


class Timed(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1, max_length=64)
    kind: TimedKind
    label: str = Field(max_length=500)
    starts_at: GameTime
    ends_at: GameTime | None = None  # None: only a rest ends it
    ends_on: EndsOn = EndsOn.TIME
    character_id: str | None = Field(None, max_length=64)
    item_uid: str | None = Field(None, max_length=64)
    condition: str | None = Field(None, max_length=64)  # CONDITION and INJURY: what leaves
    feat: str | None = Field(None, max_length=100)  # TRAINING: what is gained
    cost_cp: int = Field(0, ge=0, le=10**12)  # REPAIR and TRAINING: what was paid
    # REPAIR: points or notches (None: all); DYING: the rounds left to bleed (clock.dying)
    units: int | None = Field(None, ge=1, le=100)

    def due(self, t: int) -> bool:
        return self.ends_at is not None and self.ends_at <= t

    def remaining(self, now: int) -> int | None:
        return None if self.ends_at is None else max(0, self.ends_at - now)
