"""Abstract distance (Furnace, from ICRPG): CLOSE, NEAR, RANGED, FAR.

Combatants stand on a line of zones; two in the same zone are CLOSE (melee), one zone apart NEAR
(reachable and attackable in one turn), two apart RANGED (reach it, or shoot it), three or more
FAR (only heard). A move is one zone; "go NEAR and ATK" is a move then an attack.
"""

from __future__ import annotations

from enum import IntEnum


class Band(IntEnum):
    CLOSE = 0
    NEAR = 1
    RANGED = 2
    FAR = 3


_NEAREST = (Band.CLOSE, Band.NEAR, Band.RANGED)  # by gap; a tuple index, not an enum call


def band(a: int, b: int) -> Band:
    """The distance band between two zone positions."""
    gap = abs(a - b)
    return _NEAREST[gap] if gap < 3 else Band.FAR
