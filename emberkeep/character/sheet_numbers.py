"""The derived numbers a character sheet shows, computed by the rules (no Qt, no printing).

A sheet (on screen or on paper) must show the same numbers the encounter engine uses, so every
number is a function of the :class:`Character` here, built from the core's own rules:

- ATK, damage, crit range, skills, saves and the SPELLCHECK are :mod:`emberkeep.character.bonuses`,
  the very functions the encounter engine rolls with: a dagger's ATK here is the
  better of STR and DEX, as in a fight. The damage shown is the dice for the grip and the flat
  number; a hit always does at least 1 (the floor is applied to the roll, not shown here).
- AC (R12, R15): the worn armor's base less its damage, DEX where it applies, the shield, and
  +1 for the Defense style; stealth is HARD in armor that says so.
- Load (R14): 10 + STR; spells known (R10): Cleric 1 + LVL, Magic-user 1 + LVL + INT, plus
  what archetype features add (the Wizard's Bookworm: two more).
- Archetype features change these numbers through their typed effects, read by
  :mod:`emberkeep.character.archetype_effects`: a better ATK ability (Arcane strike), PROF with a
  weapon category, a switched-on state (Rage: +PROF damage, -PROF AC), EASY skills and saves.

Every number is also offered as a :class:`~emberkeep.breakdown.Breakdown` (``*_breakdown``):
the parts come from the function that computes the number, so an explanation always adds up
to what the sheet shows and the engine rolls (:mod:`emberkeep.character.explain` maps the
sheet's numbers to them).
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.breakdown import Breakdown, Part
from emberkeep.character import archetype_effects as fx
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.bonuses import (
    ARCHERY_STYLE,
    DUELING_STYLE,
    attack_ability,
    attack_breakdown,
    caster_kind,
    crit_low,
    damage_breakdown,
    save_bonus,
    skill_bonus,
    spellcheck_bonus,
    state_damage_parts,
    weapon_proficient,
)
from emberkeep.character.catalog import Catalog
from emberkeep.character.checks import Difficulty
from emberkeep.character.feature_effects import ExtraSpells
from emberkeep.character.hit_points import gain_breakdown
from emberkeep.character.model import Character
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name
from emberkeep.character.status import (
    DEFENSE_STYLE,
    character_armor_class,
    character_armor_class_breakdown,
)
from emberkeep.gear.damage import Grip, damage_dice, grip_of
from emberkeep.gear.encumbrance import load, load_breakdown, load_limit, load_limit_breakdown
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.gear.small import is_small_weapon
from emberkeep.magic.limits import spells_known_breakdown

__all__ = [
    "ARCHERY_STYLE",
    "DUELING_STYLE",
    "ArmorClassParts",
    "AttackLine",
    "SaveLine",
    "SkillLine",
    "armor_class_parts",
    "attack_line",
    "attack_lines",
    "caster_kind",
    "character_armor_class_breakdown",
    "dice_text",
    "hp_gain_breakdown",
    "hp_max_breakdown",
    "load_and_limit",
    "load_breakdowns",
    "prof_breakdown",
    "save_lines",
    "skill_lines",
    "spellcheck_bonus",
    "spells_known_breakdown_of",
    "spells_known_limit",
    "weapon_attack_breakdown",
    "weapon_damage_breakdown",
]


def dice_text(dice: str, modifier: int) -> str:
    """``1d8+2``, ``2d6-1``, ``1d4``: the dice and the flat number added to them."""
    return f"{dice}{modifier:+d}" if modifier else dice


@dataclass(frozen=True, slots=True)
class AttackLine:
    """One attack row of the sheet: a weapon in one grip."""

    uid: str
    name: str
    grip: Grip | None
    ability: Ability
    proficient: bool
    atk_bonus: int
    dice: str
    damage_modifier: int
    notches: int
    broken: bool
    dropped: bool
    crit_low: int = 20  # the lowest natural d20 that crits (R15)

    @property
    def crit_text(self) -> str:
        """``20`` or ``19-20``: the crit range on the d20."""
        return "20" if self.crit_low >= 20 else f"{self.crit_low}-20"

    @property
    def damage_text(self) -> str:
        return dice_text(self.dice, self.damage_modifier)

    @property
    def label(self) -> str:
        return f"{self.name} (2H)" if self.grip == "two_handed" and self.name else self.name


def weapon_attack_breakdown(character: Character, catalog: Catalog,
                            weapon: OwnedWeapon) -> Breakdown:
    """The ATK of ``weapon`` for this character, part by part (R4, R7, R29)."""
    ranged = weapon.kind == "ranged"
    return attack_breakdown(
        character, catalog, ranged=ranged,
        small=is_small_weapon(weapon.kind, weapon.tags, weapon.length_ft),
        proficient=weapon_proficient(character, catalog, weapon.category, weapon.kind))


def weapon_damage_breakdown(character: Character, catalog: Catalog, weapon: OwnedWeapon,
                            grip: Grip | None = None) -> Breakdown:
    """The flat number ``weapon`` in ``grip`` adds to its dice (R12, R17, R29), with what a
    switched-on state adds (Rage: +PROF)."""
    ranged = weapon.kind == "ranged"
    return damage_breakdown(character, ranged=ranged, recoil="Recoil" in weapon.tags,
                            grip=grip_of(weapon, grip), notches=weapon.notches) \
        .plus(*state_damage_parts(character, catalog, ranged=ranged))


def attack_line(character: Character, catalog: Catalog, weapon: OwnedWeapon,
                grip: Grip | None = None) -> AttackLine:
    """ATK bonus and damage of ``weapon`` in ``grip`` for this character (R4, R7, R12, R17, R29):
    the numbers of :mod:`emberkeep.character.bonuses`, the ones the engine rolls."""
    ranged = weapon.kind == "ranged"
    small = is_small_weapon(weapon.kind, weapon.tags, weapon.length_ft)
    proficient = weapon_proficient(character, catalog, weapon.category, weapon.kind)
    held = grip_of(weapon, grip)
    return AttackLine(
        uid=weapon.uid, name=weapon.name, grip=held,
        ability=attack_ability(character, ranged=ranged, small=small), proficient=proficient,
        atk_bonus=weapon_attack_breakdown(character, catalog, weapon).total,
        dice=damage_dice(weapon, grip),
        damage_modifier=weapon_damage_breakdown(character, catalog, weapon, grip).total,
        notches=weapon.notches, broken=weapon.broken, dropped=weapon.dropped,
        crit_low=crit_low(character, catalog, ranged=ranged))


def attack_lines(character: Character, catalog: Catalog) -> list[AttackLine]:
    """Every weapon carried; a versatile weapon gets a second line for its two-handed grip."""
    lines: list[AttackLine] = []
    for weapon in character.inventory.weapons:
        lines.append(attack_line(character, catalog, weapon))
        if weapon.versatile_damage is not None:
            lines.append(attack_line(character, catalog, weapon, "two_handed"))
    return lines


@dataclass(frozen=True, slots=True)
class SkillLine:
    skill: Skill
    name: str
    ability: Ability
    proficient: bool
    expertise: bool
    bonus: int
    easy: bool


def skill_lines(character: Character, catalog: Catalog) -> list[SkillLine]:
    """R7: each skill's CHECK bonus, ability + PROF when proficient (Expertise is PROF too)."""
    easy = fx.easy_skills(character, catalog)
    return [SkillLine(skill=s, name=skill_name(s), ability=SKILL_ABILITY[s],
                      proficient=character.is_proficient(s), expertise=s in character.expertise,
                      bonus=skill_bonus(character, s), easy=s in easy)
            for s in Skill]


@dataclass(frozen=True, slots=True)
class SaveLine:
    ability: Ability
    proficient: bool
    bonus: int
    easy: bool = False  # an archetype feature makes this SAVE EASY in any context


def save_lines(character: Character, catalog: Catalog) -> list[SaveLine]:
    """R7: a SAVE is d20 + ability + PROF for the class's save and the chosen one."""
    return [SaveLine(a, a in character.save_proficiencies, save_bonus(character, a),
                     fx.roll_difficulty(character, catalog, "save", ability=a)
                     is Difficulty.EASY)
            for a in ABILITIES]


@dataclass(frozen=True, slots=True)
class ArmorClassParts:
    """How the AC is put together, for the sheet to show beside the total."""

    armor_name: str | None
    armor_base: int
    dex_applied: int
    shield_bonus: int
    style_bonus: int
    armor_damage: int
    shield_damage: int
    armor_broken: bool
    stealth_hard: bool
    magic: tuple[str, ...]
    total: int
    feature_bonus: int = 0  # a switched-on archetype state (Rage: -PROF AC)


def armor_class_parts(character: Character, catalog: Catalog) -> ArmorClassParts:
    """The parts of :func:`~emberkeep.character.status.character_armor_class` (R12, R15);
    ``total`` is that same number."""
    inventory = character.inventory
    dex = character.modifier(Ability.DEX)
    armor = inventory.worn_armor
    shield = inventory.shield
    magic: list[str] = []
    for piece in (armor, shield):
        if piece is not None and piece.magic is not None:
            magic += [f"{piece.name}: {e.text}" for e in piece.magic.effects]
    if armor is None or armor.is_broken:
        base, dex_applied = 10, dex
    else:
        base, dex_applied = armor.ac_base, dex if armor.adds_dex else 0
    return ArmorClassParts(
        armor_name=armor.name if armor is not None else None, armor_base=base,
        dex_applied=dex_applied, shield_bonus=shield.current_bonus if shield else 0,
        style_bonus=1 if character.fighting_style == DEFENSE_STYLE else 0,
        armor_damage=armor.damage_points if armor is not None else 0,
        shield_damage=shield.damage_points if shield is not None else 0,
        armor_broken=armor is not None and armor.is_broken,
        stealth_hard=armor is not None and armor.stealth_hard,
        magic=tuple(magic), total=character_armor_class(character, catalog),
        feature_bonus=fx.toggle_ac(character, catalog))


def load_and_limit(character: Character) -> tuple[int, int]:
    """R14: the load carried and the limit, 10 + STR."""
    return load(character.inventory), load_limit(character.modifier(Ability.STR))


def load_breakdowns(character: Character) -> tuple[Breakdown, Breakdown]:
    """R14: the load carried and the limit, part by part (their totals are
    :func:`load_and_limit`'s)."""
    return (load_breakdown(character.inventory),
            load_limit_breakdown(character.modifier(Ability.STR)))


def prof_breakdown(character: Character) -> Breakdown:
    """PROF by level (R6: the Advancement table; 0-level +0)."""
    return Breakdown((Part(f"level {character.level}", character.prof, 6),))


def hp_max_breakdown(character: Character) -> Breakdown:
    """Max HP as the gains of each level (R5); what the history does not account for (an
    edit by hand, a sheet from before the history was kept) shows as set by hand."""
    parts = [Part(f"level {entry.level}", entry.gain, 5) for entry in character.hp_history]
    kept = sum(p.amount for p in parts)
    if kept != character.max_hp:
        parts.append(Part("set by hand", character.max_hp - kept))
    return Breakdown(parts)


def hp_gain_breakdown(character: Character, level: int) -> Breakdown | None:
    """How the HP gained at ``level`` came about (R5), or None when the sheet has no entry."""
    for entry in character.hp_history:
        if entry.level == level:
            return gain_breakdown(entry)
    return None


def spells_known_breakdown_of(character: Character, catalog: Catalog) -> Breakdown | None:
    """R10: Cleric 1 + LVL, Magic-user 1 + LVL + INT, + what features add (Bookworm: 2);
    None for a class that casts no spells."""
    kind = caster_kind(character)
    if kind is None:
        return None
    extra = [Part(feature.name, effect.spells)
             for feature, effect in fx.chosen_effects(character, catalog)
             if isinstance(effect, ExtraSpells) and effect.spells]
    return spells_known_breakdown(kind, character.level, character.modifier(Ability.INT),
                                  extra=extra)


def spells_known_limit(character: Character, catalog: Catalog) -> int | None:
    """R10: Cleric 1 + LVL, Magic-user 1 + LVL + INT, + what features add (Bookworm: 2);
    None for a class that casts no spells."""
    found = spells_known_breakdown_of(character, catalog)
    return None if found is None else found.total
