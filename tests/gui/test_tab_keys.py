"""Tabs by keys. File → Close Tab (Ctrl+W, or Ctrl+F4): the tab in front closes as by its ✕,
from a text field too; the roster never closes. A fight closed so puts its rounds on the clock
(R27) and opens again, as after its ✕. Ctrl+R gives the keys to the damaged gear (or, with
nothing damaged, to the Repairs tabs), not to the window's tab bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.dice import RandomRoller
from emberkeep.repairs.ledger import damage_by_hand
from gui.encounter import extras
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter
from tests.gui.windows import open_campaign_window

Key = Qt.Key
Ctrl = Qt.KeyboardModifier.ControlModifier


def _active(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """The example campaign's window, shown and active: keys go where a GM's would."""
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    assert window.document is not None
    return window


def test_ctrl_w_closes_the_sheet_in_front_even_from_its_field_and_never_the_roster(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _active(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    close = window.action("file.close_tab")
    assert close.text() == "&Close Tab" and "Ctrl+W" in [k.toString() for k in close.shortcuts()]
    assert not close.isEnabled()  # the roster in front
    sheet = window.open_sheet(window.document.campaign.characters[0].id)
    assert close.isEnabled() and window.tabs.count() == 2
    field = sheet.findChild(QLineEdit)
    assert field is not None
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    QTest.keyClick(field, Key.Key_W, Ctrl)
    assert window.tabs.count() == 1 and window.tabs.currentIndex() == 0
    QTest.keyClick(window.roster, Key.Key_W, Ctrl)
    assert window.tabs.count() == 1  # the roster stays


def test_ctrl_w_on_a_fight_clocks_its_rounds_and_the_fight_opens_again(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    key(ew, Key.Key_I)  # round 2
    assert window.document is not None and ew.enc.state.round == 2
    campaign, record_id = window.document.campaign, ew.session.record.id
    start = campaign.time
    ew.table.setFocus()
    key(ew, Key.Key_W, Ctrl)
    QApplication.processEvents()
    assert window.tabs.count() == 1 and window.encounter_tools.current() is None
    assert campaign.time > start  # its rounds on the clock (R27), as its ✕ does
    assert record_id not in window.encounter_tools.open
    again = window.encounter_tools.open_encounter(record_id)
    assert again is not None and window.tabs.currentWidget() is again


def test_ctrl_r_gives_the_keys_to_the_damaged_gear_or_to_the_repairs_tabs(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _active(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    QTest.keyClick(window.roster, Key.Key_R, Ctrl)
    repairs = window.campaign_tools.repairs
    assert repairs is not None and window.tabs.currentWidget() is repairs
    assert QApplication.focusWidget() is repairs.tabs.tabBar()  # nothing damaged: the tabs
    QTest.keyClick(repairs.tabs.tabBar(), Key.Key_W, Ctrl)
    cleric = next(c for c in window.document.campaign.characters if c.class_id == "cleric")
    shield = cleric.inventory.shields[0]

    def crit(campaign: Campaign) -> str:
        return damage_by_hand(campaign, cleric.id, shield.uid, "dent")

    window.document.run("Crit dents the shield", crit, scope=EVERYTHING)
    QTest.keyClick(window.roster, Key.Key_R, Ctrl)
    assert QApplication.focusWidget() is repairs.table
    QTest.keyClick(repairs.table, Key.Key_Down)
    assert repairs.table.currentIndex().row() == 0  # the arrows pick the dented shield
