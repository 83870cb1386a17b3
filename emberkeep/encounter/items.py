"""Using an item in a fight: a stack's one piece (a flask of oil, a potion) or a magic item.

Furnace leaves the numbers of most items to the table ("let the players innovate"): the engine
keeps the count and the record, the GM states what it does. Using an item is the turn's one
thing. A stackable item loses one from its ``quantity`` (a ``Set`` on the owned piece, so undo
gives it back); a magic item's Magic lines (Furnace's Magic Item Dice, e.g. "+1d4 AC (1d)") are
recorded as a note for the GM, and a use spends one of its charges, counted as its charges text
says (a day's, or a pool refilled only as the text says; none left refuses the use).
``heal`` is HP the GM says it restores (to the user, or an ally CLOSE), never above the maximum.
"""

from __future__ import annotations

from emberkeep.character.giving import charges_text, spend_charge
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import change_hp, ready, spend_turn
from emberkeep.gear.owned import OwnedItem

__all__ = ["use_item"]


def use_item(enc: Encounter, cid: str, item_uid: str, *, note: str = "",
             heal: int | None = None, target_id: str | None = None) -> Step:
    """Use one of the character's items; ``note`` is what the GM rules it does."""
    c = ready(enc, cid)
    if c.kind != "pc":
        raise RuleError(f"{c.name}: a monster's gear is the GM's to rule (gm_ruling)")
    ch = enc.character(c)
    try:
        piece = enc.gear(ch.id, item_uid)
    except KeyError:
        raise RuleError(f"{c.name} carries no item {item_uid!r}") from None
    target = c if target_id is None else enc.combatant(target_id)
    if target.position != c.position:
        raise RuleError(f"{target.name} is not CLOSE to {c.name}")
    if heal is not None and heal < 0:
        raise RuleError("healing is a number of HP, 0 or more")
    with enc.action(cid, "use item") as tx:
        if piece.magic is not None:
            lines = "; ".join(e.text for e in piece.magic.effects) or "no Magic lines"
            try:  # a use spends one charge (refilled only as its text says)
                left = spend_charge(piece.magic, piece.name)
            except ValueError as exc:
                raise RuleError(str(exc)) from None
            if left is not None:
                tx.set(("magic", ch.id, piece.uid), "charges_left", left)
            charges = f" ({charges_text(piece.magic)})" if piece.magic.charges else ""
            tx.note(f"{piece.name}{charges}: {lines}")
        elif isinstance(piece, OwnedItem):
            if piece.quantity <= 0:
                raise RuleError(f"{c.name} has no {piece.name} left")
            tx.set(("gear", ch.id, piece.uid), "quantity", piece.quantity - 1)
        else:
            raise RuleError(f"{piece.name} is not an item to use up (wield or wear it)")
        if note:
            tx.note(note)
        if heal:
            change_hp(enc, tx, target, heal)
        spend_turn(tx, c)
        on = "" if target is c else f" on {target.name}"
        healed = f": +{heal} HP" if heal else ""
        tx.summary(f"{c.name} uses {piece.name}{on}{healed}")
    return enc.history[-1]
