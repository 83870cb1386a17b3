"""R39 on screen: the sheet's knight panel, a Melee Round's tables and the PDF show the knight's
own HP labelled as such, beside the sheet's Furnace HP, which no knight edit changes."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.setup import pc_combatant
from emberkeep.paper.play_sheet import write_play_sheets
from emberkeep.resources import resource_path
from gui.campaign_settings import apply_settings, current_state
from gui.document import CampaignDocument
from gui.encounter.combatants import HP_COLUMN
from gui.encounter.player_view import PlayerModel
from gui.sheet import CharacterSheet
from tests.gui.test_melee_round_gui import open_joust
from tests.gui.windows import open_campaign_window


@pytest.fixture
def document() -> CampaignDocument:
    """The example campaign, its first character at Furnace HP 9/9."""
    campaign = storage.load(resource_path("example_campaign.json"))
    first = campaign.characters[0]
    first.hp = first.max_hp = 9
    return CampaignDocument(campaign)


@pytest.mark.slow
def test_adding_a_knight_profile_keeps_the_furnace_hp_and_starts_at_full_knight_hp(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R39: "Adding ... a knight profile never changes the Furnace HP; a new profile starts at
    full knight HP": a 9/9 character stays 9/9 and its knight is 28/28 (SIZ 15 + CON 13). One
    undo step takes the profile away and leaves 9/9."""
    cid = document.campaign.characters[0].id
    sheet = CharacterSheet(document, cid)
    qtbot.addWidget(sheet)
    panel = sheet.knight
    steps = document.undo_stack.count()
    panel.add_button.click()
    character = document.character(cid)
    assert (character.hp, character.max_hp) == (9, 9)
    assert character.knight == KnightProfile() and character.knight.hp == 28
    assert panel.knight_hp.text() == "Knight HP (Melee Round) 28 / 28"
    assert not panel.full_hp_button.isEnabled()  # unhurt: nothing to heal
    assert document.undo_stack.count() == steps + 1
    document.undo_stack.undo()
    character = document.character(cid)
    assert character.knight is None and (character.hp, character.max_hp) == (9, 9)


@pytest.mark.slow
def test_full_knight_hp_heals_only_the_knight_track_in_one_undo_step(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R39: "Full knight HP" resets the knight's track to SIZ + CON and leaves the Furnace HP;
    removing the profile drops its wounds, and the Furnace HP again stays."""
    cid = document.campaign.characters[0].id
    document.edit_character(cid, "knight", KnightProfile().with_hp(23), label="a joust")
    document.edit_character(cid, "hp", 4, label="a goblin's blow")
    sheet = CharacterSheet(document, cid)
    qtbot.addWidget(sheet)
    panel = sheet.knight
    assert panel.knight_hp.text() == "Knight HP (Melee Round) 23 / 28"
    assert panel.full_hp_button.isEnabled()
    steps = document.undo_stack.count()
    panel.full_hp_button.click()
    character = document.character(cid)
    assert character.knight is not None and character.knight.hp == 28
    assert (character.hp, character.max_hp) == (4, 9)
    assert panel.knight_hp.text() == "Knight HP (Melee Round) 28 / 28"
    assert document.undo_stack.count() == steps + 1
    document.undo_stack.undo()
    assert panel.knight_hp.text() == "Knight HP (Melee Round) 23 / 28"
    panel.remove_button.click()
    character = document.character(cid)
    assert character.knight is None and (character.hp, character.max_hp) == (4, 9)
    assert panel.knight_hp.isHidden()


def test_the_pdf_labels_the_knight_hp_beside_the_furnace_hp(
        qtbot: QtBot, tmp_path: Path, document: CampaignDocument) -> None:
    """R39: the play sheet keeps the Furnace HP under "Hit points" and the knight's own track
    in the Melee Round's block, each with its own box to write the HP now in."""
    character = document.campaign.characters[0]
    character.knight = KnightProfile().with_hp(21)
    path = tmp_path / "knight.pdf"
    write_play_sheets(path, document.campaign, [character])
    reader = PdfReader(path)
    text = " ".join(unicodedata.normalize("NFKC", reader.pages[0].extract_text()).split())
    assert "HIT POINTS" in text and "KNIGHT: THE MELEE ROUND" in text and "Knight HP" in text
    fields = {name: f.get("/V") for name, f in (reader.get_fields() or {}).items()}
    assert fields["c1_max_hp"] == "9" and fields["c1_knight_max_hp"] == "28"
    assert fields["c1_current_hp"] == "" and fields["c1_knight_hp"] == ""


@pytest.mark.slow
def test_a_melee_round_shows_the_knights_hp_labelled_and_the_sheets_stay(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R39: the Melee Round window's combatants table heads its HP column "Knight HP" and shows
    the knights' 28/28; the players' screen says "knight HP"; the sheets keep their Furnace HP."""
    window, ew, ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    document = window.document
    assert document is not None
    model = ew.table.model()
    assert model.headerData(HP_COLUMN, Qt.Orientation.Horizontal) == "Knight HP"
    assert "not the sheets' Furnace HP" in model.headerData(
        HP_COLUMN, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    rows = {model.index(r, 0).data(): model.index(r, HP_COLUMN).data()
            for r in range(model.rowCount())}
    names = [document.character(i).name for i in ids]
    assert [rows[n] for n in names] == ["28/28", "28/28"]
    players = PlayerModel(ew.session)
    knight = next(c for c in ew.enc.combatants.values() if c.character_id == ids[0])
    assert players.health(knight) == "28/28 knight HP"
    # the example's two 1st-level characters keep their own Furnace HP, 7/7 and 5/5
    assert [(document.character(i).hp, document.character(i).max_hp) for i in ids] == [
        (7, 7), (5, 5)]


def test_a_fight_not_begun_follows_the_campaigns_default_resolution_onto_the_knight_track(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R39: a planned fight that takes the campaign's default resolution switches to the
    knights' HP when the GM makes the Melee Round the default, before its first step, and
    back (one undo of the settings change)."""
    campaign = build_example_campaign()
    knight = next(c for c in campaign.characters if c.level == 1)
    knight.knight = KnightProfile().with_hp(20)
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    document = window.document
    assert document is not None
    ew = window.encounter_tools.new_encounter("Ford")
    assert ew is not None and ew.session.record.resolution is None
    ew.session.add_combatants([pc_combatant(document.character(knight.id))], "Add the knight")
    c = next(iter(ew.enc.combatants.values()))
    assert not ew.enc.knight_hp and ew.enc.hp_with_max(c) == (knight.hp, knight.max_hp)
    state = current_state(document.campaign)
    melee = state.settings.model_copy(update={"resolution": Resolution.MELEE_ROUND})
    assert apply_settings(document, state._replace(settings=melee))
    assert ew.enc.knight_hp and ew.enc.hp_with_max(c) == (20, 28)
    header = ew.table.model().headerData(HP_COLUMN, Qt.Orientation.Horizontal)
    assert header == "Knight HP"
    document.undo_stack.undo()
    assert not ew.enc.knight_hp
