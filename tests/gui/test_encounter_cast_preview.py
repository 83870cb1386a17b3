"""C previews the cast as A previews an attack: the SPELLCHECK (R8), its Success Level, the
spell's effects and every change the step makes; nothing changes until Enter, which applies
exactly that step (the same dice) as one undo command; Esc drops it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.events import Rolled
from gui.encounter.dialogs import CastDialog
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key


def _ysolde_acts(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                 ) -> tuple[MainWindow, EncounterWindow, str]:
    """Ysolde (INT +2, PROF +1: +3 to the SPELLCHECK) acts against one goblin."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, ScriptedRoller([3, 1] + [4] * 40),
                                goblins=1)
    key(ew, Key.Key_I)
    ysolde = next(c for c in ew.enc.combatants.values() if c.name.startswith("Ysolde"))
    monkeypatch.setattr(ew, "actor", lambda: ysolde)
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    return window, ew, ysolde.id


def _choose_by_keys(monkeypatch: pytest.MonkeyPatch, spell: str) -> None:
    """The dialog's list walked with the arrow keys to ``spell``, then OK."""
    def choose(dialog: CastDialog) -> int:
        QTest.keyClick(dialog.list, Key.Key_Home)
        for _ in range(dialog.list.count()):
            if dialog.list.currentItem().text() == spell:
                return 1
            QTest.keyClick(dialog.list, Key.Key_Down)
        raise AssertionError(f"{spell} is not in the list")

    monkeypatch.setattr(CastDialog, "exec", choose)


def _type_d20(ew: EncounterWindow, text: str) -> None:
    ew.panel.die.setFocus()
    QTest.keyClicks(ew.panel.die, text)
    ew.table.setFocus()


def _log(ew: EncounterWindow) -> list[str]:
    return [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]


def test_c_previews_the_cast_enter_applies_it_and_ctrl_z_undoes_it(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A typed 15: 15 + 3 = 18, Success Level 2 (R8: 16-20); Fireball's damage is rolled in
    the preview and the same dice are applied by Enter."""
    window, ew, ysolde = _ysolde_acts(tmp_path, qtbot, monkeypatch)
    _choose_by_keys(monkeypatch, "Fireball")
    _type_d20(ew, "15")
    goblin_hp = ew.enc.combatant("goblin-1").hp
    before = len(ew.enc.history)
    key(ew, Key.Key_C)
    assert ew.panel.pending is not None, ew.message.text()
    shown = ew.panel.outcome.toPlainText()
    assert shown.startswith("Ysolde the Grey casts Fireball at level 2: 4 DAM to Goblin")
    assert "SPELLCHECK: 1d20 [15] +3 = 18 (typed by the GM)" in shown
    assert "Fireball, Success Level 2: 1d6 fire DAM" in shown  # the level's effect text
    assert "Fireball damage: 1d6 [4] = 4" in shown
    assert f"Goblin: HP {goblin_hp} → {goblin_hp - 4}" in shown  # every change the step makes
    assert "Ysolde the Grey: spells since the depletion SAVE 0 → 1 (R10)" in shown
    # a preview changes nothing: no step, the goblin unhurt, the spell not counted
    assert len(ew.enc.history) == before
    assert ew.enc.combatant("goblin-1").hp == goblin_hp
    assert ew.enc.character(ew.enc.combatant(ysolde)).caster.spells_cast_since_check == 0
    assert not any("casts Fireball" in line for line in _log(ew))
    key(ew, Key.Key_Return)
    assert len(ew.enc.history) == before + 1, ew.message.text()
    step = ew.enc.history[before]
    assert step.action == "cast"
    assert step.summary == "Ysolde the Grey casts Fireball at level 2: 4 DAM to Goblin"
    assert [e.record.faces for e in step.events if isinstance(e, Rolled)] == [(15,), (4,)]
    assert ew.enc.combatant("goblin-1").hp == goblin_hp - 4
    assert step.summary in _log(ew)
    assert window.document is not None
    assert window.document.undo_stack.undoText() == "Cast Fireball"
    key(ew, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert len(ew.enc.history) == before
    assert ew.enc.combatant("goblin-1").hp == goblin_hp
    assert ew.enc.character(ew.enc.combatant(ysolde)).caster.spells_cast_since_check == 0
    assert step.summary not in _log(ew)


def test_esc_drops_the_previewed_cast(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc: nothing applied, and a later Enter applies nothing either."""
    _window, ew, _ysolde = _ysolde_acts(tmp_path, qtbot, monkeypatch)
    _choose_by_keys(monkeypatch, "Fireball")
    _type_d20(ew, "15")
    before = len(ew.enc.history)
    key(ew, Key.Key_C)
    assert ew.panel.pending is not None, ew.message.text()
    key(ew, Key.Key_Escape)
    assert ew.panel.pending is None and ew.panel.outcome.toPlainText() == ""
    key(ew, Key.Key_Return)
    assert len(ew.enc.history) == before


def test_a_refused_cast_previews_nothing(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R10: a Magic-user barred until a long rest cannot cast; the refusal is said, no preview."""
    _window, ew, ysolde = _ysolde_acts(tmp_path, qtbot, monkeypatch)
    sheet = ew.enc.character(ew.enc.combatant(ysolde))
    sheet.caster = sheet.caster.model_copy(update={"barred_until_long_rest": True})
    _choose_by_keys(monkeypatch, "Fireball")
    key(ew, Key.Key_C)
    assert ew.panel.pending is None
    assert "cannot cast until a long rest" in ew.message.text()
