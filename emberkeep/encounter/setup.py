"""Putting combatants into an encounter: the party's characters and the GM's monsters."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from emberkeep.character.model import Character
from emberkeep.dice import Purpose, Roller, roll
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.lasting import sheet_conditions

__all__ = ["monster_combatants", "pc_combatant", "pc_combatants"]

MAX_OF_A_KIND = 1000  # a guard against a typo, not a rule (a big test fight holds ~200)
_NOT_SLUG = re.compile(r"[^a-z0-9]+")  # what an id drops from a monster's name


def pc_combatant(character: Character, *, side: str = "party", position: int = 0) -> Combatant:
    """The character as a combatant, carrying the lasting injuries on its sheet (engine II)."""
    return Combatant(id=f"pc-{character.id[:8]}", name=character.name, side=side, kind="pc",
                     character_id=character.id, position=position,
                     conditions=sheet_conditions(character))


def pc_combatants(characters: Iterable[Character], *, side: str = "party",
                  position: int = 0) -> list[Combatant]:
    return [pc_combatant(c, side=side, position=position) for c in characters]


def monster_combatants(stats: MonsterStats, count: int = 1, *, side: str = "foes",
                       position: int = 1, first_number: int = 1,
                       taken: Collection[str] = (), hit_dice: int = 0,
                       roller: Roller | None = None) -> list[Combatant]:
    """``count`` monsters of one kind, numbered ("Goblin 1", "Goblin 2"...) from
    ``first_number``, skipping numbers whose ids are ``taken`` (already in the encounter); a
    lone monster keeps its plain name. With ``hit_dice`` each rolls its own HP (``hit_dice``d8,
    at least 1) with ``roller``; otherwise each has the stat block's HP. The GM's monster form
    and scripts both make monsters here."""
    if not 1 <= count <= MAX_OF_A_KIND:
        raise ValueError(f"between 1 and {MAX_OF_A_KIND} monsters of a kind, not {count}")
    if hit_dice and roller is None:
        raise ValueError("rolling each monster's hit dice needs a roller")
    slug = _NOT_SLUG.sub("-", stats.name.lower()).strip("-") or "monster"
    lone = count == 1 and first_number == 1 and f"{slug}-1" not in taken
    made: list[Combatant] = []
    number = first_number
    while len(made) < count:
        cid = f"{slug}-{number}"
        if cid not in taken:
            own = stats
            if hit_dice:
                assert roller is not None
                # the HD purpose: a GM's typed HP (``TypedRoller``) answers it, monster by monster
                hp = max(1, roll(f"{hit_dice}d8", roller, purpose=Purpose.HIT_DIE).total)
                own = stats.model_copy(update={"max_hp": hp})
            name = stats.name if lone else f"{stats.name} {number}"
            made.append(Combatant(id=cid, name=name, side=side, kind="monster", monster=own,
                                  hp=own.max_hp, position=position))
        number += 1
    return made
