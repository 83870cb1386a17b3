"""Undo steps a GM can predict: each click is one step, one visit's typing into a field is one.

Merging used to be keyed by ``id()`` of a throwaway copy of the inventory; CPython reuses the
address, so five separate clicks on Add made three undo steps and one Ctrl+Z took several items
away. An edit with no merge key merged with the last edit of the same field, too.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.sheet import CharacterSheet


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def _brannoc(document: CampaignDocument) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith("Brannoc"))


def _carried(document: CampaignDocument, cid: str) -> int:
    return len(list(document.character(cid).inventory.all_gear()))


def test_five_clicks_on_add_are_five_undo_steps(qtbot: QtBot,
                                                document: CampaignDocument) -> None:
    cid = _brannoc(document)
    sheet = CharacterSheet(document, cid)
    qtbot.addWidget(sheet)
    start = _carried(document, cid)
    for _ in range(5):
        qtbot.mouseClick(sheet.gear.add_button, Qt.MouseButton.LeftButton)
    assert _carried(document, cid) == start + 5
    assert document.undo_stack.count() == 5
    document.undo_stack.undo()
    assert _carried(document, cid) == start + 4  # one click back, not several


def test_typing_a_name_is_one_undo_step(qtbot: QtBot, document: CampaignDocument) -> None:
    cid = _brannoc(document)
    sheet = CharacterSheet(document, cid)
    qtbot.addWidget(sheet)
    edit = sheet.fields["name"]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "Brannoc the Bold")
    assert document.character(cid).name == "Brannoc the Bold"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.character(cid).name.startswith("Brannoc Ironhand")


def test_two_edits_without_a_merge_key_are_two_steps(document: CampaignDocument) -> None:
    cid = _brannoc(document)
    document.edit_character(cid, "xp", 10)
    document.edit_character(cid, "xp", 20)
    assert document.undo_stack.count() == 2
