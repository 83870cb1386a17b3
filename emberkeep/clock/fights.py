"""The clock while a fight is running (R27).

A fight keeps its own time: each round goes on the campaign clock when the fight ends or the GM
leaves it (``encounter.fight_clock``). Advancing the clock by hand, or resting, in the middle
of a fight would let hours pass (and hit dice be spent) between two blows, as it did when Alt+S
in round 2 rested the whole party inside the fight. So the clock says why it should not move:
a rest is refused while any fight is running (Furnace's rests are taken "if you survive"), and
any other advance is the GM's to confirm.
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign, EncounterRecord, EncounterStatus

__all__ = ["fight_hold", "running_fights"]


def running_fights(campaign: Campaign) -> list[EncounterRecord]:
    """The encounters begun and not finished (their record says ``running``)."""
    return [r for r in campaign.encounters if r.status is EncounterStatus.RUNNING]


def fight_hold(campaign: Campaign) -> str | None:
    """Why the clock should not move now (a fight is running), or None."""
    fights = running_fights(campaign)
    if not fights:
        return None
    names = ", ".join(f"“{r.name}”" + (f" (round {r.log[-1].round})" if r.log else "")
                      for r in fights)
    return (f"the fight {names} is still running: finish it first (its rounds then go on "
            "the clock, R27)" if len(fights) == 1 else
            f"the fights {names} are still running: finish them first (their rounds then go "
            "on the clock, R27)")
