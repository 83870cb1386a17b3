"""The party sheet: the party in play on one landscape page, for the GM's side of the screen.

A row per character: name and player, class, level and race, a box for current HP beside the
maximum and the HP at which the character dies, AC, the six SAVEs, and the numbers a GM reads
without asking for a roll: passive Perception, Insight, Investigation and Stealth
(:data:`~emberkeep.paper.facts.PASSIVE_BASE`), and circles for the Luck Dice; under a small
party, a box for the GM's notes. The rows shrink to keep a large party on the one page.

Field names: ``r<N>_<what>``, N the row (1 for the first), e.g. ``r1_current_hp``, ``r2_ac``.
"""

from __future__ import annotations

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
)
from emberkeep.paper.layout import A4_LANDSCAPE, GREY, Page, write_pages
from emberkeep.paper.play_sheet import signed

__all__ = ["NoParty", "draw_party_sheet", "write_party_sheet"]

_M = 28.0


class NoParty(ValueError):
    """No one is in the party in play: there is nothing to print."""


def write_party_sheet(path: Path | str, campaign: Campaign) -> None:
    """The party in play on one page; :class:`NoParty` when the group is empty, ``OSError``
    when ``path`` cannot be written."""
    party = party_in_play(campaign)
    if not party:
        raise NoParty("no one is in the party in play (the roster's groups)")
    catalog = Catalog(campaign)
    write_pages(path, f"{campaign.name}: the party", A4_LANDSCAPE,
                [lambda page: draw_party_sheet(page, campaign, party, catalog)], [""])


def draw_party_sheet(page: Page, campaign: Campaign, party: list[Character],
                     catalog: Catalog) -> None:
    width, height = A4_LANDSCAPE
    top = height - _M
    page.text(_M, top - 18, "The party in play", 18, bold=True)
    page.text(width - _M, top - 18, campaign.name, 11, align="right", width=380)
    page.rule(_M, top - 26, width - _M, 1.2)
    # columns: (key, heading, x, width)
    cols = _columns(width)
    head_top = top - 34
    head_h = 22.0
    page.canvas.setFillColor(GREY)
    page.canvas.rect(_M, head_top - head_h, width - 2 * _M, head_h, stroke=0, fill=1)
    page.canvas.setFillColor((0, 0, 0))
    for _key, heading, x, w in cols:
        for number, part in enumerate(heading.split("\n")):
            size = page.size_to_fit(part, w - 3, 6.5, bold=True, smallest=5.5)
            page.text(x + w / 2, head_top - 9 - number * 8, part, size, bold=True,
                      align="center", width=w - 2)
    available = head_top - head_h - (_M + 20)
    row_h = max(14.0, min(40.0, available / len(party)))
    scale = row_h / 40.0
    y = head_top - head_h
    for number, character in enumerate(party, start=1):
        y -= row_h
        _row(page, f"r{number}_", character, catalog, cols, y, row_h, max(0.55, scale))
        page.rule(_M, y, width - _M, 0.5)
    page.canvas.setLineWidth(0.9)
    page.canvas.rect(_M, y, width - 2 * _M, head_top - y, stroke=1, fill=0)
    for _key, _heading, x, _w in cols[1:]:
        page.canvas.setLineWidth(0.4)
        page.canvas.line(x, y, x, head_top)
    if y - (_M + 20) >= 50:  # room under a small party: the GM's notes for the session
        inner = page.box(_M, _M + 20, width - 2 * _M, y - 8 - (_M + 20), "Notes")
        page.write_on("notes", _M + 4, _M + 24, width - 2 * _M - 8, inner - (_M + 24) - 3,
                      size=0, multiline=True, tooltip="The GM's notes on the party")
    page.text(_M, _M + 6, f"• PROF in the SAVE.  Passive: {PASSIVE_BASE} + the skill's CHECK "
              "bonus, what the character notices (or hides from) without a roll; compare it "
              "with the ROOM DC or a foe's roll.  Dead at: R22.", 7, width=width - 2 * _M)


def _columns(width: float) -> list[tuple[str, str, float, float]]:
    spec = [("name", "Name\nplayer", 130.0), ("class", "Class, level\nrace", 134.0),
            ("hp", "HP now\nof max", 70.0), ("dead", "Dead\nat", 30.0), ("ac", "AC", 28.0)]
    spec += [(f"save_{a.value.lower()}", f"SAVE\n{a.value}", 28.0) for a in ABILITIES]
    spec += [(f"passive_{s.value}", f"Passive\n{skill_name(s)}", 44.0) for s in PASSIVE_SKILLS]
    spec += [("luck", "Luck\nDice", 0.0)]
    used = sum(w for _k, _h, w in spec)
    spec[-1] = ("luck", "Luck\nDice", width - 2 * _M - used)
    cols, x = [], _M
    for key, heading, w in spec:
        cols.append((key, heading, x, w))
        x += w
    return cols


def _row(page: Page, prefix: str, character: Character, catalog: Catalog,
         cols: list[tuple[str, str, float, float]], y: float, h: float, scale: float) -> None:
    at = {key: (x, w) for key, _heading, x, w in cols}
    mid = y + h / 2
    big, small = 11 * scale, 7.5 * scale
    x, w = at["name"]
    page.text(x + 4, mid + 1, character.name,
              page.size_to_fit(character.name, w - 8, big, bold=True, smallest=big * 0.7),
              bold=True, width=w - 8)
    page.text(x + 4, mid - small - 1, character.player or "", small, width=w - 8)
    x, w = at["class"]
    text = class_text(character, catalog)
    page.text(x + 4, mid + 1, text, page.size_to_fit(text, w - 8, 8.5 * scale, smallest=6.5),
              width=w - 8)
    page.text(x + 4, mid - small - 1, race_name(character, catalog), small, width=w - 8)
    x, w = at["hp"]
    box_h = min(h - 6, 24.0)
    page = Page(page.canvas, prefix)  # this row's fields: r1_current_hp, r1_ac...
    page.write_on("current_hp", x + 4, mid - box_h / 2, 38, box_h, size=min(12, box_h - 6),
                  tooltip=f"{character.name}: current HP")
    page.text(x + 46, mid - 3, "of", 6.5 * scale)
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
