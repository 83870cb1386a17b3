"""The player view: a second window for a second screen, in big type.

It shows the round, whose turn it is, and the order with each combatant's health as the players
may know it: the core's :func:`~emberkeep.encounter.table_view.table_view` snapshot, the very one
the page shared with the players' phones reads (:mod:`emberkeep.share`), so the two never
differ. A PC's HP as numbers (in a Melee Round the knight's own, labelled "knight HP", R39), a
monster's only as "unhurt / wounded / bloodied / down", never a number. The model below is the
only thing the view reads, so a test over its cells proves it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.table_view import TableRow, TableView, player_health, table_view
from gui.encounter.combatants import row_foreground
from gui.encounter.session import EncounterSession
from gui.list_table import ListTableModel
from gui.palette import tones

__all__ = ["PlayerModel", "PlayerView"]

_Index = QModelIndex | QPersistentModelIndex
HEADERS = ("", "Name", "Health", "Conditions")


class PlayerModel(ListTableModel[str]):
    """Combatants in the round's order (those not in it yet, after), as the core's snapshot
    has them. A row is a combatant's id; its cells are the snapshot's words."""

    COLUMNS = HEADERS

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.view = self.snapshot()
        self.rows = [row.cid for row in self.view.rows]
        session.stateChanged.connect(self.refresh)
        session.combatantsReset.connect(self.refresh)
        session.combatantsChanged.connect(self._changed)

    def snapshot(self) -> TableView:
        return table_view(self.session.enc, self.session.title)

    def load(self) -> list[str]:
        """In the round's order; those the GM has not revealed are left out (a hidden monster
        stays a surprise)."""
        self.view = self.snapshot()
        return [row.cid for row in self.view.rows]

    def _changed(self, _ids: list[str]) -> None:
        view = self.snapshot()
        if [row.cid for row in view.rows] != self.rows:
            self.refresh()  # hidden or revealed: the rows themselves change
            return
        self.view = view
        if self.rows:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self.rows) - 1, len(HEADERS) - 1))

    def health(self, c: Combatant) -> str:
        return player_health(self.session.enc, c)

    @staticmethod
    def _shown(row: TableRow, column: int) -> str:
        """What the players see: whose turn, the name, the health words, the conditions."""
        if column == 0:
            return "▶" if row.acting else ""
        if column == 1:
            return row.name
        if column == 2:
            return row.health
        # its own word apart from the health beside it ("bloodied · FRIGHTENED", not run
        # together where the columns meet)
        return f"· {row.conditions}" if row.conditions else ""

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.view.rows):
            return None
        row = self.view.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._shown(row, index.column())
        if role == Qt.ItemDataRole.BackgroundRole and row.acting:
            return QBrush(tones().current_bg)
        if role == Qt.ItemDataRole.ForegroundRole:
            return row_foreground(row.down, row.acting)
        if role == Qt.ItemDataRole.FontRole and row.acting:
            font = QFont()
            font.setBold(True)
            return font
        return None


class PlayerView(QWidget):
    """A top-level window the GM drags to the players' screen (F5 shows and hides it)."""

    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.setWindowTitle(f"{session.title} — players")
        self.heading = QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        medium = self.font()
        medium.setPointSize(medium.pointSize() + 4)
        self.heading.setFont(medium)
        self.acting = QLabel(self)
        self.acting.setTextFormat(Qt.TextFormat.PlainText)
        big = self.font()
        big.setPointSize(big.pointSize() + 10)
        big.setBold(True)
        self.acting.setFont(big)
        self.model = PlayerModel(session, self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setShowGrid(False)
        body = self.font()
        body.setPointSize(body.pointSize() + 6)
        self.table.setFont(body)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 12)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.acting)
        layout.addWidget(self.table)
        session.stateChanged.connect(self.refresh)
        session.combatantsChanged.connect(self.refresh)
        self.resize(800, 600)
        self.refresh()

    def refresh(self, *_: object) -> None:
        view = self.model.snapshot()
        self.heading.setText(f"{view.title} — {view.stage}")
        # a hidden one's turn is not announced: its name would give it away (the snapshot's)
        self.acting.setText(f"{view.acting}'s turn" if view.acting else "")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F11 toggles fullscreen; Esc leaves it (the GM's way back to a window)."""
        if event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def texts(self) -> list[str]:
        """Every piece of text the view shows (for tests: no monster HP number among them)."""
        found = [self.windowTitle(), self.heading.text(), self.acting.text()]
        for row in range(self.model.rowCount()):
            for column in range(self.model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = self.model.data(self.model.index(row, column), role)
                    if value is not None:
                        found.append(str(value))
        return found
