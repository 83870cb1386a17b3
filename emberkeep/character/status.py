"""Where a character stands: alive, dying or dead (R21, R22), and its armor class.

These are rules, so they live in the core; every view (roster, sheet, encounter) asks here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from emberkeep.breakdown import Breakdown, Part
from emberkeep.character.abilities import Ability
from emberkeep.character.archetype_effects import toggle_parts  # Rage: -PROF AC
from emberkeep.gear.armor_class import armor_class_breakdown

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = ["DEFENSE_STYLE", "Status", "character_armor_class", "character_armor_class_breakdown",
           "status"]

DEFENSE_STYLE = "defense"  # Fighter's Fighting Style (b): +1 AC


class Status(StrEnum):
    ALIVE = "alive"
    DYING = "dying"
    DEAD = "dead"


def status(character: Character) -> Status:
    """R22: dead when recorded so, at -(3 + LVL + CON) HP or below, or with any score at 0;
    R21: dying (unconscious, bleeding out) at 0 HP or below."""
    if (not character.alive or character.hp <= character.death_threshold
            or character.scores.any_zero()):
        return Status.DEAD
    if character.hp <= 0:
        return Status.DYING
    return Status.ALIVE


def character_armor_class_breakdown(character: Character, catalog: Catalog) -> Breakdown:
    """Worn armor and shield with their dents (R15), DEX where the armor allows, the
    Fighter's Defense style, and what a switched-on feature does (Rage, as ``catalog`` has it)."""
    found = armor_class_breakdown(character.inventory, character.modifier(Ability.DEX))
    if character.fighting_style == DEFENSE_STYLE:
        found = found.plus(Part("Defense style", 1))
    toggled = toggle_parts(character, catalog, "ac")
    return found.plus(*toggled) if toggled else found


def character_armor_class(character: Character, catalog: Catalog) -> int:
    """The AC the sheet shows and the engine hits against: its breakdown's total."""
    return character_armor_class_breakdown(character, catalog).total
