"""One undo command for every campaign change, and views told exactly what changed.

The walk pushes every kind of campaign change the GUI makes; after each, undo must give back the
campaign exactly (model equality with a deep copy taken before) and redo must re-apply it. The
signal spies check that one HP change in a 200-character campaign repaints one roster row (all
its columns) and nothing else, and that one repair touches only its owner's rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QItemSelectionModel
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.changes import Change
from emberkeep.campaign.custom import upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.experience import award_xp
from emberkeep.encounter.setup import pc_combatants
from emberkeep.resources import resource_path
from gui.campaign_settings import apply_settings, check_settings
from gui.casting import LAY_ON_HANDS, CastDialog
from gui.clock import ClockController, TimelineView
from gui.document import CampaignDocument
from gui.encounter.session import EncounterSession
from gui.party_fund import PartyFundDialog, change_party_fund
from gui.repairs_window import RepairsModel, RepairsWindow
from gui.roster_model import COLUMNS, RosterModel
from gui.sheet import CharacterSheet
from gui.wizard.level_up import LevelUpDialog


def _by_name(document: CampaignDocument, name: str) -> Character:
    return next(c for c in document.campaign.characters if c.name.startswith(name))


class Spy:
    """Every signal by which an item model tells its views something changed."""

    KINDS = ("dataChanged", "modelReset", "layoutChanged", "rowsInserted", "rowsRemoved")

    def __init__(self, models: dict[str, QAbstractItemModel]) -> None:
        self.seen: list[tuple[str, str, tuple[Any, ...]]] = []
        for name, model in models.items():
            for kind in self.KINDS:
                getattr(model, kind).connect(
                    lambda *args, n=name, k=kind: self.seen.append((n, k, _plain(k, args))))

    def of(self, kind: str) -> list[tuple[str, str, tuple[Any, ...]]]:
        return [s for s in self.seen if s[1] == kind]


def _plain(kind: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """(top left, bottom right) cells of a dataChanged; (first, last) rows of an insert or
    remove."""
    if kind == "dataChanged":
        return tuple((a.row(), a.column()) for a in args[:2])
    return tuple(args[1:3])


@contextmanager
def exact_undo(document: CampaignDocument, kind: str) -> Iterator[None]:
    """The change inside pushes exactly one step; undo and redo restore both ends exactly."""
    campaign = document.campaign
    before = campaign.model_copy(deep=True)
    count = document.undo_stack.count()
    yield
    after = campaign.model_copy(deep=True)
    assert after != before, f"{kind}: nothing changed"
    assert document.undo_stack.count() == count + 1, f"{kind}: one step on the stack"
    document.undo_stack.undo()
    assert campaign == before, f"{kind}: undo restores the campaign exactly"
    document.undo_stack.redo()
    assert campaign == after, f"{kind}: redo re-applies it"


@pytest.mark.slow
def test_every_command_kind_undoes_exactly_and_redoes(qtbot: QtBot) -> None:
    campaign = storage.load(resource_path("example_campaign.json"))
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    fighter.hp = max(1, fighter.hp - 3)
    campaign.encounters.append(EncounterRecord(name="Barrow"))
    document = CampaignDocument(campaign)
    start = campaign.model_copy(deep=True)
    roster = RosterModel(document)
    repairs = RepairsWindow(document)
    controller = ClockController(document, RandomRoller(5))
    timeline = TimelineView(controller)
    fund = PartyFundDialog(document)
    for widget in (repairs, timeline, fund):
        qtbot.addWidget(widget)
    sheet = CharacterSheet(document, fighter.id)
    qtbot.addWidget(sheet)
    spy = Spy({"roster": roster, "repairs": repairs.model, "ledger": repairs.ledger_model,
               "timeline": timeline.model, "skills": sheet.skills_model,
               "attacks": sheet.attacks_model})

    _character_commands(qtbot, document, fighter)
    _campaign_commands(document, controller, repairs)
    record = campaign.encounters[0]
    session = _encounter_commands(document, record, fighter)

    resets = spy.of("modelReset")
    assert not resets, f"no view resets for a single edit: {resets}"
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert campaign == start
    # the campaign's own entries went too
    assert Catalog(campaign).spell("fireball").name != "Ember storm"
    assert session.enc.state.room_dc == record.room_dc and not session.enc.combatants
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert campaign.name == "Ember Road" and session.enc.state.room_dc == 15


def _character_commands(qtbot: QtBot, document: CampaignDocument, fighter: Character) -> None:
    """Sheet edits (merged keystrokes), add, remove, level up, a cast."""
    with exact_undo(document, "sheet edit, typed in three keystrokes"):
        for text in ("B", "Br", "Bran"):
            document.edit_character(fighter.id, "name", text, merge_key="name")
    count = document.undo_stack.count()
    name = fighter.name
    document.edit_character(fighter.id, "name", name + "x", merge_key="again")
    document.edit_character(fighter.id, "name", name, merge_key="again")
    assert document.undo_stack.count() == count, "typed back to the original: nothing to undo"

    newcomer = Character.model_validate(fighter.model_dump() | {"id": "a" * 32,
                                                               "name": "Newcomer"})
    with exact_undo(document, "add"):
        document.add_character(newcomer)
    with exact_undo(document, "remove"):
        document.remove_characters([newcomer.id, _by_name(document, "Wren").id])

    with exact_undo(document, "level up"):
        dialog = LevelUpDialog(document, fighter.id, ScriptedRoller([1]))
        qtbot.addWidget(dialog)
        dialog.apply()
        assert dialog.error.text() == ""

    maud = _by_name(document, "Sister Maud")
    with exact_undo(document, "cast: Lay on Hands heals another"):
        heal = CastDialog(document, maud.id, ScriptedRoller([5, 5, 5, 5]))
        qtbot.addWidget(heal)
        heal.spell.setCurrentIndex(heal.spell.findData(LAY_ON_HANDS))
        heal.target.setCurrentIndex(heal.target.findData(fighter.id))
        heal.typed.setValue(13)
        assert "heals" in heal.cast()


def _campaign_commands(document: CampaignDocument, controller: ClockController,
                       repairs: RepairsWindow) -> None:
    """The clock, a repair, the fund, the settings and a catalog edit."""
    campaign = document.campaign
    with exact_undo(document, "long rest"):
        controller.advance("long")
    with exact_undo(document, "clock advance"):
        controller.advance("week")

    with exact_undo(document, "repair paid by its owner"):
        repairs.table.selectionModel().select(
            repairs.model.index(0, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        assert repairs.repair_selected(units=1), repairs.message.text()
    with exact_undo(document, "fund"):
        change_party_fund(document, take=False, gp=12, note="barrow silver")

    with exact_undo(document, "settings"):
        data = campaign.settings.model_dump()
        data["default_room_dc"] = 14
        assert apply_settings(document, check_settings(data, "Ember Road", "notes"))

    with exact_undo(document, "toolbox catalog edit"):
        spell = SHIPPED.spell("fireball").model_copy(update={"name": "Ember storm"})
        saved = document.run("Save spell", lambda c: upsert(c, spell), scope=EVERYTHING)
        assert saved.error is None
    assert Catalog(campaign).spell("fireball").name == "Ember storm"


def _encounter_commands(document: CampaignDocument, record: EncounterRecord,
                        fighter: Character) -> EncounterSession:
    """An encounter's setup, a new encounter record and an XP award."""
    session = EncounterSession(document, record, RandomRoller(1), document)
    party = [c for c in document.campaign.characters if c.level >= 1]
    with exact_undo(document, "encounter setup: combatants"):
        session.add_combatants(pc_combatants(party), "Add the party")
    with exact_undo(document, "encounter setup: ROOM DC"):
        session.set_setup("ROOM DC 15", room_dc=15)
    assert session.enc.state.room_dc == 15
    with exact_undo(document, "encounter record"):
        document.run("New encounter", lambda c: c.encounters.append(EncounterRecord(name="Ford")),
                     scope=EVERYTHING)
    with exact_undo(document, "award XP"):
        document.run("Award", lambda c: award_xp(c, [fighter.id], 2), scope=EVERYTHING)
    return session


def test_a_refused_operation_pushes_nothing_and_says_why() -> None:
    document = CampaignDocument(build_example_campaign())
    before = document.campaign.model_copy(deep=True)
    heard: list[Change] = []
    document.campaignChanged.connect(heard.append)

    def refuse(campaign: Campaign) -> None:
        campaign.characters[0].hp = 1
        raise ValueError("the fund holds only 0 cp")

    command = document.run("Pay", refuse, scope=EVERYTHING)
    assert str(command.error) == "the fund holds only 0 cp"
    assert document.undo_stack.count() == 0 and document.campaign == before and not heard


def _crowd(size: int) -> Campaign:
    campaign = build_example_campaign()
    base = list(campaign.characters)
    campaign.characters = [base[n % len(base)].model_copy(
        update={"id": f"{n:032x}", "name": f"{base[n % len(base)].name} {n}"}, deep=True)
        for n in range(size)]
    for character in campaign.characters[::7]:  # damaged gear across many owners
        armor = character.inventory.worn_armor
        if armor is not None:
            armor.damage_points = 1
        for weapon in character.inventory.weapons[:1]:
            weapon.notches = 1
    return campaign


@pytest.fixture
def crowd(qtbot: QtBot) -> tuple[CampaignDocument, dict[str, QAbstractItemModel], Spy]:
    document = CampaignDocument(_crowd(200))
    roster = RosterModel(document)
    repairs = RepairsWindow(document)
    controller = ClockController(document, RandomRoller(1))
    timeline = TimelineView(controller)
    fund = PartyFundDialog(document)
    for widget in (repairs, timeline, fund):
        qtbot.addWidget(widget)
    other = CharacterSheet(document, document.campaign.characters[3].id)
    qtbot.addWidget(other)
    models: dict[str, QAbstractItemModel] = {
        "roster": roster, "repairs": repairs.model, "ledger": repairs.ledger_model,
        "timeline": timeline.model, "other skills": other.skills_model,
        "other attacks": other.attacks_model}
    return document, models, Spy(models)


@pytest.mark.slow
def test_one_hp_change_repaints_one_roster_row_and_no_other_view(
        crowd: tuple[CampaignDocument, dict[str, QAbstractItemModel], Spy]) -> None:
    document, _models, spy = crowd
    target = document.campaign.characters[120]
    heard: list[Change] = []
    document.campaignChanged.connect(heard.append)
    document.edit_character(target.id, "hp", target.hp - 1)
    assert heard == [Change.of_characters({target.id: {"hp"}})]
    assert spy.seen == [("roster", "dataChanged", ((120, 0), (120, len(COLUMNS) - 1)))]
    spy.seen.clear()
    document.undo_stack.undo()
    assert spy.seen == [("roster", "dataChanged", ((120, 0), (120, len(COLUMNS) - 1)))]


def test_a_death_greys_the_whole_row(
        crowd: tuple[CampaignDocument, dict[str, QAbstractItemModel], Spy]) -> None:
    document, models, spy = crowd
    target = document.campaign.characters[5]
    document.edit_character(target.id, "alive", False)
    assert spy.seen == [("roster", "dataChanged", ((5, 0), (5, len(COLUMNS) - 1)))]
    roster = models["roster"]
    from PySide6.QtCore import Qt

    assert roster.data(roster.index(5, 0), Qt.ItemDataRole.ForegroundRole) is not None


def test_one_repair_touches_only_that_owners_rows(
        crowd: tuple[CampaignDocument, dict[str, QAbstractItemModel], Spy]) -> None:
    document, models, spy = crowd
    repairs = models["repairs"]
    assert isinstance(repairs, RepairsModel)
    owner = next(c for c in document.campaign.characters[7:]
                 if c.inventory.worn_armor is not None and c.inventory.worn_armor.damage_points)
    armor = owner.inventory.worn_armor
    assert armor is not None and armor.damage_points == 1
    rows_of_owner = {r for r in range(repairs.rowCount())
                     if repairs.rows[r][0].owner_id == owner.id}
    assert rows_of_owner and repairs.rowCount() > len(rows_of_owner)
    uid = armor.uid

    from emberkeep.repairs.ledger import repair

    def mend(campaign: Campaign) -> object:
        return repair(campaign, owner.id, uid, units=1)

    assert document.run("Repair", mend, scope=EVERYTHING).error is None
    touched = [s for s in spy.seen if s[0] == "repairs"]
    assert [s[1] for s in touched] == ["rowsRemoved"]  # the mended armor's row, nothing else
    first, last = touched[0][2]
    assert {first, last} <= rows_of_owner
    others = {s[0] for s in spy.seen} - {"repairs", "ledger"}
    assert others == {"roster"} and not spy.of("modelReset")
    assert [s[1] for s in spy.seen if s[0] == "ledger"] == ["rowsInserted"]


def test_a_rename_and_a_clock_advance_never_reset_the_repairs_table(
        crowd: tuple[CampaignDocument, dict[str, QAbstractItemModel], Spy]) -> None:
    document, models, spy = crowd
    owner = document.campaign.characters[7]
    repairs = models["repairs"]
    assert isinstance(repairs, RepairsModel)
    mine = sum(1 for r in repairs.rows if r[0].owner_id == owner.id)
    assert mine
    document.edit_character(owner.id, "name", "Zed")
    # its rows repaint and, sorted by owner, move to the end; no other row is told anything
    assert {s[1] for s in spy.seen if s[0] == "repairs"} == {"dataChanged", "layoutChanged"}
    repainted = {s[2] for s in spy.seen if s[0] == "repairs" and s[1] == "dataChanged"}
    assert len(repainted) == mine
    spy.seen.clear()
    ClockController(document, RandomRoller(2)).advance("day")
    assert not [s for s in spy.seen if s[0] == "repairs"] and not spy.of("modelReset")


def test_skills_rows_are_computed_once_per_change(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.sheet import models

    document = CampaignDocument(build_example_campaign())
    character = document.campaign.characters[0]
    from emberkeep.character import sheet_numbers

    calls: list[int] = []

    def counted(character: Character, catalog: Catalog) -> Any:
        calls.append(1)
        return sheet_numbers.skill_lines(character, catalog)

    monkeypatch.setattr(models, "skill_lines", counted)
    skills = models.SkillsModel(document, character.id)
    for row in range(skills.rowCount()):
        for column in range(skills.columnCount()):
            skills.data(skills.index(row, column))
    assert len(calls) == 1
    scores = character.scores.model_copy(deep=True)
    scores.STR.base = 3 if scores.STR.base != 3 else 4
    assert document.edit_character(character.id, "scores", scores)
    for row in range(skills.rowCount()):
        skills.data(skills.index(row, 2))
    assert len(calls) == 2
