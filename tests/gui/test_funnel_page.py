"""The wizard's funnel: N per player for the players the GM names (the campaign's players to
start with), each its own race and occupation, the occupation's PROF and item shown, and the
whole funnel added as one undo step."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.settings import CampaignSettings
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.occupations import occupation_gives, occupation_table
from emberkeep.dice import RandomRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.labels import occupation_name
from gui.wizard import NewCharacterWizard
from gui.wizard.funnel import FunnelPage
from gui.wizard.new_character import FUNNEL_PAGE


def _funnel(qtbot: QtBot, players: list[str], per_player: int = 2) -> NewCharacterWizard:
    wizard = NewCharacterWizard(RandomRoller(11), None, CampaignSettings(funnel_size=per_player),
                                catalog=SHIPPED, players=players)
    wizard.confirm_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(wizard)
    wizard.path_page.funnel.setChecked(True)
    wizard.show()
    wizard.next()
    assert wizard.currentId() == FUNNEL_PAGE
    return wizard


def _cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = table.item(row, column)
    assert item is not None
    return item


def _column(page: FunnelPage, title: str) -> int:
    return page.HEADERS.index(title)


def test_the_funnel_makes_n_per_player_named(qtbot: QtBot) -> None:
    wizard = _funnel(qtbot, ["Ada", "Ben"])
    page = wizard.funnel_page
    assert wizard.path_page.count.value() == 2  # the setting: per player
    assert page.players.text() == "Ada, Ben"
    table = page.table
    assert table.rowCount() == 4
    assert [_cell(table, r, page.PLAYER).text() for r in range(4)] == ["Ada", "Ada", "Ben", "Ben"]
    assert page.count_note.text() == "2 each for 2 players: 4 characters"
    page.players.setText("Ada, Ben, Cal")
    page.reroll()
    assert table.rowCount() == 6
    party = wizard.characters()
    assert [c.player for c in party] == ["Ada", "Ada", "Ben", "Ben", "Cal", "Cal"]


def test_each_occupation_shows_its_prof_and_item(qtbot: QtBot) -> None:
    wizard = _funnel(qtbot, ["Ada"], 4)
    page = wizard.funnel_page
    for row, character in enumerate(page.rolled):
        occupation = occupation_table().by_id(character.occupation or "")
        proficiency, item = occupation_gives(occupation)
        assert _cell(page.table, row, _column(page, "Occupation")).text() == occupation.text
        assert _cell(page.table, row, _column(page, "PROF")).text() == proficiency
        assert _cell(page.table, row, _column(page, "Item")).text() == item


def test_each_character_has_its_own_race(qtbot: QtBot) -> None:
    """Every one starts Human (Furnace's default); the GM makes the second a Dwarf from the
    table's Race editor: the same dice with +1 CON and -1 CHA (R2), a typed name kept."""
    wizard = _funnel(qtbot, ["Ada"], 3)
    page = wizard.funnel_page
    table = page.table
    assert {_cell(table, r, page.RACE).text() for r in range(3)} == {"Human"}
    before = page.rolled[1]
    _cell(table, 1, page.NAME).setText("Hob")
    index = table.model().index(1, page.RACE)
    delegate = table.itemDelegateForColumn(page.RACE)
    assert delegate is not None
    editor = delegate.createEditor(table.viewport(), QStyleOptionViewItem(), index)
    assert isinstance(editor, QComboBox)
    delegate.setEditorData(editor, index)
    assert editor.currentData() == "human"
    editor.setCurrentIndex(editor.findData("dwarf"))
    delegate.setModelData(editor, table.model(), index)
    assert _cell(table, 1, page.RACE).text() == "Dwarf"
    rolled_con, rolled_cha = (sum(before.score_rolls[a]) for a in (Ability.CON, Ability.CHA))
    assert _cell(table, 1, _column(page, "CON")).text() == str(min(18, rolled_con + 1))
    assert _cell(table, 1, _column(page, "CHA")).text() == str(max(1, rolled_cha - 1))
    party = wizard.characters()
    assert [c.race for c in party] == ["human", "dwarf", "human"]
    assert party[1].name == "Hob" and party[1].score_rolls == before.score_rolls
    assert party[1].occupation == before.occupation and party[1].max_hp == before.max_hp


def test_the_players_start_as_the_open_campaigns(qtbot: QtBot) -> None:
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    window = QWidget()
    window.document = document  # type: ignore[attr-defined]
    qtbot.addWidget(window)
    wizard = NewCharacterWizard(RandomRoller(2), window, document.campaign.settings,
                                catalog=Catalog(document.campaign))
    assert wizard.players == ["Ada", "Ben", "Cal", "Dee"]
    assert wizard.path_page.count.value() == document.campaign.settings.funnel_size


def test_the_funnel_is_added_as_one_undo_step_and_shows_its_occupation(qtbot: QtBot) -> None:
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    wizard = _funnel(qtbot, ["Ada", "Ben"])
    party = wizard.characters()
    before = len(document.campaign.characters)
    document.add_characters(party, f"Add a funnel of {len(party)}")
    assert len(document.campaign.characters) == before + 4
    added = document.campaign.characters[-1]
    assert added.player == "Ben"
    occupation = occupation_table().by_id(added.occupation or "")
    proficiency, item = occupation_gives(occupation)
    assert occupation_name(added) == f"{occupation.text}: PROF {proficiency}; {item}"
    document.undo_stack.undo()
    assert len(document.campaign.characters) == before
