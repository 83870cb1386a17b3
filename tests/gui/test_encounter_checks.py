"""The encounter's CHECK/SAVE roller (Q) and reaction roll (Shift+Q), by keys alone:
typing the d20 and pressing Enter previews, Enter applies what was shown, the log has it, one
Ctrl+Z takes it back; Ctrl+L adds a Luck Die after the roll is seen (R29)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from emberkeep.character.luck import LuckState
from emberkeep.dice import RandomRoller
from gui.encounter.check_panel import CheckDialog, ReactionDialog
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _open(tmp_path: Path, qtbot: object,
          monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, EncounterWindow]:
    return open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(5), goblins=1)


def _select(ew: EncounterWindow, prefix: str) -> None:
    ew.select(next(c.id for c in ew.enc.combatants.values() if c.name.startswith(prefix)))
    ew.table.setFocus()


def _dialog(ew: EncounterWindow, kind: type) -> object:
    QApplication.processEvents()
    found = ew.findChild(kind)
    assert found is not None and found.isVisible()
    return found


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def _type(widget: object, text: str) -> None:
    QTest.keyClicks(_focus(), text)


def test_q_q_rolls_a_skill_check_typed_then_enter_previews_and_enter_applies(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sister Maud's WIS (Medicine) CHECK, d20 typed 12: 12 + WIS 2 + PROF 1 = 15 vs ROOM DC
    12 (R7); the preview names it before Enter, the log after."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    _select(ew, "Sister")
    key(ew, Key.Key_Q)
    key(ew, Key.Key_Q)  # the chord Q, Q (Q alone leads the table actions' chords)
    dialog = _dialog(ew, CheckDialog)
    assert isinstance(dialog, CheckDialog)
    # Alt+K: the skill; M picks Medicine (the first skill beginning with M)
    QTest.keyClick(dialog, Key.Key_K, Mod.AltModifier)
    QTest.keyClicks(_focus(), "Medicine")
    QTest.keyClick(dialog, Key.Key_2, Mod.AltModifier)  # Alt+2: the d20 field
    _type(dialog, "12")
    assert "WIS (Medicine) CHECK: d20 +3 against DC 12" in dialog.form.shows.text()
    QTest.keyClick(_focus(), Key.Key_Return)
    assert dialog.pending is not None and not ew.enc.history  # shown, not applied
    assert "Sister Maud: WIS (Medicine) CHECK 15 vs DC 12: success" in \
        dialog.outcome.toPlainText()
    QTest.keyClick(_focus(), Key.Key_Return)
    step = ew.enc.history[-1]
    assert step.summary == "Sister Maud: WIS (Medicine) CHECK 15 vs DC 12: success"
    assert step.rolls()[0].typed
    assert window.document is not None
    assert any("WIS (Medicine) CHECK 15" in e.text for e in ew.session.record.log)
    window.document.undo_stack.undo()
    assert not ew.enc.history


def test_a_hard_save_and_a_luck_die_after_the_roll(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R7: the GM's HARD is +3 to the DC; R29: Ctrl+L after seeing the roll adds the d6 (typed
    4) to the same d20 and spends the die."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    maud = next(c for c in ew.enc.combatants.values() if c.name.startswith("Sister"))
    ew.enc.character(maud).luck = LuckState(dice=1)
    _select(ew, "Sister")
    key(ew, Key.Key_Q)
    key(ew, Key.Key_Q)  # the chord Q, Q (Q alone leads the table actions' chords)
    dialog = _dialog(ew, CheckDialog)
    assert isinstance(dialog, CheckDialog)
    QTest.keyClick(dialog, Key.Key_R, Mod.AltModifier)
    QTest.keyClicks(_focus(), "SAVE")  # the roll: SAVE
    QTest.keyClick(dialog, Key.Key_B, Mod.AltModifier)
    QTest.keyClicks(_focus(), "W")  # WIS
    QTest.keyClick(dialog, Key.Key_G, Mod.AltModifier)
    QTest.keyClick(_focus(), Key.Key_Down)
    QTest.keyClick(_focus(), Key.Key_Down)  # HARD
    QTest.keyClick(dialog, Key.Key_U, Mod.AltModifier)
    _type(dialog, "4")
    QTest.keyClick(dialog, Key.Key_2, Mod.AltModifier)
    _type(dialog, "11")
    assert "WIS SAVE: d20 +3 against DC 15 (HARD: 12 +3)" in dialog.form.shows.text()
    QTest.keyClick(_focus(), Key.Key_Return)
    assert "WIS SAVE 14 vs DC 15: failure" in dialog.outcome.toPlainText()  # 11 + 2 + 1
    assert "Ctrl+L" in dialog.outcome.toPlainText()
    QTest.keyClick(dialog, Key.Key_L, Mod.ControlModifier)
    assert "WIS SAVE 14 + Luck Die = 18 vs DC 15: success" in dialog.outcome.toPlainText()
    assert ew.enc.character(maud).luck.dice == 1  # only previewed
    QTest.keyClick(_focus(), Key.Key_Return)
    assert ew.enc.character(maud).luck.dice == 0
    assert ew.enc.history[-1].summary.endswith("= 18 vs DC 15: success")


def test_shift_q_reaction_roll_is_previewed_and_logged(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """2d6 + CHA: typed 9 with Brannoc (CHA 7 → −1) speaking: 8, Neutral (6-8)."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    _select(ew, "Goblin")
    key(ew, Key.Key_Q, Mod.ShiftModifier)
    dialog = _dialog(ew, ReactionDialog)
    assert isinstance(dialog, ReactionDialog)
    assert dialog.speaker.currentText().startswith("Brannoc")
    QTest.keyClick(dialog, Key.Key_2, Mod.AltModifier)
    _type(dialog, "9")
    QTest.keyClick(_focus(), Key.Key_Return)
    assert "Goblin reacts to Brannoc Ironhand: 8 → Neutral" in dialog.outcome.toPlainText()
    QTest.keyClick(_focus(), Key.Key_Return)
    assert ew.enc.history[-1].summary == "Goblin reacts to Brannoc Ironhand: 8 → Neutral"
    assert ew.session.record.log[-1].text == "Goblin reacts to Brannoc Ironhand: 8 → Neutral"
