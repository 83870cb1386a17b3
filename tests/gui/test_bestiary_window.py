"""Encounter → Bestiary by keys: search, add 6 ogres with rolled HP and 2 with typed
HP to the open encounter, edit a starter (the GM's copy), delete the copy, each one undo step;
a monster from the monster form kept in the bestiary."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import bestiary
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.bestiary.form import TemplateForm
from gui.bestiary.keep import keep_in_bestiary
from gui.bestiary.window import BestiaryWindow
from tests.gui.test_encounter_window import Key, open_encounter


def _cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    return "" if item is None else item.text()


def _keys(widget: QWidget, text: str) -> None:
    QTest.keyClick(widget, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(widget, text)


@pytest.mark.slow
def test_bestiary_by_keys(tmp_path: Path, qtbot: QtBot,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    document = main.document
    assert document is not None
    QTest.keyClick(window.table, Key.Key_B, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)
    beasts = main.findChild(BestiaryWindow)
    assert beasts is not None and beasts.isVisible()
    beasts.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is beasts)
    assert beasts.table.rowCount() == len(bestiary.starter_bestiary())
    QTest.keyClicks(beasts.search, "ogre")
    assert [t.name for t in beasts.shown] == ["Ogre"]
    assert _cell(beasts.table, 0, 1) == "14" and _cell(beasts.table, 0, 2) == "4 HD"

    QTest.keyClick(beasts.search, Key.Key_Return)  # 6 of these, HP rolled (4d8 each)
    ogres = [c for c in window.enc.combatants.values() if c.name.startswith("Ogre")]
    assert len(ogres) == 6 and all(4 <= c.hp <= 32 for c in ogres)
    assert len({c.hp for c in ogres}) > 1  # each its own roll
    document.undo_stack.undo()
    assert not any(c.name.startswith("Ogre") for c in window.enc.combatants.values())

    beasts.count.setValue(2)
    beasts.hp_mode.setCurrentIndex(beasts.hp_mode.findData("typed"))
    _keys(beasts.typed, "30 12")
    QTest.keyClick(beasts.typed, Key.Key_Return)
    assert [(c.name, c.hp) for c in window.enc.combatants.values()
            if c.name.startswith("Ogre")] == [("Ogre 1", 30), ("Ogre 2", 12)]
    _keys(beasts.typed, "40 12")  # 4d8 cannot show 40: refused, nothing added
    QTest.keyClick(beasts.typed, Key.Key_Return)
    assert "cannot show 40" in beasts.message.text()
    assert len([c for c in window.enc.combatants.values() if c.name.startswith("Ogre")]) == 2

    def edit_form() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, TemplateForm)
        form.room_dc.setValue(15)
        _keys(form.notes, "the Mire ogres")
        QTest.keyClick(form.name, Key.Key_Return)  # Save

    QTimer.singleShot(0, edit_form)
    QTest.keyClick(beasts.table, Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    edited = bestiary.find_template(document.campaign, "ogre")
    assert edited is not None and edited.room_dc == 15 and edited.notes == "the Mire ogres"
    assert _cell(beasts.table, 0, 1) == "15" and _cell(beasts.table, 0, 7) == "edited"
    beasts.windowHandle().requestActivate()  # offscreen, the closed form hands it back to no one
    qtbot.waitUntil(lambda: QApplication.activeWindow() is beasts)
    QTest.keyClick(beasts.table, Key.Key_Delete)  # the GM's copy goes: the starter is back
    assert document.campaign.bestiary == []
    assert _cell(beasts.table, 0, 1) == "14" and _cell(beasts.table, 0, 7) == "starter"
    QTest.keyClick(beasts.table, Key.Key_Delete)  # a starter is not the campaign's to delete
    assert "starter" in beasts.message.text()
    document.undo_stack.undo()  # the delete undone: the edit is back
    assert _cell(beasts.table, 0, 1) == "15"
    document.undo_stack.undo()  # the edit undone
    assert document.campaign.bestiary == [] and _cell(beasts.table, 0, 1) == "14"

    hag = MonsterStats(name="Marsh hag", max_hp=22, room_dc=14, attack_bonus=4, damage="1d8")
    kept = keep_in_bestiary(document, hag, 0)
    _keys(beasts.search, "hag")
    assert [t.id for t in beasts.shown] == [kept] == ["marsh-hag"]
    assert _cell(beasts.table, 0, 2) == "22 HP"
    assert _cell(beasts.table, 0, 7) == "campaign"


@pytest.mark.slow
def test_a_monster_from_the_monster_form_is_kept_in_the_bestiary(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.encounter.monster_form import MonsterForm

    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    document = main.document
    assert document is not None

    def fill() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, MonsterForm)
        form.windowHandle().requestActivate()  # offscreen, a modal form is not made active
        qtbot.waitUntil(lambda: QApplication.activeWindow() is form)
        _keys(form.name, "Marsh hag")
        form.count.setValue(2)
        form.hp.setValue(0)
        form.hd.setValue(3)  # rolled: the template keeps the Hit Dice, not a number
        form.keep.setFocus()  # (its Alt+B mnemonic: the offscreen platform sends none)
        QTest.keyClick(form.keep, Key.Key_Space)
        kept_ticked.append(form.keep.isChecked())
        QTest.keyClick(form.name, Key.Key_Return)

    kept_ticked: list[bool] = []
    QTimer.singleShot(0, fill)
    window.setup_bar.ask_monsters()
    assert kept_ticked == [True]
    assert len([c for c in window.enc.combatants.values() if c.name.startswith("Marsh")]) == 2
    kept = bestiary.find_template(document.campaign, "marsh-hag")
    assert kept is not None and kept.hit_dice == 3 and kept.hp == 0
    document.undo_stack.undo()  # keeping it is its own step
    assert bestiary.find_template(document.campaign, "marsh-hag") is None
