"""A monster's further weapons by keys: added in the monster form (a bandit's light
crossbow; bad dice refused with the reason), carried by the monsters made and kept in the
bestiary; added and removed in the bestiary editor, shown in its list; picked in the attack
panel (the orc's shortbow NEAR: its d8 is rolled)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import bestiary
from emberkeep.campaign.bestiary import MAX_OTHER_WEAPONS, MonsterWeapon
from emberkeep.campaign.model import Campaign
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.bestiary.form import TemplateForm
from gui.bestiary.weapons_editor import WeaponsEditor
from gui.bestiary.window import BestiaryWindow
from gui.encounter.monster_form import MonsterForm, make_monsters
from tests.gui.fit import LAPTOPS, assert_fits
from tests.gui.test_encounter_window import Key, open_encounter

CROSSBOW = MonsterWeapon(name="light crossbow", damage="1d8", length_ft=0, ranged=True)


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def _type_row(editor: WeaponsEditor, name: str, damage: str, length: str) -> None:
    """Add a w&eapon (Space on the button: the offscreen platform sends no Alt mnemonic), then
    the name (its edit open), Tab, F2 and the damage, Tab, F2 and the length, Enter: the new
    row is a shooting weapon."""
    editor.add_button.setFocus()
    QTest.keyClick(editor.add_button, Key.Key_Space)
    QTest.keyClicks(_focus(), name)
    for text in (damage, length):
        QTest.keyClick(_focus(), Key.Key_Tab)  # the cell's edit ends, the next cell is current
        _edit_cell(editor.table, text)
    QTest.keyClick(_focus(), Key.Key_Return)  # the cell's edit ends; the form stays open


def _edit_cell(table: QTableWidget, text: str) -> None:
    """F2 edits the current cell (its text selected); what is typed replaces it."""
    QTest.keyClick(table, Key.Key_F2)
    _keys_into(_focus(), text)


def _activate(dialog: QWidget, qtbot: QtBot) -> None:
    dialog.windowHandle().requestActivate()  # offscreen, a modal dialog is not made active
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)


def _cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    return "" if item is None else item.text()


def test_a_bandits_crossbow_added_in_the_monster_form_is_carried_and_kept(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    document = main.document
    assert document is not None
    refusals: list[str] = []

    def fill() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, MonsterForm)
        _activate(form, qtbot)
        QTest.keyClick(form.name, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(form.name, "Bandit")
        form.count.setValue(2)
        _keys_into(form.weapon, "short sword")
        _type_row(form.other_weapons, "light crossbow", "2x6", "0")
        QTest.keyClick(form.name, Key.Key_Return)  # refused: the form stays, saying why
        refusals.append(form.error.text())
        form.other_weapons.table.setFocus()
        form.other_weapons.table.setCurrentCell(0, 1)
        _edit_cell(form.other_weapons.table, "1d8")
        QTest.keyClick(_focus(), Key.Key_Return)
        form.keep.setFocus()
        QTest.keyClick(form.keep, Key.Key_Space)
        QTest.keyClick(form.name, Key.Key_Return)

    QTimer.singleShot(0, fill)
    window.setup_bar.ask_monsters()
    assert refusals == ["light crossbow: damage: '2x6' is not damage dice (e.g. 1d8, 2d6+1 "
                        "or 3)"]
    bandits = [c for c in window.enc.combatants.values() if c.name.startswith("Bandit")]
    assert len(bandits) == 2
    for bandit in bandits:
        assert bandit.monster is not None and bandit.monster.other_weapons == (CROSSBOW,)
        assert [w.name for w in bandit.monster.weapons] == ["short sword", "light crossbow"]
    kept = bestiary.find_template(document.campaign, "bandit-2")  # the starter is "bandit"
    assert kept is not None and kept.other_weapons == (CROSSBOW,)


def _keys_into(widget: QWidget, text: str) -> None:
    QTest.keyClick(widget, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(widget, text)


@pytest.mark.slow
def test_the_bestiary_editor_adds_and_removes_a_further_weapon_by_keys(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    document = main.document
    assert document is not None
    QTest.keyClick(window.table, Key.Key_B, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)
    beasts = main.findChild(BestiaryWindow)
    assert beasts is not None
    _activate(beasts, qtbot)
    QTest.keyClicks(beasts.search, "orc")  # the starter orc: its shortbow in the list
    assert [t.id for t in beasts.shown] == ["orc"]
    assert _cell(beasts.table, 0, 5) == "hand axe (2 ft), shortbow 1d6 (ranged)"

    def add_sling() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, TemplateForm)
        _activate(form, qtbot)
        assert form.other_weapons.table.rowCount() == 1  # the shortbow, as shipped
        _type_row(form.other_weapons, "sling", "1d4", "0")
        QTest.keyClick(form.name, Key.Key_Return)  # Save

    QTimer.singleShot(0, add_sling)
    QTest.keyClick(beasts.table, Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    edited = bestiary.find_template(document.campaign, "orc")
    sling = MonsterWeapon(name="sling", damage="1d4", length_ft=0, ranged=True)
    assert edited is not None and [w.name for w in edited.other_weapons] == ["shortbow",
                                                                              "sling"]
    assert edited.other_weapons[1] == sling
    assert _cell(beasts.table, 0, 5).endswith("sling 1d4 (ranged)")
    _keys_into(beasts.search, "sling")  # the search reads the further weapons too
    assert [t.id for t in beasts.shown] == ["orc"]

    QTest.keyClick(beasts.search, Key.Key_Return)  # six orcs, each with both further weapons
    orcs = [c for c in window.enc.combatants.values() if c.name.startswith("Orc")]
    assert len(orcs) == 6
    assert all(c.monster is not None and c.monster.other_weapons == edited.other_weapons
               for c in orcs)

    def drop_the_bow() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, TemplateForm)
        _activate(form, qtbot)
        form.other_weapons.table.setFocus()
        form.other_weapons.table.setCurrentCell(0, 0)  # the shortbow's row
        QTest.keyClick(form.other_weapons.table, Key.Key_Delete)
        QTest.keyClick(form.name, Key.Key_Return)

    _activate(beasts, qtbot)
    QTimer.singleShot(0, drop_the_bow)
    QTest.keyClick(beasts.table, Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    again = bestiary.find_template(document.campaign, "orc")
    assert again is not None and again.other_weapons == (sling,)


@pytest.mark.slow
def test_the_gm_picks_the_orcs_shortbow_in_the_attack_panel(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(5), goblins=1)
    bow = MonsterWeapon(name="shortbow", damage="1d8", length_ft=0, ranged=True)
    orc = MonsterStats(name="Orc", max_hp=30, room_dc=12, attack_bonus=2, damage="1d6",
                       weapon="hand axe", other_weapons=(bow,))
    ew.add_monsters(make_monsters(orc, 1, taken=set(ew.enc.combatants), position=0))
    panel = ew.panel
    panel.attacker.setCurrentIndex(panel.attacker.findData("orc-1"))
    maud = next(c for c in ew.enc.combatants.values() if c.name.startswith("Sister"))
    panel.choose_target(maud.id)
    assert panel.target.currentData() == maud.id
    names = [panel.weapon.itemText(i) for i in range(panel.weapon.count())]
    assert names == ["best that reaches", "hand axe 1d6", "shortbow 1d8 (ranged)"]
    panel.weapon.setFocus()
    QTest.keyClick(panel.weapon, Key.Key_Down)
    QTest.keyClick(panel.weapon, Key.Key_Down)
    assert panel.weapon.currentData() == "shortbow"
    panel.die.setFocus()
    QTest.keyClicks(panel.die, "15")
    refusal = panel.roll()  # CLOSE: a bow does not reach, and the panel says so
    assert refusal == "Orc's shortbow cannot reach Sister Maud (CLOSE)"
    ew.enc.combatant("orc-1").position = 1  # NEAR: now it shoots, with the bow's d8
    assert panel.roll() is None and panel.pending is not None
    expressions = [r.expression for s in panel.pending for r in s.rolls()]
    assert "1d8" in expressions and "1d6" not in expressions


@pytest.mark.parametrize("laptop", LAPTOPS)
def test_both_forms_with_a_full_weapons_table_fit_the_laptop(qtbot: QtBot, laptop: str) -> None:
    """Six further weapons (the most a stat block keeps): the table scrolls, the form does not
    grow past a 1366×768 (or 1280×800) screen."""
    six = tuple(MonsterWeapon(name=f"javelin {n}", damage="1d6", length_ft=0, ranged=True)
                for n in range(1, MAX_OTHER_WEAPONS + 1))
    orc = bestiary.find_template(Campaign(name="Fit"), "orc")
    assert orc is not None
    template_form = TemplateForm(orc.model_copy(update={"other_weapons": six}))
    monster_form = MonsterForm(12, melee_round=True)
    for _ in six:
        monster_form.other_weapons.add()
    assert not monster_form.other_weapons.add_button.isEnabled()  # a seventh is not offered
    screen = next(s for s in QGuiApplication.screens() if s.name() == laptop)
    for form in (template_form, monster_form):
        qtbot.addWidget(form)
        form.create()
        form.windowHandle().setScreen(screen)
        form.move(screen.availableGeometry().topLeft())
        form.show()
        assert_fits(form)
    assert len(template_form.template().other_weapons) == MAX_OTHER_WEAPONS
