"""The encounter window's log pane: the fight's log, following its end, with a text filter and a
kind ("Changes", "Rolls"…) above it, and always room for ``LOG_ROWS`` lines whatever the panels
above want."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QTableView, QVBoxLayout, QWidget

from gui.encounter.log import KINDS, LogModel
from gui.encounter.session import EncounterSession

__all__ = ["LOG_ROWS", "LogPane"]

LOG_ROWS = 6


class LogPane(QWidget):
    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(session, self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.verticalHeader().setVisible(False)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.horizontalHeader().resizeSection(0, 50)
        self.view.horizontalHeader().resizeSection(1, 140)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 4)
        self.view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("filter the log")
        self.kind = QComboBox(self)
        for key, label in KINDS.items():
            self.kind.addItem(label, key)
        self.filter.textChanged.connect(self._filter_changed)
        self.kind.currentIndexChanged.connect(self._filter_changed)
        self.model.rowsInserted.connect(lambda *_: self.view.scrollToBottom())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.filter, 1)
        row.addWidget(self.kind)
        layout.addLayout(row)
        layout.addWidget(self.view)
        self.view.setMinimumHeight(self.view.horizontalHeader().sizeHint().height()
                                   + LOG_ROWS * self.view.verticalHeader().defaultSectionSize()
                                   + 2 * self.view.frameWidth())

    def _filter_changed(self, *_: object) -> None:
        self.model.set_filter(self.filter.text(), str(self.kind.currentData()))
