"""The party sheet and the GM screen never drop what a campaign holds: read back with pypdf,
every line where it was drawn (its place and size), for parties of 1 to 40, names as long as
the model allows, conditions, and a GM's own mishap tables longer than a page."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from emberkeep.campaign import storage
from emberkeep.campaign.model import Campaign
from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import CharacterGroup
from emberkeep.character.luck import LuckState
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.magic.spells import shipped_spells
from emberkeep.paper.gm_screen import write_gm_screen
from emberkeep.paper.layout import LEGIBLE, measuring_page
from emberkeep.paper.party_sheet import ROW_MIN, party_pages, write_party_sheet
from emberkeep.resources import resource_path
from emberkeep.text_fields import NAME_LENGTH

_MARGIN = 24.0  # the narrower of the two sheets' margins: no text below it
_NAME_COLUMN = (28.0, 158.0)  # the party sheet's name and player cell, in points
_CLASS_COLUMN = (158.0, 284.0)


@dataclass(frozen=True)
class Run:
    """A piece of text as the PDF draws it: where its baseline starts, and its size."""

    text: str
    x: float
    y: float
    size: float


def runs(path: Path) -> list[list[Run]]:
    """Each page's text runs, in the order drawn."""
    pages = []
    for page in PdfReader(path).pages:
        found: list[Run] = []

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float,
                  found: list[Run] = found) -> None:
            if text.strip():
                found.append(Run(text.strip(), float(tm[4]), float(tm[5]), float(size)))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


def squashed(text: str) -> str:
    """``text`` without its spaces: a word broken over two lines reads back whole."""
    return "".join(text.split())


def column_text(page: list[Run], column: tuple[float, float]) -> str:
    """The text of a column of the party sheet, top to bottom, below its heading."""
    inside = [r for r in page if column[0] <= r.x < column[1] and r.y < 505]
    return " ".join(r.text for r in sorted(inside, key=lambda r: -r.y))


def party_of(count: int, *, long_names: bool = False) -> Campaign:
    campaign = storage.load(resource_path("example_campaign.json"))
    models = campaign.characters
    party = []
    for number in range(1, count + 1):
        model = models[(number - 1) % len(models)]
        name = f"{model.name} {number}"
        player = model.player
        if long_names:  # the model's longest: a name of words, a player's one unbroken word
            name = (f"{number} " + "Fenwick-Harrowgate of the Drowned Abbey " * 6)[
                :NAME_LENGTH].strip()
            player = ("Konstantinopoulou" * 12)[:NAME_LENGTH - 3] + f"{number:03d}"
        party.append(model.model_copy(update={
            "id": f"{number:032x}", "name": name, "player": player,
            "group": CharacterGroup.PARTY, "luck": LuckState(dice=number % 4)}))
    campaign.characters = party
    return campaign


@pytest.mark.parametrize("count, pages", [(1, 1), (6, 1), (12, 1), (24, 1), (40, 2)])
def test_every_member_of_a_party_on_the_page_at_a_legible_size(
        tmp_path: Path, count: int, pages: int) -> None:
    campaign = party_of(count)
    path = tmp_path / "party.pdf"
    assert write_party_sheet(path, campaign) == pages
    drawn = runs(path)
    assert len(drawn) == pages
    names = [r for page in drawn for r in page if _NAME_COLUMN[0] <= r.x < _NAME_COLUMN[1]]
    for character in campaign.characters:  # each name once, at 8 pt or more
        found = [r for r in names if r.text == character.name]
        assert len(found) == 1 and found[0].size >= 8, character.name
    for page in drawn:
        assert min(r.size for r in page) >= LEGIBLE  # players and races were 4.1 pt at 24
        assert min(r.y for r in page) >= _MARGIN  # the 40th had run off the page's foot
    fields = PdfReader(path).get_fields() or {}
    assert f"r{count}_ac" in fields and f"r{count + 1}_ac" not in fields
    laid = party_pages(measuring_page(), campaign.characters, Catalog(campaign))
    assert [len(p.rows) for p in laid] == ([count] if pages == 1 else [20, 20])  # shared
    assert min(row.height for p in laid for row in p.rows) >= ROW_MIN


def test_a_party_over_pages_says_it_continues(tmp_path: Path) -> None:
    path = tmp_path / "party.pdf"
    write_party_sheet(path, party_of(40))
    first, second = ([r.text for r in page] for page in runs(path))
    assert "The party in play" in first and "The party in play, continued" in second
    assert any(t.endswith("· page 2 of 2") for t in second)
    fields = PdfReader(path).get_fields() or {}
    assert "notes" not in fields  # a full page has no room for the notes box


def test_the_longest_names_wrap_whole_and_never_overprint(tmp_path: Path) -> None:
    campaign = party_of(12, long_names=True)
    campaign.characters[0] = campaign.characters[0].model_copy(update={"conditions": [
        CharacterCondition(name="FRIGHTENED", source="Morale, against the Grey Wyrm"),
        CharacterCondition(name="PRONE"),
        CharacterCondition(name="HARD until rest", source="a lingering injury")]})
    path = tmp_path / "party.pdf"
    pages = write_party_sheet(path, campaign)
    drawn = runs(path)
    assert pages == len(drawn) > 1
    names = squashed(" ".join(column_text(page, _NAME_COLUMN) for page in drawn))
    for character in campaign.characters:
        assert len(character.name) >= NAME_LENGTH - 2
        assert squashed(character.name) in names
        assert squashed(character.player) in names  # broken over lines, not cut
    for page in drawn:
        cell = sorted((r for r in page if _NAME_COLUMN[0] <= r.x < _NAME_COLUMN[1]
                       and r.y < 505), key=lambda r: -r.y)
        gaps = [a.y - b.y for a, b in pairwise(cell)]
        assert min(gaps) >= LEGIBLE  # one line under the other, none over another
        assert min(r.y for r in page) >= _MARGIN
        assert not any(r.text.endswith("…") for r in cell)
    held = " ".join(column_text(page, _CLASS_COLUMN) for page in drawn)
    assert ("FRIGHTENED (Morale, against the Grey Wyrm); PRONE; HARD until rest (a lingering "
            "injury)") in held


def _long_mishaps(campaign: Campaign) -> list[tuple[str, ...]]:
    """Three spells of the GM's with their own d6 tables: one of many paragraphs a face."""
    chill = shipped_spells()["chill_touch"]
    text = ("The caster's fingers freeze to the wand and the frost climbs the arm; every "
            "creature NEAR makes a CON SAVE or is HARD on STR checks until rest. ")
    tables = [tuple(f"Face {face} of Glacier: " + text * 30 + f"End of face {face}."
                    for face in range(1, 7)),
              tuple(f"Face {face} of the first Aldric: " + text for face in range(1, 7)),
              tuple(f"Face {face} of the second Aldric: " + text for face in range(1, 7))]
    long_name = "Sir Aldric Fenwick-Harrowgate of the Seven Bells and the Drowned Abbey's Frost"
    for number, (name, faces) in enumerate(zip(
            ["Glacier", long_name + " I", long_name + " II"], tables, strict=True)):
        campaign.spells.append(chill.model_copy(update={
            "id": f"chill_{number}", "name": name, "mishaps": faces}))
    return tables


def test_a_mishap_longer_than_a_column_goes_on_and_every_word_prints(tmp_path: Path) -> None:
    campaign = storage.load(resource_path("example_campaign.json"))
    tables = _long_mishaps(campaign)
    path = tmp_path / "screen.pdf"
    count = write_gm_screen(path, campaign)
    drawn = runs(path)
    assert count == len(drawn) >= 4
    for page in drawn:
        assert min(r.y for r in page) >= _MARGIN  # the long faces had run off the page
        assert min(r.size for r in page) >= LEGIBLE
    # a face resumes under its table's title, continued, and its roll, perhaps under the
    # next page's head: read past those
    text = squashed(" ".join(r.text for page in drawn for r in page if r.y < 560
                             and not r.text.endswith(", CONTINUED") and r.text not in "123456"))
    for faces in tables:
        for face in faces:
            assert squashed(face) in text
    titles = [r.text for page in drawn for r in page if r.text.isupper()]
    assert titles.count("GLACIER MISHAP, CONTINUED") >= 3
    continued = [t for t in titles if "ALDRIC" in t and t.endswith(", CONTINUED")]
    assert continued and all("…" in t for t in continued)  # a long title cut, its end kept
    assert any(t.endswith("II MISHAP, CONTINUED") for t in continued)
    assert squashed(("Sir Aldric Fenwick-Harrowgate of the Seven Bells and the Drowned "
                     "Abbey's Frost II mishap").upper()) in text  # whole at its start


def test_wrap_breaks_a_word_too_long_for_a_line_and_loses_no_letter() -> None:
    page = measuring_page()
    word = "Konstantinopoulou" * 6
    lines = page.wrap(f"Alexandra {word} Thursday", 100, 7)
    assert len(lines) > 3 and squashed("".join(lines)) == f"Alexandra{word}Thursday"
    assert all(page.width_of(line, 7) <= 100 for line in lines)
    cut = page.fit_keeping("The Embers of Hollowmere and the Drowned Abbey", " · page 2 of 3",
                           120, 7)
    assert cut.endswith("Abbey · page 2 of 3") and "…" in cut
    assert page.width_of(cut, 7) <= 120


def test_a_campaign_name_of_the_models_length_heads_the_party_sheet_whole(
        tmp_path: Path) -> None:
    campaign = party_of(4)
    campaign.name = ("The Chronicle of the Drowned Abbey and the Seven Bells, kept on Thursdays "
                     * 3)[:NAME_LENGTH].strip()
    path = tmp_path / "party.pdf"
    write_party_sheet(path, campaign)
    (page,) = runs(path)
    head = " ".join(r.text for r in sorted(page, key=lambda r: -r.y) if r.y > 530 and r.x > 200)
    assert head == campaign.name  # over two lines at 8 pt, none of it cut
    assert min(r.size for r in page) >= LEGIBLE


def test_a_row_longer_than_a_page_is_cut_saying_so_and_the_next_row_follows(
        tmp_path: Path) -> None:
    campaign = party_of(3)
    held = [CharacterCondition(name=f"CURSED {n}", source="the Drowned Abbey's bells " * 6)
            for n in range(1, 81)]
    campaign.characters[1] = campaign.characters[1].model_copy(update={"conditions": held})
    path = tmp_path / "party.pdf"
    assert write_party_sheet(path, campaign) == 3  # the row alone fills the second page
    drawn = runs(path)
    middle = column_text(drawn[1], _CLASS_COLUMN)
    assert "CURSED 1 (the Drowned" in middle and middle.endswith("… and more")
    assert "CURSED 80" not in middle
    for page, character in zip(drawn, campaign.characters, strict=True):
        assert character.name in column_text(page, _NAME_COLUMN)
        assert min(r.y for r in page) >= _MARGIN
