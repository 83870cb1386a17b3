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

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QConcatenateTablesProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel

from emberkeep.campaign.changes import Change
from gui.document import CampaignDocument

__all__ = ["CharacterListModel", "character_list", "with_leading"]

_Index = QModelIndex | QPersistentModelIndex
_ATTRIBUTE = "_shared_character_list"


class CharacterListModel(QAbstractListModel):
    """The campaign's characters in campaign order: the name, and the id as ``UserRole``."""

    def __init__(self, document: CampaignDocument) -> None:
        # a child of the document: it lives and goes with it
        super().__init__(document)
        self.document = document
        # the ids as the views last heard them, so a step that changed the list without the
        # row signals (a whole-list write) is caught and told as a reset
        self._ids = [c.id for c in document.campaign.characters]
        document.charactersAboutToBeInserted.connect(self._about_to_insert)
        document.charactersInserted.connect(self._inserted)
        document.charactersAboutToBeRemoved.connect(self._about_to_remove)
        document.charactersRemoved.connect(self._removed)
        document.campaignChanged.connect(self._campaign_changed)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._ids)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        if role == Qt.ItemDataRole.UserRole:
            return self._ids[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            characters = self.document.campaign.characters
            row = index.row()
            if row < len(characters) and characters[row].id == self._ids[row]:
                return characters[row].name
            return self.document.character(self._ids[row]).name
        return None

    # -- following the document -----------------------------------------------------------------

    def _about_to_insert(self, first: int, last: int) -> None:
        self.beginInsertRows(QModelIndex(), first, last)

    def _inserted(self, first: int, last: int) -> None:
        self._ids[first:first] = [c.id for c in self.document.campaign.characters[first:last + 1]]
        self.endInsertRows()

    def _about_to_remove(self, first: int, last: int) -> None:
        self.beginRemoveRows(QModelIndex(), first, last)

    def _removed(self, first: int, last: int) -> None:
        del self._ids[first:last + 1]
        self.endRemoveRows()

    def _campaign_changed(self, change: Change) -> None:
        ids = [c.id for c in self.document.campaign.characters]
        if ids != self._ids:  # came, went or moved without the row signals
            self.beginResetModel()
            self._ids = ids
            self.endResetModel()
            return
        renamed = [cid for cid, fields in change.characters.items() if "name" in fields]
        if renamed:
            rows = {cid: row for row, cid in enumerate(self._ids)}
            for cid in renamed:
                row = rows.get(cid)
                if row is not None:
                    index = self.index(row, 0)
                    self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])


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
