"""F1's list of keys: searchable, wrapped, scrolling inside a dialog that fits."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gui.encounter.shortcuts import ShortcutsDialog, shortcuts_for

ROWS = shortcuts_for(False)  # what F1 lists outside the Melee Round


def test_typing_in_the_search_narrows_the_keys(qtbot: Any) -> None:
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.count.text() == f"{len(ROWS)} keys"
    QTest.keyClicks(dialog.search, "morale")
    assert dialog.visible_keys() == ["M", "Shift+M"]
    assert dialog.count.text() == f"2 of {len(ROWS)} keys"
    dialog.search.clear()
    QTest.keyClicks(dialog.search, "shift+a")  # a key, any case
    assert dialog.visible_keys() == ["Shift+A"]
    dialog.search.clear()
    QTest.keyClicks(dialog.search, "segment timeline")  # every word, anywhere in the line
    assert dialog.visible_keys() == ["L"]
    dialog.search.clear()
    assert len(dialog.visible_keys()) == len(ROWS)


@pytest.mark.slow
def test_the_list_scrolls_and_wraps_inside_a_small_screen(qtbot: Any) -> None:
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    screen = dialog.screen().availableGeometry()
    assert dialog.width() <= screen.width() and dialog.height() <= screen.height()
    table = dialog.table
    assert table.wordWrap()
    assert table.verticalScrollBar().maximum() > 0  # more rows than fit: it scrolls
    longest = max(range(len(ROWS)), key=lambda r: len(ROWS[r][2]))
    line = table.fontMetrics().lineSpacing()
    # once laid out: a one-line text takes one line, the longest wraps instead of being cut
    qtbot.waitUntil(lambda: table.rowHeight(0) < 2 * line)
    assert table.rowHeight(longest) > table.rowHeight(0)
    table.scrollToBottom()
    last = table.visualRect(table.model().index(len(ROWS) - 1, 1))
    assert table.viewport().rect().contains(last.bottomLeft())
    assert dialog.search.hasFocus() or dialog.focusWidget() is dialog.search
    QTest.keyClick(dialog.search, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
