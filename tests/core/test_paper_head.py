"""The play sheet's head holds a character's whole name and player: read back with pypdf, every
line where it was drawn (its place, size and font), for names and players as long as the model
allows, and for the example's names, which keep the head where it always was."""

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
from emberkeep.character.model import Character
from emberkeep.paper.continued import MARGIN
from emberkeep.paper.layout import A4, BOLD, LEGIBLE, REGULAR, measuring_page, string_width
from emberkeep.paper.play_sheet import write_play_sheets
from emberkeep.paper.play_sheet_head import draw_header
from emberkeep.resources import resource_path
from emberkeep.text_fields import NAME_LENGTH

_STAT_ROW = ("AC", "PROF", "HIT POINTS", "HIT DICE", "LUCK DICE")  # the boxes under the head
_LONG_NAME = ("Fenwick-Harrowgate of the Drowned Abbey " * 6)[:NAME_LENGTH].strip()
_LONG_PLAYER = ("Konstantinopoulou" * 12)[:NAME_LENGTH]  # one unbroken word


@dataclass(frozen=True)
class Run:
    """A piece of text as the PDF draws it: its baseline's start, size and whether bold."""

    text: str
    x: float
    y: float
    size: float
    bold: bool

    @property
    def right(self) -> float:
        return self.x + string_width(self.text, BOLD if self.bold else REGULAR, self.size)


def runs(path: Path) -> list[list[Run]]:
    pages = []
    for page in PdfReader(path).pages:
        found: list[Run] = []

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float,
                  found: list[Run] = found) -> None:
            if text.strip():
                bold = "Bold" in str((font or {}).get("/BaseFont", ""))
                found.append(Run(text.strip(), float(tm[4]), float(tm[5]), float(size), bold))

        page.extract_text(visitor_text=visit)
        pages.append(found)
    return pages


def squashed(text: str) -> str:
    """``text`` without its spaces: a word broken over two lines reads back whole."""
    return "".join(text.split())


def fields(path: Path) -> dict[str, list[float]]:
    """Each form field's rectangle on the first page, by name."""
    page = PdfReader(path).pages[0]
    return {str(a.get_object()["/T"]): [float(v) for v in a.get_object()["/Rect"]]
            for a in page.get("/Annots") or []}


@pytest.fixture
def campaign() -> Campaign:
    return storage.load(resource_path("example_campaign.json"))


def head_of(page: list[Run]) -> list[Run]:
    """The runs of the head's left part (name, class, race, player), top to bottom: above
    the stat row's titles and left of the XP."""
    row = max(r.y for r in page if r.text in _STAT_ROW)
    return sorted((r for r in page if r.y > row and r.x < A4[0] / 2), key=lambda r: -r.y)


@pytest.mark.parametrize("model", ["Brannoc Ironhand", "Ysolde the Grey",
                                   "Old Mag the Beekeeper"])
def test_a_name_and_player_of_the_models_length_print_whole_and_legibly(
        tmp_path: Path, campaign: Campaign, model: str) -> None:
    """A fighter, a caster (the magic block) and a 0-level with an occupation beside the
    name: the whole name and player print, every letter, over lines; the sheet under them
    still fits its page."""
    character = next(c for c in campaign.characters if c.name == model)
    long = character.model_copy(update={"name": _LONG_NAME, "player": _LONG_PLAYER})
    path = tmp_path / "sheet.pdf"
    write_play_sheets(path, campaign, [long])
    drawn = runs(path)
    head = head_of(drawn[0])
    name = [r for r in head if r.bold]
    assert squashed(" ".join(r.text for r in name)) == squashed(_LONG_NAME)  # was cut at 46
    assert len(name) >= 2 and min(r.size for r in name) >= 10
    rest = squashed(" ".join(r.text for r in head if not r.bold))
    assert rest.endswith(f"Player:{_LONG_PLAYER}")  # the unbroken word broken, not cut
    assert not any(r.text.endswith("…") for r in head)
    for upper, lower in pairwise(head):  # one line under the other, none over another
        assert upper.y - lower.y >= lower.size
    room = A4[0] - 2 * MARGIN - 150  # left of the XP and occupation
    assert max(r.right for r in head) <= MARGIN + room + 0.01
    for page in drawn:
        assert min(r.size for r in page) >= LEGIBLE
        assert min(r.x for r in page) >= MARGIN - 0.01
        assert max(r.right for r in page) <= A4[0] - MARGIN + 0.01
        assert min(r.y for r in page) > 0 and max(r.y for r in page) < A4[1] - MARGIN
    for rect in fields(path).values():  # the boxes moved down, none off the page
        assert rect[0] >= MARGIN - 0.01 and rect[2] <= A4[0] - MARGIN + 0.01
        assert rect[1] >= MARGIN - 0.01 and rect[3] <= A4[1] - MARGIN


def test_the_head_grows_and_everything_under_it_moves_down_by_as_much(
        tmp_path: Path, campaign: Campaign) -> None:
    character = campaign.characters[0]
    long = character.model_copy(update={"name": _LONG_NAME, "player": _LONG_PLAYER})
    page, catalog = measuring_page(), Catalog(campaign)
    top = A4[1] - MARGIN
    usual = draw_header(page, character, catalog, campaign, top, A4[0])
    grown = draw_header(page, long, catalog, campaign, top, A4[0])
    assert grown < usual
    write_play_sheets(tmp_path / "usual.pdf", campaign, [character])
    write_play_sheets(tmp_path / "long.pdf", campaign, [long])
    before, after = fields(tmp_path / "usual.pdf"), fields(tmp_path / "long.pdf")
    for box in ("c1_ac", "c1_prof", "c1_current_hp", "c1_max_hp", "c1_luck_1"):
        assert after[box][0] == pytest.approx(before[box][0])
        assert before[box][1] - after[box][1] == pytest.approx(usual - grown)
    head = head_of(runs(tmp_path / "long.pdf")[0])
    assert min(r.y for r in head) > grown  # the head's last line above its rule


def test_the_examples_names_keep_the_head_where_it_was(campaign: Campaign) -> None:
    """A name and line that fit leave the rule at the head's old place: nothing under it
    moves for a usual name."""
    page, catalog = measuring_page(), Catalog(campaign)
    top = A4[1] - MARGIN
    for character in campaign.characters:
        assert draw_header(page, character, catalog, campaign, top, A4[0]) == top - 43


def test_a_name_just_past_a_line_wraps_at_its_smallest_one_line_size(
        tmp_path: Path, campaign: Campaign) -> None:
    name = "Sister Maud of the Seven Bells and the Drowned Abbey of Hollowmere"
    character = campaign.characters[1].model_copy(update={"name": name})
    room = A4[0] - 2 * MARGIN - 150
    assert measuring_page().width_of(name, 13, bold=True) > room  # one line would not do
    path = tmp_path / "maud.pdf"
    write_play_sheets(path, campaign, [character])
    shown = [r for r in head_of(runs(path)[0]) if r.bold]
    assert [r.size for r in shown] == [13, 13]  # two lines, not shrunk below 13
    assert " ".join(r.text for r in shown) == name


def test_a_long_player_alone_shrinks_its_line_before_wrapping(
        tmp_path: Path, campaign: Campaign) -> None:
    """A line a little too wide prints whole, smaller, on one line; the name is untouched."""
    character: Character = campaign.characters[0]
    player = "Adalbert Fairweather-Oakenshield the Younger"
    character = character.model_copy(update={"player": player})
    line = f"Level 1 Fighter (Barbarian) · Dwarf · Player: {player}"
    room, page = A4[0] - 2 * MARGIN - 150, measuring_page()
    assert page.width_of(line, 8) <= room < page.width_of(line, 9.5)
    path = tmp_path / "brannoc.pdf"
    write_play_sheets(path, campaign, [character])
    head = head_of(runs(path)[0])
    drawn = [r for r in head if not r.bold]
    assert len(drawn) == 1 and drawn[0].text.endswith(f"Player: {player}")
    assert 8 <= drawn[0].size < 9.5
    assert [r.text for r in head if r.bold] == [character.name]
