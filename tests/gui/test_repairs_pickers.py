"""The Repairs owner and payer pickers are views over the document's one character list: a
refresh inserts no rows into them, and a rename, an addition or a removal shows in both."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QComboBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from emberkeep.campaign.changes import Change
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import new_id
from gui.character_list_model import character_list
from gui.document import CampaignDocument
from gui.repairs_window import RepairsWindow


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(build_example_campaign())


@pytest.fixture
def window(document: CampaignDocument, qtbot: QtBot) -> RepairsWindow:
    win = RepairsWindow(document)
    qtbot.addWidget(win)
    return win


def _names(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def _expected(document: CampaignDocument) -> tuple[list[str], list[str]]:
    names = [c.name for c in document.campaign.characters]
    return ["Everyone", *names], ["Owner's purse", "Party fund", *names]


def test_both_pickers_show_every_character_after_their_fixed_choices(
        window: RepairsWindow, document: CampaignDocument) -> None:
    owners, payers = _expected(document)
    assert _names(window.owner) == owners
    assert _names(window.payer) == payers
    first = document.campaign.characters[0]
    assert window.owner.itemData(1) == first.id
    assert window.payer.itemData(1) == "party" and window.payer.itemData(2) == first.id


def test_a_refresh_inserts_no_rows_into_the_pickers(window: RepairsWindow) -> None:
    inserted: list[tuple[int, int]] = []
    resets: list[str] = []
    for combo in (window.owner, window.payer):
        model = combo.model()
        model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
        model.modelReset.connect(lambda: resets.append("reset"))
    window.refresh()
    window.refresh()
    assert inserted == []
    assert resets == []


def test_windows_on_one_document_share_one_character_list(
        window: RepairsWindow, document: CampaignDocument, qtbot: QtBot) -> None:
    other = RepairsWindow(document)
    qtbot.addWidget(other)
    assert character_list(document) is character_list(document)
    shared = character_list(document)
    assert shared.rowCount() == len(document.campaign.characters)
    assert _names(other.owner) == _names(window.owner)


def test_a_rename_shows_in_both_pickers_and_its_undo_too(
        window: RepairsWindow, document: CampaignDocument) -> None:
    character = document.campaign.characters[1]
    old = character.name
    window.payer.setCurrentIndex(window.payer.findData(character.id))
    document.edit_character(character.id, "name", "Gorm the Mended")
    assert window.owner.itemText(2) == "Gorm the Mended"
    assert window.payer.itemText(3) == "Gorm the Mended"
    assert window.payer.currentData() == character.id  # the choice stays put
    document.undo_stack.undo()
    assert window.owner.itemText(2) == old
    assert window.payer.itemText(3) == old


def test_an_addition_and_a_removal_show_in_both_pickers(
        window: RepairsWindow, document: CampaignDocument,
        qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(character_list(document))  # Qt's own checks, as the rows move
    newcomer = document.campaign.characters[0].model_copy(
        deep=True, update={"id": new_id(), "name": "Ilsa Newcome"})
    document.add_character(newcomer)
    owners, payers = _expected(document)
    assert owners[-1] == "Ilsa Newcome"
    assert _names(window.owner) == owners and _names(window.payer) == payers

    gone = document.campaign.characters[0]
    document.remove_characters([gone.id])
    owners, payers = _expected(document)
    assert gone.name not in owners
    assert _names(window.owner) == owners and _names(window.payer) == payers

    document.undo_stack.undo()  # the removal undone: back in its place
    assert _names(window.owner)[1] == gone.name
    document.undo_stack.undo()  # the addition undone
    assert "Ilsa Newcome" not in _names(window.owner)
    assert _names(window.payer) == _expected(document)[1]


def test_removing_the_chosen_character_goes_back_to_everyone_and_the_owners_purse(
        window: RepairsWindow, document: CampaignDocument) -> None:
    gone = document.campaign.characters[0]
    window.owner.setCurrentIndex(window.owner.findData(gone.id))
    window.payer.setCurrentIndex(window.payer.findData(gone.id))
    document.remove_characters([gone.id])
    assert window.owner.currentIndex() == 0 and window.owner.currentData() is None
    assert window.payer.currentIndex() == 0 and window.payer.currentData() is None
    assert window.model.owner is None  # the filter follows: everyone's gear again


def test_a_funnel_added_in_one_step_shows_in_the_pickers(
        window: RepairsWindow, document: CampaignDocument) -> None:
    template = document.campaign.characters[0]
    funnel = [template.model_copy(deep=True, update={"id": new_id(), "name": f"Peasant {n}"})
              for n in range(3)]
    document.add_characters(funnel, "Add a funnel")
    assert _names(window.owner)[-3:] == ["Peasant 0", "Peasant 1", "Peasant 2"]
    document.undo_stack.undo()
    assert _names(window.payer) == _expected(document)[1]
    assert character_list(document).rowCount(QModelIndex()) == len(document.campaign.characters)


def test_a_list_changed_without_row_signals_is_caught_when_the_change_is_announced(
        window: RepairsWindow, document: CampaignDocument) -> None:
    # the fallback for a step that wrote the whole list at once: the pickers still match
    document.campaign.characters.reverse()
    document.announce(Change(reordered=True))
    assert _names(window.owner) == _expected(document)[0]
    assert _names(window.payer) == _expected(document)[1]
