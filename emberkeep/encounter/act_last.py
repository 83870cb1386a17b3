"""The 0-level crit table's "foe is last to act next turn" (rows 4-5).

The row puts ``last_to_act`` on the foe until the end of the next round (``next_round``). When
that round's order is made, :func:`put_last` moves the foe's slots after everyone else's: in
group initiative after the last side; in WDD's segments on the round's last segment, so the
count never runs backwards. Furnace's simultaneous round resolves its melee at once, so there
is no "last" to be in it: the order is left alone there (the caller does not ask).
"""

from __future__ import annotations

from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.initiative import Slot

__all__ = ["LAST_TO_ACT", "put_last"]

LAST_TO_ACT = "last_to_act"


def put_last(enc: Encounter, order: tuple[str, ...]) -> tuple[str, ...]:
    """``order`` with the slots of those marked ``last_to_act`` at its end."""
    late: set[str] = set()
    for c in enc.combatants.values():  # every round: most carry no condition at all
        if c.conditions:
            for x in c.conditions:
                if x.name == LAST_TO_ACT:
                    late.add(c.id)
                    break
    if not late:
        return order
    slots = [Slot.parse(entry) for entry in order]
    last_segment = max((s.segment for s in slots), default=0)
    early = [s for s in slots if s.cid not in late]
    moved = [s if s.segment == 0 else Slot(s.cid, max(s.segment, last_segment), s.kind)
             for s in slots if s.cid in late]
    return tuple(s.entry() for s in (*early, *moved))
