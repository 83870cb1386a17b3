"""The Repairs window: live rows, repairs that pay and undo, sort and filter."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, new_id
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.repairs.ledger import damage_by_hand
from gui.document import CampaignDocument
from gui.repairs_window import PURSES_SHOWN, RepairsWindow


@pytest.fixture
def document(tmp_path: Path) -> CampaignDocument:
    campaign = build_example_campaign()
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    rogue = next(c for c in campaign.characters if c.class_id == "rogue")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    sword = rogue.inventory.weapons[0]
    sword.notches = 1
    path = tmp_path / "repairs.json"
    saving.save(campaign, path)
    return CampaignDocument.open(path)


@pytest.fixture
def window(document: CampaignDocument, qtbot: QtBot) -> RepairsWindow:
    win = RepairsWindow(document)
    qtbot.addWidget(win)
    return win


def _texts(window: RepairsWindow) -> list[tuple[str, str, str]]:
    m = window.model
    return [(m.data(m.index(r, 0)), m.data(m.index(r, 1)), m.data(m.index(r, 3)))
            for r in range(m.rowCount())]


def _select(window: RepairsWindow, row: int) -> None:
    window.table.selectionModel().select(
        window.model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)


def test_lists_damaged_gear_with_words_and_costs(window: RepairsWindow) -> None:
    assert _texts(window) == [
        ("Brannoc Ironhand", "Scale mail", "AC −2, breaks at 2 more"),
        ("Wren Quickfingers", "Arming sword", "1 notch — standard: breaks at 2 more")]
    assert window.model.data(window.model.index(0, 5)) == "10 gp"  # R16: 2 × 10% of 50 gp
    assert "To repair everything: 11 gp 5 sp" in window.totals.text()


def test_the_totals_name_a_partys_purses_and_count_the_rest(qtbot: QtBot) -> None:
    """A party's purses are all named; of 500 characters' the first PURSES_SHOWN, the rest
    counted (all 500 filled the tab and squeezed the table to two rows)."""
    campaign = build_example_campaign()
    classed = [c for c in campaign.characters if c.class_id is not None]
    small = RepairsWindow(CampaignDocument(campaign.model_copy(deep=True)))
    qtbot.addWidget(small)
    for character in classed:
        assert character.name in small.totals.text()
    assert "more" not in small.totals.text()
    campaign.characters = [classed[n % len(classed)].model_copy(
        update={"id": new_id(), "name": f"Adventurer {n}"}) for n in range(500)]
    big = RepairsWindow(CampaignDocument(campaign))
    qtbot.addWidget(big)
    text = big.totals.text()
    assert [n for n in range(500) if f"Adventurer {n} " in text] == list(range(PURSES_SHOWN))
    assert text.endswith(f" and {500 - PURSES_SHOWN} more")


def test_models_pass_the_model_tester(window: RepairsWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.model)
    qtmodeltester.check(window.ledger_model)


@pytest.mark.slow
def test_a_new_dent_shows_at_once(document: CampaignDocument, window: RepairsWindow) -> None:
    """A gear-damage event anywhere (an encounter's crit) appears without reopening."""
    cleric = next(c for c in document.campaign.characters if c.class_id == "cleric")
    shield = cleric.inventory.shield
    assert shield is not None

    def crit(campaign: Campaign) -> str:
        return damage_by_hand(campaign, cleric.id, shield.uid, "dent")

    document.run("Crit dents the shield", crit, scope=EVERYTHING)
    assert ("Sister Maud", "Shield", "AC −1, breaks at 1 more") in _texts(window)


def test_repair_takes_coins_writes_ledger_and_undo_restores_all(
        document: CampaignDocument, window: RepairsWindow) -> None:
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    purse = fighter.inventory.purse.total_cp
    _select(window, 0)
    assert window.repair_selected(units=1)
    armor = fighter.inventory.worn_armor
    assert armor is not None and armor.damage_points == 1
    assert fighter.inventory.purse.total_cp == purse - 500
    assert window.ledger_model.rowCount() == 1
    assert "mended 1 point of Scale mail" in window.ledger_model.data(
        window.ledger_model.index(0, 1))
    document.undo_stack.undo()
    armor = fighter.inventory.worn_armor
    assert armor is not None and armor.damage_points == 2
    assert fighter.inventory.purse.total_cp == purse
    assert document.campaign.ledger == [] and window.ledger_model.rowCount() == 0


def test_a_short_purse_is_refused_with_its_reason(document: CampaignDocument,
                                                   window: RepairsWindow) -> None:
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    fighter.inventory.purse.gp = fighter.inventory.purse.sp = fighter.inventory.purse.cp = 0
    _select(window, 0)
    count = document.undo_stack.count()
    assert not window.repair_selected(None)
    assert "holds only 0 cp" in window.message.text()
    assert document.undo_stack.count() == count and document.campaign.ledger == []


def test_repair_all_affordable_from_the_party_fund(document: CampaignDocument,
                                                   window: RepairsWindow) -> None:
    window.payer.setCurrentIndex(window.payer.findData("party"))
    fund = document.campaign.party_fund.total_cp
    assert window.repair_all_affordable()
    assert window.model.rowCount() == 0
    assert document.campaign.party_fund.total_cp == fund - 1150


def test_sort_and_filter(window: RepairsWindow) -> None:
    window.model.sort(5, Qt.SortOrder.AscendingOrder)
    assert _texts(window)[0][1] == "Arming sword"
    window.kind.setCurrentIndex(window.kind.findData("armor"))
    assert [t[1] for t in _texts(window)] == ["Scale mail"]
    window.kind.setCurrentIndex(0)
    window.search.setText("wren")
    assert [t[0] for t in _texts(window)] == ["Wren Quickfingers"]
    window.search.setText("")
    window.broken.setChecked(True)
    assert _texts(window) == []


def test_repair_at_the_smith_takes_the_item_away(document: CampaignDocument,
                                                 window: RepairsWindow) -> None:
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    window.at_smith.setChecked(True)
    _select(window, 0)
    assert window.repair_selected(None)
    armor = fighter.inventory.worn_armor
    assert armor is not None and armor.at_smith and armor.damage_points == 2
    assert _texts(window)[0][2] == "AC −2, breaks at 2 more (at the smith)"
    assert len(document.campaign.timeline) == 1
    document.undo_stack.undo()
    armor = fighter.inventory.worn_armor  # undo restores the sheet's gear as it was
    assert armor is not None and not armor.at_smith and document.campaign.timeline == []


def test_models_stay_consistent_through_edits_and_undo(document: CampaignDocument,
                                                       window: RepairsWindow,
                                                       qtmodeltester: ModelTester) -> None:
    """Qt's model tester watches every signal the owner updates emit (no reset for an edit)."""
    qtmodeltester.check(window.model)
    qtmodeltester.check(window.ledger_model)
    resets: list[bool] = []
    window.model.modelReset.connect(lambda: resets.append(True))
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    document.edit_character(fighter.id, "name", "Zed")
    _select(window, 0)
    assert window.repair_selected(None)
    assert window.repair_all_affordable()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert _texts(window)[0][0] == "Brannoc Ironhand" and not resets
