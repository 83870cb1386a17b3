"""A document dropped with undo steps on its stack: its history goes first, while everything the
steps refer to is alive, and collecting it afterwards frees nothing twice (PySide had crashed in
~QUndoStack when a collection tore the stack down, see CampaignDocument.drop_history)."""

from __future__ import annotations

import gc

from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from gui.document import CampaignDocument, drop_all_histories


def _edited() -> CampaignDocument:
    document = CampaignDocument(build_example_campaign())
    first = document.campaign.characters[0]
    document.edit_character(first.id, "hp", 1)
    document.edit_character(first.id, "xp", first.xp + 5)
    document.undo_stack.undo()
    return document


def test_dropping_the_history_empties_the_stack_and_keeps_the_campaign(qtbot: QtBot) -> None:
    document = _edited()
    campaign = document.campaign.model_copy(deep=True)
    heard: list[int] = []
    document.undo_stack.indexChanged.connect(heard.append)
    document.drop_history()
    assert document.undo_stack.count() == 0
    assert document.campaign == campaign  # nothing undone or redone on the way out
    assert heard == []  # dropped unheard: a window following it may be half gone


def test_documents_dropped_with_steps_are_collected_without_a_crash(qtbot: QtBot) -> None:
    documents = [_edited() for _ in range(5)]
    assert all(d.undo_stack.count() == 2 for d in documents)
    drop_all_histories()
    assert all(d.undo_stack.count() == 0 for d in documents)
    documents.clear()
    gc.collect()
