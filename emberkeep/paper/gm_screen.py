"""The GM screen: the tables a GM looks up at the table, on landscape pages in four columns.

Every table is read through the loader the core rolls on (:mod:`emberkeep.tables.combat`,
:mod:`emberkeep.magic.spellcheck`, ...), so a table edited in the resources folder (or a GM's own
``mishap_<name>.json``) prints as the engine rolls it. The numbers that are rules rather than
tables (HARD and EASY, the WDD segment modifiers, the ROF slots, the Melee Round's modifiers)
are the core's own constants. Injuries print the wording the engine logs: the disadvantage
wording (R21) when the campaign plays advantage and disadvantage. A campaign carries a table of
its own in one place, a spell's mishaps (the spell editor's d6 table, or a ``mishap_<name>.json``
the spell names): those print after the shipped mishap tables.

Order: the crit die and the four crit tables, the fumble die and table, injuries and lingering
injuries, then the SPELLCHECK, Lay on Hands, the mishaps, reaction, morale, HARD/EASY, WDD's
segments and ROF, and the Melee Round's modifiers when the campaign plays it (its default
resolution, a fight that uses it, or a knight profile). At 6.9 pt in four columns this fills
two A4 pages for the shipped tables; longer tables flow onto a third page rather than shrink.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar, get_args

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.advancement import MAX_LEVEL
from emberkeep.encounter.segments import LONG_THRUST_FT, ROF_SEGMENTS, SEGMENT_DIE
from emberkeep.magic.lay_on_hands import load_lay_on_hands_table
from emberkeep.magic.mishaps import MISHAP_TABLES, load_mishap_table
from emberkeep.magic.spellcheck import (
    CRIT_EXTRA_DICE,
    CRIT_PROF_MULTIPLE,
    EASY,
    HARD,
    LUCK_MAX_LEVEL_STEP,
    load_spellcheck_table,
)
from emberkeep.melee_round import modifiers as melee
from emberkeep.paper.columns import Block, Placed, draw_placed, flow
from emberkeep.paper.layout import A4_LANDSCAPE, Page, measuring_page, write_pages
from emberkeep.resources import ResourceError
from emberkeep.tables import combat
from emberkeep.tables.base import RollTable, TableRow

__all__ = ["Block", "gm_screen_blocks", "uses_melee_round", "write_gm_screen"]

_M = 24.0


def uses_melee_round(campaign: Campaign) -> bool:
    """The campaign plays the Melee Round: its default, one of its fights, or a knight."""
    return (campaign.settings.resolution is Resolution.MELEE_ROUND
            or any(r.resolution is Resolution.MELEE_ROUND for r in campaign.encounters)
            or any(c.knight is not None for c in campaign.characters))


_Row = TypeVar("_Row", bound=TableRow)


def _rows(table: RollTable[_Row], text: Callable[[TableRow], str] | None = None
          ) -> tuple[tuple[str, str], ...]:
    return tuple((row.label, text(row) if text else row.text) for row in table.rows)


def gm_screen_blocks(campaign: Campaign) -> list[Block]:
    """Every table and rule the screen prints, in its order (see the module's docstring)."""
    alt = campaign.settings.rules.advantage_disadvantage

    def worded(row: TableRow) -> str:  # R21: the wording the engine logs
        alt_text = getattr(row, "alt_text", None)
        return alt_text if alt and alt_text else row.text

    crit_names = {"fighter": "Fighters", "cleric": "Clerics", "rogue": "Rogues",
                  "zero_level": "0-levels and Magic-users"}
    blocks = [Block("Crit die by level", "A natural 20: maximum DAM, then the crit die of the "
                    "attacker's level on the class's table (R19).",
                    tuple((f"Level {level}", combat.crit_die(level))
                          for level in range(MAX_LEVEL + 1)))]
    for kind in get_args(combat.CritKind):
        table = combat.crit_table(kind)
        blocks.append(Block(f"Crits: {crit_names.get(kind, table.name)}",
                            "Rolled on the crit die of the attacker's level.", _rows(table)))
    armor_names = {"none": "No armor", "light": "Light", "medium": "Medium (R31)",
                   "heavy": "Heavy"}
    blocks.append(Block("Fumble die by armor", "A natural 1: the armor worn picks the die.",
                        tuple((armor_names.get(w, w), combat.fumble_die(w))
                              for w in get_args(combat.ArmorWeight))))
    fumble = combat.fumble_table()
    blocks.append(Block("Fumbles", f"{fumble.name}: the fumble die of the armor.",
                        _rows(fumble)))
    injuries = combat.injuries_table()
    blocks.append(Block("Injuries", f"{injuries.die}, when a dying character is stabilized "
                        "(R21).", _rows(injuries, worded)))
    lingering = combat.lingering_injuries_table()
    blocks.append(Block("Lingering injuries", f"{lingering.die}, from Injuries.",
                        _rows(lingering, worded)))
    blocks += _magic_blocks(campaign)
    blocks += _rules_blocks(campaign)
    if uses_melee_round(campaign):
        blocks.append(_melee_round_block())
    return blocks


def _magic_blocks(campaign: Campaign) -> list[Block]:
    spellcheck = load_spellcheck_table()
    rows = []
    for row in spellcheck.rows:
        rows.append((row.label, f"Level {row.level}: {row.text}" if row.level else row.text))
    note = (f"The total: d20 + INT or WIS + PROF, and it must reach the ROOM DC. Natural 20: "
            f"+{CRIT_PROF_MULTIPLE}×PROF and +{CRIT_EXTRA_DICE} dice. Natural 1: "
            f"{spellcheck.natural_one} (a Cleric: disapproval). A Luck Die lifts the level by "
            f"{LUCK_MAX_LEVEL_STEP} at most (R8).")
    blocks = [Block("SPELLCHECK: Success Levels", note, tuple(rows))]
    lay = load_lay_on_hands_table()
    blocks.append(Block("Lay on Hands", "The Cleric's SPELLCHECK total: Hit Dice an ally "
                        "CLOSE spends, no more a day than its level (R11).",
                        tuple((row.label, f"{row.hd} HD" if row.hd else row.text)
                              for row in lay.rows)))
    for table_id in MISHAP_TABLES:
        mishap = load_mishap_table(table_id)
        blocks.append(Block(mishap.name, f"{mishap.die}: a Magic-user's natural 1.",
                            _rows(mishap)))
    return blocks + _spells_own_mishaps(campaign)


def _spells_own_mishaps(campaign: Campaign) -> list[Block]:
    """The mishap tables the campaign's spells roll on beyond the shipped ones: a GM's own
    ``mishap_<name>.json`` a spell names, or the d6 table a spell carries inline (the spell
    editor writes it into the campaign), as the SPELLCHECK picks them."""
    from emberkeep.character.catalog import Catalog

    blocks, seen = [], set(MISHAP_TABLES)
    for spell in Catalog(campaign).spells().values():
        if spell.mishap_table is not None and spell.mishap_table not in seen:
            seen.add(spell.mishap_table)
            try:
                mishap = load_mishap_table(spell.mishap_table)
            except (KeyError, ValueError, ResourceError):  # a missing file: casting says so
                continue
            blocks.append(Block(mishap.name, f"{mishap.die}: a natural 1 casting "
                                f"{spell.name}.", _rows(mishap)))
        elif spell.mishap_table is None and spell.mishaps:
            blocks.append(Block(f"{spell.name} mishap", f"d6: a natural 1 casting "
                                f"{spell.name} (the spell's own table).",
                                tuple((str(face), text)
                                      for face, text in enumerate(spell.mishaps, start=1))))
    return blocks


def _rules_blocks(campaign: Campaign) -> list[Block]:
    from emberkeep.character.reaction import reaction_table

    reaction = reaction_table()
    room = campaign.settings.default_room_dc
    blocks = [Block("Reaction", f"{reaction.die} + CHA, meeting NPCs.", _rows(reaction)),
              Block("Morale", "Enemies: 2d6 over their morale and they surrender; asked when "
                    "a side loses its first and when half are down. Morale is half the ROOM DC "
                    "(rounded down) unless the GM set one.",
                    (("PCs", "WIS SAVE vs the ROOM DC; failed: FRIGHTENED (R28), wants to "
                      "flee."),
                     *((f"DC {dc}", f"enemy morale {dc // 2}")
                       for dc in sorted({room - 2, room, room + 2, room + 4})))),
              Block("HARD and EASY", "R7: a CHECK or SAVE made harder or easier moves its DC.",
                    (("HARD", f"DC {HARD:+d}"), ("EASY", f"DC {EASY:+d}"),
                     ("ROOM DC", f"{room} by default in this campaign")))]
    if campaign.settings.rules.advantage_disadvantage:
        blocks[-1] = Block(blocks[-1].title, blocks[-1].note, (
            *blocks[-1].rows, ("Adv.", "advantage: 2d20, keep the higher; disadvantage: the "
                               "lower (R21)")))
    segments = (
        ("−2", "declares a grapple"), ("−1", "small weapon (a dagger, a knife)"),
        ("−2", "DEX 18 (19-20 count as 18, R31)"), ("−1", "DEX 14-17"),
        ("−1", "STR 15-18"), ("−1", f"long thrusting weapon ({LONG_THRUST_FT} ft or more; a "
                                    "halberd thrust, R37)"),
        ("+1", "DEX 4-7"), ("+2", "DEX 3 or less (R40)"),
        ("+1", "two-handed weapon (a halberd swung, R37)"),
        ("+1", "a shield, added to the armor's (R41)"), ("+1", "light armor"),
        ("+2", "medium armor"), ("+3", "heavy armor"),
        ("−2", "a shield sacrificed last round (R18)"))
    blocks.append(Block("WDD segment initiative", f"{SEGMENT_DIE} + every modifier that "
                        "applies, from the raw scores (R20); the segment is 1 to 10. A "
                        "Magic-user adds the spell's casting time.", segments))
    blocks.append(Block("WDD rate of fire", "A missile weapon's ROF: the segments it shoots on "
                        "(R20).", (("ROF 1", "its own segment"),
                                   *((f"ROF {rof}", "segments " + ", ".join(map(str, slots)))
                                     for rof, slots in sorted(ROF_SEGMENTS.items())))))
    return blocks


def _melee_round_block() -> Block:
    return Block("The Melee Round: modifiers", "To weapon rolls, as the pair stands (R25); a "
                 "reflexive one helps one side and hinders the other.", (
                     ("±5", f"height: mounted against a footman (not a great spear or halberd),"
                            f" over a fallen foe, a rampart: +{melee.HEIGHT}/−{melee.HEIGHT}"),
                     ("+5", f"lance charge (stacks with height): +{melee.LANCE_CHARGE}"),
                     ("−5", f"the foe is in cover: −{melee.COVER}"),
                     ("±10", f"immobilized: −{melee.IMMOBILIZED}/+{melee.IMMOBILIZED}"),
                     ("+5", f"surprise: the attack is unopposed, +{melee.SURPRISE}"),
                     ("+5", f"unburdened knight (no armor): +{melee.UNBURDENED}"),
                     ("−10", f"poor visibility: −{melee.VISIBILITY}"),
                     ("−1", f"fatigue, each round past CON, to −{melee.FATIGUE_MAX} (R33)")))


def _draw(page: Page, *, placed: Placed, number: int, count: int, campaign: Campaign) -> None:
    width, height = A4_LANDSCAPE
    page.text(_M, height - _M - 6, "GM screen", 10, bold=True)
    page.text(width - _M, height - _M - 6,
              page.fit_keeping(campaign.name, f" · page {number} of {count}",
                               width - 2 * _M - 70, 7), 7, align="right")
    page.rule(_M, height - _M - 10, width - _M, 0.8)
    draw_placed(page, placed)


def write_gm_screen(path: Path | str, campaign: Campaign) -> int:
    """Write the screen to ``path``; returns its number of pages. ``OSError`` when ``path``
    cannot be written."""
    placed = flow(measuring_page(), gm_screen_blocks(campaign))
    count = len(placed)
    write_pages(path, f"{campaign.name}: GM screen", A4_LANDSCAPE,
                [partial(_draw, placed=p, number=n, count=count, campaign=campaign)
                 for n, p in enumerate(placed, start=1)])
    return count
