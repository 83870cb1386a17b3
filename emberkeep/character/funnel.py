"""The character funnel (DCC, as Furnace asks): 0-level characters, and reaching 1st level.

Furnace: "Create four 0-level characters" per player, by DCC's rules. Each 0-level character
rolls, in order: 3d6 for each of the six scores, 1d4 HP (R5), then its occupation (d50). It is
PROF in its occupation's skill or tool and carries its item. Its race is its own: Furnace has no
race roll ("Choose a Race. Human is the 'default'"), so each starts Human and the GM may choose
another for any one of them, its rolled dice kept (:func:`with_race`); a Human's swap and chosen
skill may be given or left for later. :func:`roll_player_funnel` makes N for each player named.

A survivor reaching 1st level takes a class and its 1st-level choices, and adds the class's
1st-level HP gain to the 1d4 it had (R5); it keeps its occupation PROF and its gear.
"""

from __future__ import annotations

from collections.abc import Sequence

from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.advancement import features_at
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.creation import new_zero_level, race_skills, roll_ability_scores
from emberkeep.character.hit_points import roll_level_hp, roll_zero_level_hp
from emberkeep.character.leveling import ClassChoices, LevelUpResult, apply_first_level
from emberkeep.character.model import Character
from emberkeep.character.occupations import roll_occupation
from emberkeep.character.races import apply_race
from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Roller
from emberkeep.gear.inventory import Inventory

__all__ = ["DEFAULT_FUNNEL_SIZE", "advance_to_first", "roll_funnel", "roll_player_funnel",
           "roll_zero_level", "with_race"]

DEFAULT_FUNNEL_SIZE = 4


def roll_zero_level(
    roller: Roller,
    *,
    name: str,
    race: str = "human",
    player: str = "",
    swap: tuple[Ability, Ability] | None = None,
    race_skill: Skill | None = None,
    catalog: Catalog = SHIPPED,
) -> Character:
    """One 0-level character: 3d6 × 6 in order, 1d4 HP, a rolled occupation (``catalog``: the
    campaign's, whose own races may be chosen)."""
    rolls = roll_ability_scores(roller)
    hp = roll_zero_level_hp(roller)
    occupation = roll_occupation(roller).row
    character = new_zero_level(rolls, name=name, race=race, hp=hp.gain, player=player,
                               swap=swap, race_skill=race_skill, race_skill_required=False,
                               catalog=catalog)
    character.hp_history = [hp]
    character.occupation = occupation.id
    if occupation.skill is not None and occupation.skill not in character.skill_proficiencies:
        character.skill_proficiencies.append(occupation.skill)
    if occupation.tool is not None:
        character.tool_proficiencies.append(occupation.tool)
    character.inventory = Inventory.from_catalog([occupation.item])
    return character


def roll_funnel(
    roller: Roller,
    count: int = DEFAULT_FUNNEL_SIZE,
    *,
    names: Sequence[str] | None = None,
    race: str = "human",
    player: str = "",
    catalog: Catalog = SHIPPED,
) -> list[Character]:
    """``count`` 0-level characters (four by default), rolled one after another."""
    if count < 1:
        raise ValueError(f"a funnel needs at least one character, not {count}")
    if names is not None and len(names) != count:
        raise ValueError(f"{count} characters but {len(names)} names")
    labels = list(names) if names is not None else [f"Peasant {i}" for i in range(1, count + 1)]
    return [roll_zero_level(roller, name=label, race=race, player=player, catalog=catalog)
            for label in labels]


def roll_player_funnel(
    roller: Roller,
    players: Sequence[str],
    per_player: int = DEFAULT_FUNNEL_SIZE,
    *,
    catalog: Catalog = SHIPPED,
) -> list[Character]:
    """``per_player`` 0-level characters for each of ``players`` (Furnace: four each), player
    by player, each with its own rolls and occupation; without a player named, one batch of
    ``per_player`` with no player. Named "Peasant 1", "Peasant 2"... across the funnel."""
    if per_player < 1:
        raise ValueError(f"a funnel needs at least one character a player, not {per_player}")
    names = [p.strip() for p in players if p.strip()] or [""]
    out: list[Character] = []
    for player in names:
        for _ in range(per_player):
            out.append(roll_zero_level(roller, name=f"Peasant {len(out) + 1}", player=player,
                                       catalog=catalog))
    return out


def with_race(character: Character, race: str, catalog: Catalog = SHIPPED) -> Character:
    """A 0-level character as another race: the same 3d6 it rolled, that race's +1/-1 (R2), its
    HP, occupation, PROF and gear kept. A Human's swap is undone (another race has none) and its
    chosen skill, if any, is left for later (R40: a funnel survivor picks it at 1st level)."""
    if character.level != 0:
        raise ValueError(f"{character.name} is level {character.level}: only a funnel "
                         "character's race is chosen after its roll")
    race_def = catalog.race(race)  # the campaign's own races too
    rolled = {a: sum(character.score_rolls[a]) for a in ABILITIES}
    bases = apply_race(rolled, race_def, None)
    skills = [s for s in character.skill_proficiencies if s != character.race_skill]
    return character.model_copy(update={
        "race": race_def.id, "scores": AbilityScores.from_bases(bases), "race_swap": None,
        "race_skill": None, "skill_proficiencies": skills}, deep=True)


def advance_to_first(
    character: Character,
    catalog: Catalog,
    choices: ClassChoices,
    roller: Roller,
    *,
    first_level_feature_allowed: bool = False,
    race_skill: Skill | None = None,
) -> LevelUpResult:
    """A funnel survivor reaches 1st level: class choices, and the 1st-level gain added (R5).

    A Human who left its chosen skill for later (``race_skill``) chooses it now. The character
    changes in place, and only when everything succeeded: the work is done on a copy, so a
    refused choice or a missing die leaves the sheet as it was.
    """
    from emberkeep.character.equipment import resolve_equipment

    if character.level != 0:
        raise ValueError(f"{character.name} is level {character.level}, not a 0-level survivor")
    if not character.alive:
        raise ValueError(f"{character.name} is dead")
    work = character.model_copy(deep=True)
    race = catalog.race(work.race)  # the campaign's own races too
    if race_skill is not None or (race.skill_picks and work.race_skill is None):
        if work.race_skill is not None:
            raise ValueError(f"{work.name} already chose its race skill")
        new = race_skills(race, race_skill, required=True)
        if new and new[0] in work.skill_proficiencies:
            raise ValueError(f"already proficient in {skill_name(new[0])}; choose another")
        work.race_skill = race_skill
        work.skill_proficiencies += new
    cls = apply_first_level(work, catalog, choices,
                            first_level_feature_allowed=first_level_feature_allowed)
    gear_catalog = catalog.gear()  # the campaign's own gear over the shipped
    gear = (resolve_equipment(cls, choices.equipment, gear_catalog)
            if choices.equipment is not None else [])
    entry = roll_level_hp(1, work.hit_die_at(catalog, 1), work.modifier(Ability.CON), roller)
    work.hp_history.append(entry)
    work.max_hp += entry.gain
    work.hp += entry.gain
    for gear_id in gear:
        work.inventory.add(gear_id, gear_catalog)
    for field in type(character).model_fields:
        setattr(character, field, getattr(work, field))
    return LevelUpResult(1, entry, features_at(1), choices.archetype_feature, None)


