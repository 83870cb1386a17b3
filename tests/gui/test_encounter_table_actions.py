"""Issue #17: the texts' other actions in the encounter window, Q then one key; each previews
its step (nothing changes), Enter applies exactly it as one undo step, and the log names it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog

from emberkeep.dice import RandomRoller
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.movement import GRAPPLED, PRONE
from emberkeep.encounter.unaware import UNAWARE
from gui.encounter.shortcuts import SHORTCUTS, ShortcutsDialog
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _open(tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch,
          goblins: int = 1) -> tuple[MainWindow, EncounterWindow]:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=goblins)
    for c in ew.enc.combatants.values():
        c.position = 0  # everyone CLOSE: the setup, before the fight
    key(ew, Key.Key_I)  # no surprise, initiative rolled
    return window, ew


def _turn_of(ew: EncounterWindow, prefix: str) -> str:
    """N until ``prefix`` is acting (keys only); its id."""
    for _ in range(20):
        cid = ew.session.current_id()
        if cid and ew.enc.combatants[cid].name.startswith(prefix):
            return cid
        key(ew, Key.Key_N)
    raise AssertionError(f"{prefix} never acts")


def _type_d20(ew: EncounterWindow, text: str) -> None:
    ew.panel.die.setFocus()
    QTest.keyClicks(ew.panel.die, text)
    ew.table.setFocus()


def _chord(ew: EncounterWindow, second: Key, modifier: Mod = Mod.NoModifier) -> None:
    key(ew, Key.Key_Q)
    key(ew, second, modifier)


def _undo(window: MainWindow) -> None:
    assert window.document is not None
    window.document.undo_stack.undo()
    QApplication.processEvents()


def _log_texts(ew: EncounterWindow) -> list[str]:
    return [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]


def test_q_g_previews_the_grapple_enter_applies_it_and_the_log_names_it(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R31: "A grapple is an action: STR check against the target's STR (or ROOM DC)": 19 + 2
    (STR and PROF in Athletics, R7) against the goblin's ROOM DC 12 holds it."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _turn_of(ew, "Brannoc")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    _type_d20(ew, "19")
    before = len(ew.enc.history)
    _chord(ew, Key.Key_G)
    assert ew.panel.pending is not None, ew.message.text()
    assert len(ew.enc.history) == before  # a preview changes nothing
    shown = ew.panel.outcome.toPlainText()
    assert shown.startswith("Brannoc Ironhand grapples Goblin (21 vs 12)")
    key(ew, Key.Key_Return)
    goblin = ew.enc.combatant("goblin-1")
    assert [x.name for x in goblin.conditions] == [GRAPPLED]
    assert ew.enc.history[-1].summary.startswith("Brannoc Ironhand grapples Goblin (")
    assert ew.enc.history[-1].rolls()[0].faces == (19,)
    assert any("grapples Goblin" in t for t in _log_texts(ew))
    assert ew.enc.combatant(brannoc).acted
    _undo(window)
    assert not ew.enc.combatant("goblin-1").conditions and len(ew.enc.history) == before
