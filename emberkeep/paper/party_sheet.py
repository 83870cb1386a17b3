"""The party sheet: the party in play on landscape pages, for the GM's side of the screen.

A row per character: name and player, class, level and race and the conditions the character
holds, a box for current HP beside the maximum and the HP at which the character dies, AC, the
six SAVEs, and the numbers a GM reads without asking for a roll: passive Perception, Insight,
Investigation and Stealth (:data:`~emberkeep.paper.facts.PASSIVE_BASE`), and circles for the
Luck Dice; under a small party, a box for the GM's notes.

The rows shrink to keep a party on one page, but never below :data:`ROW_MIN` nor their words
below :data:`~emberkeep.paper.layout.LEGIBLE`: a larger party goes on over the pages after it,
headed "The party in play, continued". A long name, player or class wraps in its cell and its
row grows to hold it; nothing is cut but a row taller than a page (:func:`party_pages`).

Field names: ``r<N>_<what>``, N the row (1 for the first) counted across the pages, e.g.
``r1_current_hp``, ``r2_ac``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.luck import MAX_LUCK_DICE
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import armor_class_parts, save_lines
from emberkeep.character.skills import skill_name
from emberkeep.paper.facts import (
    PASSIVE_BASE,
    PASSIVE_SKILLS,
    class_text,
    party_in_play,
    passive,
    race_name,
    signed,
)
from emberkeep.paper.layout import (
    A4_LANDSCAPE,
    BOLD,
    GOES_ON,
    GREY,
    LEGIBLE,
    Page,
    measuring_page,
    string_width,
    write_pages,
)

__all__ = ["ROW_MAX", "ROW_MIN", "NoParty", "PartyPage", "conditions_text", "draw_party_page",
           "party_pages", "write_party_sheet"]

_M = 28.0
ROW_MAX = 40.0  # a small party's row: room for a pencilled HP
ROW_MIN = 19.0  # a name and a player at a legible size: 24 rows to a page
_TITLE = "The party in play"
_HEAD_TOP = A4_LANDSCAPE[1] - _M - 34
_HEAD_H = 22.0
_BOTTOM = _M + 20  # above the legend line
_ROOM = _HEAD_TOP - _HEAD_H - _BOTTOM  # for the rows, on every page
_PAD = 1.5  # above and below a cell's lines
_LEAD = 1.1  # a cell's leading, times the size
_CUT = " … and more"


class NoParty(ValueError):
    """No one is in the party in play: there is nothing to print."""


@dataclass(frozen=True)
class _Line:
    text: str
    size: float
    bold: bool = False


@dataclass(frozen=True)
class _Row:
    """One character's row as laid out: its number, height and the lines of its two text
    cells (name and player; class, race and conditions)."""

    number: int
    character: Character
    height: float
    who: tuple[_Line, ...]
    what: tuple[_Line, ...]


@dataclass(frozen=True)
class PartyPage:
    """One page of the party sheet: its rows, and the base height they were laid out at (a
    row holding a long name is taller)."""

    rows: tuple[_Row, ...]
    row_height: float


def conditions_text(character: Character) -> str:
    """The conditions the character holds, each with where it comes from, as the play sheet
    words them: ``FRIGHTENED (Morale); PRONE``."""
    return "; ".join(c.name + (f" ({c.source})" if c.source else "")
                     for c in character.conditions)


def write_party_sheet(path: Path | str, campaign: Campaign) -> int:
    """The party in play, on as many pages as it takes (one for a party of up to 24 with
    names of a usual length); returns the number of pages. :class:`NoParty` when the group is
    empty, ``OSError`` when ``path`` cannot be written."""
    party = party_in_play(campaign)
    if not party:
        raise NoParty("no one is in the party in play (the roster's groups)")
    catalog = Catalog(campaign)
    pages = party_pages(measuring_page(), party, catalog)
    count = len(pages)
    write_pages(path, f"{campaign.name}: the party", A4_LANDSCAPE,
                [partial(draw_party_page, campaign=campaign, catalog=catalog, laid=laid,
                         number=number, count=count)
                 for number, laid in enumerate(pages, start=1)], [""] * count)
    return count


# -- laying the rows out -----------------------------------------------------------------------

def _sizes(base: float) -> tuple[float, float, float]:
    """The name's, the class's and the small lines' sizes in a row ``base`` high: a small
    party's are larger, and none goes below a legible size."""
    scale = base / ROW_MAX
    return max(8.0, 11 * scale), max(7.0, 8.5 * scale), max(LEGIBLE + 0.5, 7.5 * scale)


def _cells(page: Page, character: Character, catalog: Catalog, base: float,
           widths: tuple[float, float]) -> tuple[tuple[_Line, ...], tuple[_Line, ...]]:
    big, middle, small = _sizes(base)
    name_w, class_w = widths
    name = character.name
    name_size = page.size_to_fit(name, name_w, big, bold=True, smallest=8.0)
    who = [_Line(t, name_size, True) for t in page.wrap(name, name_w, name_size, bold=True)]
    if character.player:
        who += [_Line(t, small) for t in page.wrap(character.player, name_w, small)]
    kind = class_text(character, catalog)
    kind_size = page.size_to_fit(kind, class_w, middle, smallest=7.0)
    what = [_Line(t, kind_size) for t in page.wrap(kind, class_w, kind_size)]
    what += [_Line(t, small) for t in page.wrap(race_name(character, catalog), class_w, small)]
    held = conditions_text(character)
    if held:
        what += [_Line(t, small, True) for t in page.wrap(held, class_w, small, bold=True)]
    return tuple(who), tuple(what)


def _height(lines: Sequence[_Line]) -> float:
    return sum(line.size * _LEAD for line in lines) + 2 * _PAD


def _cut(lines: tuple[_Line, ...], page: Page, width: float) -> tuple[_Line, ...]:
    """A cell's lines cut to a page's room, the last kept saying so (only a row whose
    conditions alone are longer than a page comes to this: scores of them)."""
    kept = list(lines)
    while kept and _height(kept) > _ROOM:
        kept.pop()
    if kept and len(kept) < len(lines):
        last = kept[-1]
        room = width - page.width_of(_CUT, last.size, last.bold)
        shown = page.fit(last.text, room, last.size, last.bold).removesuffix("…") + _CUT
        kept[-1] = _Line(shown, last.size, last.bold)
    return tuple(kept)


def _lay(page: Page, party: Sequence[tuple[int, Character]], catalog: Catalog,
         base: float) -> list[_Row]:
    at = {key: w for key, _heading, _x, w in _columns()}
    widths = (at["name"] - 8, at["class"] - 8)
    rows = []
    for number, character in party:
        who, what = _cells(page, character, catalog, base, widths)
        who, what = _cut(who, page, widths[0]), _cut(what, page, widths[1])
        rows.append(_Row(number, character, max(base, _height(who), _height(what)), who, what))
    return rows


def _fits(rows: Sequence[_Row]) -> bool:
    return sum(row.height for row in rows) <= _ROOM + 1e-6


def _roomiest(page: Page, party: Sequence[tuple[int, Character]],
              catalog: Catalog) -> PartyPage | None:
    """These rows on one page at the largest base height (from :data:`ROW_MAX` down to
    :data:`ROW_MIN`, in half points) at which they fit; ``None`` when they do not fit at the
    smallest. A row is no shorter at a larger base (its words are no smaller): halving works."""
    steps = int((ROW_MAX - ROW_MIN) * 2)
    best: PartyPage | None = None
    low, high = 0, steps  # ROW_MIN + step / 2
    while low <= high:
        step = (low + high) // 2
        base = ROW_MIN + step / 2
        rows = _lay(page, party, catalog, base)
        if _fits(rows):
            best = PartyPage(tuple(rows), base)
            low = step + 1
        else:
            high = step - 1
    return best


def party_pages(page: Page, party: Sequence[Character], catalog: Catalog) -> list[PartyPage]:
    """The party's rows on pages: one page when they fit at :data:`ROW_MIN` or more; else as
    few pages as they take at that height, the rows shared evenly between them (a page of 24
    and one of 16 would read as two different sheets), each page's rows as large as fit."""
    numbered = list(enumerate(party, start=1))
    whole = _roomiest(page, numbered, catalog)
    if whole is not None:
        return [whole]
    smallest = _lay(page, numbered, catalog, ROW_MIN)
    count = len(_fill(smallest, len(smallest)))
    while True:  # tall rows may leave a page short of its even share: one more page then
        chunks = _fill(smallest, math.ceil(len(smallest) / count))
        if len(chunks) <= count:
            break
        count += 1
    pages = []
    for chunk in chunks:
        laid = _roomiest(page, [(row.number, row.character) for row in chunk], catalog)
        pages.append(laid or PartyPage(tuple(chunk), ROW_MIN))
    return pages


def _fill(rows: Sequence[_Row], most: int) -> list[list[_Row]]:
    """``rows`` in order on pages of at most ``most`` rows, each page as full as fits."""
    chunks: list[list[_Row]] = [[]]
    for row in rows:
        if chunks[-1] and (len(chunks[-1]) == most or not _fits([*chunks[-1], row])):
            chunks.append([])
        chunks[-1].append(row)
    return chunks


# -- drawing -----------------------------------------------------------------------------------

def draw_party_page(page: Page, *, campaign: Campaign, catalog: Catalog, laid: PartyPage,
                    number: int = 1, count: int = 1) -> None:
    width, height = A4_LANDSCAPE
    top = height - _M
    title = _TITLE if number == 1 else _TITLE + GOES_ON
    drawn = page.text(_M, top - 18, title, 18, bold=True)
    tail = f" · page {number} of {count}" if count > 1 else ""
    room = width - 2 * _M - drawn - 20
    if page.width_of(campaign.name + tail, 11) <= room:
        page.text(width - _M, top - 18, campaign.name + tail, 11, align="right")
    else:  # a long campaign name: smaller, over two lines, the page's number kept
        lines = page.wrap(campaign.name, room, 8)
        lines = [lines[0], page.fit_keeping(" ".join(lines[1:]), tail, room, 8)]
        for place, shown in enumerate(lines):
            page.text(width - _M, top - 10 - place * 9, shown, 8, align="right")
    page.rule(_M, top - 26, width - _M, 1.2)
    cols = _columns()
    page.canvas.setFillColor(GREY)
    page.canvas.rect(_M, _HEAD_TOP - _HEAD_H, width - 2 * _M, _HEAD_H, stroke=0, fill=1)
    page.canvas.setFillColor((0, 0, 0))
    for _key, heading, x, w in cols:
        for line, part in enumerate(heading.split("\n")):
            size = page.size_to_fit(part, w - 3, 6.5, bold=True)
            page.text(x + w / 2, _HEAD_TOP - 9 - line * 8, part, size, bold=True,
                      align="center", width=w - 2)
    y = _HEAD_TOP - _HEAD_H
    big = _sizes(laid.row_height)[0]
    for row in laid.rows:
        y -= row.height
        _row(page, row, catalog, cols, y, big)
        page.rule(_M, y, width - _M, 0.5)
    page.canvas.setLineWidth(0.9)
    page.canvas.rect(_M, y, width - 2 * _M, _HEAD_TOP - y, stroke=1, fill=0)
    for _key, _heading, x, _w in cols[1:]:
        page.canvas.setLineWidth(0.4)
        page.canvas.line(x, y, x, _HEAD_TOP)
    if number == count and y - _BOTTOM >= 50:  # room under a small party: the GM's notes
        inner = page.box(_M, _BOTTOM, width - 2 * _M, y - 8 - _BOTTOM, "Notes")
        page.write_on("notes", _M + 4, _BOTTOM + 4, width - 2 * _M - 8, inner - _BOTTOM - 7,
                      size=0, multiline=True, tooltip="The GM's notes on the party")
    page.text(_M, _M + 6, f"• PROF in the SAVE.  Passive: {PASSIVE_BASE} + the skill's CHECK "
              "bonus, what the character notices (or hides from) without a roll; compare it "
              "with the ROOM DC or a foe's roll.  Dead at: R22.", 7, width=width - 2 * _M)


@cache
def _columns() -> list[tuple[str, str, float, float]]:
    width = A4_LANDSCAPE[0]
    spec = [("name", "Name\nplayer", 130.0), ("class", "Class, level\nrace, conditions", 126.0),
            ("hp", "HP now\nof max", 70.0), ("dead", "Dead\nat", 30.0), ("ac", "AC", 28.0)]
    spec += [(f"save_{a.value.lower()}", f"SAVE\n{a.value}", 28.0) for a in ABILITIES]
    # each passive column as wide as its heading at a legible size ("Investigation")
    spec += [(f"passive_{s.value}", f"Passive\n{skill_name(s)}",
              max(44.0, string_width(skill_name(s), BOLD, 6.5) + 4))
             for s in PASSIVE_SKILLS]
    used = sum(w for _k, _h, w in spec)
    spec += [("luck", "Luck\nDice", width - 2 * _M - used)]
    cols, x = [], _M
    for key, heading, w in spec:
        cols.append((key, heading, x, w))
        x += w
    return cols


def _cell(page: Page, lines: Sequence[_Line], x: float, w: float, mid: float) -> None:
    """A cell's lines centred on the row's middle."""
    cursor = mid + (_height(lines) - 2 * _PAD) / 2
    for line in lines:
        page.text(x, cursor - line.size * 0.88, line.text, line.size, bold=line.bold, width=w)
        cursor -= line.size * _LEAD


def _row(page: Page, row: _Row, catalog: Catalog, cols: list[tuple[str, str, float, float]],
         y: float, big: float) -> None:
    at = {key: (x, w) for key, _heading, x, w in cols}
    character, h = row.character, row.height
    mid = y + h / 2
    small = _sizes(ROW_MIN)[2]
    x, w = at["name"]
    _cell(page, row.who, x + 4, w - 8, mid)
    x, w = at["class"]
    _cell(page, row.what, x + 4, w - 8, mid)
    x, w = at["hp"]
    box_h = min(h - 6, 24.0)
    page = Page(page.canvas, f"r{row.number}_")  # this row's fields: r1_current_hp, r1_ac...
    page.write_on("current_hp", x + 4, mid - box_h / 2, 38, box_h, size=min(12, box_h - 6),
                  tooltip=f"{character.name}: current HP")
    page.text(x + 45, mid - 3, "of", small)
    page.fixed("max_hp", x + 56, mid - 3, str(character.max_hp), big, align="left")
    x, w = at["dead"]
    page.fixed("dead_at", x + w / 2, mid - 3, signed(character.death_threshold), big * 0.9,
               bold=False)
    x, w = at["ac"]
    page.fixed("ac", x + w / 2, mid - 3,
               str(armor_class_parts(character, catalog).total), big)
    for line in save_lines(character, catalog):
        key = f"save_{line.ability.value.lower()}"
        x, w = at[key]
        page.fixed(key, x + w / 2 + 2, mid - 3, signed(line.bonus), big * 0.9, bold=False)
        if line.proficient:
            page.canvas.circle(x + 5, mid + 0.5, 1.8, stroke=0, fill=1)
    for skill in PASSIVE_SKILLS:
        key = f"passive_{skill.value}"
        x, w = at[key]
        page.fixed(key, x + w / 2, mid - 3, str(passive(character, catalog, skill)), big)
    x, w = at["luck"]
    size = min(11.0, h - 8)
    start = x + (w - MAX_LUCK_DICE * size - (MAX_LUCK_DICE - 1) * 3) / 2
    page.ticks("luck", start, mid - size / 2, MAX_LUCK_DICE, character.luck.dice,
               size=size, gap=3, circle=True, tooltip=f"{character.name}: a Luck Die held")
