"""A magic item's charges counted as its text says, from the editor to the sheet.

The GM types a "Staff of Embers" with "3 charges" into the magic item editor (the form says how
the core will count it: a pool, never refilled), gives it to Ysolde on her sheet and uses it
three times by keys: the gear list says "n left"; a fourth use is refused with the reason, and
undo gives the charges back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from gui.main_window import MainWindow
from gui.sheet.models import UidRole
from gui.toolbox import Toolbox
from gui.toolbox.magic_item_editor import MagicItemEditor
from tests.gui.windows import open_campaign_window


def _type(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def _press(qtbot: QtBot, button: QPushButton) -> None:
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)


def _make_the_staff(qtbot: QtBot, window: MainWindow) -> None:
    toolbox: Toolbox = window.toolbox
    editor = toolbox.open_item_editor()
    assert isinstance(editor, MagicItemEditor)
    _press(qtbot, editor.new_button)
    _type(qtbot, editor.name_edit, "Staff of Embers")
    _type(qtbot, editor.charges, "3 charges")
    assert editor.charges_reading.text() == (
        "counted: a pool of 3: spent for good, never refilled")
    _type(qtbot, editor.charges, "3 chargez")
    assert editor.charges_reading.text().startswith("not counted: the GM keeps track")
    _type(qtbot, editor.charges, "3 charges")
    qtbot.keyClick(editor.charges, Qt.Key.Key_Return)
    assert editor.message.text() == "Saved to the campaign: Staff of Embers."
    editor.close()


def test_a_pool_of_three_charges_is_spent_on_the_sheet_and_never_refilled(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    _make_the_staff(qtbot, window)
    ysolde = next(c for c in document.campaign.characters if c.name.startswith("Ysolde"))
    sheet = window.open_sheet(ysolde.id)
    said: list[str] = []
    sheet.status.connect(said.append)
    gear = sheet.gear
    gear.add_combo.setCurrentIndex(gear.add_combo.findText("Staff of Embers (magic item)"))
    _press(qtbot, gear.add_button)
    kinds = [gear.model.data(gear.model.index(r, 1)) for r in range(gear.model.rowCount())]
    assert "weapon, 3 left (3 charges)" in kinds  # on the editor's base piece, a dagger
    row = kinds.index("weapon, 3 left (3 charges)")
    start = document.undo_stack.index()

    for left in (2, 1, 0):
        gear.view.selectRow(row)
        _press(qtbot, gear.use_button)
        assert said[-1] == f"Staff of Embers used: {left} left (3 charges)"
        assert gear.model.data(gear.model.index(row, 1)) == f"weapon, {left} left (3 charges)"
    gear.view.selectRow(row)
    _press(qtbot, gear.use_button)
    assert said[-1] == ("Not used: Staff of Embers has no charges left (3 charges): they do not "
                        "come back")
    uid = str(gear.model.data(gear.model.index(row, 0), UidRole))
    staff = document.character(ysolde.id).inventory.find(uid)
    assert staff.magic is not None and staff.magic.charges_left == 0

    while document.undo_stack.index() > start:
        document.undo_stack.undo()
    staff = document.character(ysolde.id).inventory.find(uid)
    assert staff.magic is not None and staff.magic.charges_left == 3
