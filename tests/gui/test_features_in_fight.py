"""Archetype features in the encounter window by keys (issue #18): Shift+F lists the actor's
features by name; Rage goes on with its rounds and comes off; undo takes it back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from emberkeep.character.archetypes import ChosenFeature
from emberkeep.dice import ScriptedRoller
from gui.encounter.features_dialog import FeaturesDialog
from tests.gui.test_encounter_window import key, open_encounter


def test_shift_f_switches_rage_on_for_its_rounds_and_off(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, ScriptedRoller([3, 1] + [4] * 40),
                                goblins=1)
    document = window.document
    assert document is not None
    brannoc = next(c for c in document.campaign.characters if c.name.startswith("Brannoc"))
    brannoc.archetype_features.append(ChosenFeature(feature_id="rage", level=2))  # Barbarian
    key(ew, Qt.Key.Key_I)
    fighter = ew.enc.combatants[ew.session.current_id() or ""]
    assert fighter.name.startswith("Brannoc")
    shown: list[list[str]] = []

    def first(dialog: FeaturesDialog) -> int:
        shown.append([dialog.list.item(r).text() for r in range(dialog.list.count())])
        return 1

    monkeypatch.setattr(FeaturesDialog, "exec", first)
    key(ew, Qt.Key.Key_F, Qt.KeyboardModifier.ShiftModifier)
    assert shown[-1] == ["Rage on for 10 rounds"]
    assert [c.name for c in brannoc.conditions] == ["Rage"]
    assert ew.enc.history[-1].summary == "Brannoc Ironhand: Rage on for 10 rounds"
    assert document.undo_stack.undoText() == "Brannoc Ironhand: Rage on for 10 rounds"
    key(ew, Qt.Key.Key_F, Qt.KeyboardModifier.ShiftModifier)
    assert shown[-1] == ["Rage off"] and brannoc.conditions == []
    key(ew, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [c.name for c in brannoc.conditions] == ["Rage"]


def test_shift_f_without_features_says_so(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, ScriptedRoller([3, 1] + [4] * 9),
                                 goblins=1)
    key(ew, Qt.Key.Key_I)
    key(ew, Qt.Key.Key_F, Qt.KeyboardModifier.ShiftModifier)
    assert ew.message.text() == "Brannoc Ironhand has no archetype feature to use now"
