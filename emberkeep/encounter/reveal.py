"""Hidden combatants: the GM hides from the player view who the players have not met
yet (the ambushers in the brush) and reveals them when they show.

Hiding is encounter state (``Combatant.hidden``), set by a free GM step like any ruling, so it is
saved with the fight and undone with Ctrl+Z. It changes what the player view shows, nothing of
the rules: a hidden goblin still attacks and takes damage.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import GM

__all__ = ["set_hidden", "shown_to_players"]


def set_hidden(enc: Encounter, cids: Iterable[str], hidden: bool) -> Step:
    """Hide (or reveal) the combatants from the players: one free, undoable GM step."""
    wanted = list(dict.fromkeys(cids))
    if not wanted:
        raise RuleError("select a combatant to hide or reveal")
    names = ", ".join(enc.combatant(cid).name for cid in wanted)
    with enc.action(GM, "ruling") as tx:
        for cid in wanted:
            tx.set(("c", cid), "hidden", hidden)
        tx.summary(f"GM: {names} {'hidden from' if hidden else 'revealed to'} the players")
    return enc.history[-1]


def shown_to_players(enc: Encounter, cids: Iterable[str]) -> list[str]:
    """The ids among ``cids`` the players may see."""
    return [cid for cid in cids if cid in enc.combatants and not enc.combatants[cid].hidden]
