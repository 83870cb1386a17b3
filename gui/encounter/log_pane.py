"""The encounter window's log pane: the fight's log, following its end, with a text filter and a
kind ("Changes", "Rolls"…) above it, and always room for ``LOG_ROWS`` lines whatever the panels
above want.

The log opens on its latest line (a resumed fight's newest steps, not its first round) and
stays there as lines come, as the view grows or the filter changes, unless the GM scrolled up
to read: then it waits where it was until a new step arrives.
"""

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
        self.at_end = True  # following the latest line
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)
        self.model.rowsInserted.connect(self._new_lines)
        self.model.modelReset.connect(self._new_lines)
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

    def _new_lines(self, *_: object) -> None:
        self.at_end = True
        self.view.scrollToBottom()

    def _range_changed(self, _low: int, high: int) -> None:
        """The view laid its rows out anew (first shown, resized, rows added): the latest line
        stays in view while the GM follows the end."""
        if self.at_end:
            self.view.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        self.at_end = value >= self.view.verticalScrollBar().maximum()

    def _filter_changed(self, *_: object) -> None:
        self.model.set_filter(self.filter.text(), str(self.kind.currentData()))
