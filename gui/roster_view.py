"""The roster tab: the table with type-to-search, sorting by any column, a filter box and a group
to show, and the Move to Group commands (declared for the window's registry).

Typing a letter jumps to the first name that starts with what was typed (Qt's keyboard search,
always on the Name column); it never starts editing. Editing a cell is F2, or a double-click on
the Name column (elsewhere a double-click, like Enter, opens the sheet). A click on a header sorts
by it; a third click on the same header goes back to the campaign's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.scope import Scope
from emberkeep.character.groups import GROUP_NAMES, CharacterGroup, assign_group
from gui.action_registry import ActionSpec, MenuSpec, Place
from gui.palette import tone
from gui.roster_model import NAME_COLUMN, RosterModel

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "GROUP_FILTERS", "MENUS", "RosterPane", "RosterView", "move_to_group"]

_Index = QModelIndex | QPersistentModelIndex

# what the group box offers: (label, the groups shown; None: all)
GROUP_FILTERS: tuple[tuple[str, frozenset[CharacterGroup] | None], ...] = (
    ("Every group", None),
    *((name, frozenset({group})) for group, name in GROUP_NAMES.items()),
)


class RosterView(QTableView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed
                             | QAbstractItemView.EditTrigger.DoubleClicked)
        self.setSortingEnabled(False)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.sectionClicked.connect(self._header_clicked)
        self._sorted: tuple[int, Qt.SortOrder] | None = None

    def edit(self, index: _Index,  # type: ignore[override]
             trigger: QAbstractItemView.EditTrigger | None = None,
             event: QEvent | None = None) -> bool:
        """A double-click edits the name only; on any other column it opens the sheet."""
        if trigger is None:  # the one-argument edit(index) a caller asks for
            super().edit(index)
            return True
        if (trigger == QAbstractItemView.EditTrigger.DoubleClicked
                and index.column() != NAME_COLUMN):
            return False
        return super().edit(index, trigger, event)  # type: ignore[arg-type]

    def keyboardSearch(self, search: str) -> None:
        """Type-to-search on the names, whichever cell is current."""
        model = self.model()
        if model is None or model.rowCount() == 0:
            return
        current = self.currentIndex()
        row = current.row() if current.isValid() else 0
        name = model.index(row, NAME_COLUMN)
        if current != name:
            self.selectionModel().setCurrentIndex(
                name, QItemSelectionModel.SelectionFlag.NoUpdate)
        super().keyboardSearch(search)

    def _header_clicked(self, column: int) -> None:
        """Ascending, descending, then the campaign's order again."""
        model = self.model()
        if not isinstance(model, RosterModel):
            return
        if self._sorted is not None and self._sorted[0] == column:
            if self._sorted[1] == Qt.SortOrder.AscendingOrder:
                self._sorted = (column, Qt.SortOrder.DescendingOrder)
            else:
                self._sorted = None
        else:
            self._sorted = (column, Qt.SortOrder.AscendingOrder)
        self.sort_by(self._sorted)

    def sort_by(self, sorted_by: tuple[int, Qt.SortOrder] | None) -> None:
        model = self.model()
        assert isinstance(model, RosterModel)
        self._sorted = sorted_by
        header = self.horizontalHeader()
        if sorted_by is None:
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
            model.sort(-1)
        else:
            header.setSortIndicator(*sorted_by)
            model.sort(*sorted_by)
        current = self.currentIndex()
        if current.isValid():
            self.scrollTo(current)


class RosterPane(QWidget):
    """The roster tab: the filter row above the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = RosterView(self)
        self.view.setAccessibleName("Roster")
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter: part of a name, player, race or class")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter the roster")
        self.filter.setToolTip("Show only the characters with this text in their name, player, "
                               "race or class (Ctrl+F; Esc clears it)")
        self.groups = QComboBox(self)
        for label, groups in GROUP_FILTERS:
            self.groups.addItem(label, groups)
        self.groups.setToolTip("Show one group of characters")
        show = QLabel("Gro&up", self)
        show.setBuddy(self.groups)
        row = QHBoxLayout()
        row.addWidget(self.filter, 1)
        row.addWidget(show)
        row.addWidget(self.groups)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        self.filter.textChanged.connect(self.apply_filter)
        self.groups.currentIndexChanged.connect(self.apply_filter)
        find = QAction("Find in the roster", self)
        find.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
        find.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.triggered.connect(self.focus_filter)
        self.addAction(find)
        self.filter.installEventFilter(self)
        self.setFocusProxy(self.view)
        self.empty_hint: QLabel | None = None  # made the first time the roster is empty

    def show_empty(self, empty: bool) -> None:
        """Say what an empty roster is for, where the rows would be; hide it once there are."""
        if empty and self.empty_hint is None:
            self.empty_hint = self._empty_hint()
        if self.empty_hint is not None:
            self.empty_hint.setVisible(empty)
            self.empty_hint.adjustSize()

    def _empty_hint(self) -> QLabel:
        # Made on first need, not with the pane: the view's viewport is a plain QWidget made by
        # Qt, and PySide6 wraps the first such object by trying every widget class of QtWidgets
        # (wizards, font dialogs, sliders: thirty-odd classes and their enums), some 17 million
        # instructions that a campaign with characters need not spend before its first paint.
        hint = QLabel(
            "No characters yet.\n\nNew Character (Ctrl+Shift+N) rolls one at 1st level or a "
            "funnel of 0-level peasants;\nAdd 0-Level Character (Ctrl+Shift+A) rolls one "
            "peasant at a time.", self.view.viewport())
        hint.setTextFormat(Qt.TextFormat.PlainText)
        tone(hint, "muted")
        hint.move(24, 24)
        return hint

    def focus_filter(self) -> None:
        self.filter.setFocus()
        self.filter.selectAll()

    def eventFilter(self, watched: object, event: QEvent) -> bool:
        # Esc in the filter clears it and goes back to the table; Down goes to the rows
        if watched is self.filter and event.type() == QEvent.Type.KeyPress:
            key = event.key()  # type: ignore[attr-defined]
            if key == Qt.Key.Key_Escape:
                self.filter.clear()
                self.view.setFocus()
                return True
            if key == Qt.Key.Key_Down:
                self.view.setFocus()
                return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]

    def apply_filter(self, *_: object) -> None:
        model = self.view.model()
        if isinstance(model, RosterModel):
            model.set_filter(self.filter.text(), self.groups.currentData())

    def set_model(self, model: RosterModel) -> None:
        """A new campaign: its model, shown with the filter and sort the GM had."""
        self.view.setModel(model)
        model.set_filter(self.filter.text(), self.groups.currentData())
        if self.view._sorted is not None:
            self.view.sort_by(self.view._sorted)


def move_to_group(window: MainWindow, group: CharacterGroup) -> None:
    """The selected characters (or the open sheet's) into ``group``: one recorded undo step."""
    document = window.document
    ids = window.target_character_ids()
    if document is None or not ids:
        return
    names = [document.character(cid).name for cid in ids]
    who = names[0] if len(names) == 1 else f"{len(names)} characters"
    document.run(f"Move {who} to {GROUP_NAMES[group]}",
                 lambda c: assign_group(c.characters, ids, group), scope=Scope.of(ids))
    window.statusBar().showMessage(f"{who} → {GROUP_NAMES[group]}", 4000)


def _mover(group: CharacterGroup) -> Callable[[MainWindow], None]:
    return lambda window: move_to_group(window, group)


# Edit → Move to Group: one entry per group (Ctrl+Alt+1…4), for the selected characters
MENUS: tuple[MenuSpec[MainWindow], ...] = (
    MenuSpec("edit.group", "Move to &Group", Place("edit", 2, 7)),)

ACTIONS: tuple[ActionSpec[MainWindow], ...] = tuple(
    ActionSpec(f"edit.group.{group.value}", f"&{number} {name}", _mover(group),
               keys=(f"Ctrl+Alt+{number}",), places=(Place("edit.group", 0, number),))
    for number, (group, name) in enumerate(GROUP_NAMES.items(), start=1))
