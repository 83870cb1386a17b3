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

Field names: ``c<N>_<what>``, N the character's page (1 for the first), e.g. ``c1_current_hp``,
``c1_ac``, ``c1_luck_1``, ``c1_weapon1_notch_2``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.advancement import MAX_LEVEL, xp_for_level
from emberkeep.character.catalog import Catalog
from emberkeep.character.luck import MAX_LUCK_DICE
from emberkeep.character.model import Character
from emberkeep.character.occupations import occupation_gives, occupation_table
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
from emberkeep.gear.damage import notch_allowance
from emberkeep.gear.purse import format_coins
from emberkeep.magic.limits import DEPLETION_EVERY, MAX_DISAPPROVAL
from emberkeep.magic.spells import get_cantrip
from emberkeep.paper.facts import class_text, feature_list, occupation_name, race_name
from emberkeep.paper.layout import A4, Page, write_pages

__all__ = ["draw_play_sheet", "write_play_sheets"]

_M = 28.0  # page margin
_GAP = 6.0
_LEFT_W = 170.0


def signed(value: int, minus: str = "-") -> str:
    """``+2``, ``-1``, ``+0``; printed text passes ``minus="−"`` (a field's Helvetica has no
    true minus sign)."""
    return f"+{value}" if value >= 0 else f"{minus}{-value}"


def write_play_sheets(path: Path | str, campaign: Campaign,
                      characters: Sequence[Character]) -> None:
    """One page per character, in the order given; ``OSError`` if ``path`` cannot be written."""
    catalog = Catalog(campaign)
    pages: list[Callable[[Page], None]] = [
        partial(_draw, character=character, catalog=catalog, campaign=campaign)
        for character in characters]
    title = characters[0].name if len(characters) == 1 else f"{campaign.name}: play sheets"
    write_pages(path, title, A4, pages, [f"c{n + 1}_" for n in range(len(characters))])


def _draw(page: Page, *, character: Character, catalog: Catalog, campaign: Campaign) -> None:
    draw_play_sheet(page, character, catalog, campaign)


def draw_play_sheet(page: Page, character: Character, catalog: Catalog,
                    campaign: Campaign) -> None:
    width, height = A4
    top = height - _M
    _header(page, character, catalog, campaign, top, width)
    row_bottom = _stat_row(page, character, catalog, top - 50)
    column_top = row_bottom - _GAP
    _left_column(page, character, catalog, column_top)
    _right_column(page, character, catalog, campaign.settings.repair, column_top,
                  _M + _LEFT_W + _GAP, width - _M)
    page.text(width / 2, _M - 14, f"{campaign.name} · Emberkeep play sheet", 6,
              width=width - 2 * _M, align="center")


# -- the head of the page ----------------------------------------------------------------------

def _header(page: Page, character: Character, catalog: Catalog, campaign: Campaign,
            top: float, width: float) -> None:
    room = width - 2 * _M - 150
    page.text(_M, top - 20, character.name,
              page.size_to_fit(character.name, room, 20, bold=True, smallest=13), bold=True,
              width=room)
    line = f"{class_text(character, catalog)} · {race_name(character, catalog)}"
    if character.player:
        line += f" · Player: {character.player}"
    page.text(_M, top - 36, line, 9.5, width=width - 2 * _M - 150)
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
    page.rule(_M, top - 43, width - _M, 1.2)


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


def _stat_row(page: Page, character: Character, catalog: Catalog, top: float) -> float:
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


# -- the left column: abilities, saves, skills, load, gear ------------------------------------

def _left_column(page: Page, character: Character, catalog: Catalog, top: float) -> None:
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
    _load_and_gear(page, character, x, w, top)


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


def _load_and_gear(page: Page, character: Character, x: float, w: float,
                   top: float) -> None:
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
    gear_h = len(page.wrap(gear_text, w - 12, 7.5)) * 7.5 * 1.22
    found_h = max(50.0, inner - 31 - gear_h - 22 - y)
    page.paragraph(x + 6, inner - 31, gear_text, w - 12, y + found_h + 14, size=7.5)
    page.text(x + 6, y + found_h + 6, "Found, bought, spent", 7, bold=True)
    page.write_on("gear_notes", x + 4, y + 4, w - 8, found_h, size=0, multiline=True,
                  tooltip="Gear and coins found, bought or spent this session")


# -- the right column: attacks, armor, conditions, magic, knight, features, notes -------------

def _right_column(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
                  top: float, x: float, right: float) -> None:
    w = right - x
    top = _attacks(page, character, catalog, costs, x, w, top)
    top = _armor(page, character, catalog, x, w, top)
    top = _conditions(page, character, x, w, top)
    if caster_kind(character) is not None:
        top = _magic(page, character, catalog, x, w, top)
    if character.knight is not None:
        top = _knight(page, character, x, w, top)
    notes_h = max(70.0, top - _M - _features_height(page, character, catalog, w) - _GAP)
    _features(page, character, catalog, x, w, top, _M + notes_h + _GAP)
    inner = page.box(x, _M, w, notes_h, "Notes for this session")
    page.write_on("notes", x + 4, _M + 4, w - 8, inner - _M - 7, size=0, multiline=True,
                  tooltip="Temporary notes: what happened, who owes whom")


def _attacks(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
             x: float, w: float, top: float) -> float:
    lines = attack_lines(character, catalog)
    row = 15.0
    h = 11 + 12 + max(1, len(lines)) * row + 4
    y = top - h
    inner = page.box(x, y, w, h, "Attacks")
    cols = (x + 6, x + 128, x + 160, x + 206, x + 236)  # weapon, ATK, DAM, crit, notches
    head = inner - 9
    for col, label in zip(cols, ("Weapon", "ATK", "DAM", "Crit", "Notches (−1 DAM each)"),
                          strict=True):
        page.text(col, head, label, 6.5, bold=True)
    page.rule(x + 4, head - 3, x + w - 4, 0.4)
    yy = head - 14
    weapons = {weapon.uid: weapon for weapon in character.inventory.weapons}
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        page.text(cols[0], yy, line.label, 8.5, bold=True, width=cols[1] - cols[0] - 4)
        page.fixed(f"weapon{number}_atk", cols[1], yy, signed(line.atk_bonus), 10, align="left")
        page.fixed(f"weapon{number}_dam", cols[2], yy, line.damage_text, 9.5, align="left")
        page.text(cols[3], yy, line.crit_text, 8)
        weapon = weapons.get(line.uid)
        if weapon is not None and line.uid not in seen:
            seen.add(line.uid)
            allowance = notch_allowance(weapon.quality, costs.allowances())
            after = page.ticks(f"weapon{number}_notch", cols[4], yy - 2, allowance,
                               weapon.notches, size=9,
                               tooltip=f"A notch on {weapon.name}: −1 DAM (R17)")
            state = "BROKEN" if line.broken else "DROPPED" if line.dropped else \
                f"{weapon.quality}, one more breaks it"
            page.text(after + 3, yy, state, 6.5, bold=line.broken or line.dropped,
                      width=x + w - after - 8)
        elif weapon is not None:
            page.text(cols[4], yy, "(the same weapon, in both hands)", 6.5)
        yy -= row
    if not lines:
        page.text(cols[0], yy, "No weapon: a fist does 1 damage.", 8)
    return y - _GAP


def _armor(page: Page, character: Character, catalog: Catalog, x: float, w: float,
           top: float) -> float:
    parts = armor_class_parts(character, catalog)
    armor, shield = character.inventory.worn_armor, character.inventory.shield
    row = 14.0
    h = 11 + 12 + row * (1 + (shield is not None)) + 4
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
    h = 44.0
    y = top - h
    inner = page.box(x, y, w, h, "Conditions")
    now = "; ".join(c.name + (f" ({c.source})" if c.source else "")
                    for c in character.conditions)
    page.write_on("conditions", x + 4, y + 4, w - 8, inner - y - 7, value=now, size=8,
                  multiline=True, tooltip="PRONE, FRIGHTENED, HARD until rest... (R28)")
    return y - _GAP


def _magic(page: Page, character: Character, catalog: Catalog, x: float, w: float,
           top: float) -> float:
    kind = caster_kind(character)
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
    lines = page.wrap(f"Spells: {spell_text}", w - 12, 7.5)[:4]
    h = 11 + 14 + 16 + len(lines) * 9.5 + 6
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


_FEATURE_SIZE = 7.5


def _features_height(page: Page, character: Character, catalog: Catalog, w: float) -> float:
    """The height the features take whole (the notes box gets what is left)."""
    lines = sum(len(page.wrap(f"{f.name}: {f.text}", w - 12, _FEATURE_SIZE))
                for f in feature_list(character, catalog))
    return 11 + 6 + max(1, lines) * _FEATURE_SIZE * 1.22 + \
        2 * len(feature_list(character, catalog)) + 6


def _features(page: Page, character: Character, catalog: Catalog, x: float, w: float,
              top: float, bottom: float) -> None:
    if top - bottom < 24:
        return
    inner = page.box(x, bottom, w, top - bottom, "Features")
    y = inner - 3
    features = feature_list(character, catalog)
    if not features:
        page.text(x + 6, y - 9, "No features yet (0-level).", _FEATURE_SIZE)
        return
    for feature in features:
        if y - 9 < bottom + 3:
            break
        y = page.paragraph(x + 6, y, feature.text, w - 12, bottom + 3, size=_FEATURE_SIZE,
                           bold_head=f"{feature.name}:") - 2
