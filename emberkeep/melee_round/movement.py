"""The Movement Phase: yard by yard, all at once (seed: "MOVEMENT PHASE"; R33: yards).

"Participants ... take their first yard of movement all at once; likewise, their second yard ...
until all combatants have taken their full allotment." A mover stops at its goal, at its rate
(a rider's is its mount's), or when a yard brings it within 1 yard of an enemy it was not engaged
with ("evasion may be necessary for movement to continue"); "once a combatant chooses to stop
moving ... he cannot move any further during this phase."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["ENGAGED", "Plan", "engaged", "move_simultaneously"]

ENGAGED = 1  # "Enemies within 1 yard of each other are automatically considered "engaged""


def engaged(a: int, b: int) -> bool:
    return abs(a - b) <= ENGAGED


@dataclass(frozen=True, slots=True)
class Plan:
    goal: int  # the yard it means to reach
    rate: int  # yards it may move this phase


def move_simultaneously(positions: Mapping[str, int], sides: Mapping[str, str],
                        plans: Mapping[str, Plan]) -> tuple[dict[str, int], dict[str, str]]:
    """Final positions of everyone, and why each mover stopped ("goal", "rate", "engaged")."""
    pos = dict(positions)
    moved = dict.fromkeys(plans, 0)
    why: dict[str, str] = {}
    active = set(plans)
    while active:
        before = dict(pos)
        for cid in sorted(active):
            plan = plans[cid]
            if pos[cid] == plan.goal:
                why[cid] = "goal"
                continue
            if moved[cid] >= plan.rate:
                why[cid] = "rate"
                continue
            step = 1 if plan.goal > pos[cid] else -1
            pos[cid] = before[cid] + step
            moved[cid] += 1
        for cid in sorted(active):
            if cid in why:
                continue
            foes = [o for o in pos if sides[o] != sides[cid]]
            newly = [o for o in foes if engaged(pos[cid], pos[o])
                     and not engaged(before[cid], before[o])]
            if newly and pos[cid] != plans[cid].goal:
                why[cid] = "engaged"
        active = {cid for cid in active if cid not in why}
    return pos, why
