"""Help → Rules Reference: opens, narrows by words, is followed by keys alone, shows text as
written, and opens on a ruling another window names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from emberkeep.rules_reference import entries, reference
from gui.rules_window import RulesWindow, open_ruling, show_rules
from tests.gui.fit import LAPTOPS, assert_fits


def _window(qtbot: Any) -> RulesWindow:
    window = RulesWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # its shortcuts (Ctrl+F, Escape) answer in the active window
    qtbot.waitUntil(window.isActiveWindow)
    return window


def test_it_opens_with_every_entry_and_the_search_in_hand(qtbot: Any) -> None:
    window = _window(qtbot)
    assert len(window.visible_keys()) == len(entries())
    assert window.count.text() == f"{len(entries())} entries"
    assert window.focusWidget() is window.search
    assert window.current_key() == entries()[0].key
    assert window.windowTitle().endswith("R1…R41")


def test_searching_dead_finds_r22_and_shows_it(qtbot: Any) -> None:
    window = _window(qtbot)
    QTest.keyClicks(window.search, "dead")
    assert "R22" in window.visible_keys()
    assert "R2" not in window.visible_keys()  # races: nothing dead about them
    assert len(window.visible_keys()) < len(entries())
    window.show_entry("R22")
    assert window.heading.text() == "R22 Dead"
    assert "-(3 + level + CON)" in window.text.toPlainText()


def test_a_number_finds_its_ruling_first(qtbot: Any) -> None:
    window = _window(qtbot)
    QTest.keyClicks(window.search, "R22")
    assert window.current_key() == "R22"
    assert "R1" in window.visible_keys()  # R1 cites R22 ("a score of 0 kills (R22)")


def test_the_entries_are_followed_by_keys_alone(qtbot: Any) -> None:
    window = _window(qtbot)
    QTest.keyClicks(window.search, "halberd")
    first = window.current_key()
    assert first is not None
    QTest.keyClick(window.search, Qt.Key.Key_Down)
    second = window.current_key()
    assert second != first and second in window.visible_keys()
    QTest.keyClick(window.search, Qt.Key.Key_Up)
    assert window.current_key() == first
    QTest.keyClick(window.search, Qt.Key.Key_Up)  # the top stays the top
    assert window.current_key() == first
    window.show_entry("R37")
    QTest.keyClick(window.search, Qt.Key.Key_Return)  # Enter: to the entry, to read it
    assert window.focusWidget() is window.text
    assert "thrusting" in window.text.toPlainText()
    QTest.keyClick(window.text, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.focusWidget() is window.search
    QTest.keyClick(window.search, Qt.Key.Key_Escape)
    assert not window.isVisible()


def test_nothing_found_says_so_and_a_table_shows_its_rows(qtbot: Any) -> None:
    window = _window(qtbot)
    QTest.keyClicks(window.search, "xyzzy plugh")
    assert window.visible_keys() == []
    assert window.heading.text() == "Nothing matches"
    assert window.count.text() == f"0 of {len(entries())} entries"
    window.search.clear()
    window.show_entry("table:fumble")
    assert window.pages.currentIndex() == 1
    assert window.table.rowCount() == 12
    item = window.table.item(7, 1)
    assert item is not None and item.text() == "You accidentally smash your weapon"
    assert window.table_note.text() == "Roll: d12."


def test_open_ruling_clears_a_search_that_hid_it_and_reuses_the_window(qtbot: Any) -> None:
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    window = open_ruling(parent, 15)
    assert window.current_key() == "R15" and window.heading.text() == "R15 Armor crits"
    QTest.keyClicks(window.search, "melee round")
    assert "R7" not in window.visible_keys()
    again = open_ruling(parent, 7)
    assert again is window
    assert window.current_key() == "R7"
    assert window.search.text() == ""
    with pytest.raises(KeyError):
        window.open_ruling(42)


def test_the_advancement_table_says_what_its_dollar_means(qtbot: Any) -> None:
    """The Advancement table's "5HD+1$" cells keep the text's sign; the note over the table
    says it: 3 for Fighters, 2 for Clerics and Rogues, 1 for Magic-users (R5)."""
    window = _window(qtbot)
    window.show_entry("table:advancement")
    cell = window.table.item(6, 2)  # level 6
    assert cell is not None and cell.text() == "5HD+1$"
    note = window.table_note.text()
    assert window.table_note.isVisibleTo(window)
    assert "$ means 3 for Fighters, 2 for Clerics and Rogues, 1 for Magic-users" in note
    assert not note.startswith("Roll:")  # the table is not rolled on
    window.show_entry("table:fumble")
    assert window.table_note.text() == "Roll: d12."


# an internal id (snake_case), or markup a plain-text view would show as it is
_NOT_FOR_THE_SCREEN = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|`|\*\*|</?[a-z]+[ >/]|\]\(|&[a-z]+;")


def test_no_entry_shows_an_internal_id_or_markup(qtbot: Any) -> None:
    """Every entry as the window shows it (heading, text, the table's note, header and
    cells): plain words only."""
    window = _window(qtbot)
    for entry in entries():
        window.show_entry(entry.key)
        shown = [window.heading.text()]
        if window.pages.currentIndex() == 0:
            shown.append(window.text.toPlainText())
        else:
            shown.append(window.table_note.text())
            for column in range(window.table.columnCount()):
                header = window.table.horizontalHeaderItem(column)
                shown.append(header.text() if header is not None else "")
                for row in range(window.table.rowCount()):
                    item = window.table.item(row, column)
                    shown.append(item.text() if item is not None else "")
        found = [m.group() for text in shown for m in _NOT_FOR_THE_SCREEN.finditer(text)]
        assert found == [], entry.key


def test_every_ruling_tooltip_line_closes_what_it_opens() -> None:
    """A ruling's tooltip is the first sentence of its entry (``ruling_tips.summary``), cut at
    a ";" too: an entry whose first sentence has a ";" inside brackets showed "(ties act
    together" with no end. Each line closes its brackets, unless cut short for length (…)."""
    from gui.ruling_tips import summary

    for number in range(1, len(reference().rulings) + 1):
        line = summary(number)
        if not line.endswith("…"):
            assert line.count("(") == line.count(")"), line
            assert line.count('"') % 2 == 0, line


def test_the_text_is_plain(qtbot: Any) -> None:
    window = _window(qtbot)
    assert window.heading.textFormat() == Qt.TextFormat.PlainText
    assert window.count.textFormat() == Qt.TextFormat.PlainText


@pytest.mark.parametrize("laptop", LAPTOPS)
def test_it_fits_a_laptop_screen(qtbot: Any, laptop: str) -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QWidget

    screen = next(s for s in QGuiApplication.screens() if s.name() == laptop)
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.setGeometry(screen.availableGeometry())
    parent.show()
    qtbot.waitExposed(parent)
    window = show_rules(parent)  # sized for the screen its main window is on
    window.move(screen.availableGeometry().topLeft())
    qtbot.waitExposed(window)
    window.show_entry("table:occupations")  # the longest table scrolls inside the window
    qtbot.waitUntil(lambda: window.screen() is screen)
    assert_fits(window)


def test_help_menu_opens_the_reference_by_its_key(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.gui.windows import open_campaign_window

    main, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    entry = next(a for a in main.menu("help").actions() if a.text() == "&Rules Reference…")
    assert entry.shortcut().toString() == "Shift+F1"
    entry.trigger()
    window = main.findChild(RulesWindow)
    assert window is not None and window.isVisible()
    entry.trigger()  # once more: the same window, brought to the front
    assert main.findChildren(RulesWindow) == [window]
