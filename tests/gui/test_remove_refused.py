"""Removing a PC a kept encounter names is refused with the reason, and nothing is removed."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from tests.gui.windows import open_campaign_window

GOLDEN = Path(__file__).parents[1] / "files" / "campaign_v3.json"


def test_the_roster_says_why_a_fighter_cannot_be_removed(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = storage.load(GOLDEN)
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    document = window.document
    assert document is not None and window.model is not None
    fighter_id = str(campaign.encounters[0].combatants[0]["character_id"])
    shown: list[str] = []
    monkeypatch.setattr("gui.dialogs.show_error",
                        lambda parent, title, text: shown.append(f"{title}: {text}"))
    window.roster.selectRow(document.row_of(fighter_id))  # the roster unsorted: file order
    assert window.selected_character_ids() == [fighter_id]
    count = len(document.campaign.characters)
    window.remove_selected_characters()
    (said,) = shown
    assert said.startswith("Cannot remove: ") and "delete those encounters first" in said
    assert len(document.campaign.characters) == count and document.undo_stack.count() == 0
