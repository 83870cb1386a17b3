"""Using an item in a fight (issue #18), key Q: the current actor's stack items and magic items.

The dialog lists what the character carries that can be used, by name, with what a use will
change (one of the stack; one of the magic item's charges today, and its Magic lines) before
Enter; the engine's ``use_item`` does the rest as one undoable step in the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.giving import charges_text
from emberkeep.character.model import Character
from emberkeep.encounter.items import use_item
from emberkeep.gear.owned import OwnedGear, OwnedItem

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["UseItemDialog", "ask_use_item", "usable_text"]


def usable_text(piece: OwnedGear) -> str | None:
    """How a usable piece reads in the list (what a use will change), or None when a use does
    not apply to it (a weapon or armor without magic: wield or wear it)."""
    if piece.magic is not None:
        lines = "; ".join(e.text for e in piece.magic.effects) or "no Magic lines"
        charges = charges_text(piece.magic)
        after = ""
        if piece.magic.charges_left == 0:
            after = ": none to spend until midnight"
        elif piece.magic.charges_left is not None:
            after = f" → {piece.magic.charges_left - 1} left after"
        return f"{piece.name}: {lines}" + (f" — {charges}{after}" if charges else "")
    if isinstance(piece, OwnedItem):
        return f"{piece.name}: {piece.quantity} → {max(0, piece.quantity - 1)}"
    return None


class UseItemDialog(QDialog):
    """The character's usable pieces (arrows and Enter), and what the GM rules it does."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{character.name} uses an item")
        layout = QVBoxLayout(self)
        self.list = QListWidget(self)
        for piece in character.inventory.all_gear():
            text = usable_text(piece)
            if text is None:
                continue
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, piece.uid)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        layout.addWidget(self.list)
        self.note = QLineEdit(self)
        self.note.setPlaceholderText("what it does, for the log (optional)")
        layout.addWidget(QLabel("Ruling", self))
        layout.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def uid(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))


def ask_use_item(window: EncounterWindow) -> str | None:
    """The current actor uses an item (the engine's ``use_item``, one step)."""
    c = window._actor()
    if c is None or c.kind != "pc":
        return "only a player character uses items here (a monster's: G, a GM ruling)"
    dialog = UseItemDialog(window.enc.character(c), window)
    if not dialog.exec():
        return None
    uid = dialog.uid()
    if uid is None:
        return f"{c.name} carries nothing to use"
    note = dialog.note.text().strip()
    return window.run(f"{c.name} uses an item",
                      lambda enc: use_item(enc, c.id, uid, note=note))
