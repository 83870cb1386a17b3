"""Making a character directly at 1st level (Furnace "Creating a character").

Dice, in order: 3d6 six times in order (STR, DEX, CON, INT, WIS, CHA), then the class hit die
(unless the campaign uses the fixed 1st-level HP, R5). Then, in the text's order: the race (the
Human may swap two scores and takes PROF in one chosen skill; the others +1/-1, capped at 18 by
R1's natural cap), the class and its 1st-level choices (R7 skill counts are checked with clear
messages), and the starting equipment resolved into an Inventory.
"""

from __future__ import annotations

from collections.abc import Mapping

from emberkeep.character import hit_points
from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.leveling import ClassChoices, apply_first_level
from emberkeep.character.model import Character
from emberkeep.character.races import Race, apply_race
from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["ClassChoices", "create_character", "new_zero_level", "race_skills",
           "roll_ability_scores"]


def roll_ability_scores(roller: Roller) -> dict[Ability, RollRecord]:
    """3d6 for each ability, in order (the faces are kept for the sheet); a GM's typed faces
    are found under ``("ability", "STR")`` and so on, or ``"ability"`` in order."""
    return {ability: roll("3d6", roller, purpose=Purpose.ABILITY, who=ability.value)
            for ability in ABILITIES}


def race_skills(race: Race, race_skill: Skill | None, *, required: bool) -> list[Skill]:
    """The race's chosen skill PROF (the Human's), checked: a list of none or one skill."""
    if race.skill_picks and race_skill is None and required:
        raise ValueError(f"a {race.name} is PROF in one chosen skill: choose it")
    if not race.skill_picks and race_skill is not None:
        raise ValueError(f"a {race.name} gets no chosen skill "
                         f"({skill_name(race_skill)} was given)")
    return [race_skill] if race_skill is not None else []


def new_zero_level(
    rolls: Mapping[Ability, RollRecord],
    *,
    name: str,
    race: str,
    hp: int,
    player: str = "",
    swap: tuple[Ability, Ability] | None = None,
    race_skill: Skill | None = None,
    race_skill_required: bool = True,
    catalog: Catalog = SHIPPED,
) -> Character:
    """A 0-level sheet from rolled scores: the race applied, no class yet.

    A funnel character may leave the Human's chosen skill for later (``race_skill_required``
    false); it is then chosen on reaching 1st level.
    """
    race_def = catalog.race(race)  # the campaign's own races too
    bases = apply_race({a: rolls[a].total for a in ABILITIES}, race_def, swap)
    return Character(
        name=name, player=player, race=race_def.id, scores=AbilityScores.from_bases(bases),
        score_rolls={a: rolls[a].faces for a in ABILITIES}, race_swap=swap, hp=hp, max_hp=hp,
        race_skill=race_skill,
        skill_proficiencies=race_skills(race_def, race_skill, required=race_skill_required))


def create_character(
    roller: Roller,
    *,
    catalog: Catalog,
    name: str,
    race: str,
    choices: ClassChoices,
    player: str = "",
    swap: tuple[Ability, Ability] | None = None,
    race_skill: Skill | None = None,
    fixed_first_level_hp: bool = False,
    first_level_feature_allowed: bool = False,
) -> Character:
    """Roll and build a 1st-level character (R5: the 1st-level gain only, no 1d4).

    ``fixed_first_level_hp`` and ``first_level_feature_allowed`` are the campaign's settings.
    Dice the GM typed are found by purpose: ``ability`` (see :func:`roll_ability_scores`) and
    ``hit die``.
    """
    from emberkeep.character.equipment import starting_inventory

    scores = roll_ability_scores(roller)
    character = new_zero_level(scores, name=name, race=race, hp=1, player=player, swap=swap,
                               race_skill=race_skill, catalog=catalog)
    cls = apply_first_level(character, catalog, choices,
                            first_level_feature_allowed=first_level_feature_allowed)
    con = character.modifier(Ability.CON)
    if fixed_first_level_hp:
        entry = hit_points.fixed_first_level_hp(cls.first_level_fixed_hp, con)
    else:
        entry = hit_points.roll_level_hp(1, character.hit_die_at(catalog, 1), con, roller)
    character.hp_history = [entry]
    character.max_hp = character.hp = entry.gain
    if choices.equipment is not None:
        character.inventory = starting_inventory(cls, choices.equipment, catalog.gear())
    return character
