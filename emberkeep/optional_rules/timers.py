"""Timers! [ICRPG]: "Roll 1d4. After that many turns, something awful happens!"

R27: "for 1d4 turns" in a timer counts combat rounds of the encounter's procedure (a Furnace
round, 6 s by default); out of combat a turn is an exploration turn (10 minutes). The timer is a
``TIMER`` entry on the campaign's timeline, so the game clock announces it when it runs out.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import Timed
from emberkeep.clock.schedule import start_timer
from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["TIMER_DIE", "RolledTimer", "roll_timer", "turn_seconds"]

TIMER_DIE = "1d4"


@dataclass(frozen=True, slots=True)
class RolledTimer:
    record: RollRecord
    turns: int
    seconds: int
    entry: Timed


def turn_seconds(campaign: Campaign, *, in_combat: bool) -> int:
    """R27: a combat round (Furnace) or an exploration turn, in seconds, from the settings."""
    time = campaign.settings.time
    return time.furnace_round_seconds if in_combat else time.exploration_turn_minutes * 60


def roll_timer(campaign: Campaign, roller: Roller, label: str, *, in_combat: bool = True,
               die: str = TIMER_DIE) -> RolledTimer:
    """Roll the timer's turns and put it on the game clock."""
    record = roll(die, roller, purpose=Purpose.TIMER)
    turns = max(1, record.total)
    seconds = turns * turn_seconds(campaign, in_combat=in_combat)
    unit = "round" if in_combat else "turn"
    entry = start_timer(campaign, f"{label} (in {turns} {unit}{'s' if turns > 1 else ''})",
                        seconds)
    return RolledTimer(record, turns, seconds, entry)
