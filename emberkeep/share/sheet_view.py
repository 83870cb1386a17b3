"""A character's sheet as its player reads it on a phone: read-only, plain strings.

Every number is the core's (:mod:`emberkeep.character.sheet_numbers`, the gear's condition from
:mod:`emberkeep.repairs.condition`), the same the sheet on screen and on paper show. Left out:
the GM's notes on the character (they may hold the GM's secrets) and anything only the GM
edits. Like the fight's snapshot (:mod:`emberkeep.encounter.table_view`) it is immutable, built
on the GUI's thread and read by the share server's threads.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    AttackLine,
    armor_class_parts,
    attack_lines,
    load_and_limit,
    save_lines,
    skill_lines,
    spellcheck_bonus,
    spells_known_limit,
)
from emberkeep.gear.purse import format_coins
from emberkeep.repairs.condition import condition_of

__all__ = ["SheetSection", "SheetView", "sheet_view"]


@dataclass(frozen=True, slots=True)
class SheetSection:
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SheetView:
    """One character's sheet: its name, a line of who it is, the big numbers as label and
    value pairs, then sections of lines."""

    name: str
    subtitle: str
    numbers: tuple[tuple[str, str], ...]
    sections: tuple[SheetSection, ...]

    def texts(self) -> list[str]:
        found = [self.name, self.subtitle]
        for label, value in self.numbers:
            found += [label, value]
        for section in self.sections:
            found += [section.title, *section.lines]
        return found


def _class_name(character: Character) -> str:
    if character.class_id is None:
        return "0-level"
    try:
        cls = character.class_def
    except (KeyError, ValueError):  # an unknown id from a hand-edited file: as written
        return character.class_id
    return cls.name if cls is not None else character.class_id


def _race_name(character: Character, catalog: Catalog) -> str:
    try:
        return catalog.race(character.race).name
    except (KeyError, ValueError):
        return character.race


def _spell_names(catalog: Catalog, ids: list[str]) -> list[str]:
    spells = catalog.spells()
    return [spells[i].name if i in spells else i for i in ids]


def sheet_view(character: Character, catalog: Catalog, costs: RepairCosts) -> SheetView:
    """What the sheet shows its player (the module's rules)."""
    level = f"Level {character.level} " if character.class_id else ""
    subtitle = f"{level}{_class_name(character)} · {_race_name(character, catalog)}"
    if character.player:
        subtitle += f" · played by {character.player}"
    parts = armor_class_parts(character, catalog)
    carried, limit = load_and_limit(character)
    numbers = [("HP", f"{character.hp} / {character.max_hp}"), ("AC", str(parts.total)),
               ("Luck dice", str(character.luck.dice)),
               ("HD", f"{character.hit_dice} / {character.max_hit_dice}"),
               ("PROF", f"{character.prof:+d}"), ("Load", f"{carried} / {limit}")]
    if character.knight is not None:  # R39: the Melee Round's own track, labelled apart
        numbers.append(("Knight HP", f"{character.knight.hp} / {character.knight.max_hp}"))
    sections = [
        SheetSection("Condition", _condition_lines(character, carried, limit)),
        SheetSection("Attacks", tuple(_attack_text(a) for a in attack_lines(character, catalog))
                     or ("no weapon",)),
        SheetSection("Gear damage", _gear_lines(character, costs) or ("none",)),
        SheetSection("Abilities", tuple(
            f"{a.value} {character.scores.get(a).effective} ({character.modifier(a):+d})"
            + (f", injury −{loss}" if (loss := character.scores.get(a).loss) else "")
            for a in ABILITIES)),
        SheetSection("Saves", tuple(
            f"{s.ability.value} {s.bonus:+d}" + (" (PROF)" if s.proficient else "")
            + (", EASY" if s.easy else "") for s in save_lines(character, catalog))),
        SheetSection("Skills", tuple(
            f"{s.name} ({s.ability.value}) {s.bonus:+d}"
            + (" (Expertise)" if s.expertise else " (PROF)" if s.proficient else "")
            + (", EASY" if s.easy else "") for s in skill_lines(character, catalog))),
    ]
    magic = _magic_lines(character, catalog)
    if magic:
        sections.append(SheetSection("Spells", magic))
    gear = [g.name + (f" ×{quantity}" if (quantity := getattr(g, "quantity", 1)) != 1 else "")
            for g in character.inventory.all_gear()]
    sections.append(SheetSection("Inventory", (
        *gear, f"Coins: {format_coins(character.inventory.purse.total_cp)}")))
    return SheetView(name=character.name, subtitle=subtitle, numbers=tuple(numbers),
                     sections=tuple(sections))


def _condition_lines(character: Character, carried: int, limit: int) -> tuple[str, ...]:
    heavy = character.inventory.is_encumbered(character.modifier(Ability.STR))
    lines = [f"Load {carried} / {limit}: " + ("ENCUMBERED" if heavy else "not encumbered")]
    lines += [c.name + (f" ({c.source})" if c.source else "") for c in character.conditions]
    if not character.alive:
        lines.insert(0, "dead")
    return tuple(lines)


def _attack_text(attack: AttackLine) -> str:
    notes = f", crit {attack.crit_text}" if attack.crit_low < 20 else ""
    if attack.notches:
        notes += f", {attack.notches} notch{'es' if attack.notches != 1 else ''}"
    notes += ", BROKEN" if attack.broken else ""
    notes += ", DROPPED" if attack.dropped else ""
    return f"{attack.label}: ATK {attack.atk_bonus:+d}, DAM {attack.damage_text}{notes}"


def _gear_lines(character: Character, costs: RepairCosts) -> tuple[str, ...]:
    """Each damaged, broken, dropped or destroyed piece, in the repair tracker's words."""
    lines = []
    for item in character.inventory.all_gear():
        condition = condition_of(character, item, costs)
        if condition is not None:
            effect = f" ({condition.effect})" if condition.effect else ""
            lines.append(f"{condition.item}: {condition.condition}{effect}")
    return tuple(lines)


def _magic_lines(character: Character, catalog: Catalog) -> tuple[str, ...]:
    """R10: SPELLCHECK, spells known out of the limit, and the names; none for a non-caster."""
    limit = spells_known_limit(character, catalog)
    if limit is None and not character.spells_known and not character.cantrips:
        return ()
    lines = [f"SPELLCHECK d20 {spellcheck_bonus(character):+d}"]
    if limit is not None:
        lines.append(f"Spells known {len(character.spells_known)} / {limit}")
    lines += _spell_names(catalog, character.spells_known)
    if character.cantrips:
        lines.append("Cantrips: " + ", ".join(_spell_names(catalog, character.cantrips)))
    return tuple(lines)
