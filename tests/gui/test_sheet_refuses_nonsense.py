"""A sheet that refuses nonsense, by keys: the level is read, not typed; XP says
when the next level is ready (R32); Level Up shows what it will change before Enter and what was
rolled after (R5, R6), and names the step with the roll; only casters learn spells (R8)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.custom import upsert
from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.dice import ScriptedRoller
from emberkeep.magic.spells import Spell, shipped_spells
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.sheet import CharacterSheet
from gui.wizard.level_up import LevelUpDialog


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def by_name(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def test_typing_a_level_is_refused_xp_says_ready_and_level_up_shows_the_roll(
        qtbot: QtBot, document: CampaignDocument) -> None:
    brannoc = by_name(document, "Brannoc")
    sheet = CharacterSheet(document, brannoc)
    qtbot.addWidget(sheet)
    assert "level" not in sheet.fields  # a label: nothing to type into
    with pytest.raises(Refused, match="Level Up"):
        document.edit_character(brannoc, "level", 5)
    assert document.character(brannoc).prof == 1 and document.undo_stack.count() == 0

    assert sheet.labels["ready"].text() == "36 XP to 2nd (at 50, R32)"
    xp = sheet.fields["xp"]
    xp.setFocus()
    xp.selectAll()
    qtbot.keyClicks(xp, "50")
    qtbot.keyClick(xp, Qt.Key.Key_Tab)
    assert sheet.labels["ready"].text() == "ready to level up to 2nd (50 XP, R32)"

    dialog = LevelUpDialog(document, brannoc, ScriptedRoller([1]))
    qtbot.addWidget(dialog)
    dialog.show()
    preview = dialog.preview_label.text()  # what it will change, before anything is rolled
    assert "PROF +1 → +1 (R6)" in preview
    assert "Max HP 7 + d10, at least 2 (R5: 1 + CON +1, at most half the die): 9-17" in preview
    steps = document.undo_stack.count()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Next: the die is rolled on a copy of the sheet
    assert dialog.isVisible() and document.undo_stack.count() == steps
    assert "d10 rolled 1 → +2 HP (R5 floor" in dialog.summary_view.text()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Finish: that copy goes on the sheet
    assert not dialog.isVisible()
    assert dialog.summary.startswith(
        "Brannoc Ironhand is level 2: d10 rolled 1 → +2 HP (R5 floor")
    assert "max HP 7 → 9" in dialog.summary
    assert document.undo_stack.undoText() == (
        "Level up Brannoc Ironhand to 2 (d10 rolled 1 → +2 HP (R5 floor: 1 + CON, at most half "
        "the die))")
    assert sheet.labels["level"].text() == "2" and sheet.labels["prof"].text() == "+1"
    assert sheet.labels["ready"].text() == "60 XP to 3rd (at 110, R32)"
    document.undo_stack.undo()
    assert sheet.labels["level"].text() == "1"


@pytest.mark.slow
def test_the_class_is_read_on_the_sheet_and_a_hand_edit_is_refused(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """A class comes from Level Up out of the funnel (R5): Brannoc's sheet shows "Fighter" as a
    label with the core's reason, no combo to pick another, and the document refuses it."""
    brannoc = by_name(document, "Brannoc")
    sheet = CharacterSheet(document, brannoc)
    qtbot.addWidget(sheet)
    sheet.show()
    shown = sheet.labels["class"]
    assert shown.text() == "Fighter"
    assert ("Brannoc Ironhand is a 1st-level Fighter: a class is chosen once, when advancing "
            "from the funnel (R5), with Level Up") in shown.toolTip()
    assert "class" not in [c.accessibleName() for c in sheet.findChildren(QComboBox)]
    assert not shown.focusPolicy() & Qt.FocusPolicy.TabFocus  # Tab never lands on it
    with pytest.raises(Refused, match="Level Up"):
        document.edit_character(brannoc, "class_id", "magic_user")
    assert document.character(brannoc).class_id == "fighter"
    assert document.undo_stack.count() == 0

    zero = next(c for c in document.campaign.characters if c.level == 0)
    funnel = CharacterSheet(document, zero.id)
    qtbot.addWidget(funnel)
    assert funnel.labels["class"].text() == "0-level"
    assert "advancing to 1st level (R5), with Level Up" in funnel.labels["class"].toolTip()
    name = funnel.fields["name"]  # what a 0-level character legitimately has typed stays so
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Mags the Lucky")
    qtbot.keyClick(name, Qt.Key.Key_Tab)
    assert document.character(zero.id).name == "Mags the Lucky"


@pytest.mark.slow
def test_only_casters_learn_spells_and_the_campaigns_own_spell_is_offered(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R8: Brannoc (Fighter) cannot learn; Sister Maud (Cleric, 1 + LVL = 2, R10) forgets Shield
    and learns the campaign's own Cinder Rain from the sheet's combo."""
    brannoc = CharacterSheet(document, by_name(document, "Brannoc"))
    qtbot.addWidget(brannoc)
    assert not brannoc.magic.learn_button.isEnabled()
    assert "R8" in brannoc.magic.learn_button.toolTip()
    assert not brannoc.magic.learn_cantrip_button.isEnabled()
    with pytest.raises(Refused, match="only Clerics and Magic-users"):
        document.edit_character(brannoc.character_id, "spells_known", ["fireball"])

    maud_id = by_name(document, "Sister Maud")
    maud = CharacterSheet(document, maud_id)
    qtbot.addWidget(maud)
    assert maud.magic.spell_combo.findText("Cinder Rain") < 0
    cinder = Spell.model_validate({**shipped_spells()["fireball"].model_dump(),
                                   "id": "cinder_rain", "name": "Cinder Rain"})
    # the toolbox's operation
    document.run("Save spell Cinder Rain", lambda c: upsert(c, cinder), scope=EVERYTHING)
    reasons: list[str] = []
    maud.status.connect(reasons.append)
    combo = maud.magic.spell_combo
    assert combo.findText("Cinder Rain") >= 0 and combo.findText("cinder_rain") < 0
    combo.setCurrentIndex(combo.findText("Cinder Rain"))
    maud.magic.learn_button.click()
    assert reasons[-1] == ("Not learned: Sister Maud already knows 2 spells, the limit of 2 "
                           "(R10)")
    maud.magic.spells.setCurrentRow(1)  # Shield
    assert maud.magic.spells.currentItem().text() == "Shield"
    maud.magic.forget_button.click()
    maud.magic.learn_button.click()
    assert document.character(maud_id).spells_known == ["bless", "cinder_rain"]
    assert [maud.magic.spells.item(i).text() for i in range(2)] == ["Bless", "Cinder Rain"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.character(maud_id).spells_known == ["bless", "shield"]
    document.undo_stack.undo()
    assert maud.magic.spell_combo.findText("Cinder Rain") < 0
