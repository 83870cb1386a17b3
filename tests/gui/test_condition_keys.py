"""A condition with its rounds in four keys from the encounter window: K, F, 3, Enter is
"FRIGHTENED for 3 rounds" on the selected (R28); every key press counted."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from gui.encounter.dialogs import ConditionDialog
from gui.encounter.window import EncounterWindow
from tests.gui.test_encounter_window import open_encounter

Key = Qt.Key


def _press(keys: list[Qt.Key], pressed: list[str]) -> None:
    for k in keys:
        target = QApplication.focusWidget()
        assert target is not None
        QTest.keyClick(target, k)
        pressed.append(k.name)


def _conditions(ew: EncounterWindow, cid: str) -> list[tuple[str, int | None]]:
    return [(c.name, c.rounds_left) for c in ew.enc.combatants[cid].conditions]


def _through_the_dialog(ew: EncounterWindow, keys: list[Qt.Key], pressed: list[str],
                        qtbot: QtBot) -> None:
    """K on the table, then ``keys`` typed into whatever the open dialog focuses."""
    def type_in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ConditionDialog), dialog
        edit = dialog.name.lineEdit()
        assert edit is not None
        qtbot.waitUntil(lambda: dialog.isActiveWindow() and edit.hasFocus())
        _press(keys, pressed)
        if dialog.isVisible():  # the keys did not close it: the test fails below, not hangs
            dialog.reject()

    ew.window().activateWindow()  # back from the last dialog
    qtbot.waitUntil(lambda: ew.window().isActiveWindow())
    QTimer.singleShot(0, type_in_dialog)
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_K)
    pressed.insert(0, "Key_K")


@pytest.fixture
def fight(tmp_path: Path, qtbot: QtBot,
          monkeypatch: pytest.MonkeyPatch) -> tuple[EncounterWindow, str]:
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(5))
    goblin = next(c.id for c in ew.enc.combatants.values() if c.kind != "pc")
    ew.select(goblin)
    return ew, goblin


def test_frightened_for_three_rounds_in_four_keys(fight: tuple[EncounterWindow, str],
                                                  qtbot: QtBot) -> None:
    ew, goblin = fight
    pressed: list[str] = []
    _through_the_dialog(ew, [Key.Key_F, Key.Key_3, Key.Key_Return], pressed, qtbot)
    assert ("FRIGHTENED", 3) in _conditions(ew, goblin)
    assert len(pressed) == 4, pressed


def test_first_letters_pick_and_two_digits_make_the_rounds(fight: tuple[EncounterWindow, str],
                                                           qtbot: QtBot) -> None:
    """P A picks PARALYSED (P alone: PRONE); 1 2: twelve rounds."""
    ew, goblin = fight
    pressed: list[str] = []
    _through_the_dialog(ew, [Key.Key_P, Key.Key_A, Key.Key_1, Key.Key_2, Key.Key_Return],
                        pressed, qtbot)
    assert _conditions(ew, goblin) == [("PARALYSED", 12)]


@pytest.mark.slow
def test_naming_a_condition_the_combatant_has_removes_it(fight: tuple[EncounterWindow, str],
                                                         qtbot: QtBot) -> None:
    ew, goblin = fight
    _through_the_dialog(ew, [Key.Key_F, Key.Key_3, Key.Key_Return], [], qtbot)
    assert [name for name, _r in _conditions(ew, goblin)] == ["FRIGHTENED"]
    _through_the_dialog(ew, [Key.Key_F, Key.Key_Return], [], qtbot)
    assert _conditions(ew, goblin) == []


def test_a_condition_not_listed_is_typed_in_full(qtbot: QtBot) -> None:
    dialog = ConditionDialog("Goblin 1", ["PRONE"])
    qtbot.addWidget(dialog)
    assert dialog.add.isChecked()  # nothing named yet: adding is the default
    dialog.name.setEditText("Soaked")
    assert dialog.add.isChecked() and dialog.name.currentText() == "Soaked"
    dialog.name.setEditText("prone")
    assert dialog.remove.isChecked()  # one it has: taken off
    dialog.accept()
    assert dialog.name.currentText() == "PRONE"  # as listed, whatever the case typed
