"""The head of the play sheet's first page: the name, class, race, player, XP and occupation,
and the row of big boxes under it (AC, PROF, hit points, Hit Dice, Luck Dice)."""

from __future__ import annotations

from emberkeep.campaign.model import Campaign
from emberkeep.character.advancement import MAX_LEVEL, xp_for_level
from emberkeep.character.catalog import Catalog
from emberkeep.character.luck import MAX_LUCK_DICE
from emberkeep.character.model import Character
from emberkeep.character.occupations import occupation_gives, occupation_table
from emberkeep.character.sheet_numbers import armor_class_parts
from emberkeep.paper.continued import MARGIN
from emberkeep.paper.facts import class_text, occupation_name, race_name, signed
from emberkeep.paper.layout import A4, Page, printable

__all__ = ["draw_header", "draw_stat_row"]

_M = MARGIN
_GAP = 6.0


_NAME_SIZE, _NAME_ONE_LINE = 20.0, 13.0  # a name shrinks this far on one line
_NAME_WRAPPED = 10.0
"""The smallest a wrapped name prints: it goes on over two lines from 13 pt down to this, and
over as many as it takes at this (a name of the model's 200 characters: four). Well above
LEGIBLE: the name is what a player finds their sheet by."""
_LINE_SIZE, _LINE_SMALLEST = 9.5, 8.0  # class, race and player: shrink this far, then wrap
_HEAD_LEAST = 43.0  # the head's rule under a name and line of usual length


def draw_header(page: Page, character: Character, catalog: Catalog, campaign: Campaign,
                top: float, width: float) -> float:
    """The name, class, race and player on the left (wrapped, never cut: a name or player can
    be 200 characters), XP and occupation on the right, and the rule under them; returns the
    rule's y. A usual name and line leave the rule where it always was (``top`` − 43)."""
    room = width - 2 * _M - 150
    size, names = _name_lines(page, character.name, room)
    first = top - 20 if len(names) == 1 else top - 7 - size
    for row, shown in enumerate(names):
        page.text(_M, first - row * size * 1.2, shown, size, bold=True)
    line = f"{class_text(character, catalog)} · {race_name(character, catalog)}"
    if character.player:
        line += f" · Player: {character.player}"
    baseline = first - (len(names) - 1) * size * 1.2 - 16
    size, lines = _wrapped(page, line, room)
    for row, shown in enumerate(lines):
        page.text(_M, baseline - row * size * 1.25, shown, size)
    bottom = min(top - _HEAD_LEAST, baseline - (len(lines) - 1) * size * 1.25 - 7)
    right = width - _M
    page.text(right - 140, top - 12, "XP", 7, bold=True)
    page.fixed("xp", right - 123, top - 12, str(character.xp), 10, align="left")
    if character.level < MAX_LEVEL and character.class_id is not None:
        page.text(right, top - 12, f"next level at {xp_for_level(character.level + 1)}",
                  7, align="right")
    if not character.alive:
        page.text(right, top - 30, "DEAD", 14, bold=True, align="right")
    elif character.occupation:
        page.text(right, top - 21, f"Occupation: {occupation_name(character)}", 7, width=150,
                  align="right")
        # what the occupation gives, as the funnel shows it: its PROF and its item, in the
        # table's words; two lines at most under the name, above the header's rule
        for row, line in enumerate(page.wrap(_occupation_gives(character), 150, 6.5)[:2]):
            page.text(right, top - 29 - 7.5 * row, line, 6.5, width=150, align="right")
    page.rule(_M, bottom, width - _M, 1.2)
    return bottom


def _name_lines(page: Page, name: str, room: float) -> tuple[float, list[str]]:
    """The size the name prints at and its lines: one line from 20 pt down to 13, else two
    lines from 13 down to :data:`_NAME_WRAPPED`, else as many as it takes at that."""
    size = page.size_to_fit(name, room, _NAME_SIZE, bold=True, smallest=_NAME_ONE_LINE)
    if page.width_of(name, size, bold=True) <= room:
        return size, [printable(name)]
    size = _NAME_ONE_LINE
    while size > _NAME_WRAPPED and len(page.wrap(name, room, size, bold=True)) > 2:
        size -= 0.25
    return size, page.wrap(name, room, size, bold=True)


def _wrapped(page: Page, text: str, room: float) -> tuple[float, list[str]]:
    """The class, race and player line: one line from 9.5 pt down to 8, else wrapped at 8 (a
    player written as one unbroken word is broken over lines, every letter kept)."""
    size = page.size_to_fit(text, room, _LINE_SIZE, smallest=_LINE_SMALLEST)
    if page.width_of(text, size) <= room:
        return size, [printable(text)]
    return _LINE_SMALLEST, page.wrap(text, room, _LINE_SMALLEST)


def _occupation_gives(character: Character) -> str:
    """"PROF Medicine; a razor (as a dagger)": the occupation's gifts from its table row, or ""
    for an id the table no longer has (its name prints as written)."""
    if character.occupation is None:
        return ""
    try:
        proficiency, item = occupation_gives(occupation_table().by_id(character.occupation))
    except (KeyError, ValueError):
        return ""
    return f"PROF {proficiency}; {item}"


def draw_stat_row(page: Page, character: Character, catalog: Catalog, top: float) -> float:
    """AC, PROF, hit points, hit dice and Luck Dice, large; returns the row's bottom."""
    h = 60.0
    y = top - h
    x = _M
    widths = (64.0, 56.0, 205.0, 100.0, 0.0)
    widths = (*widths[:4], A4[0] - 2 * _M - sum(widths) - 4 * _GAP)
    ac, prof, hp, hd, luck = widths
    parts = armor_class_parts(character, catalog)
    page.box(x, y, ac, h, "AC")
    page.fixed("ac", x + ac / 2, y + 14, str(parts.total), 24,
               tooltip="AC with the armor's damage, DEX, shield and style")
    x += ac + _GAP
    page.box(x, y, prof, h, "Prof")
    page.fixed("prof", x + prof / 2, y + 14, signed(character.prof), 22)
    x += prof + _GAP
    inner = page.box(x, y, hp, h, "Hit points")
    page.write_on("current_hp", x + 6, y + 18, 80, inner - y - 22, size=20,
                  tooltip="Current HP: write it in")
    page.text(x + 46, y + 7, "current", 6.5, align="center")
    page.text(x + 96, inner - 16, "max", 7, bold=True)
    page.fixed("max_hp", x + 140, inner - 16, str(character.max_hp), 16, align="left")
    page.text(x + 96, y + 20, f"Dead at {signed(character.death_threshold, '−')} HP", 9, bold=True,
              width=hp - 100)
    page.text(x + 96, y + 8, "0 HP or less: dying (R21)", 6.5, width=hp - 100)
    x += hp + _GAP
    page.box(x, y, hd, h, "Hit dice")
    die = ""
    if character.class_id is not None:
        try:
            die = f"d{character.hit_die_at(catalog, character.level)}"
        except Exception:  # an unknown class from a hand-edited file
            die = ""
    if die:
        page.write_on("hit_dice", x + 6, y + 14, 34, 24, size=14, tooltip="Hit Dice left")
        page.text(x + 6, y + 5, "left", 6.5)
        page.text(x + 46, y + 28, "of", 7)
        page.fixed("max_hit_dice", x + 58, y + 27, str(character.max_hit_dice), 12,
                   align="left")
        page.fixed("hit_die", x + 46, y + 14, die, 11, align="left")
    else:
        page.text(x + hd / 2, y + 26, "none at 0-level", 8, align="center")
        page.text(x + hd / 2, y + 14, "(1d4 HP)", 7, align="center")
    x += hd + _GAP
    page.box(x, y, luck, h, "Luck dice")
    size = 18.0
    start = x + (luck - MAX_LUCK_DICE * size - (MAX_LUCK_DICE - 1) * 8) / 2
    page.ticks("luck", start, y + 17, MAX_LUCK_DICE, character.luck.dice, size=size, gap=8,
               circle=True, tooltip="A Luck Die held (d6, R29)")
    page.text(x + luck / 2, y + 6, "d6, added after the roll", 6.5, align="center")
    return y
