"""How long a unit of time is (R27): the engine's segments and rounds are the smallest units.

In Furnace a turn and a round are one thing; under WDD a combat turn is one minute of ten
6-second segments; the Melee Round's round is a setting. "For 1d4 turns" counts the combat
rounds of the fight's procedure; out of combat an exploration turn is 10 minutes.
"""

from __future__ import annotations

from typing import Literal

from emberkeep.campaign.calendar import DAY, HOUR, MINUTE, WEEK
from emberkeep.campaign.settings import InitiativeMode, Resolution, TimeSettings

__all__ = ["Unit", "round_seconds", "seconds"]

Unit = Literal["segment", "round", "turn", "exploration_turn", "minute", "hour", "day", "week"]


def round_seconds(time: TimeSettings, mode: InitiativeMode | None = None,
                  resolution: Resolution = Resolution.FURNACE) -> int:
    """One combat round of the procedure in use."""
    if resolution == Resolution.MELEE_ROUND:
        return time.melee_round_seconds
    if mode == InitiativeMode.SEGMENTS:
        return time.wdd_segment_seconds * time.wdd_segments_per_round
    return time.furnace_round_seconds


def seconds(unit: Unit, count: int, time: TimeSettings, *, in_combat: bool = False,
            mode: InitiativeMode | None = None,
            resolution: Resolution = Resolution.FURNACE) -> int:
    """``count`` units in seconds. A "turn" is a combat round in a fight (R27), else an
    exploration turn."""
    if count < 0:
        raise ValueError(f"a duration cannot be negative ({count} {unit})")
    if unit == "segment":
        size = time.wdd_segment_seconds
    elif unit == "round" or (unit == "turn" and in_combat):
        size = round_seconds(time, mode, resolution)
    elif unit in ("turn", "exploration_turn"):
        size = time.exploration_turn_minutes * MINUTE
    else:
        size = {"minute": MINUTE, "hour": HOUR, "day": DAY, "week": WEEK}[unit]
    return count * size
