"""The GM ends a fight that has not ended by itself.

A fight ends on its own when one side is left standing (``turns.is_over``). The GM may end it
sooner: the foes fled, the party parleyed, or the GM left the fight's tab and comes back to
close it. Ending it is a step like any other (undoable, replayed): the phase goes to "over",
the winner is the one side still standing (none if both still stand), and the session then puts
the rounds not yet on the campaign clock there in the same undo command (R27). A fight whose
rounds are already on the clock (its tab was closed) can so always still be finished.
"""

from __future__ import annotations

from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import GM

__all__ = ["end_fight"]


def end_fight(enc: Encounter) -> Step:
    """The GM ends the fight now."""
    st = enc.state
    if st.phase == "setup":
        raise RuleError("the fight has not begun")
    if st.phase == "over":
        raise RuleError("the fight is already over")
    sides = list(dict.fromkeys(c.side for c in enc.standing()))
    winner = sides[0] if len(sides) == 1 else None
    with enc.action(GM, "end") as tx:
        tx.set(("enc",), "phase", "over")
        tx.set(("enc",), "winner", winner)
        standing = ", ".join(sides) or "no one"
        tx.summary(f"The GM ends the fight in round {max(0, st.round)} "
                   f"(still standing: {standing})")
    return enc.history[-1]
