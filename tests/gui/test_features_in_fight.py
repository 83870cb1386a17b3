"""Archetype features in the encounter window by keys: Shift+F lists the actor's
features by name; Rage goes on with its rounds and comes off; undo takes it back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from emberkeep.character.archetypes import ChosenFeature
from emberkeep.dice import ScriptedRoller
from gui.encounter.features_dialog import FeaturesDialog
from tests.gui.test_encounter_window import key, open_encounter


@pytest.mark.slow
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


def test_the_trickster_reads_a_scroll_by_keys(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """C with "cast from a scroll": the list holds every spell of the campaign; Wren (INT +0,
    PROF +1) types 14: 15 against the HARD 15 (R7), Fireball at level 1 (R8)."""
    from gui.encounter.dialogs import CastDialog

    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, ScriptedRoller([3, 1] + [4] * 40),
                                goblins=1)
    document = window.document
    assert document is not None
    wren = next(c for c in document.campaign.characters if c.name.startswith("Wren"))
    wren.archetype_features.append(ChosenFeature(feature_id="read_scrolls", level=2))
    key(ew, Qt.Key.Key_I)
    actor = next(c for c in ew.enc.combatants.values() if c.name.startswith("Wren"))
    monkeypatch.setattr(ew, "actor", lambda: actor)
    listed: list[list[str]] = []

    def from_scroll(dialog: CastDialog) -> int:
        listed.append([dialog.list.item(r).text() for r in range(dialog.list.count())])
        dialog.from_scroll.setChecked(True)
        listed.append([dialog.list.item(r).text() for r in range(dialog.list.count())])
        return 1

    monkeypatch.setattr(CastDialog, "exec", from_scroll)
    ew.panel.die.setText("14")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    key(ew, Qt.Key.Key_C)
    key(ew, Qt.Key.Key_Return)  # the cast was previewed: Enter applies it
    assert listed[0] == [] and listed[1][:2] == ["Fireball", "Chill Touch"]
    assert ew.enc.history[-1].summary.startswith("Wren Quickfingers casts Fireball at level 1")
