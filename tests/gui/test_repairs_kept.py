"""The Repairs tab is built once per campaign: closing it keeps it asleep (it follows nothing),
Ctrl+R shows it again read afresh with a new tab's filters, and opening another campaign drops
it. Its Ledger tab is made when first shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.repairs.ledger import damage_by_hand
from gui.main_window import MainWindow
from tests.gui.windows import open_campaign_window


@pytest.fixture
def window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    campaign = build_example_campaign()
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    return window


def _items(window: MainWindow) -> list[str]:
    repairs = window.campaign_tools.repairs
    assert repairs is not None
    return [row[0].item for row in repairs.model.rows]


def _dent_the_shield(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    cleric = next(c for c in document.campaign.characters if c.class_id == "cleric")
    shield = cleric.inventory.shield
    assert shield is not None

    def crit(campaign: Campaign) -> str:
        return damage_by_hand(campaign, cleric.id, shield.uid, "dent")

    document.run("Crit dents the shield", crit, scope=EVERYTHING)


def test_a_closed_tab_sleeps_and_ctrl_r_shows_it_again_as_new(window: MainWindow) -> None:
    repairs = window.campaign_tools.show_repairs()
    repairs.search.setText("zzz")
    repairs.broken.setChecked(True)
    repairs.owner.setCurrentIndex(1)
    repairs.message.setText("Select the gear to repair first.")
    repairs.tabs.setCurrentIndex(1)
    assert repairs.model.rows == []
    window.close_tab(window.tabs.indexOf(repairs))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert shiboken6.isValid(repairs) and repairs.asleep
    assert window.tabs.indexOf(repairs) < 0

    _dent_the_shield(window)  # while closed: nothing read
    assert repairs.model.all_rows and "Shield" not in [r[0].item for r in repairs.model.all_rows]

    window.trigger("campaign.repairs")
    assert window.campaign_tools.repairs is repairs and not repairs.asleep
    assert window.tabs.currentWidget() is repairs
    assert _items(window) == ["Scale mail", "Shield"]  # read again, no filter left
    assert (repairs.search.text(), repairs.broken.isChecked(), repairs.owner.currentIndex(),
            repairs.payer.currentIndex(), repairs.message.text(), repairs.tabs.currentIndex()) \
        == ("", False, 0, 0, "", 0)
    assert repairs.empty.isHidden() and not repairs.table.isHidden()

    _dent_the_shield(window)  # awake: followed at once
    assert repairs.model.rows[1][0].condition == "broken (2 points)"


def test_another_campaign_drops_the_kept_tab(window: MainWindow, tmp_path: Path) -> None:
    repairs = window.campaign_tools.show_repairs()
    window.close_tab(window.tabs.indexOf(repairs))
    assert window.document is not None
    window.open_path(tmp_path / "c.json", ask=False)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(repairs)
    again = window.campaign_tools.show_repairs()
    assert again is not repairs and again.document is window.document


def test_the_ledger_tab_is_made_when_first_shown(window: MainWindow) -> None:
    repairs = window.campaign_tools.show_repairs()
    assert repairs.ledger_table is None
    repairs.table.selectRow(0)
    assert repairs.repair_selected(None)
    repairs.tabs.setCurrentIndex(1)
    assert repairs.ledger_table is not None and repairs.ledger_totals is not None
    assert repairs.ledger_table.model() is repairs.ledger_model
    assert repairs.ledger_model.rowCount() == 1
    assert repairs.ledger_totals.text().startswith(  # R16: 2 points × 10% of 50 gp
        "Spent in all: 10 gp.  Per character: Brannoc Ironhand 10 gp.")
    assert window.document is not None
    window.document.undo_stack.undo()
    assert repairs.ledger_model.rowCount() == 0
    assert "Per character: —." in repairs.ledger_totals.text()
