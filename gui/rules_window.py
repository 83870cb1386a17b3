"""Help → Rules Reference: the rulings R1…R41, each game's rules and its tables, searchable.

The words and tables come from :mod:`emberkeep.rules_reference` (the same source as
``docs/rules.md``); this window only lays them out. Its text is shown as plain text, so nothing
in it is read as HTML or loads a resource. By keys alone: type in the search field to narrow the
contents, Up/Down move through what is left, Enter shows an entry and reads it, Ctrl+F returns
to the search, Escape closes. :func:`open_ruling` lets any window show one ruling.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.rules_reference import (
    RULINGS_GROUP,
    Entry,
    entries,
    reference,
    ruling_key,
    search,
    table_caption,
)
from gui.plain_text import plain_label
from gui.ruling_tips import ruling_in_sight

__all__ = ["RulesWindow", "open_ruling", "rules_in_sight", "show_rules"]

_KEY = Qt.ItemDataRole.UserRole  # an entry's key
_GROUP = Qt.ItemDataRole.UserRole + 1  # a heading's group


class RulesWindow(QWidget):
    """The contents (by game, then the rulings) beside the chosen entry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("rulesReference")
        self.setWindowTitle(f"Rules Reference — rulings R1…R{len(reference().rulings)}")
        self._entries = {e.key: e for e in entries()}

        split = QSplitter(self)
        split.addWidget(self._contents_side())
        split.addWidget(self._entry_side())
        split.setStretchFactor(1, 1)
        split.setSizes([320, 640])
        split.setChildrenCollapsible(False)
        layout = QHBoxLayout(self)
        layout.addWidget(split)

        QShortcut(QKeySequence.StandardKey.Find, self, self.focus_search)
        QShortcut(QKeySequence("Escape"), self, self.close)
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(1000, screen.width() - 40), min(700, screen.height() - 80))
        self.narrow("")
        self.search.setFocus()

    def _contents_side(self) -> QWidget:
        """The search field over the contents, and how many entries match."""
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search the rules: a word (dead), a ruling (R22)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the rules")
        self.search.textChanged.connect(self.narrow)
        self.search.returnPressed.connect(self._read_current)
        self.search.installEventFilter(self)

        self.contents = QTreeWidget(self)
        self.contents.setHeaderHidden(True)
        self.contents.setAccessibleName("Contents")
        self.contents.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.contents.currentItemChanged.connect(self._current_changed)
        self.contents.itemActivated.connect(lambda _item, _col: self._read_current())
        self._items: dict[str, QTreeWidgetItem] = {}
        self._groups: list[QTreeWidgetItem] = []
        self._fill()
        self.count = plain_label("", self)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.contents, 1)
        left_layout.addWidget(self.count)
        return left

    def _entry_side(self) -> QWidget:
        """The entry's title over its text, or over its table."""
        self.heading = plain_label("", self)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Entry")
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard
                                          | Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(self)
        self.table.setAccessibleName("Table")
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table_note = plain_label("", self)
        self.table_note.setWordWrap(True)  # a table's note can run longer than the pane
        table_page = QWidget(self)
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.addWidget(self.table_note)
        table_layout.addWidget(self.table, 1)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.text)
        self.pages.addWidget(table_page)

        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.heading)
        right_layout.addWidget(self.pages, 1)
        return right

    def _fill(self) -> None:
        groups: dict[str, QTreeWidgetItem] = {}
        for entry in entries():
            group = groups.get(entry.group)
            if group is None:
                title = entry.group if entry.group != RULINGS_GROUP else \
                    f"Rulings R1…R{len(reference().rulings)}"
                group = QTreeWidgetItem(self.contents, [title])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                group.setData(0, _GROUP, entry.group)
                group.setExpanded(True)
                groups[entry.group] = group
                self._groups.append(group)
            # under its game's heading, a game's own entry needs no game name
            item = QTreeWidgetItem(group, [entry.title.removeprefix(f"{entry.group}: ")])
            item.setData(0, _KEY, entry.key)
            self._items[entry.key] = item

    # -- what is shown ---------------------------------------------------------------------

    def current_key(self) -> str | None:
        item = self.contents.currentItem()
        return item.data(0, _KEY) if item is not None else None

    def visible_keys(self) -> list[str]:
        return [key for key, item in self._items.items() if not item.isHidden()]

    def show_entry(self, key: str) -> None:
        """Show the entry ``key`` (``R22``, ``table:fumble``…), clearing a search that hid it."""
        item = self._items.get(key)
        if item is None:
            raise KeyError(f"the rules reference has no entry {key!r}")
        if item.isHidden():
            self.search.clear()
        self.contents.setCurrentItem(item)
        self.contents.scrollToItem(item)

    def open_ruling(self, number: int) -> None:
        """Show ruling R``number`` and bring the window to the front."""
        self.show_entry(ruling_key(number))
        self.show()
        self.raise_()
        self.activateWindow()

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def _current_changed(self, item: QTreeWidgetItem | None, _old: object) -> None:
        key = item.data(0, _KEY) if item is not None else None
        if key is None:
            return
        self._show(self._entries[key])

    def _show(self, entry: Entry) -> None:
        self.heading.setText(entry.title)
        if entry.table is None:
            self.text.setPlainText(entry.text)
            self.pages.setCurrentIndex(0)
            return
        rendered = entry.table
        caption = table_caption(rendered)
        self.table_note.setText(caption)
        self.table_note.setVisible(bool(caption))
        self.table.clear()
        self.table.setColumnCount(len(rendered.header))
        self.table.setRowCount(len(rendered.rows))
        self.table.setHorizontalHeaderLabels(list(rendered.header))
        for row, cells in enumerate(rendered.rows):
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        for column in range(len(rendered.header) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.pages.setCurrentIndex(1)
        # the stretched column has its width only once laid out: wrap the rows to it then
        QTimer.singleShot(0, self.table, self.table.resizeRowsToContents)

    def _read_current(self) -> None:
        """Enter: move from the contents to the entry, to read or scroll it by keys."""
        if self.current_key() is None:
            return
        (self.text if self.pages.currentIndex() == 0 else self.table).setFocus()

    # -- search ----------------------------------------------------------------------------

    def narrow(self, words: str) -> None:
        found = search(words)
        wanted = {e.key for e in found}
        for key, item in self._items.items():
            item.setHidden(key not in wanted)
        shown_groups = {e.group for e in found}
        for group in self._groups:
            group.setHidden(group.data(0, _GROUP) not in shown_groups)
        total = len(self._items)
        self.count.setText(f"{len(found)} of {total} entries" if words.strip()
                           else f"{total} entries")
        if found and (words.strip() or self.current_key() not in wanted):
            self.contents.setCurrentItem(self._items[found[0].key])  # the best match first
        if not found:
            self.contents.setCurrentIndex(QModelIndex())
            self.heading.setText("Nothing matches")
            self.text.setPlainText("No entry holds every word searched for. "
                                   "Try fewer words, or a ruling's number (R22).")
            self.pages.setCurrentIndex(0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the search field move through the contents it narrowed."""
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1}.get(Qt.Key(event.key()))
            if step is not None:
                self._step(step)
                return True
        return super().eventFilter(watched, event)

    def _step(self, step: int) -> None:
        keys = self.visible_keys()
        if not keys:
            return
        current = self.current_key()
        index = keys.index(current) + step if current in keys else 0
        self.show_entry(keys[max(0, min(index, len(keys) - 1))])


def show_rules(parent: QWidget) -> RulesWindow:
    """The one rules window of ``parent``, made on first use and brought to the front."""
    window = parent.findChild(RulesWindow, "rulesReference")
    if window is None:
        window = RulesWindow(parent)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


def open_ruling(parent: QWidget, number: int) -> RulesWindow:
    """Show ruling R``number`` in ``parent``'s rules window (for a window citing a ruling)."""
    window = show_rules(parent)
    window.open_ruling(number)
    return window


def rules_in_sight(parent: QWidget) -> RulesWindow:
    """Shift+F1: the ruling the focused widget (or else the one under the mouse) cites, as in
    "Dead at -4 HP (R22)"; the reference's start when neither cites one."""
    number = ruling_in_sight()
    return open_ruling(parent, number) if number is not None else show_rules(parent)

