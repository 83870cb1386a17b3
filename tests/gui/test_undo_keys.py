"""Ctrl+Z and Ctrl+Shift+Z act on the campaign's history even while a sheet's text field has the
focus; the field's own text undo stays on its context menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from gui.sheet.fields import FieldEdit
from tests.gui.windows import open_campaign_window

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.mark.slow
def test_undo_keys_in_a_sheet_field_undo_the_campaign(tmp_path: Path, qtbot: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    document = window.document
    assert document is not None
    brannoc, maud = document.campaign.characters[:2]
    before = maud.xp
    document.edit_character(maud.id, "xp", before + 40)  # the latest step, made elsewhere
    sheet = window.open_sheet(brannoc.id)
    field = next(f for f in sheet.findChildren(FieldEdit) if f.isVisible())
    field.setFocus()
    assert QApplication.focusWidget() is field
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert maud.xp == before and document.undo_stack.index() == 0
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL | SHIFT)
    assert maud.xp == before + 40
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL)
    QTest.keyClick(field, Qt.Key.Key_Y, CTRL)  # redo's other key
    assert maud.xp == before + 40 and document.undo_stack.index() == 1
    menu = field.createStandardContextMenu()  # the field's own text undo, still there
    assert [a.text().split("\t")[0] for a in menu.actions()][:2] == ["&Undo", "&Redo"]


def test_a_dialog_field_keeps_its_own_undo(tmp_path: Path, qtbot: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QDialog, QVBoxLayout

    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    document.edit_character(document.campaign.characters[0].id, "xp", 7)
    dialog = QDialog(window)
    edit = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(edit)
    dialog.show()
    dialog.activateWindow()
    assert QTest.qWaitForWindowActive(dialog)
    edit.setFocus()
    QTest.keyClicks(edit, "abc")
    QTest.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert edit.text() == "" and document.campaign.characters[0].xp == 7
    dialog.close()
