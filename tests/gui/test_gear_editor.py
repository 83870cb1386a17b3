"""The gear editor and the sheet giving what it makes: a cheap sword made in the editor
is given on Brannoc's sheet, notches on his first fumble and breaks on his second in a fight by
keys (R17: cheap holds 1 notch); armor, shields and items keep their numbers; names only."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from emberkeep.campaign import storage
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.gear.owned import OwnedWeapon
from gui.encounter.monster_form import make_monsters
from gui.main_window import MainWindow
from gui.toolbox import Toolbox
from gui.toolbox.gear_editor import GearEditor
from tests.gui.test_encounter_window import key
from tests.gui.windows import open_campaign_window

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _editor(tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch
            ) -> tuple[MainWindow, GearEditor, Path]:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    toolbox: Toolbox = window.toolbox
    editor = toolbox.open_gear_editor()
    assert isinstance(editor, GearEditor)
    return window, editor, path


def _select(editor: GearEditor, name: str) -> None:
    for row in range(editor.list.count()):
        if editor.list.item(row).text().startswith(f"{name}  ("):
            editor.list.setCurrentRow(row)
            return
    raise AssertionError(f"{name} is not listed")


def test_gear_editor_makes_weapons_armor_shields_and_items_by_name(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, editor, path = _editor(tmp_path, qtbot, monkeypatch)
    shown = [editor.list.item(r).text() for r in range(editor.list.count())]
    assert "Arming sword  (shipped)" in shown and not any("_" in s for s in shown)
    _select(editor, "Arming sword")
    assert (editor.damage.text(), editor.length.value(), editor.quality.currentData()) == (
        "1d8", 3, "standard")
    editor.duplicate()
    editor.name_edit.setText("Rusty sword")
    editor.quality.setCurrentIndex(editor.quality.findData("cheap"))
    editor.tag_boxes["tiny"].setChecked(True)
    editor.value.setValue(300)
    assert editor.save(), editor.message.text()
    assert editor.message.text() == "Saved to the campaign: Rusty sword."

    editor.choose_kind("armor")
    editor.new_entry()
    editor.name_edit.setText("Hide cloak")
    editor.ac_base.setValue(11)
    editor.adds_dex.setChecked(True)
    assert editor.save(), editor.message.text()

    editor.choose_kind("item")
    _select(editor, "Torch")
    assert editor.bulk.value() == 5  # R34: 5 torches to a load
    assert editor.burns.value() == 60 and editor.fuel.currentData() is None
    _select(editor, "Lantern, hooded")
    assert (editor.burns.value(), editor.fuel.currentText()) == (360, "Oil (flask)")
    _select(editor, "Torch")
    editor.bulk.setValue(10)
    assert editor.save()
    _select(editor, "Torch")
    assert editor.list.currentItem().text() == "Torch  (campaign, replaces shipped)"
    editor.delete()  # Revert to shipped
    _select(editor, "Torch")
    assert editor.bulk.value() == 5

    editor.choose_kind("weapon")
    editor.new_entry()
    editor.name_edit.setText("Bad bow")
    editor.hands.setCurrentIndex(editor.hands.findData("ranged"))
    editor.length.setValue(4)
    editor.damage.setText("1d6")
    assert not editor.save() and "a ranged weapon has no melee length" in editor.message.text()

    assert window.document is not None
    window.document.save(path)
    saved = storage.load(path)
    assert [(w.id, w.name, w.quality, w.tags, w.value_cp) for w in saved.weapons] == [
        ("rusty_sword", "Rusty sword", "cheap", ("tiny",), 300)]
    assert [(a.name, a.ac_base, a.adds_dex, a.weight) for a in saved.armor] == [
        ("Hide cloak", 11, True, "light")]
    assert saved.items == []
    for _ in range(4):
        window.document.undo_stack.undo()
    assert window.document.campaign.weapons == [] and window.document.campaign.armor == []
    editor.close()


@pytest.mark.slow
def test_a_cheap_sword_from_the_editor_is_given_and_breaks_on_the_second_fumble(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R17: "a natural or modified d20 attack roll of 1 or 2 notches the weapon"; cheap holds 1
    notch and the next breaks it. Brannoc types 2 twice (2 + 1 + 1 = 4 misses the goblin)."""
    window, editor, _ = _editor(tmp_path, qtbot, monkeypatch)
    _select(editor, "Arming sword")
    editor.duplicate()
    editor.name_edit.setText("Rusty sword")
    editor.quality.setCurrentIndex(editor.quality.findData("cheap"))
    assert editor.save()
    editor.close()
    document = window.document
    assert document is not None
    brannoc = next(c for c in document.campaign.characters if c.name.startswith("Brannoc"))
    sheet = window.open_sheet(brannoc.id)
    combo = sheet.gear.add_combo
    combo.setCurrentIndex(combo.findText("Rusty sword (weapon, cheap)"))
    assert combo.currentIndex() >= 0
    sheet.gear.add_button.click()
    def rusty() -> OwnedWeapon:
        held = document.character(brannoc.id).inventory.weapons
        return next(w for w in held if w.name == "Rusty sword")

    assert rusty().quality == "cheap"
    model = sheet.gear.model
    for row in range(model.rowCount()):  # hold the rusty sword (and the shield), not the other
        name = model.data(model.index(row, 0))
        if name in ("Arming sword", "Rusty sword"):
            model.setData(model.index(row, model.WORN),
                          Qt.CheckState.Checked if name == "Rusty sword"
                          else Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert rusty().equipped

    window.roller = ScriptedRoller([3, 1] + [4] * 60)  # the party wins the group d6
    window.show()
    ew = window.encounter_tools.new_encounter("Rusty test")
    assert ew is not None
    ew.add_pcs([brannoc.id])
    # the goblin CLOSE (zone 0), where Brannoc's sword reaches it
    ew.add_monsters(make_monsters(GOBLIN, 1, position=0, taken=set(ew.enc.combatants)))
    ew.table.setFocus()
    QApplication.processEvents()
    key(ew, Qt.Key.Key_I)
    fighter = ew.session.current_id()
    assert fighter is not None and ew.enc.combatants[fighter].name.startswith("Brannoc")
    blade = next(w for w in ew.enc.character(ew.enc.combatants[fighter]).inventory.weapons
                 if w.name == "Rusty sword")
    for notches, broken in ((1, False), (1, True)):
        while ew.session.current_id() != fighter:
            key(ew, Qt.Key.Key_N)
        ew.panel.die.setText("2")
        ew.table.setFocus()
        key(ew, Qt.Key.Key_A)
        assert ew.panel.pending is not None
        assert "(Rusty sword)" in ew.panel.outcome.toPlainText()
        key(ew, Qt.Key.Key_Return)
        assert (blade.notches, blade.broken) == (notches, broken)
        key(ew, Qt.Key.Key_N)
    log = [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]
    assert any("Rusty sword" in line and "break" in line.lower() for line in log), log
    while document.undo_stack.canUndo() and blade.notches:
        key(ew, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (blade.notches, blade.broken) == (0, False)
