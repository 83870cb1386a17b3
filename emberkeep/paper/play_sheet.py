"""The play sheet: one A4 page per character, designed to be written on, as a fillable PDF.

What the rules fix is printed (name, class, race, abilities, AC, PROF, ATK and DAM per weapon,
SAVEs, the skills that differ from their bare modifier, load, features, the HP at which the
character dies); what changes at the table is a box: current HP, Hit Dice left, the Luck Dice
(three circles), the spells since the depletion SAVE (a Magic-user's) or the disapproval range (a
Cleric's), a notch box per weapon, the dents of armor and shield, conditions and notes.

Every box is a form field a player fills in any PDF reader and saves, or pencils in on paper.
The printed numbers are read-only fields too, named so a reader (and the tests) can find them.
Boxes to tick start as the campaign stands (the Luck Dice held, notches and dents taken, spells
cast since the SAVE); the current HP and the notes start empty, for pencil, with the maximum
printed beside. A character who casts no spell has no magic block; a knight (R33) has one.

A list too long for the page (weapons, gear, spells, features) ends with a line saying it
continues, and goes on over the pages after it (:mod:`emberkeep.paper.continued`): no row is
ever left off.

Field names: ``c<N>_<what>``, N the character's place in the PDF (1 for the first, on each of
its pages), e.g. ``c1_current_hp``, ``c1_ac``, ``c1_luck_1``, ``c1_weapon1_notch_2``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    caster_kind,
    load_and_limit,
    save_lines,
    skill_lines,
    spellcheck_bonus,
    spells_known_limit,
)
from emberkeep.gear.purse import format_coins
from emberkeep.magic.limits import DEPLETION_EVERY, MAX_DISAPPROVAL
from emberkeep.magic.spells import get_cantrip
from emberkeep.paper.continued import (
    ATTACK_ROW,
    CONTINUES,
    MARGIN,
    TEXT_SIZE,
    Overflow,
    attack_head,
    attack_rows,
    draw_continued,
    draw_features,
    fit_lines,
    leading,
)
from emberkeep.paper.facts import (
    Feature,
    feature_list,
    signed,
)
from emberkeep.paper.layout import A4, Page, measuring_page, write_pages
from emberkeep.paper.play_sheet_head import draw_header, draw_stat_row

__all__ = ["draw_play_sheet", "play_sheet_pages", "signed", "write_play_sheets"]

_M = MARGIN
_GAP = 6.0
_LEFT_W = 170.0


def write_play_sheets(path: Path | str, campaign: Campaign,
                      characters: Sequence[Character]) -> None:
    """Each character's play sheet, in the order given (a page each, and a page more for a
    list that runs over); ``OSError`` if ``path`` cannot be written."""
    catalog = Catalog(campaign)
    pages: list[Callable[[Page], object]] = []
    prefixes: list[str] = []
    for number, character in enumerate(characters, start=1):
        drawn = play_sheet_pages(character, catalog, campaign)
        pages += drawn
        prefixes += [f"c{number}_"] * len(drawn)
    title = characters[0].name if len(characters) == 1 else f"{campaign.name}: play sheets"
    write_pages(path, title, A4, pages, prefixes)


def play_sheet_pages(character: Character, catalog: Catalog,
                     campaign: Campaign) -> list[Callable[[Page], object]]:
    """How to draw each page of one character's play sheet: the sheet, then a page for each
    page's worth of the lists it had no room for. What runs over is found by drawing each page
    once on a page that keeps nothing, so the pages are known before the first is printed."""
    pages: list[Callable[[Page], object]] = [
        partial(draw_play_sheet, character=character, catalog=catalog, campaign=campaign)]
    left = draw_play_sheet(measuring_page(), character, catalog, campaign)
    costs, footer = campaign.settings.repair, _footer(campaign, character)
    while left:
        more = partial(draw_continued, character=character, catalog=catalog, costs=costs,
                       footer=footer, left=left)
        pages.append(more)
        left = more(measuring_page())
    return pages


def _footer(campaign: Campaign, character: Character | None = None) -> str:
    return f"{campaign.name} · Emberkeep play sheet" + (
        f" · {character.name}, continued" if character is not None else "")


def draw_play_sheet(page: Page, character: Character, catalog: Catalog,
                    campaign: Campaign) -> Overflow:
    """The character's first page; returns what its lists had no room for."""
    width, height = A4
    top = height - _M
    head = draw_header(page, character, catalog, campaign, top, width)
    row_bottom = draw_stat_row(page, character, catalog, head - 7)  # a long name moves it down
    column_top = row_bottom - _GAP
    gear = _left_column(page, character, catalog, column_top)
    left = _right_column(page, character, catalog, campaign.settings.repair, column_top,
                         _M + _LEFT_W + _GAP, width - _M)
    page.text(width / 2, _M - 14, _footer(campaign), 6, width=width - 2 * _M, align="center")
    return replace(left, gear=gear)


# -- the left column: abilities, saves, skills, load, gear ------------------------------------

def _left_column(page: Page, character: Character, catalog: Catalog, top: float) -> str:
    """Abilities, saves, skills, load and gear; returns the words of the gear list left over."""
    x, w = _M, _LEFT_W
    row = 20.0
    h = 11 + 6 * row + 4
    y = top - h
    inner = page.box(x, y, w, h, "Abilities")
    yy = inner - row + 4
    for ability in ABILITIES:
        score = character.scores.get(ability)
        page.text(x + 8, yy + 4, ability.value, 10, bold=True)
        page.fixed(f"{ability.value.lower()}_score", x + 60, yy + 3, str(score.effective), 13)
        page.canvas.setLineWidth(0.6)
        page.canvas.roundRect(x + 84, yy - 1, 36, 16, 4, stroke=1, fill=0)
        page.fixed(f"{ability.value.lower()}_mod", x + 102, yy + 3,
                   signed(character.modifier(ability)), 12)
        if score.loss:
            page.text(x + 126, yy + 4, f"−{score.loss} injury", 6.5, width=w - 128)
        yy -= row
    top = y - _GAP
    saves = save_lines(character, catalog)
    row = 12.5
    h = 11 + 3 * row + 8
    y = top - h
    inner = page.box(x, y, w, h, "Saves  (• PROF)")
    for number, line in enumerate(saves):
        cx = x + 6 + (number % 2) * (w / 2)
        cy = inner - 12 - (number // 2) * row
        if line.proficient:
            page.canvas.circle(cx + 3, cy + 3, 2.2, stroke=0, fill=1)
        page.text(cx + 9, cy, line.ability.value, 8.5, bold=True)
        page.fixed(f"save_{line.ability.value.lower()}", cx + 34, cy, signed(line.bonus), 9.5,
                   align="left")
        if line.easy:
            page.text(cx + 58, cy, "EASY", 6.5, bold=True)
    top = y - _GAP
    top = _skills(page, character, catalog, x, w, top)
    return _load_and_gear(page, character, x, w, top)


def _skills(page: Page, character: Character, catalog: Catalog, x: float, w: float,
            top: float) -> float:
    """The skills that differ from their ability's bare modifier (PROF, Expertise, EASY); any
    other skill is its ability modifier, said once."""
    lines = [s for s in skill_lines(character, catalog)
             if s.proficient or s.expertise or s.easy]
    row = 11.0
    h = 11 + max(1, len(lines)) * row + 16
    y = top - h
    inner = page.box(x, y, w, h, "Skills")
    yy = inner - 11
    for line in lines:
        mark = " (Expertise)" if line.expertise else ""
        mark += " EASY" if line.easy else ""
        page.text(x + 6, yy, f"{line.name}{mark}", 7.5, width=w - 50)
        page.text(x + w - 30, yy, line.ability.value, 6.5)
        page.fixed(f"skill_{line.skill.value}", x + w - 34, yy, signed(line.bonus), 8.5,
                   align="right")
        yy -= row
    if not lines:
        page.text(x + 6, yy, "No skill with PROF.", 7.5)
        yy -= row
    page.text(x + 6, y + 5, "Any other skill: its ability's modifier.", 6.5, width=w - 10)
    return y - _GAP


_FOUND_MIN = 50.0  # the box for gear found, bought and spent: never smaller


def _load_and_gear(page: Page, character: Character, x: float, w: float,
                   top: float) -> str:
    """Load, coins, the gear carried as a list (as much as fits above the box for what is found
    this session) and that box; returns the words of the gear list left over."""
    carried, limit = load_and_limit(character)
    y = _M
    inner = page.box(x, y, w, top - y, "Load and gear")
    heavy = carried > limit
    page.text(x + 6, inner - 12, "Load", 8, bold=True)
    page.fixed("load", x + 36, inner - 12, f"{carried} / {limit}", 10, align="left")
    page.text(x + w - 6, inner - 12, "ENCUMBERED" if heavy else "(10 + STR)", 6.5,
              bold=heavy, align="right")
    page.text(x + 6, inner - 25, "Coins", 8, bold=True)
    page.text(x + 36, inner - 25, format_coins(character.inventory.purse.total_cp), 8,
              width=w - 42)
    items = []
    for piece in character.inventory.all_gear():
        quantity = getattr(piece, "quantity", 1)
        items.append(piece.name + (f" ×{quantity}" if quantity != 1 else ""))
    gear_text = ", ".join(items) or "Nothing carried."
    first = inner - 31 - TEXT_SIZE  # the list's first baseline
    most = int((first - (y + _FOUND_MIN + 14)) // leading()) + 1
    lines, left = fit_lines(page, gear_text, w - 12, TEXT_SIZE, most)
    found_h = max(_FOUND_MIN, inner - 31 - len(lines) * leading() - 22 - y)
    for number, line in enumerate(lines):
        page.text(x + 6, first - number * leading(), line, TEXT_SIZE)
    page.text(x + 6, y + found_h + 6, "Found, bought, spent", 7, bold=True)
    page.write_on("gear_notes", x + 4, y + 4, w - 8, found_h, size=0, multiline=True,
                  tooltip="Gear and coins found, bought or spent this session")
    return left


# -- the right column: attacks, armor, conditions, magic, knight, features, notes -------------

_CONDITIONS_H = 44.0
_KNIGHT_H = 11 + 56.0
_NOTES_MIN = 70.0
_FEATURES_MIN = 11 + 6 + 3 * leading()  # room for three lines of features at least


def _right_column(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
                  top: float, x: float, right: float) -> Overflow:
    """Attacks, armor, conditions, magic, knight, features and notes; returns what the attack,
    spell and feature lists had no room for. The attacks take what the boxes under them leave
    (the features three lines at least, the notes their least)."""
    w = right - x
    caster = caster_kind(character) is not None
    spells, spells_left = _spell_lines(page, character, catalog, w) if caster else ([], "")
    below = (3 * _GAP + _armor_height(character) + _CONDITIONS_H
             + (_magic_height(spells) + _GAP if caster else 0)
             + (_KNIGHT_H + _GAP if character.knight is not None else 0)
             + _FEATURES_MIN + _GAP + _NOTES_MIN)
    most = int((top - _M - below - _ATTACK_FRAME) // ATTACK_ROW)
    top, attacks_left = _attacks(page, character, catalog, costs, x, w, top, most)
    top = _armor(page, character, catalog, x, w, top)
    top = _conditions(page, character, x, w, top)
    if caster:
        top = _magic(page, character, catalog, spells, x, w, top)
    if character.knight is not None:
        top = _knight(page, character, x, w, top)
    notes_h = max(_NOTES_MIN, top - _M - _features_height(page, character, catalog, w) - _GAP)
    features_left = _features(page, character, catalog, x, w, top, _M + notes_h + _GAP)
    inner = page.box(x, _M, w, notes_h, "Notes for this session")
    page.write_on("notes", x + 4, _M + 4, w - 8, inner - _M - 7, size=0, multiline=True,
                  tooltip="Temporary notes: what happened, who owes whom")
    return Overflow(attacks=attacks_left, spells=spells_left, features=features_left)


_ATTACK_FRAME = 11 + 12 + 4  # an attack box's band, column heads and foot


def _attacks(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
             x: float, w: float, top: float, most: int) -> tuple[float, tuple[int, ...]]:
    """The attack rows, ``most`` at most (the last of them then saying the rest continue);
    returns the y below the box and the numbers of the rows left for the next page."""
    numbers = tuple(range(1, len(attack_lines(character, catalog)) + 1))
    shown = numbers if len(numbers) <= most else numbers[:max(0, most - 1)]
    left = numbers[len(shown):]
    h = _ATTACK_FRAME + max(1, len(shown) + bool(left)) * ATTACK_ROW
    y = top - h
    inner = page.box(x, y, w, h, "Attacks")
    yy = attack_rows(page, character, catalog, costs, shown, x, w,
                     attack_head(page, x, w, inner))
    if left:
        page.text(x + 6, yy, f"{CONTINUES} ({len(left)} more)", 8)
    elif not numbers:
        page.text(x + 6, yy, "No weapon: a fist does 1 damage.", 8)
    return y - _GAP, left


def _armor_height(character: Character) -> float:
    return 11 + 12 + 14.0 * (1 + (character.inventory.shield is not None)) + 4


def _armor(page: Page, character: Character, catalog: Catalog, x: float, w: float,
           top: float) -> float:
    parts = armor_class_parts(character, catalog)
    armor, shield = character.inventory.worn_armor, character.inventory.shield
    row = 14.0
    h = _armor_height(character)
    y = top - h
    inner = page.box(x, y, w, h, "Armor and shield: a dent is −1 AC (R15)")
    bits = [f"{parts.armor_name or 'No armor'} {parts.armor_base}"]
    if parts.dex_applied:
        bits.append(f"DEX {signed(parts.dex_applied, '−')}")
    if parts.shield_bonus:
        bits.append(f"shield +{parts.shield_bonus}")
    if parts.style_bonus:
        bits.append("Defense +1")
    if parts.feature_bonus:
        bits.append(f"features {signed(parts.feature_bonus, '−')}")
    text = "AC: " + ", ".join(bits) + (" · Stealth HARD" if parts.stealth_hard else "")
    page.text(x + 6, inner - 10, text, 7.5, width=w - 12)
    yy = inner - 10 - row
    if armor is not None:
        page.text(x + 6, yy, armor.name, 8.5, bold=True, width=100)
        after = page.ticks("armor_dent", x + 110, yy - 2, armor.armor_bonus,
                           armor.damage_points, size=9, tooltip="A dent in the armor: −1 AC")
        page.text(after + 3, yy, "BROKEN" if armor.is_broken else "all ticked: broken", 6.5,
                  bold=armor.is_broken, width=x + w - after - 8)
    else:
        page.text(x + 6, yy, "No armor worn.", 8)
    if shield is not None:
        yy -= row
        page.text(x + 6, yy, shield.name, 8.5, bold=True, width=100)
        after = page.ticks("shield_dent", x + 110, yy - 2, shield.armor_bonus,
                           shield.damage_points, size=9, tooltip="A dent in the shield: −1 AC")
        page.text(after + 3, yy, "DESTROYED" if shield.destroyed else
                  "sunder: soaks half a hit, then gone (R12)", 6.5, width=x + w - after - 8)
    return y - _GAP


def _conditions(page: Page, character: Character, x: float, w: float, top: float) -> float:
    h = _CONDITIONS_H
    y = top - h
    inner = page.box(x, y, w, h, "Conditions")
    now = "; ".join(c.name + (f" ({c.source})" if c.source else "")
                    for c in character.conditions)
    page.write_on("conditions", x + 4, y + 4, w - 8, inner - y - 7, value=now, size=8,
                  multiline=True, tooltip="PRONE, FRIGHTENED, HARD until rest... (R28)")
    return y - _GAP


def _spell_lines(page: Page, character: Character, catalog: Catalog,
                 w: float) -> tuple[list[str], str]:
    """The spells known and cantrips as the magic box's lines, four at most; and the words
    left for the next page."""
    names = []
    for spell_id in character.spells_known:
        try:
            names.append(catalog.spell(spell_id).name)
        except KeyError:
            names.append(spell_id)
    cantrips = []
    for cantrip_id in character.cantrips:
        try:
            cantrips.append(get_cantrip(cantrip_id).name)
        except KeyError:
            cantrips.append(cantrip_id)
    spell_text = ", ".join(names) or "none yet"
    if cantrips:
        spell_text += ". Cantrips: " + ", ".join(cantrips)
    return fit_lines(page, f"Spells: {spell_text}", w - 12, TEXT_SIZE, 4)


def _magic_height(lines: Sequence[str]) -> float:
    return 11 + 14 + 16 + len(lines) * 9.5 + 6


def _magic(page: Page, character: Character, catalog: Catalog, lines: Sequence[str],
           x: float, w: float, top: float) -> float:
    kind = caster_kind(character)
    h = _magic_height(lines)
    y = top - h
    inner = page.box(x, y, w, h, "Magic")
    ability = "INT" if kind == "magic_user" else "WIS"
    yy = inner - 12
    after = x + 6 + page.text(x + 6, yy, "SPELLCHECK", 8.5, bold=True)
    page.fixed("spellcheck", after + 6, yy, signed(spellcheck_bonus(character) or 0), 11,
               align="left")
    page.text(after + 34, yy, f"d20 + {ability} + PROF: 12+ and the ROOM DC (R8)", 7,
              width=w - (after + 34 - x) - 90)
    limit = spells_known_limit(character, catalog)
    page.text(x + w - 6, yy, f"spells known {len(character.spells_known)} of {limit}", 7,
              align="right")
    yy = inner - 28
    if kind == "magic_user":
        after = x + 6 + page.text(x + 6, yy, "Spells since the depletion SAVE", 7.5, bold=True)
        after = page.ticks("spells_since_save", after + 6, yy - 2, DEPLETION_EVERY,
                           min(DEPLETION_EVERY, character.caster.spells_cast_since_check),
                           size=9, tooltip="A spell cast (R10)")
        after += 3 + page.text(after + 3, yy, "then an INT SAVE", 6.5)
        page.tick("barred", after + 10, yy - 2, 9, character.caster.barred_until_long_rest,
                  tooltip="Failed the depletion SAVE: no casting until a long rest")
        page.text(after + 22, yy, "barred until a long rest", 6.5, width=x + w - after - 26)
    else:
        after = x + 6 + page.text(x + 6, yy, "Disapproval: natural 1 to", 7.5, bold=True)
        page.write_on("disapproval", after + 5, yy - 4, 26, 13,
                      value=str(character.caster.disapproval_range), size=9,
                      tooltip=f"The disapproval range (1 to {MAX_DISAPPROVAL}): +1 on each "
                              "failed prayer, back to 1 on a long rest (R10)")
        page.text(after + 36, yy, "+1 on a failed prayer; 1 again after a long rest (R10)",
                  6.5, width=x + w - after - 40)
    yy -= 14
    for line in lines:
        page.text(x + 6, yy, line, 7.5)
        yy -= 9.5
    return y - _GAP


def _knight(page: Page, character: Character, x: float, w: float, top: float) -> float:
    knight = character.knight
    assert knight is not None
    h = 11 + 56.0
    y = top - h
    inner = page.box(x, y, w, h, "Knight: the Melee Round (R33, R39)")
    page.text(x + 6, inner - 13, "Knight HP", 8.5, bold=True)
    page.write_on("knight_hp", x + 56, inner - 18, 40, 16, size=11,
                  tooltip="The knight's own hit points (R39)")
    page.text(x + 100, inner - 13, "of", 7)
    page.fixed("knight_max_hp", x + 112, inner - 13, str(knight.max_hp), 11, align="left")
    derived = knight.derived
    page.text(x + 140, inner - 13, f"unconscious at {derived.unconscious} · major wound "
              f"{derived.major_wound} · knockdown {derived.knockdown}", 7, width=w - 146)
    horse = knight.horse_name or (knight.horse.value.title() if knight.horse else "no horse")
    page.text(x + 6, inner - 28, f"Damage {derived.damage} · Move {derived.move} · Weapon "
              f"{knight.weapon.replace('_', ' ')} · Horse: {horse} · Glory {knight.glory} · "
              f"Honor {knight.honor}", 7.5, width=w - 12)
    skills = ", ".join(f"{name} {value}" for name, value in knight.skills.items())
    page.text(x + 6, inner - 40, f"Skills: {skills}, Horsemanship {knight.horsemanship}", 7.5,
              width=w - 12)
    armor = f"{knight.armor_name} {knight.armor_points}" + (
        f" + shield {knight.shield_points}" if knight.shield else "")
    page.text(x + 6, inner - 52, f"Armor {armor} · SIZ {knight.SIZ} DEX {knight.DEX} STR "
              f"{knight.STR} CON {knight.CON} APP {knight.APP}", 7.5, width=w - 12)
    return y - _GAP


def _features_height(page: Page, character: Character, catalog: Catalog, w: float) -> float:
    """The height the features take whole (the notes box gets what is left)."""
    features = feature_list(character, catalog)
    lines = sum(len(page.wrap(f"{f.name}: {f.text}", w - 12, TEXT_SIZE)) for f in features)
    return 11 + 6 + max(1, lines) * leading() + 2 * len(features) + 6


def _features(page: Page, character: Character, catalog: Catalog, x: float, w: float,
              top: float, bottom: float) -> tuple[Feature, ...]:
    """The features as many as fit, the rest said to continue; returns the features left."""
    inner = page.box(x, bottom, w, top - bottom, "Features")
    features = feature_list(character, catalog)
    if not features:
        page.text(x + 6, inner - 12, "No features yet (0-level).", TEXT_SIZE)
        return ()
    return draw_features(page, features, x, w, inner - 3, bottom)
