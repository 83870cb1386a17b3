"""A read-only table model over a Python list of rows with fixed column titles: what the
timeline, the ledger and similar views share (rows, columns, headers, a reset on refresh)."""

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
