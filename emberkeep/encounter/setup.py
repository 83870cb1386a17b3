"""Putting combatants into an encounter: the party's characters and the GM's monsters."""

from __future__ import annotations

import re
from collections.abc import Iterable

from emberkeep.character.model import Character
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition

__all__ = ["monster_combatants", "pc_combatant", "pc_combatants"]

_NOT_SLUG = re.compile(r"[^a-z0-9]+")  # what an id drops from a monster's name


def pc_combatant(character: Character, *, side: str = "party", position: int = 0) -> Combatant:
    """The character as a combatant, carrying the lasting injuries on its sheet (engine II)."""
    conditions: tuple[ActiveCondition, ...] = ()
    if character.conditions:  # most sheets carry none: nothing to import or convert
        from emberkeep.encounter.injuries import sheet_conditions

        conditions = sheet_conditions(character)
    return Combatant(id=f"pc-{character.id[:8]}", name=character.name, side=side, kind="pc",
                     character_id=character.id, position=position, conditions=conditions)


def pc_combatants(characters: Iterable[Character], *, side: str = "party",
                  position: int = 0) -> list[Combatant]:
    return [pc_combatant(c, side=side, position=position) for c in characters]


def monster_combatants(stats: MonsterStats, count: int = 1, *, side: str = "foes",
                       position: int = 1, first_number: int = 1) -> list[Combatant]:
    """``count`` monsters of one kind, numbered ("Goblin 1", "Goblin 2"...) at full HP."""
    if not 1 <= count <= 100:
        raise ValueError(f"between 1 and 100 monsters of a kind, not {count}")
    slug = _NOT_SLUG.sub("-", stats.name.lower()).strip("-") or "monster"
    made = []
    for n in range(first_number, first_number + count):
        name = stats.name if count == 1 and first_number == 1 else f"{stats.name} {n}"
        made.append(Combatant(id=f"{slug}-{n}", name=name, side=side, kind="monster",
                              monster=stats, hp=stats.max_hp, position=position))
    return made
