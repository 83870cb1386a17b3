"""WDD's mounted combat and R31's mount ranks.

"Mounted Combat: all characters fight at -2 to hit while mounted, except those with the Mounted
Combat Feat. ... Mounts are categorized in four ranks, similar to weapons" (R31: 1 rouncy,
2 palfrey, 3 courser, 4 charger; a higher rank is faster and better in a charge).

A combatant's ``mount`` is its mount's rank (0: on foot), set by :func:`mount` (a free GM step).
:func:`mounted_penalty` is the -2 every mounted attacker takes unless its sheet's ``feats`` holds
the Mounted Combat feat (trained with ``clock.schedule.mounted_combat_training``). A monster has
no feats: a mounted monster takes the -2 too (reading: "all characters").
"""

from __future__ import annotations

from emberkeep.clock.schedule import MOUNTED_COMBAT
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step

__all__ = ["MOUNTED_PENALTY", "MOUNT_RANKS", "mount", "mount_name", "mounted_penalty"]

MOUNT_RANKS = {1: "rouncy", 2: "palfrey", 3: "courser", 4: "charger"}
MOUNTED_PENALTY = -2


def mount_name(rank: int) -> str:
    return "on foot" if rank == 0 else MOUNT_RANKS[rank]


def mounted_penalty(enc: Encounter, c: Combatant) -> int:
    """-2 to hit while mounted, unless the character has the Mounted Combat feat."""
    if not c.mount:
        return 0
    if c.kind == "pc" and MOUNTED_COMBAT in enc.character(c).feats:
        return 0
    return MOUNTED_PENALTY


def mount(enc: Encounter, cid: str, rank: int) -> Step:
    """Put ``cid`` on a mount of ``rank`` (1-4), or on foot (0)."""
    if rank != 0 and rank not in MOUNT_RANKS:
        raise RuleError(f"mount ranks run 1 (rouncy) to 4 (charger), not {rank}")
    c = enc.combatant(cid)
    with enc.action("gm", "mount") as tx:
        tx.set(("c", c.id), "mount", rank)
        tx.summary(f"{c.name}: {mount_name(rank)}")
    return enc.history[-1]
