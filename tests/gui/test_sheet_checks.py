"""The sheet's CHECK/SAVE roller: Ctrl+J by keys, Ctrl+click on a SAVE or a skill
rolls that roll against the DC (not a bare d20); a Luck Die after the roll (R29) is recorded
as one campaign command named after the roll, and undone by Ctrl+Z."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.abilities import Ability
from emberkeep.character.luck import LuckState
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.sheet.check_dialog import SheetCheckDialog

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


@pytest.fixture
def opened(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    from gui.main_window import MainWindow
    from gui.state import AppState

    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.set_document(document)
    maud = next(c for c in document.campaign.characters if c.name.startswith("Sister"))
    window.open_sheet(maud.id)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    return window, document, maud.id


def _dialog(window: QWidget) -> SheetCheckDialog:
    QApplication.processEvents()
    found = window.findChild(SheetCheckDialog)
    assert found is not None and found.isVisible()
    return found


@pytest.mark.slow
def test_ctrl_j_rolls_a_save_with_a_luck_die_after_the_roll(opened) -> None:  # type: ignore[no-untyped-def]
    """Sister Maud's WIS SAVE, typed 8: 8 + 2 + PROF 1 = 11, fails the ROOM DC 12 (R7);
    Ctrl+L adds a typed 3 (R29): 14, success; Enter records the die spent."""
    window, document, maud = opened
    document.replace_character(document.character(maud).model_copy(
        update={"luck": LuckState(dice=1)}), "test: a Luck Die")
    QTest.keyClick(window.sheets()[0], Key.Key_J, Mod.ControlModifier)
    dialog = _dialog(window)
    QTest.keyClick(dialog, Key.Key_R, Mod.AltModifier)
    QTest.keyClicks(_focus(), "SAVE")
    QTest.keyClick(dialog, Key.Key_B, Mod.AltModifier)
    QTest.keyClicks(_focus(), "W")
    QTest.keyClick(dialog, Key.Key_U, Mod.AltModifier)
    QTest.keyClicks(_focus(), "3")
    QTest.keyClick(dialog, Key.Key_2, Mod.AltModifier)
    QTest.keyClicks(_focus(), "8")
    assert dialog.form.shows.text().startswith("WIS SAVE: d20 +3 against DC 12")
    QTest.keyClick(_focus(), Key.Key_Return)
    text = dialog.outcome.toPlainText()
    assert "WIS SAVE: 1d20: [8] +3 = 11 (typed) = 11 vs DC 12: failure" in text
    assert "failures in a row 0 → 1 (R29)" in text and "Ctrl+L" in text
    QTest.keyClick(dialog, Key.Key_L, Mod.ControlModifier)
    text = dialog.outcome.toPlainText()
    assert "+ luck 3 = 14 vs DC 12: success" in text
    assert "Luck Dice 1 → 0" in text
    assert document.character(maud).luck.dice == 1  # shown, not yet recorded
    QTest.keyClick(_focus(), Key.Key_Return)
    assert document.character(maud).luck == LuckState(dice=0, fail_streak=0)
    assert document.undo_stack.undoText().startswith("Sister Maud: WIS SAVE")
    document.undo_stack.undo()
    assert document.character(maud).luck.dice == 1
    document.undo_stack.setClean()  # closing asks nothing


@pytest.mark.slow
def test_ctrl_click_on_a_save_or_a_skill_presets_the_roll(opened) -> None:  # type: ignore[no-untyped-def]
    """The sheet's WIS SAVE label and Medicine skill roll those against the DC (the dice
    tray leaves rollsCheck widgets alone); the Medicine CHECK, d20 9: 9 + 2 + 1 = 12 meets DC 12."""
    window, _document, _maud = opened
    window.roller = ScriptedRoller([9])
    sheet = window.sheets()[0]
    label = sheet.labels["save_WIS"]
    QTest.mouseClick(label, Qt.MouseButton.LeftButton, Mod.ControlModifier, QPoint(2, 2))
    dialog = _dialog(window)
    request = dialog.form.request()
    assert (request.kind, request.ability, request.dc) == ("save", Ability.WIS, 12)
    dialog.reject()
    QApplication.processEvents()
    medicine = sheet.skills.rows["medicine"]  # PROF: among the skills shown first
    assert medicine.name.isVisible() and medicine.name.text() == "Medicine (WIS)"
    QTest.mouseClick(medicine.name, Qt.MouseButton.LeftButton, Mod.ControlModifier,
                     QPoint(2, 2))
    dialog = _dialog(window)
    request = dialog.form.request()
    assert (request.kind, request.skill, request.ability) == ("skill", Skill.MEDICINE,
                                                               Ability.WIS)
    QTest.keyClick(_focus(), Key.Key_Return)  # the scripted d20: 9
    assert "WIS (Medicine) CHECK: 1d20: [9] +3 = 12 = 12 vs DC 12: success" in \
        dialog.outcome.toPlainText()
