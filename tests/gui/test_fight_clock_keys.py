"""The fight and the clock by keys: Alt+S in round 2 no longer rests the party
inside the fight (refused with the reason), Alt+H asks first; a fight whose tab was closed is
still finished by Ctrl+Shift+F; a PC dying when the fight ends keeps dying on the timeline and
shows DYING on the sheet (R21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from emberkeep.campaign.model import EncounterStatus
from emberkeep.campaign.timeline import TimedKind
from emberkeep.dice import RandomRoller
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _round_two(tmp_path: Path, qtbot: object,
               monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, EncounterWindow]:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    from gui.encounter import extras

    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    key(ew, Key.Key_I)  # I again: a new round
    assert ew.enc.state.round == 2 and ew.session.record.status is EncounterStatus.RUNNING
    return window, ew


def test_alt_s_in_round_2_is_refused_and_alt_h_asks_first(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = _round_two(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    campaign = window.document.campaign
    start, hp = campaign.time, [c.hp for c in campaign.characters]
    key(ew, Key.Key_S, Mod.AltModifier)
    assert campaign.time == start and [c.hp for c in campaign.characters] == hp
    assert window.statusBar().currentMessage() == (
        "No rest: the fight “Goblin ambush” (round 2) is still running: finish it first "
        "(its rounds then go on the clock, R27)")
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton):  # type: ignore[no-untyped-def]
        def exec_(box: QMessageBox) -> int:
            asked.append(box.text())
            return int(button.value)
        return exec_

    monkeypatch.setattr(QMessageBox, "exec", answer(QMessageBox.StandardButton.No))
    key(ew, Key.Key_H, Mod.AltModifier)
    assert campaign.time == start and "still running" in asked[0]
    monkeypatch.setattr(QMessageBox, "exec", answer(QMessageBox.StandardButton.Yes))
    key(ew, Key.Key_H, Mod.AltModifier)
    assert campaign.time == start + 3600


def test_a_closed_fight_can_still_be_finished_then_the_party_rests(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing the tab put the 2 rounds on the clock; reopened, Ctrl+Shift+F ends the fight
    (today it refused: "the fight's time is already on the clock") without counting them
    twice; then Alt+S rests."""
    window, ew = _round_two(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    campaign, record_id = window.document.campaign, ew.session.record.id
    start = campaign.time
    window.tabs.tabCloseRequested.emit(window.tabs.indexOf(ew))
    QApplication.processEvents()
    clocked = campaign.time
    assert clocked > start
    reopened = window.encounter_tools.open_encounter(record_id)
    assert reopened is not None
    ew = reopened
    ew.table.setFocus()
    key(ew, Key.Key_F, Mod.ControlModifier | Mod.ShiftModifier)
    assert ew.enc.state.phase == "over" and campaign.time == clocked
    assert ew.session.record.status is EncounterStatus.FINISHED
    assert ew.enc.history[-1].summary.startswith("The GM ends the fight in round 2")
    key(ew, Key.Key_S, Mod.AltModifier)
    assert campaign.time > clocked  # the short rest passed


def test_a_pc_dying_when_the_fight_is_finished_keeps_dying_on_the_sheet_and_timeline(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = _round_two(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    campaign = window.document.campaign
    maud = next(c for c in ew.enc.combatants.values() if c.name.startswith("Sister"))
    sheet = ew.enc.character(maud)
    with ew.enc.action("gm", "test") as tx:  # down to 0 HP: the 1d4 countdown starts (R21)
        ew.enc.lose_hp(tx, maud, sheet.hp)
    ew.table.setFocus()
    key(ew, Key.Key_F, Mod.ControlModifier | Mod.ShiftModifier)
    entry = campaign.timeline[-1]
    assert entry.kind is TimedKind.DYING and entry.character_id == sheet.id
    assert [c.name for c in window.document.character(sheet.id).conditions] == ["DYING"]
    window.open_sheet(sheet.id)  # the sheet shows it; removing it there stabilizes (R21)
    assert "DYING" in window.sheets()[0].fields["conditions"].text()
    window.document.undo_stack.undo()  # one Ctrl+Z takes back the end and the handover
    assert ew.enc.state.phase == "fighting"
    assert all(e.kind is not TimedKind.DYING for e in campaign.timeline)
    assert window.document.character(sheet.id).conditions == []
    window.document.undo_stack.setClean()


def test_a_condition_added_in_the_fight_shows_on_the_sheet_until_undone(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """K puts PRONE (R28) on Brannoc in the fight: his open sheet says so at once; Ctrl+Z
    takes it off the sheet too."""
    from gui.encounter.dialogs import ConditionDialog

    window, ew = _round_two(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    brannoc = next(c for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    window.open_sheet(brannoc.character_id)  # type: ignore[arg-type]
    sheet = window.sheets()[0]
    assert sheet.labels["fight_conditions"].text() == ""

    def prone(dialog: ConditionDialog) -> int:
        dialog.name.setCurrentText("PRONE")
        dialog.add.setChecked(True)
        return 1

    monkeypatch.setattr(ConditionDialog, "exec", prone)
    window.tabs.setCurrentWidget(ew)
    ew.select(brannoc.id)
    ew.table.setFocus()
    key(ew, Key.Key_K)
    assert sheet.labels["fight_conditions"].text() == "In the fight “Goblin ambush”: PRONE"
    window.document.undo_stack.undo()
    assert sheet.labels["fight_conditions"].text() == ""


@pytest.mark.slow
def test_ctrl_shift_j_stabilizes_a_pc_dying_on_the_clock(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R21 after the fight: Brannoc's Medicine CHECK typed 14 vs ROOM DC 12, then the
    Injuries table typed 15 ("All CHECKs are HARD until rest"): previewed, applied, undone."""
    from PySide6.QtTest import QTest

    from emberkeep.encounter.aftermath import countdown_of
    from gui.sheet.stabilize_dialog import StabilizeDialog

    window, ew = _round_two(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    maud = next(c for c in ew.enc.combatants.values() if c.name.startswith("Sister"))
    sheet_id = str(maud.character_id)
    with ew.enc.action("gm", "test") as tx:
        ew.enc.lose_hp(tx, maud, ew.enc.character(maud).hp)
    ew.table.setFocus()
    key(ew, Key.Key_F, Mod.ControlModifier | Mod.ShiftModifier)
    assert countdown_of(document.campaign, sheet_id) is not None
    window.open_sheet(sheet_id)
    QTest.keyClick(window.sheets()[0], Key.Key_J, Mod.ControlModifier | Mod.ShiftModifier)
    QApplication.processEvents()
    dialog = window.findChild(StabilizeDialog)
    assert dialog is not None and dialog.helper.currentText().startswith("Brannoc")
    QTest.keyClick(dialog, Key.Key_2, Mod.AltModifier)
    QTest.keyClicks(QApplication.focusWidget(), "14")  # type: ignore[arg-type]
    QTest.keyClick(dialog, Key.Key_I, Mod.AltModifier)
    QTest.keyClicks(QApplication.focusWidget(), "15")  # type: ignore[arg-type]
    QTest.keyClick(QApplication.focusWidget(), Key.Key_Return)  # type: ignore[arg-type]
    shown = dialog.outcome.toPlainText()
    assert "Brannoc Ironhand stabilizes Sister Maud (R21)" in shown
    assert "Injuries table, roll 15 (14-19): all CHECKs are HARD until rest" in shown
    assert countdown_of(document.campaign, sheet_id) is not None  # only previewed
    QTest.keyClick(QApplication.focusWidget(), Key.Key_Return)  # type: ignore[arg-type]
    assert countdown_of(document.campaign, sheet_id) is None
    assert [c.name for c in document.character(sheet_id).conditions] == ["HARD:all"]
    assert document.undo_stack.undoText() == "Stabilize Sister Maud"
    document.undo_stack.undo()
    assert [c.name for c in document.character(sheet_id).conditions] == ["DYING"]
    document.undo_stack.setClean()
