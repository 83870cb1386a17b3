"""A fight's time on the campaign clock (R27): its rounds times the procedure's round length.

The engine counts rounds (and WDD segments) itself while the fight runs; when the fight ends (or
the GM leaves it), the campaign clock moves on by the time it took, and whatever was due in that
time (a torch, a spell effect, a timer) ends.
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.clock.advance import Happening, advance
from emberkeep.clock.units import round_seconds
from emberkeep.dice import Roller

__all__ = ["advance_for_fight", "fight_seconds"]


def fight_seconds(campaign: Campaign, rounds: int, mode: InitiativeMode,
                  resolution: Resolution = Resolution.FURNACE) -> int:
    if rounds < 0:
        raise ValueError(f"a fight lasts zero rounds or more, not {rounds}")
    return rounds * round_seconds(campaign.settings.time, mode, resolution)


def advance_for_fight(campaign: Campaign, rounds: int, mode: InitiativeMode, roller: Roller,
                      resolution: Resolution = Resolution.FURNACE) -> list[Happening]:
    return advance(campaign, fight_seconds(campaign, rounds, mode, resolution), roller)
