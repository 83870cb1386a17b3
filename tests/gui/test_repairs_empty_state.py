"""The Repairs tab with nothing damaged says so and offers no action; each action is enabled
only with something to act on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.repairs.ledger import damage_by_hand
from gui.document import CampaignDocument
from gui.repairs_window import RepairsWindow


def _window(tmp_path: Path, qtbot: QtBot) -> tuple[CampaignDocument, RepairsWindow]:
    path = tmp_path / "whole.json"
    saving.save(build_example_campaign(), path)
    document = CampaignDocument.open(path)
    window = RepairsWindow(document)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return document, window


def _actions(window: RepairsWindow) -> dict[str, bool]:
    return {b.text(): b.isEnabled() for b in (window.repair_button, window.one_button,
                                               window.all_button, window.pick_button)}


@pytest.mark.slow
def test_nothing_damaged_says_so_with_every_action_off(tmp_path: Path, qtbot: QtBot) -> None:
    _document, window = _window(tmp_path, qtbot)
    assert window.model.rowCount() == 0
    assert window.empty.isVisible() and not window.table.isVisible()
    assert window.empty.text() == ("Nothing is damaged: every weapon, armor and shield in the "
                                   "party is whole.")
    assert not any(_actions(window).values())
    assert not window.payer.isEnabled() and not window.at_smith.isEnabled()


def test_actions_follow_the_rows_and_the_selection(tmp_path: Path, qtbot: QtBot) -> None:
    document, window = _window(tmp_path, qtbot)
    cleric = next(c for c in document.campaign.characters if c.class_id == "cleric")
    shield = cleric.inventory.shields[0]

    def crit(campaign: Campaign) -> str:
        return damage_by_hand(campaign, cleric.id, shield.uid, "dent")

    document.run("Crit dents the shield", crit, scope=EVERYTHING)
    assert window.table.isVisible() and not window.empty.isVisible()
    assert _actions(window) == {"&Repair selected": False, "Repair one po&int/notch": False,
                                "Repair all &affordable": True, "&Pick up": False}
    window.table.selectionModel().select(
        window.model.index(0, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
    assert _actions(window) == {"&Repair selected": True, "Repair one po&int/notch": True,
                                "Repair all &affordable": True, "&Pick up": False}
    window.search.setText("no such thing")
    assert window.empty.isVisible() and window.empty.text() == (
        "No damaged gear matches the filter.")
    assert not window.repair_button.isEnabled()
    window.search.clear()
    document.undo_stack.undo()  # the dent undone: nothing damaged again
    assert window.empty.isVisible() and not window.all_button.isEnabled()
