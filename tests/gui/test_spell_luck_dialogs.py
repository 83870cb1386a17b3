"""Luck Dice on SPELLCHECKs in both cast dialogs (R29): on the sheet, after seeing
the SPELLCHECK; in a fight, with the GM's typed d20 seen before the cast is made."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.luck import LuckState
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.events import Rolled
from emberkeep.encounter.luck import LUCK_SPENT
from emberkeep.resources import resource_path
from gui.casting import CastDialog as SheetCastDialog
from gui.document import CampaignDocument
from gui.encounter.dialogs import CastDialog as FightCastDialog
from tests.gui.test_encounter_window import key, open_encounter


def test_the_sheets_cast_dialog_spends_a_luck_die_after_the_spellcheck(qtbot: QtBot) -> None:
    """Ysolde types 12: 12 + 3 = 15, Success Level 1; the Luck Die's 6 makes 21, capped to
    level 2 (R8); two undo steps, the die comes back with the first."""
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    ysolde = next(c for c in document.campaign.characters if c.name.startswith("Ysolde"))
    document.edit_character(ysolde.id, "luck", LuckState(dice=1).model_dump())
    dialog = SheetCastDialog(document, ysolde.id, ScriptedRoller([6]))
    qtbot.addWidget(dialog)
    assert not dialog.luck_button.isEnabled()  # nothing seen yet
    dialog.spell.setCurrentIndex(dialog.spell.findData("fireball"))
    dialog.typed.setValue(12)
    assert "Success Level 1" in dialog.cast()
    assert dialog.luck_button.isEnabled()
    dialog.luck_button.click()
    text = dialog.outcome.text()
    assert "= 21" in text and "Success Level 2" in text and "Luck Die" in text
    assert document.character(ysolde.id).luck.dice == 0 and not dialog.luck_button.isEnabled()
    assert document.undo_stack.undoText().startswith("Ysolde the Grey: a Luck Die on the")
    document.undo_stack.undo()
    assert document.character(ysolde.id).luck.dice == 1


def test_the_fights_cast_dialog_spends_a_luck_die_on_the_spellcheck(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the fight: Ysolde's typed d20 12 (15, level 1) and a Luck Die's d6: the log has the
    Luck Die's roll and the die leaves the sheet; undo gives it back."""
    roller = ScriptedRoller([3, 1] + [4] * 40)
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, roller, goblins=1)
    document = window.document
    assert document is not None
    ysolde = next(c for c in document.campaign.characters if c.name.startswith("Ysolde"))
    document.edit_character(ysolde.id, "luck", LuckState(dice=2).model_dump())
    key(ew, Qt.Key.Key_I)
    caster = next(c for c in ew.enc.combatants.values() if c.name.startswith("Ysolde"))
    monkeypatch.setattr(ew, "actor", lambda: caster)
    seen: list[bool] = []

    def with_luck(dialog: FightCastDialog) -> int:
        seen.append(dialog.luck.isEnabled())
        dialog.luck.setChecked(True)
        return 1

    monkeypatch.setattr(FightCastDialog, "exec", with_luck)
    ew.panel.die.setText("12")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    key(ew, Qt.Key.Key_C)
    assert ew.panel.pending is not None, ew.message.text()  # previewed: Enter applies it
    key(ew, Qt.Key.Key_Return)
    step = ew.enc.history[-1]
    assert seen == [True] and step.action == "cast", ew.message.text()
    purposes = [e.purpose for e in step.events if isinstance(e, Rolled)]
    assert purposes[:2] == ["SPELLCHECK", LUCK_SPENT], purposes
    assert document.character(ysolde.id).luck.dice == 1
    key(ew, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.character(ysolde.id).luck.dice == 2
