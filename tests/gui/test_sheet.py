"""Character sheets: live derived values, undo with merged typing, refusals at the
field, the sheet's models under qtmodeltester, and opening sheets from the roster."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.roster_model import COLUMNS, RosterModel
from gui.sheet import CharacterSheet
from gui.sheet.models import AttacksModel, InventoryModel, SkillsModel

AC_COLUMN = [c.title for c in COLUMNS].index("AC")


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def by_name(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def type_into(qtbot: QtBot, sheet: CharacterSheet, key: str, text: str) -> None:
    edit = sheet.fields[key]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def test_score_change_updates_modifier_ac_atk_load_and_roster_then_undo(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R1 modifiers, R12 AC (no armor: 10 + DEX), R7/R29 ATK, R14 load limit 10 + STR."""
    ysolde = by_name(document, "Ysolde")
    roster = RosterModel(document)
    sheet = CharacterSheet(document, ysolde)
    qtbot.addWidget(sheet)
    row = document.row_of(ysolde)
    changed: list[tuple[int, int, int, int]] = []
    roster.dataChanged.connect(
        lambda a, b, roles: changed.append((a.row(), a.column(), b.row(), b.column())))
    assert sheet.labels["ac"].text() == "10"
    assert sheet.labels["load"].text() == "5 / 10"  # R34: the class kit never encumbers

    type_into(qtbot, sheet, "DEX_base", "16")
    type_into(qtbot, sheet, "STR_base", "16")

    assert sheet.labels["DEX_mod"].text() == "+2" and sheet.labels["STR_mod"].text() == "+2"
    assert sheet.labels["ac"].text() == "12"
    dagger = sheet.attacks_model.index(0, 1)
    assert sheet.attacks_model.data(dagger) == "+3"  # STR +2 + PROF +1
    assert sheet.labels["load"].text() == "5 / 12"
    assert roster.data(roster.index(row, AC_COLUMN)) == "12"
    # the whole row of that character (AC among its columns), and no other row
    assert set(changed) == {(row, 0, row, roster.columnCount() - 1)}
    # Each field's typing ("1", "16") merged into one step: two steps for two fields.
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert sheet.labels["ac"].text() == "10" and sheet.fields["DEX_base"].text() == "11"
    assert sheet.attacks_model.data(dagger) == "+1"
    assert roster.data(roster.index(row, AC_COLUMN)) == "10"


def test_impossible_values_refused_at_the_field_with_the_reason(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R1: no score above 20; a level is not typed at all. The core keeps the old
    value."""
    brannoc = by_name(document, "Brannoc")
    sheet = CharacterSheet(document, brannoc)
    qtbot.addWidget(sheet)
    reasons: list[str] = []
    sheet.status.connect(reasons.append)
    type_into(qtbot, sheet, "STR_base", "21")
    field = sheet.fields["STR_base"]
    assert field.error is not None and "20" in field.error
    assert "20" in field.toolTip() and reasons and "STR not changed" in reasons[-1]
    field.editingFinished.emit()  # leaving the field: back to the value it had, no step left
    assert field.text() == "15" and field.error is None
    assert document.character(brannoc).scores.STR.base == 15
    assert document.undo_stack.count() == 0
    assert "level" not in sheet.fields and sheet.labels["level"].text() == "1"


def test_sheet_models_pass_qtmodeltester(qtmodeltester: ModelTester,
                                         document: CampaignDocument) -> None:
    brannoc = by_name(document, "Brannoc")
    for model in (SkillsModel(document, brannoc), AttacksModel(document, brannoc),
                  InventoryModel(document, brannoc)):
        qtmodeltester.check(model)


def test_skill_prof_checkbox_and_notches_are_undoable_edits(document: CampaignDocument) -> None:
    """R7: PROF adds to the skill; R17: a notch is -1 damage on the attack row."""
    brannoc = by_name(document, "Brannoc")
    skills, attacks = SkillsModel(document, brannoc), AttacksModel(document, brannoc)
    inventory = InventoryModel(document, brannoc)
    history = [skills.index(r, 0).data() for r in range(skills.rowCount())].index("History")
    assert skills.setData(skills.index(history, 3), Qt.CheckState.Checked.value,
                          Qt.ItemDataRole.CheckStateRole)
    assert skills.index(history, 2).data() == "+1"
    sword = [inventory.index(r, 0).data() for r in range(inventory.rowCount())].index(
        "Arming sword")
    assert attacks.index(0, 2).data() == "1d8+1"
    assert inventory.setData(inventory.index(sword, InventoryModel.DAMAGE), "1")
    assert attacks.index(0, 2).data() == "1d8" and "1 notch" in attacks.index(0, 3).data()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert attacks.index(0, 2).data() == "1d8+1" and skills.index(history, 2).data() == "+0"


def test_names_and_notes_are_plain_text(qtbot: QtBot, document: CampaignDocument) -> None:
    brannoc = by_name(document, "Brannoc")
    document.edit_character(brannoc, "notes", "<b>not bold</b>")
    sheet = CharacterSheet(document, brannoc)
    qtbot.addWidget(sheet)
    assert sheet.notes.notes.toPlainText() == "<b>not bold</b>"
    assert all(label.textFormat() == Qt.TextFormat.PlainText
               for label in sheet.labels.values() if label.text())


@pytest.mark.slow
def test_roster_opens_sheets_as_tabs(qtbot: QtBot, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch,
                                     document: CampaignDocument) -> None:
    """Double-click or Enter (the view's activated signal) opens a sheet; several at once."""
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    from gui.main_window import MainWindow
    from gui.state import AppState

    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.set_document(document)
    assert window.model is not None
    window.roster.activated.emit(window.model.index(0, 0))
    window.roster.activated.emit(window.model.index(1, 0))
    window.roster.activated.emit(window.model.index(0, 0))  # already open: shown, not doubled
    assert [s.character_id for s in window.sheets()] == [
        document.campaign.characters[0].id, document.campaign.characters[1].id]
    assert window.tabs.tabText(1) == document.campaign.characters[0].name
    document.remove_characters([document.campaign.characters[0].id])
    assert len(window.sheets()) == 1
    document.undo_stack.setClean()  # closing asks nothing
