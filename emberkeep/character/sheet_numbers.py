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
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.character import archetype_effects as fx
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.bonuses import (
    ARCHERY_STYLE,
    DUELING_STYLE,
    attack_ability,
    attack_bonus,
    caster_kind,
    crit_low,
    damage_bonus,
    save_bonus,
    skill_bonus,
    spellcheck_bonus,
    state_damage,
    weapon_proficient,
)
from emberkeep.character.catalog import Catalog
from emberkeep.character.checks import Difficulty
from emberkeep.character.model import Character
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name
from emberkeep.character.status import DEFENSE_STYLE, character_armor_class
from emberkeep.gear.damage import Grip, damage_dice, grip_of
from emberkeep.gear.encumbrance import load, load_limit
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.gear.small import is_small_weapon
from emberkeep.magic.limits import spells_known

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
    "dice_text",
    "load_and_limit",
    "save_lines",
    "skill_lines",
    "spellcheck_bonus",
    "spells_known_limit",
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


def attack_line(character: Character, catalog: Catalog, weapon: OwnedWeapon,
                grip: Grip | None = None) -> AttackLine:
    """ATK bonus and damage of ``weapon`` in ``grip`` for this character (R4, R7, R12, R17, R29):
    the numbers of :mod:`emberkeep.character.bonuses`, the ones the engine rolls."""
    ranged = weapon.kind == "ranged"
    small = is_small_weapon(weapon.kind, weapon.tags, weapon.length_ft)
    proficient = weapon_proficient(character, catalog, weapon.category, weapon.kind)
    held = grip_of(weapon, grip)
    modifier = damage_bonus(character, ranged=ranged, recoil="Recoil" in weapon.tags,
                            grip=held, notches=weapon.notches) \
        + state_damage(character, catalog, ranged=ranged)  # Rage: +PROF dam
    return AttackLine(
        uid=weapon.uid, name=weapon.name, grip=held,
        ability=attack_ability(character, ranged=ranged, small=small), proficient=proficient,
        atk_bonus=attack_bonus(character, catalog, ranged=ranged, small=small,
                               proficient=proficient),
        dice=damage_dice(weapon, grip), damage_modifier=modifier,
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


def spells_known_limit(character: Character, catalog: Catalog) -> int | None:
    """R10: Cleric 1 + LVL, Magic-user 1 + LVL + INT, + what features add (Bookworm: 2);
    None for a class that casts no spells."""
    kind = caster_kind(character)
    if kind is None:
        return None
    return spells_known(kind, character.level, character.modifier(Ability.INT),
                        extra=fx.extra_spells_known(character, catalog))
