"""The combatants a combo box offers (the attacker, the target, the Melee Round's A and B):
rows of (text, id), ordered and filtered in Python, told to the box by exactly what changed.

A fight at 200 combatants refills these boxes after every step (the attacker follows the turn,
the target list follows the attacker's foes). Clearing and refilling a ``QComboBox`` costs an
``addItem`` per combatant each time; :meth:`ChoiceModel.set_rows` instead compares the new rows
with those shown and signals only the difference: the texts that changed (a foe's number, a
name), the one run of rows that came or went (a combatant down or back up), and a reset only
when the whole order changed (another attacker's foes first). A ``QSortFilterProxyModel`` would
do the filtering too, but calls back into Python for every row it looks at.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

__all__ = ["ChoiceModel"]

Index = QModelIndex | QPersistentModelIndex


class ChoiceModel(QAbstractListModel):
    """Text shown (the display role) and the combatant's id (``Qt.UserRole``, a combo box's
    ``currentData``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._texts: list[str] = []
        self._ids: list[str] = []
        self._rows: dict[str, int] = {}

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ids)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._texts[index.row()]
        if role == Qt.ItemDataRole.UserRole:
            return self._ids[index.row()]
        return None

    def row_of(self, cid: object) -> int:
        """The row of the combatant ``cid``, -1 if it is not offered (as ``findData``)."""
        return self._rows.get(cid, -1) if isinstance(cid, str) else -1

    def ids(self) -> list[str]:
        return list(self._ids)

    def set_rows(self, rows: Sequence[tuple[str, str]]) -> None:
        """Show ``rows`` (text, id), signalling only what differs from the rows shown."""
        texts = [text for text, _ in rows]
        ids = [cid for _, cid in rows]
        old = self._ids
        if ids != old:
            n, m = len(old), len(ids)
            head = 0
            while head < n and head < m and old[head] == ids[head]:
                head += 1
            tail = 0
            while tail < n - head and tail < m - head and old[n - 1 - tail] == ids[m - 1 - tail]:
                tail += 1
            if head == 0 and tail == 0:  # nothing kept in place: the box starts over
                self.beginResetModel()
                self._texts, self._ids = texts, ids
                self._rows = {cid: row for row, cid in enumerate(ids)}
                self.endResetModel()
                return
            self._splice(head, n - head - tail, texts[head:m - tail], ids[head:m - tail])
        changed = [row for row, (was, now) in enumerate(zip(self._texts, texts, strict=True))
                   if was != now]
        for row in changed:
            self._texts[row] = texts[row]
            at = self.index(row)
            self.dataChanged.emit(at, at, [Qt.ItemDataRole.DisplayRole])

    def _splice(self, at: int, removed: int, texts: list[str], ids: list[str]) -> None:
        """Rows ``at`` … ``at + removed - 1`` replaced by ``ids`` (one run removed, one
        inserted: the rows around it keep their place, and the box its current row)."""
        if removed:
            self.beginRemoveRows(QModelIndex(), at, at + removed - 1)
            del self._texts[at:at + removed]
            del self._ids[at:at + removed]
            self._rows = {cid: row for row, cid in enumerate(self._ids)}
            self.endRemoveRows()
        if ids:
            self.beginInsertRows(QModelIndex(), at, at + len(ids) - 1)
            self._texts[at:at] = texts
            self._ids[at:at] = ids
            self._rows = {cid: row for row, cid in enumerate(self._ids)}
            self.endInsertRows()
