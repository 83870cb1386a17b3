"""Archetype features on the sheet: Rage is a checkbox the feature gives (not a word
typed into Conditions) and moves the sheet's AC; the Wizard copies a spell with an EASY INT
(Arcana) CHECK from the sheet."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.dice import ScriptedRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.sheet import CharacterSheet


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def _id(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def test_rage_is_a_checkbox_that_moves_ac_by_prof(qtbot: QtBot,
                                                   document: CampaignDocument) -> None:
    """Barbarian: "Rage: +PROF dam, -PROF AC": AC 17 → 16 (PROF +1), back with undo."""
    brannoc = _id(document, "Brannoc")
    document.character(brannoc).archetype_features.append(
        ChosenFeature(feature_id="rage", level=2))
    sheet = CharacterSheet(document, brannoc)
    qtbot.addWidget(sheet)
    box = sheet.notes.toggle_boxes["Rage"]
    assert sheet.labels["ac"].text() == "17" and not box.isChecked()
    box.click()
    assert sheet.labels["ac"].text() == "16"
    assert [c.name for c in document.character(brannoc).conditions] == ["Rage"]
    assert document.undo_stack.undoText() == "Edit Rage on of Brannoc Ironhand"
    document.undo_stack.undo()
    assert sheet.labels["ac"].text() == "17" and not box.isChecked()


def test_the_wizard_copies_a_spell_from_the_sheet(qtbot: QtBot,
                                                  document: CampaignDocument) -> None:
    """Ysolde forgets Polymorph, then copies Animate Dead: d20 8 + 2 + 1 = 11 against the
    Wizard's EASY 12 − 3 = 9: learned; one undo step."""
    ysolde = _id(document, "Ysolde")
    document.character(ysolde).archetype_features.append(
        ChosenFeature(feature_id="cheap_copying", level=2))
    sheet = CharacterSheet(document, ysolde)
    qtbot.addWidget(sheet)
    sheet.roller = ScriptedRoller([8])
    reasons: list[str] = []
    sheet.status.connect(reasons.append)
    magic = sheet.magic
    magic.spells.setCurrentRow(3)  # Polymorph
    magic.forget_button.click()
    magic.spell_combo.setCurrentIndex(magic.spell_combo.findText("Animate Dead"))
    magic.copy_button.click()
    assert "animate_dead" in document.character(ysolde).spells_known
    assert reasons[-1].startswith("Animate Dead copied: INT (Arcana) CHECK EASY")
    assert document.undo_stack.undoText() == "Copy Animate Dead"


def test_the_trickster_reads_a_scroll_from_the_sheet(qtbot: QtBot,
                                                     document: CampaignDocument) -> None:
    """"Read arcane scrolls, HARD SPELLCHECK": Wren (INT +0, PROF +1) types 14: 15 against the
    ROOM DC 12 made HARD, 15: Success Level 1. Without the feature there is no scroll to tick."""
    from gui.casting import CastDialog

    wren = _id(document, "Wren")
    plain = CastDialog(document, wren, ScriptedRoller([]))
    qtbot.addWidget(plain)
    assert not plain.from_scroll.isEnabled() and not plain.cast_button.isEnabled()
    document.character(wren).archetype_features.append(
        ChosenFeature(feature_id="read_scrolls", level=2))
    dialog = CastDialog(document, wren, ScriptedRoller([]))
    qtbot.addWidget(dialog)
    assert dialog.spell.count() == 0 and not dialog.cast_button.isEnabled()
    dialog.from_scroll.setChecked(True)
    assert dialog.spell.findText("Fireball") >= 0 and dialog.cast_button.isEnabled()
    dialog.spell.setCurrentIndex(dialog.spell.findText("Fireball"))
    dialog.typed.setValue(14)
    text = dialog.cast()
    assert "= 15 against DC 15 (ROOM DC 12, HARD)" in text and "Success Level 1" in text
