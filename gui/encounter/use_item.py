"""How a usable piece reads when the GM picks what to use in a fight (the chord
Q, I in :mod:`gui.encounter.table_actions`): what a use will change (one of the stack; one of
the magic item's charges today, and its Magic lines) before Enter. The engine's ``use_item``
does the rest as one undoable step in the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.character.giving import charges_text, spend_charge
from emberkeep.gear.owned import OwnedGear, OwnedItem

if TYPE_CHECKING:
    pass

__all__ = ["usable_text"]


def usable_text(piece: OwnedGear) -> str | None:
    """How a usable piece reads in the list (what a use will change), or None when a use does
    not apply to it (a weapon or armor without magic: wield or wear it)."""
    if piece.magic is not None:
        lines = "; ".join(e.text for e in piece.magic.effects) or "no Magic lines"
        charges = charges_text(piece.magic)
        after = ""
        if piece.magic.charges_left == 0:
            try:  # the core says whether and when they come back (a spent pool never does)
                spend_charge(piece.magic, piece.name)
            except ValueError as why:
                after = f": {why}"
        elif piece.magic.charges_left is not None:
            after = f" → {piece.magic.charges_left - 1} left after"
        return f"{piece.name}: {lines}" + (f" — {charges}{after}" if charges else "")
    if isinstance(piece, OwnedItem):
        return f"{piece.name}: {piece.quantity} → {max(0, piece.quantity - 1)}"
    return None
