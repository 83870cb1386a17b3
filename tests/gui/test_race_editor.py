"""The race editor (the seed's "create your own"): a GM's race made in the toolbox is
offered by name in the new character wizard and on the sheet, shown in the roster, and undone."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import Catalog
from emberkeep.dice import RandomRoller
from gui.roster_model import COLUMNS, RosterModel
from gui.toolbox import Toolbox
from gui.toolbox.race_editor import RaceEditor
from gui.wizard import NewCharacterWizard
from tests.gui.windows import open_campaign_window

RACE_COLUMN = [c.title for c in COLUMNS].index("Race")


@pytest.mark.slow
def test_a_gms_race_is_made_offered_by_name_and_undone(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    toolbox: Toolbox = window.toolbox
    editor = toolbox.open_race_editor()
    assert isinstance(editor, RaceEditor)
    shown = [editor.list.item(r).text() for r in range(editor.list.count())]
    assert "Dwarf  (shipped)" in shown
    editor.list.setCurrentRow(shown.index("Dwarf  (shipped)"))  # +1 CON -1 CHA, EASY checks
    assert editor.adjusted.isChecked() and editor.easy.isChecked()
    assert (editor.plus.currentData(), editor.minus.currentData()) == ("CON", "CHA")
    editor.new_entry()
    editor.name_edit.setText("Gnoll")
    editor.text_edit.setPlainText("+1 STR, -1 INT\nSurvival CHECKs on a trail are EASY")
    editor.plus.setCurrentIndex(editor.plus.findData("STR"))
    editor.minus.setCurrentIndex(editor.minus.findData("INT"))
    editor.easy.setChecked(True)
    editor.skill_pick.setChecked(False)
    for row in range(editor.skills.count()):
        if editor.skills.item(row).text() == "Survival":
            editor.skills.item(row).setCheckState(Qt.CheckState.Checked)
    editor.situation.setText("on a trail")
    assert editor.save(), editor.message.text()
    assert editor.message.text() == "Saved to the campaign: Gnoll."
    [gnoll] = document.campaign.races
    assert (gnoll.id, dict(gnoll.adjustments)) == ("gnoll", {Ability.STR: 1, Ability.INT: -1})
    assert gnoll.easy_check is not None and gnoll.easy_check.situation == "on a trail"

    editor.new_entry()  # R2: +1/-1 with no feature is refused with the core's reason
    editor.name_edit.setText("Blank")
    editor.skill_pick.setChecked(True)
    editor.adjusted.setChecked(True)
    editor.easy.setChecked(True)
    for row in range(editor.skills.count()):  # no skill and no ability ticked
        editor.skills.item(row).setCheckState(Qt.CheckState.Unchecked)
    assert not editor.save() and "EASY check names skills or an ability" in editor.message.text()
    editor.close()

    wizard = NewCharacterWizard(RandomRoller(3), window, catalog=Catalog(document.campaign))
    qtbot.addWidget(wizard)
    race = wizard.race_page
    assert race.race.findText("Gnoll") >= 0 and race.race.findText("gnoll") < 0
    race.race.setCurrentIndex(race.race.findText("Gnoll"))
    assert not race.swap_a.isEnabled() and "Survival" in race.text.text()

    brannoc = next(c for c in document.campaign.characters if c.name.startswith("Brannoc"))
    sheet = window.open_sheet(brannoc.id)
    combo = next(c for c in sheet.findChildren(QComboBox) if c.accessibleName() == "race")
    combo.setCurrentIndex(combo.findText("Gnoll"))
    combo.activated.emit(combo.currentIndex())
    assert document.character(brannoc.id).race == "gnoll"
    roster = RosterModel(document)
    row = document.row_of(brannoc.id)
    assert roster.data(roster.index(row, RACE_COLUMN)) == "Gnoll"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.campaign.races == [] and document.character(brannoc.id).race == "dwarf"
