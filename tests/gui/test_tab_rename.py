"""A sheet's tab follows its character's name keystroke by keystroke, and through undo and redo,
without the tab widget repainting the sheet under it (gui.tab_names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.tab_names import rename_tab


class Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


@pytest.mark.slow
def test_the_tab_shows_the_name_after_each_keystroke_undo_and_redo(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    from gui.main_window import MainWindow
    from gui.state import AppState

    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.set_document(document)
    window.resize(1200, 700)
    window.show()
    qtbot.waitExposed(window)
    character_id = document.campaign.characters[1].id
    name = document.character(character_id).name
    sheet = window.open_sheet(character_id)
    number = window.tabs.indexOf(sheet)
    bar_before = window.tabs.tabBar().geometry()
    page_before = sheet.geometry()
    edit = sheet.fields["name"]
    edit.setFocus()
    edit.end(False)
    typed = ""
    for letter in "Zq":
        qtbot.keyClick(edit, letter)
        typed += letter
        assert document.character(character_id).name == name + typed
        assert window.tabs.tabText(number) == name + typed
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    assert window.tabs.tabText(number) == name + "Z"
    QApplication.processEvents()
    assert window.tabs.tabBar().geometry() == bar_before  # the bar still spans the window
    assert sheet.geometry() == page_before

    document.undo_stack.undo()  # the name's keystrokes are one step
    assert window.tabs.tabText(number) == name
    document.undo_stack.redo()
    assert window.tabs.tabText(number) == name + "Z"

    edit.clearFocus()  # no caret blinking over the sheet
    qtbot.wait(300)  # the sheet's own late layouts done
    paints = Paints()
    sheet.installEventFilter(paints)
    rename_tab(window.tabs, number, "Someone Else")
    QApplication.processEvents()
    assert window.tabs.tabText(number) == "Someone Else"
    assert paints.count == 0  # only the tab bar repainted
    window.tabs.setTabText(number, "Someone")  # Qt's own path lays out and repaints the page
    QApplication.processEvents()
    assert paints.count > 0
    sheet.removeEventFilter(paints)
    document.undo_stack.setClean()  # closing asks nothing


def test_a_hidden_or_plain_tab_widget_is_renamed_by_qt(qtbot: QtBot) -> None:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("page"), "Old")
    rename_tab(tabs, 0, "New")  # hidden, not in document mode: Qt's own setTabText
    assert tabs.tabText(0) == "New"
    tabs.setDocumentMode(True)
    tabs.show()
    qtbot.waitExposed(tabs)
    rename_tab(tabs, 0, "Newer")
    assert tabs.tabText(0) == "Newer"
    rename_tab(tabs, 0, "Newer")  # the same text: nothing to do
    assert tabs.tabText(0) == "Newer"
