"""One list model of a campaign's characters (name shown, id as ``Qt.UserRole``), shared by
every character picker on a document, and pickers that put fixed choices ("Everyone",
"Party fund") above it.

The model follows the document the way the roster does: the document's row signals for
characters that come and go, ``campaignChanged`` for renames. So a picker is never refilled:
a window that opens or refreshes reads the rows already there (refilling the Repairs owner and
payer combos with 500 characters took most of Ctrl+R).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QConcatenateTablesProxyModel, QObject, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from emberkeep.campaign.changes import Change
from gui.document import CampaignDocument

__all__ = ["CharacterListModel", "character_list", "with_leading"]

_ATTRIBUTE = "_shared_character_list"


class CharacterListModel(QStandardItemModel):
    """The campaign's characters in campaign order: the name, and the id as ``UserRole``.

    A standard item model rather than a Python list model: a combo box sizes itself and its
    popup from every row, through Qt's concatenating proxy, which asks the source's row count
    for each row it maps; answered in C++ that costs nothing, answered in Python it was
    24,000 calls a Repairs tab."""

    def __init__(self, document: CampaignDocument) -> None:
        # a child of the document: it lives and goes with it
        super().__init__(document)
        self.document = document
        self.invisibleRootItem().appendRows(
            [self._item(c.id, c.name) for c in document.campaign.characters])
        document.charactersInserted.connect(self._inserted)
        document.charactersRemoved.connect(self._removed)
        document.campaignChanged.connect(self._campaign_changed)

    @staticmethod
    def _item(character_id: str, name: str) -> QStandardItem:
        item = QStandardItem(name)
        item.setData(character_id, Qt.ItemDataRole.UserRole)
        item.setEditable(False)
        return item

    def ids(self) -> list[str]:
        return [self.item(row).data(Qt.ItemDataRole.UserRole) for row in range(self.rowCount())]

    # -- following the document -----------------------------------------------------------------

    def _inserted(self, first: int, last: int) -> None:
        for row, character in enumerate(self.document.campaign.characters[first:last + 1],
                                        start=first):
            self.insertRow(row, self._item(character.id, character.name))

    def _removed(self, first: int, last: int) -> None:
        self.removeRows(first, last - first + 1)

    def _campaign_changed(self, change: Change) -> None:
        characters = self.document.campaign.characters
        if change.roster and self.ids() != [c.id for c in characters]:
            # came, went or moved without the row signals (a whole list written at once)
            self.removeRows(0, self.rowCount())
            self.invisibleRootItem().appendRows([self._item(c.id, c.name) for c in characters])
            return
        renamed = [cid for cid, fields in change.characters.items() if "name" in fields]
        if renamed:
            rows = {c.id: row for row, c in enumerate(characters)}
            for cid in renamed:
                row = rows.get(cid)
                item = None if row is None else self.item(row)
                if item is not None and row is not None:
                    item.setText(characters[row].name)


def character_list(document: CampaignDocument) -> CharacterListModel:
    """The one character list of ``document``, made on first use."""
    model = getattr(document, _ATTRIBUTE, None)
    if not isinstance(model, CharacterListModel):
        model = CharacterListModel(document)
        setattr(document, _ATTRIBUTE, model)
    return model


def with_leading(source: QAbstractItemModel, choices: list[tuple[str, Any]],
                 parent: QObject) -> QConcatenateTablesProxyModel:
    """``source`` with fixed (label, data) rows above it, for one picker; Qt's proxy passes
    the source's inserts, removals and renames through, shifted by the fixed rows."""
    fixed = QStandardItemModel(parent)
    for label, value in choices:
        item = QStandardItem(label)
        item.setData(value, Qt.ItemDataRole.UserRole)
        item.setEditable(False)
        fixed.appendRow(item)
    proxy = QConcatenateTablesProxyModel(parent)
    proxy.addSourceModel(fixed)
    proxy.addSourceModel(source)
    return proxy
