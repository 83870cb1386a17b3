"""The GM screen, read back with pypdf: every row of every shipped table it prints, from the
loaders the engine rolls on (an edited table prints as edited), on two landscape pages."""

from __future__ import annotations

import json
import shutil
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from pypdf import PdfReader

from emberkeep import resources
from emberkeep.campaign import storage
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.advancement import MAX_LEVEL
from emberkeep.character.reaction import reaction_table
from emberkeep.dice import ScriptedRoller
from emberkeep.magic.lay_on_hands import load_lay_on_hands_table
from emberkeep.magic.mishaps import MISHAP_TABLES, load_mishap_table
from emberkeep.magic.spellcheck import load_spellcheck_table
from emberkeep.paper.gm_screen import write_gm_screen
from emberkeep.tables import combat
from emberkeep.tables.base import RollTable

_CACHED = (combat.crit_table, combat.fumble_table, combat.injuries_table,
           combat.lingering_injuries_table, combat._crit_dice, combat._fumble_dice,
           load_spellcheck_table, load_lay_on_hands_table, load_mishap_table, reaction_table)


def words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def screen_text(path: Path) -> str:
    return words(" ".join(page.extract_text() for page in PdfReader(path).pages))


def shipped_tables() -> list[RollTable[Any]]:
    tables: list[RollTable[Any]] = [combat.crit_table(k) for k in get_args(combat.CritKind)]
    tables += [combat.fumble_table(), combat.injuries_table(),
               combat.lingering_injuries_table(), load_spellcheck_table(),
               load_lay_on_hands_table(), reaction_table()]
    tables += [load_mishap_table(t) for t in MISHAP_TABLES]
    return tables


@pytest.fixture
def campaign() -> Campaign:
    return storage.load(resources.resource_path("example_campaign.json"))


@pytest.fixture
def fresh_tables() -> Iterator[None]:
    for loader in _CACHED:
        loader.cache_clear()
    yield
    for loader in _CACHED:
        loader.cache_clear()


def test_every_row_of_every_shipped_table_on_two_landscape_pages(
        tmp_path: Path, campaign: Campaign) -> None:
    path = tmp_path / "screen.pdf"
    assert write_gm_screen(path, campaign) == 2
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert box.width > box.height  # landscape
    text = screen_text(path)
    for table in shipped_tables():
        for row in table.rows:
            assert f"{row.label} {words(row.text)}" in text or (
                row.label in text and words(row.text) in text), (table.id, row.label)
    for level in range(MAX_LEVEL + 1):
        assert f"Level {level} {combat.crit_die(level)}" in text
    for weight in get_args(combat.ArmorWeight):
        assert combat.fumble_die(weight) in text
    assert "HARD DC +3" in text and "EASY DC -3" in text
    assert "ROF 2 segments 1, 6" in text and "ROF 3 segments 1, 4, 7" in text
    assert "Melee Round" not in text  # the example plays Furnace's blows


def test_an_edited_table_prints_as_the_engine_rolls_it(
        tmp_path: Path, campaign: Campaign, monkeypatch: pytest.MonkeyPatch,
        fresh_tables: None) -> None:
    edited = tmp_path / "resources"
    shutil.copytree(resources.resource_dir(), edited)
    fumble = json.loads((edited / "tables" / "fumble.json").read_text(encoding="utf-8"))
    fumble["rows"][1]["text"] = "The GM's own fumble: drop everything and dance"
    (edited / "tables" / "fumble.json").write_text(json.dumps(fumble), encoding="utf-8")
    monkeypatch.setattr(resources, "resource_dir", lambda: edited)
    low = fumble["rows"][1]["low"]
    _, row = combat.roll_fumble("none", ScriptedRoller([low]))  # the engine's roll
    assert row.text == "The GM's own fumble: drop everything and dance"
    path = tmp_path / "screen.pdf"
    write_gm_screen(path, campaign)
    text = screen_text(path)
    assert "The GM's own fumble: drop everything and dance" in text


def test_the_melee_round_prints_when_the_campaign_plays_it(tmp_path: Path,
                                                           campaign: Campaign) -> None:
    campaign.settings.resolution = Resolution.MELEE_ROUND
    path = tmp_path / "screen.pdf"
    write_gm_screen(path, campaign)
    text = screen_text(path)
    assert "THE MELEE ROUND: MODIFIERS" in text and "lance charge" in text


def test_a_spells_own_mishap_table_prints_as_the_gm_wrote_it(tmp_path: Path,
                                                             campaign: Campaign) -> None:
    """The campaign's own table: a spell's d6 mishaps, written by the spell editor."""
    from emberkeep.magic.spells import shipped_spells

    chill = shipped_spells()["chill_touch"]
    faces = tuple(f"Frost face {n}: the caster's fingers freeze to the wand" for n in range(1, 7))
    campaign.spells.append(chill.model_copy(update={"mishaps": faces}))
    path = tmp_path / "screen.pdf"
    write_gm_screen(path, campaign)
    text = screen_text(path)
    assert f"{chill.name.upper()} MISHAP" in text
    for face, line in enumerate(faces, start=1):
        assert f"{face} {line}" in text


def test_the_segment_modifiers_count_a_shield_apart_from_the_armor(campaign: Campaign) -> None:
    """R41: a shield's +1 adds to the armor's, light armor's +1 included (light armor and a
    shield +2), as the engine's segment roll counts them."""
    from emberkeep.paper.gm_screen import gm_screen_blocks

    block = next(b for b in gm_screen_blocks(campaign) if b.title == "WDD segment initiative")
    rows = {what: roll for roll, what in block.rows}
    assert rows["a shield, added to the armor's (R41)"] == "+1"
    assert rows["light armor"] == "+1"
    assert rows["medium armor"] == "+2" and rows["heavy armor"] == "+3"
    assert not any("once" in what for what in rows)
