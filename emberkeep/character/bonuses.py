"""The numbers a character adds to its d20s and its damage: one function for each.

The sheet, the PDF, the roster and the encounter engine all ask here, so the ATK a GM reads on
the sheet is the ATK the engine rolls ("one rule, one place"):

- CHECK with a skill (R7): ability + PROF when proficient (Expertise is PROF too).
- SAVE (R7): ability + PROF for the class's save and the chosen one.
- ATK (R7, R29): STR for melee (fists too), DEX for a ranged attack (a thrown weapon too); a
  *small* weapon (``gear.small``: the seed's "like dagger - tiny ... use DEX for the attack")
  takes the better of STR and DEX in melee; an archetype's better ability (Arcane strike) and
  a switched-on state (Rage); PROF when proficient with the weapon's category (R4: the Classes
  table; a fist always; 0-level PROF is +0, R6); the Archery style's +1 with ranged attacks.
- Damage modifier (R12, R17, R29): STR for melee, ceil(1.5 × STR) in two hands, nothing for a
  ranged attack unless Recoil; an off-hand blow adds no positive STR without the 2 weapon
  fighting style (5e); Dueling's +1 one-handed in melee; -1 per notch. A switched-on state's
  damage (Rage: +PROF) is :func:`state_damage`, added to a hit beside this (the engine notes it).
- SPELLCHECK (R8): INT (Magic-user) or WIS (Cleric) + PROF.

Each number is built as a :class:`~emberkeep.breakdown.Breakdown` of labelled parts (the
``*_breakdown`` functions) and the bare function returns its total: the explanation a GM reads
is the computation the engine rolls with, not a second copy of the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import emberkeep.character.archetype_effects as fx
from emberkeep.breakdown import Breakdown, Part
from emberkeep.character.abilities import Ability
from emberkeep.character.skills import SKILL_ABILITY, Skill
from emberkeep.gear.damage import Grip, two_handed_bonus

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character
    from emberkeep.magic.spellcheck import Caster

__all__ = [
    "ARCHERY_STYLE",
    "CASTING_ABILITY",
    "DUELING_STYLE",
    "TWO_WEAPON_STYLE",
    "attack_ability",
    "attack_bonus",
    "attack_breakdown",
    "caster_kind",
    "crit_low",
    "damage_bonus",
    "damage_breakdown",
    "save_bonus",
    "save_breakdown",
    "skill_bonus",
    "skill_breakdown",
    "spellcheck_bonus",
    "spellcheck_breakdown",
    "state_damage",
    "state_damage_parts",
    "weapon_proficient",
]

ARCHERY_STYLE = "archery"  # Fighting Style (a): +1 ATK with ranged weapons
DUELING_STYLE = "dueling"  # Fighting Style (c): +1 DAM when using one-handed weapons
TWO_WEAPON_STYLE = "two_weapon_fighting"  # Fighting Style (d): the off hand adds its STR too

_CASTERS: dict[str, Caster] = {"cleric": "cleric", "magic_user": "magic_user"}
CASTING_ABILITY: dict[Caster, Ability] = {"magic_user": Ability.INT, "cleric": Ability.WIS}


def skill_breakdown(character: Character, skill: Skill,
                    ability: Ability | None = None) -> Breakdown:
    """R7: a CHECK with ``skill``: its ability (or the one the GM names) + PROF when
    proficient (Expertise is PROF too)."""
    used = ability or SKILL_ABILITY[skill]
    parts = [Part(used.value, character.modifier(used))]
    if character.is_proficient(skill):
        label = "PROF, Expertise" if skill in character.expertise else "PROF"
        parts.append(Part(label, character.prof, 7))
    return Breakdown(parts)


def skill_bonus(character: Character, skill: Skill, ability: Ability | None = None) -> int:
    """R7: a CHECK with ``skill`` (with its own ability unless the GM names another)."""
    return skill_breakdown(character, skill, ability).total


def save_breakdown(character: Character, ability: Ability) -> Breakdown:
    """R7: a SAVE adds PROF for the class's save and the chosen one."""
    parts = [Part(ability.value, character.modifier(ability))]
    if ability in character.save_proficiencies:
        parts.append(Part("PROF", character.prof, 7))
    return Breakdown(parts)


def save_bonus(character: Character, ability: Ability) -> int:
    """R7: a SAVE adds PROF for the class's save and the chosen one."""
    return save_breakdown(character, ability).total


def weapon_proficient(character: Character, catalog: Catalog, category: str, kind: str) -> bool:
    """R4: the class's weapon categories, or a feature's; a fist always, and a
    0-level character needs none (its PROF is +0, R6)."""
    cls = character.class_def
    if cls is None or kind == "fist":
        return True
    return category in cls.weapons or fx.weapon_proficient(
        character, catalog, category, melee=kind != "ranged")


def attack_ability(character: Character, *, ranged: bool, small: bool) -> Ability:
    """The ability an ATK adds before features: DEX at range, STR in melee, the better of
    the two with a small weapon (see the module notes)."""
    if ranged:
        return Ability.DEX
    if small and character.modifier(Ability.DEX) > character.modifier(Ability.STR):
        return Ability.DEX
    return Ability.STR


def attack_breakdown(character: Character, catalog: Catalog, *, ranged: bool, small: bool,
                     proficient: bool) -> Breakdown:
    """What an ATK adds to the d20, part by part (R4, R7, R29): the engine rolls its total."""
    melee = not ranged
    usual = attack_ability(character, ranged=ranged, small=small)
    used, feature = fx.attack_ability_choice(character, catalog, usual, melee=melee)
    if feature is not None:
        label, ruling = f"{used.value} ({feature.name})", None
    elif small and melee and used is Ability.DEX:
        label, ruling = "DEX (small weapon)", 29
    else:
        label, ruling = used.value, None
    parts = [Part(label, character.modifier(used), ruling)]
    parts += fx.toggle_parts(character, catalog, "attack", melee=melee)
    if proficient:
        parts.append(Part("PROF", character.prof, 4))
    if ranged and character.fighting_style == ARCHERY_STYLE:
        parts.append(Part("Archery style", 1))
    return Breakdown(parts)


def attack_bonus(character: Character, catalog: Catalog, *, ranged: bool, small: bool,
                 proficient: bool) -> int:
    """What an ATK adds to the d20 (R7, R29); the engine rolls exactly this."""
    return attack_breakdown(character, catalog, ranged=ranged, small=small,
                            proficient=proficient).total


def damage_breakdown(character: Character, *, ranged: bool, recoil: bool, grip: Grip | None,
                     notches: int, off_hand: bool = False) -> Breakdown:
    """The flat number a blow adds to its dice, part by part, before a state's damage."""
    str_mod = character.modifier(Ability.STR)
    style = character.fighting_style
    if ranged:
        part = Part("STR (Recoil)", str_mod, 29) if recoil else Part("no STR at range", 0, 29)
    elif grip == "two_handed" and str_mod > 0:
        part = Part("STR ×1.5, rounded up (two hands)", two_handed_bonus(str_mod), 12)
    else:
        part = Part("STR", str_mod)
    parts = [part]
    if off_hand and style != TWO_WEAPON_STYLE and part.amount > 0:
        parts.append(Part("off hand: no positive STR", -part.amount))  # 5e
    if style == DUELING_STYLE and grip == "one_handed" and not ranged and not off_hand:
        parts.append(Part("Dueling style", 1))
    if notches:
        parts.append(Part("notch" if notches == 1 else "notches", -notches, 17))
    return Breakdown(parts)


def damage_bonus(character: Character, *, ranged: bool, recoil: bool, grip: Grip | None,
                 notches: int, off_hand: bool = False) -> int:
    """The flat number a blow adds to its dice, before a state's damage (module notes)."""
    return damage_breakdown(character, ranged=ranged, recoil=recoil, grip=grip,
                            notches=notches, off_hand=off_hand).total


def state_damage_parts(character: Character, catalog: Catalog, *, ranged: bool) -> list[Part]:
    """Each switched-on state's damage ("Rage (Barbarian)" +2)."""
    return fx.toggle_parts(character, catalog, "damage", melee=not ranged)


def state_damage(character: Character, catalog: Catalog, *, ranged: bool) -> int:
    """Damage a switched-on archetype state adds to a hit (Rage: +PROF)."""
    return sum(p.amount for p in state_damage_parts(character, catalog, ranged=ranged))


def crit_low(character: Character, catalog: Catalog, *, ranged: bool) -> int:
    """R15: the lowest natural d20 that crits (20; 19 with a widened melee crit range)."""
    return fx.crit_low(character, catalog, not ranged)


def caster_kind(character: Character) -> Caster | None:
    """Which SPELLCHECK the class makes (R8), or None for a class that casts no spells."""
    return _CASTERS.get(character.class_id or "")


def spellcheck_breakdown(character: Character) -> Breakdown | None:
    """R8: INT (Magic-user) or WIS (Cleric) + PROF; None for a non-caster."""
    kind = caster_kind(character)
    if kind is None:
        return None
    ability = CASTING_ABILITY[kind]
    return Breakdown((Part(ability.value, character.modifier(ability)),
                      Part("PROF", character.prof, 8)))


def spellcheck_bonus(character: Character) -> int | None:
    """R8: INT (Magic-user) or WIS (Cleric) + PROF; None for a non-caster."""
    found = spellcheck_breakdown(character)
    return None if found is None else found.total
