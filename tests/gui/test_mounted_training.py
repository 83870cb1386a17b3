"""WDD: "A character may spend X GP and 8 weeks (- DEX bonus in weeks) training to fight while
mounted" — started from the roster by a key, run on the clock by keys, and then the -2 for
fighting mounted without the feat is gone."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from emberkeep.campaign.timeline import TimedKind
from emberkeep.clock.schedule import MOUNTED_COMBAT
from tests.gui.windows import open_campaign_window

Key = Qt.Key
Mod = Qt.KeyboardModifier


def test_ctrl_shift_m_trains_mounted_combat_and_the_weeks_on_the_clock_grant_it(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    document = window.document
    assert document is not None
    campaign = document.campaign
    window.roster.setFocus()
    QTest.keyClick(window.roster, Key.Key_Down)
    QTest.keyClick(window.roster, Key.Key_Up)  # back to the first row: a move selects it
    for _ in range(len(campaign.characters)):
        chosen = window.selected_character_ids()
        if chosen and campaign.character(chosen[0]).name.startswith("Brannoc"):
            break
        QTest.keyClick(window.roster, Key.Key_Down)
    brannoc = campaign.character(window.selected_character_ids()[0])
    assert brannoc.name.startswith("Brannoc")
    brannoc.inventory.purse.gp = 150
    QTest.keyClick(window.roster, Key.Key_M, Mod.ControlModifier | Mod.ShiftModifier)
    QApplication.processEvents()
    entry = next(e for e in campaign.timeline if e.kind == TimedKind.TRAINING)
    assert entry.character_id == brannoc.id and entry.feat == MOUNTED_COMBAT
    assert brannoc.inventory.purse.gp == 150 - 100  # the campaign's default X: 100 gp
    assert document.undo_stack.undoText() == f"{brannoc.name}: train Mounted Combat"
    for _ in range(8):  # 8 weeks less a DEX bonus: Alt+W, a week at a time
        if MOUNTED_COMBAT in brannoc.feats:
            break
        QTest.keyClick(window.roster, Key.Key_W, Mod.AltModifier)
        QApplication.processEvents()
    assert MOUNTED_COMBAT in brannoc.feats
    document.undo_stack.undo()  # the last week back: the feat not yet earned
    assert MOUNTED_COMBAT not in brannoc.feats


def test_training_refused_without_the_gold_says_why(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.sheet.actions import train_mounted

    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    wren = next(c for c in window.document.campaign.characters if c.name.startswith("Wren"))
    wren.inventory.purse.gp = wren.inventory.purse.sp = wren.inventory.purse.cp = 0
    text = train_mounted(window, wren.id)
    assert text.startswith("Wren Quickfingers cannot train")
    assert not window.document.campaign.timeline or all(
        e.kind != TimedKind.TRAINING for e in window.document.campaign.timeline)
