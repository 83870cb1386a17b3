"""A sheet redraws what a change touches and nothing else (gui/sheet/reads.py).

Each edit is made as the GM makes it (a keystroke in a field, or the document's one write path)
and the signals of the sheet's item models are counted: an HP keystroke refills no combo or
spell list and resets no model; it redraws the HP field and the status (R21) only. A name
redraws the header's name and class line; gear redraws what gear drives (AC, load, the attacks);
a change to another character redraws nothing here; a change of the rules redraws everything.
Whatever a change redraws, the sheet then shows what a sheet redrawn whole shows.
"""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QListWidget, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.changes import Change
from emberkeep.campaign.scope import Scope
from emberkeep.character.catalog import Catalog
from emberkeep.character.giving import give_gear
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import load_and_limit
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.magic.spells import load_spells
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.sheet import CharacterSheet
from gui.sheet.reads import EVERY_FIELD, reading

_SIGNALS = ("modelReset", "rowsInserted", "rowsRemoved", "dataChanged", "layoutChanged")


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def _id(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def _sheet(qtbot: QtBot, document: CampaignDocument, name: str) -> CharacterSheet:
    sheet = CharacterSheet(document, _id(document, name))
    qtbot.addWidget(sheet)
    return sheet


class Signals:
    """Counts each model signal of the sheet's combos, spell lists and table models."""

    def __init__(self, sheet: CharacterSheet) -> None:
        self.seen: Counter[tuple[str, str]] = Counter()
        models: dict[str, QAbstractItemModel] = {
            "skills": sheet.skills_model, "attacks": sheet.attacks_model,
            "inventory": sheet.gear.model}
        for combo in sheet.findChildren(QComboBox):
            models[f"combo {combo.accessibleName()}"] = combo.model()
        for view in sheet.findChildren(QListWidget):
            models[f"list {view.accessibleName()}"] = view.model()
        self.models = models
        for name, model in models.items():
            for signal in _SIGNALS:
                getattr(model, signal).connect(
                    lambda *_, n=name, s=signal: self.seen.update([(n, s)]))

    def of(self, *prefixes: str) -> Counter[tuple[str, str]]:
        return Counter({k: v for k, v in self.seen.items() if k[0].startswith(prefixes)})


def _type(qtbot: QtBot, sheet: CharacterSheet, key: str, text: str) -> None:
    edit = sheet.fields[key]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def test_an_hp_keystroke_redraws_the_hp_and_the_status_only(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """Ysolde (a Magic-user: both spell lists, every combo) at 0 HP is dying (R21)."""
    sheet = _sheet(qtbot, document, "Ysolde")
    signals = Signals(sheet)
    assert {"combo race", "combo spell to learn", "combo gear to add", "list spells known",
            "list cantrips"} <= set(signals.models)
    assert sheet.magic.spells.count() > 0 and sheet.magic.cantrips.count() > 0
    assert sheet.labels["status"].text() == "alive"

    _type(qtbot, sheet, "hp", "0")

    assert document.character(sheet.character_id).hp == 0
    assert sheet.watches.last == ["field hp", "label status"]
    assert sheet.labels["status"].text() == "dying"
    assert not signals.seen  # no refill, no reset, not even a dataChanged


def test_a_name_keystroke_redraws_the_header_s_name_and_class_line(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """The class line's tip quotes the name (a 0-level character has no class yet, R5)."""
    sheet = _sheet(qtbot, document, "Old Mag")
    signals = Signals(sheet)
    edit = sheet.fields["name"]
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, "s")

    assert document.character(sheet.character_id).name == "Old Mag the Beekeepers"
    assert sheet.watches.last == ["field name", "label class"]
    assert sheet.header.isAncestorOf(sheet.fields["name"])
    assert sheet.header.isAncestorOf(sheet.labels["class"])
    assert "Beekeepers" in sheet.labels["class"].toolTip()
    assert not signals.seen


def test_wearing_armor_redraws_ac_load_and_attacks_not_hp_name_or_magic(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R12, R15: AC from the worn armor; R14: its bulk on the load."""
    sheet = _sheet(qtbot, document, "Ysolde")
    signals = Signals(sheet)
    cid = sheet.character_id
    ac_before = sheet.labels["ac"].text()
    inventory = document.character(cid).inventory.model_copy(deep=True)
    (armor, *_), _ = give_gear(inventory, Catalog(document.campaign), "boiled_leather",
                               ScriptedRoller([]))
    inventory.wear(armor.uid)

    document.edit_character(cid, "inventory", inventory, label="gear (wear)")

    character = document.character(cid)
    catalog = Catalog(document.campaign)
    assert sheet.labels["ac"].text() == str(character_armor_class(character, catalog))
    assert sheet.labels["ac"].text() != ac_before
    carried, limit = load_and_limit(character)
    assert sheet.labels["load"].text().startswith(f"{carried} / {limit}")
    assert "Boiled leather" in sheet.labels["ac_parts"].text()
    redrawn = set(sheet.watches.last)
    assert {"label ac", "label load", "label ac_parts", "attacks", "purse worth"} <= redrawn
    assert not redrawn & {"field hp", "field name", "label status", "magic",
                          "spells to learn", "gear to add", "combo race", "notes"}
    assert signals.of("inventory")[("inventory", "modelReset")] == 1  # a row came
    assert not signals.of("combo", "list")


def test_a_change_to_another_character_redraws_nothing_here(
        qtbot: QtBot, document: CampaignDocument) -> None:
    sheet = _sheet(qtbot, document, "Ysolde")
    signals = Signals(sheet)
    brannoc = _id(document, "Brannoc")
    inventory = document.character(brannoc).inventory.model_copy(deep=True)
    inventory.wear(None)
    for field, value in (("hp", 1), ("name", "Brannoc the Bold"), ("inventory", inventory),
                         ("notes", "owes Ysolde a drink")):
        document.edit_character(brannoc, field, value)
        assert sheet.watches.last == [], field
    document.undo_stack.undo()
    assert sheet.watches.last == []
    assert not signals.seen


def test_a_spell_the_campaign_adds_redraws_every_part(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """The catalogs are the rules every number is read with: all parts redraw, and the new
    spell is offered."""
    sheet = _sheet(qtbot, document, "Ysolde")
    shipped = load_spells().spells[0]
    added = shipped.model_copy(update={"id": "moth_swarm", "name": "Moth Swarm"})
    document.run("Add Moth Swarm", lambda c: c.spells.append(added),
                 scope=Scope.of(fields=("spells",)))
    assert sheet.watches.last == [w.name for w in sheet.watches.parts]
    assert sheet.magic.spell_combo.findText("Moth Swarm") >= 0


def test_the_fight_s_conditions_are_announced_as_conditions(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """The fight's line reads the document's record, which the session announces as the
    character's conditions."""
    sheet = _sheet(qtbot, document, "Ysolde")
    cid = sheet.character_id
    assert sheet.labels["fight_conditions"].text() == ""
    document.fight_conditions[cid] = ("Ambush at the mill", ("PRONE",))
    document.campaignChanged.emit(Change.of_characters({cid: {"conditions"}}))
    assert sheet.labels["fight_conditions"].text() == "In the fight “Ambush at the mill”: PRONE"


def test_the_reading_view_notes_what_the_core_reads(document: CampaignDocument) -> None:
    brannoc = document.character(_id(document, "Brannoc"))
    view, reads = reading(brannoc)
    assert character_armor_class(view, Catalog(document.campaign)) == \
        character_armor_class(brannoc, Catalog(document.campaign))
    assert {"inventory", "scores"} <= reads
    assert not reads & {"hp", "name", "notes", "xp"}
    view, reads = reading(brannoc)
    assert view.name == brannoc.name and reads == {"name"}
    view, reads = reading(brannoc)
    view.model_dump()
    assert reads == EVERY_FIELD  # read whole: every field counts


def _shown(sheet: CharacterSheet) -> list[object]:
    """What the sheet shows, widget by widget, in the tree's order."""
    out: list[object] = []
    for widget in sheet.findChildren(QWidget):
        seen = widget.isVisibleTo(sheet)
        if isinstance(widget, QLabel):
            out.append((widget.text(), widget.toolTip(), seen))
        elif isinstance(widget, QLineEdit):
            out.append((widget.text(), seen))
        elif isinstance(widget, QComboBox):
            out.append(([widget.itemText(i) for i in range(widget.count())],
                        widget.currentIndex(), widget.isEnabled(), seen))
        elif isinstance(widget, QListWidget):
            out.append(([widget.item(i).text() for i in range(widget.count())], seen))
        elif isinstance(widget, QCheckBox):
            out.append((widget.text(), widget.isChecked(), seen))
    return out


def _edits(document: CampaignDocument, character: Character) -> list[tuple[str, object]]:
    """Edits a GM makes on a sheet, each a field the sheet shows or derives from."""
    scores = character.scores.model_dump()
    scores["DEX"]["base"] = 17
    scores["STR"]["loss"] = 2
    inventory = character.inventory.model_copy(deep=True)
    give_gear(inventory, Catalog(document.campaign), "shield", ScriptedRoller([]))
    shield = next(g for g in inventory.all_gear() if g.name == "Shield")
    inventory.carry_shield(shield.uid)
    inventory.purse.gp += 12
    return [("hp", 0), ("scores", scores), ("inventory", inventory), ("xp", 5000),
            ("conditions", [{"name": "PRONE"}]), ("luck", {"dice": 1}),
            ("name", f"{character.name} Jr"), ("notes", "limps"),
            ("save_proficiencies", []), ("skill_proficiencies", []),
            ("spells_known", character.spells_known[1:]), ("knight", KnightProfile()),
            ("knight", KnightProfile(SIZ=16, horse_name="Dapple")), ("hp", 1)]


@pytest.mark.parametrize("name", ["Ysolde", "Brannoc", "Sister Maud", "Tobin"])
def test_what_a_change_redraws_is_what_a_whole_redraw_shows(
        qtbot: QtBot, document: CampaignDocument, name: str) -> None:
    """After each edit and each undo, redrawing the whole sheet changes nothing on it."""
    sheet = _sheet(qtbot, document, name)
    cid = sheet.character_id
    for field, value in _edits(document, document.character(cid)):
        document.edit_character(cid, field, value)
        targeted = _shown(sheet)
        sheet.refresh()
        assert _shown(sheet) == targeted, field
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
        targeted = _shown(sheet)
        sheet.refresh()
        assert _shown(sheet) == targeted, document.undo_stack.redoText()
