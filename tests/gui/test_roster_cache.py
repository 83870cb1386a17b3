"""The roster paints, sorts and filters from each character's cells as computed once, and a
change recomputes the cells of the characters it names, nothing else (bench/
roster_sort_filter.py times it at 500 characters)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import Scope
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui import roster_model
from gui.document import CampaignDocument
from gui.roster_model import COLUMNS, RosterModel, SortRole, StatusRole

HP, STATUS, NAME = ([c.title for c in COLUMNS].index(t) for t in ("HP", "Status", "Name"))


def _campaign(count: int = 30) -> Campaign:
    scores = AbilityScores.from_bases({a: 10 for a in ABILITIES})
    return Campaign(name="Cells", characters=[
        Character(name=f"Hero {n:02}", race="dwarf", hp=1 + n % 5, max_hp=6, scores=scores)
        for n in range(count)])


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the characters whose cells were computed, in order."""
    made: list[str] = []
    real = roster_model._Row.of

    def of(character: Character, catalog: Any) -> Any:
        made.append(character.id)
        return real(character, catalog)

    monkeypatch.setattr(roster_model._Row, "of", staticmethod(of))
    return made


def _shown(qtbot: QtBot, model: RosterModel) -> QTableView:
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(900, 1200)
    view.show()
    qtbot.waitExposed(view)
    _paint(qtbot, view)
    return view


def _paint(qtbot: QtBot, view: QTableView) -> None:
    view.viewport().update()
    qtbot.wait(30)  # the paint the update asked for


def test_each_row_is_computed_once_however_often_it_paints(qtbot: QtBot,
                                                           counted: list[str]) -> None:
    document = CampaignDocument(_campaign())
    model = RosterModel(document)
    view = _shown(qtbot, model)
    assert counted and len(counted) == len(set(counted))
    first = len(counted)
    for _ in range(3):
        _paint(qtbot, view)
    model.sort(HP, Qt.SortOrder.DescendingOrder)
    model.set_filter("hero 1")
    model.set_filter("")
    _paint(qtbot, view)
    assert len(counted) == 30 and first <= 30  # sorting and filtering computed the rest once


def test_an_edit_recomputes_the_edited_character_only_and_undo_puts_it_back(
        qtbot: QtBot, counted: list[str]) -> None:
    document = CampaignDocument(_campaign())
    model = RosterModel(document)
    view = _shown(qtbot, model)
    wren = document.campaign.characters[3]
    assert model.data(model.index(3, HP)) == f"{wren.hp}/6"
    counted.clear()
    document.edit_character(wren.id, "hp", 0)
    _paint(qtbot, view)
    assert counted == [wren.id]
    assert model.data(model.index(3, HP)) == "0/6"
    assert model.data(model.index(3, HP), SortRole) == 0
    assert model.data(model.index(3, STATUS)) == "dying"
    assert model.data(model.index(3, NAME), StatusRole) == "dying"
    assert model.data(model.index(3, HP), Qt.ItemDataRole.ForegroundRole) is not None
    document.undo_stack.undo()
    assert model.data(model.index(3, HP)) == f"{wren.hp}/6"
    assert model.data(model.index(3, STATUS)) == "alive"
    assert model.data(model.index(3, HP), Qt.ItemDataRole.ForegroundRole) is None


def test_a_change_of_the_rules_recomputes_every_row(qtbot: QtBot,
                                                    counted: list[str]) -> None:
    document = CampaignDocument(_campaign(6))
    model = RosterModel(document)
    _shown(qtbot, model)
    counted.clear()

    def cheaper_smithing(campaign: Campaign) -> None:
        campaign.settings = campaign.settings.model_copy(update={"default_room_dc": 14})

    document.run("Set the room DC", cheaper_smithing, scope=Scope.of(fields=("settings",)))
    for row in range(6):
        model.data(model.index(row, HP))
    assert sorted(counted) == sorted(c.id for c in document.campaign.characters)


def test_a_removed_and_restored_character_shows_its_own_cells(qtbot: QtBot) -> None:
    document = CampaignDocument(_campaign(4))
    model = RosterModel(document)
    _shown(qtbot, model)
    gone = document.campaign.characters[1]
    document.remove_characters([gone.id])
    assert model.rowCount() == 3
    assert all(model.data(model.index(r, NAME)) != gone.name for r in range(3))
    document.undo_stack.undo()
    assert model.data(model.index(1, NAME)) == gone.name
