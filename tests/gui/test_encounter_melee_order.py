"""The Melee Round's order column: who is engaged with whom, as the fight moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.ruling import MoveTo, SetHp, gm_ruling
from gui.encounter.window import EncounterWindow
from tests.gui.test_melee_round_gui import _knight, open_bandits


def _lines(ew: EncounterWindow) -> list[str]:
    model = ew.order_model
    return [str(model.index(row).data()) for row in range(model.rowCount())]


def test_the_melee_round_lists_its_engagements(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A knight at yard 0 and two bandits at yard 1: the knight, and under it the two it
    faces (the bandits' own lines would say it again); a bandit stepping away is engaged with
    nobody; a bandit down is left out; an undo puts the lines back."""
    _window, ew, _character = open_bandits(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    knight_id = _knight(ew)
    knight = ew.enc.combatants[knight_id].name
    assert ew.order_label.text() == "Engaged"
    assert _lines(ew) == [knight, "   ⚔ Bandit 1", "   ⚔ Bandit 2"]
    model = ew.order_model
    assert [model.index(row).data(Qt.ItemDataRole.UserRole) for row in range(3)] == [
        knight_id, "bandit-1", "bandit-2"]
    session = ew.session
    assert session.run("away", lambda enc: gm_ruling(enc, "away",
                                                     [MoveTo("bandit-2", 10)])) is None
    assert _lines(ew) == [knight, "   ⚔ Bandit 1", "Bandit 2: not engaged"]
    assert session.run("down", lambda enc: gm_ruling(enc, "down", [SetHp("bandit-1", 0)])) \
        is None
    assert _lines(ew) == [f"{knight}: not engaged", "Bandit 2: not engaged"]
    session.document.undo_stack.undo()
    session.document.undo_stack.undo()
    assert _lines(ew) == [knight, "   ⚔ Bandit 1", "   ⚔ Bandit 2"]
    tip = ew.order_model.index(2).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("<p") and "Bandit 2" in tip


def test_any_other_fight_keeps_its_order(qtbot: QtBot) -> None:
    from tests.gui.test_encounter_repaint import _fight

    ew = _fight(qtbot, monsters=3)
    assert ew.order_label.text() == "Order"
    assert ew.order_model.engaged is None
    assert _lines(ew)[0].startswith("1. ")
