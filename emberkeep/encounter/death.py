"""Death in a fight (R22), the one way every rule kills.

A PC's sheet is marked dead (``alive``: no later healing brings it back); a monster goes to 0
HP. Dying's countdown and stabilization (``dying_in``, ``stable``) end with the life they were
about. R21's dying, R22's threshold and the tables' rows that kill all call :func:`kill`.
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, Tx

__all__ = ["DYING", "STABLE", "kill"]

DYING = "dying_in"  # R21's countdown of rounds left to live
STABLE = "stable"  # R21: stabilized, no longer counting down


def kill(enc: Encounter, tx: Tx, c: Combatant, why: str) -> None:
    """Dead: a PC's sheet says so (R22); a monster goes to 0 HP. Dying conditions go."""
    if c.kind == "pc":
        tx.set(("pc", enc.character(c).id), "alive", False)
    elif c.hp > 0:
        tx.set(("c", c.id), "hp", 0)
    if any(x.name in (DYING, STABLE) for x in c.conditions):
        tx.set(("c", c.id), "conditions",
               tuple(x for x in c.conditions if x.name not in (DYING, STABLE)))
    tx.note(f"{c.name} dies: {why}")
