"""A read-only table model over a Python list of rows with fixed column titles: what the
timeline, the ledger and similar views share (rows, columns, headers; a reset on refresh, or
:meth:`ListTableModel.sync` that tells just the rows that came and went)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

__all__ = ["ListTableModel"]

T = TypeVar("T")
_Index = QModelIndex | QPersistentModelIndex


class ListTableModel(QAbstractTableModel, Generic[T]):
    """Subclasses set ``COLUMNS``, implement :meth:`load` and ``data``."""

    COLUMNS: Sequence[str] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[T] = []

    def load(self) -> list[T]:
        raise NotImplementedError

    def refresh(self, *_: Any) -> None:
        self.beginResetModel()  # rows come and go by the dozen: a reset is the honest signal
        self.rows = self.load()
        self.endResetModel()

    def key(self, row: T) -> object:
        """What identifies a row across reloads (its ``id``)."""
        return getattr(row, "id")  # noqa: B009 (rows of any model with an id)

    def sync(self) -> None:
        """Reload, telling views only the block of rows that went and the block that came
        (an entry appended, a timer ended): no reset for a single change."""
        old, new = self.rows, self.load()
        keys_old, keys_new = [self.key(r) for r in old], [self.key(r) for r in new]
        if keys_old == keys_new:
            self.rows = new
            return
        start = 0
        shortest = min(len(old), len(new))
        while start < shortest and keys_old[start] == keys_new[start]:
            start += 1
        tail = 0
        while (tail < shortest - start
               and keys_old[len(old) - 1 - tail] == keys_new[len(new) - 1 - tail]):
            tail += 1
        gone, came = len(old) - start - tail, len(new) - start - tail
        if gone:
            self.beginRemoveRows(QModelIndex(), start, start + gone - 1)
            self.rows = old[:start] + old[len(old) - tail:]
            self.endRemoveRows()
        if came:
            self.beginInsertRows(QModelIndex(), start, start + came - 1)
            self.rows = new
            self.endInsertRows()
        self.rows = new

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.COLUMNS)):
            return self.COLUMNS[section]
        return None
