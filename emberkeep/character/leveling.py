"""Reaching a level: 1st level's choices (R6, R7) and each level after (R5 HP, R6 features).

:func:`apply_first_level` is shared by a character made directly at 1st level
(:mod:`emberkeep.character.creation`) and a funnel survivor (:mod:`emberkeep.character.funnel`):
they differ only in the HP (R5: the survivor adds the 1st-level gain to its 1d4).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from emberkeep.character.abilities import NATURAL_CAP, Ability
from emberkeep.character.advancement import MAX_LEVEL, LevelFeature, features_at
from emberkeep.character.archetypes import ArchetypeFeature, ChosenFeature
from emberkeep.character.catalog import Catalog
from emberkeep.character.classes import ClassDef, EquipmentSelection, get_class
from emberkeep.character.hit_points import (
    LAST_ROLLED_LEVEL,
    HpEntry,
    fixed_high_level_hp,
    roll_level_hp,
)
from emberkeep.character.model import AbilityIncrease, Character
from emberkeep.character.rest import max_hit_dice
from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Roller

__all__ = ["ClassChoices", "LevelUpResult", "apply_first_level", "level_up"]


class ClassChoices(BaseModel):
    """What a player chooses on taking a class at 1st level.

    ``save`` is the chosen save added to the class's own (R7). ``skills`` are the 1 + INT picks
    (Rogue 3 + INT); ``expertise`` the Rogue's two more. ``archetype`` may wait; its basic PROFs
    come with it. ``archetype_feature`` is the optional 1st-level pick (a campaign setting).
    ``equipment`` is ``None`` to take no starting gear (a funnel survivor keeps what it has).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    class_id: str
    save: Ability
    skills: tuple[Skill, ...] = ()
    expertise: tuple[Skill, ...] = ()
    fighting_style: str | None = None
    archetype: str | None = None
    archetype_feature: str | None = None
    cantrips: tuple[str, ...] = ()
    equipment: tuple[EquipmentSelection, ...] | None = None


@dataclass(frozen=True, slots=True)
class LevelUpResult:
    level: int
    hp: HpEntry
    features: tuple[LevelFeature, ...]
    archetype_feature: str | None = None
    ability_increase: Ability | None = None


def _names(skills: list[Skill]) -> str:
    return ", ".join(skill_name(s) for s in skills)


def _check_new_skills(what: str, picks: tuple[Skill, ...], count: int, have: list[Skill],
                      count_text: str) -> None:
    if len(picks) != count:
        raise ValueError(f"choose {count} {what} ({count_text}), not {len(picks)}")
    if len(set(picks)) != len(picks):
        raise ValueError(f"{what}: the same skill is chosen twice")
    already = [s for s in picks if s in have]
    if already:
        raise ValueError(f"{what}: already proficient in {_names(already)}; choose others")


def _check_archetype_feature(character: Character, catalog: Catalog,
                             feature_id: str) -> ArchetypeFeature:
    if character.archetype is None:
        raise ValueError("choose an archetype before an archetype feature")
    archetype = catalog.archetype(character.archetype)
    feature = archetype.feature(feature_id)  # raises for an unknown id
    if any(c.feature_id == feature_id for c in character.archetype_features):
        raise ValueError(f"{archetype.name}: {feature_id!r} was already picked")
    return feature


def apply_first_level(character: Character, catalog: Catalog, choices: ClassChoices, *,
                      first_level_feature_allowed: bool = False) -> ClassDef:
    """Validate and apply the 1st-level choices (everything but HP and equipment)."""
    if character.level != 0 or character.class_id is not None:
        raise ValueError(f"{character.name} already has a class")
    cls = get_class(choices.class_id)
    skills = list(character.skill_proficiencies)
    if choices.archetype is not None:
        archetype = catalog.archetype(choices.archetype)
        if archetype.class_id != cls.id:
            raise ValueError(f"{archetype.name} is an archetype of {archetype.class_id}, "
                             f"not {cls.name}")
        if archetype.prerequisite_race not in (None, character.race):
            raise ValueError(f"{archetype.name} requires the race {archetype.prerequisite_race}")
        skills += [s for s in archetype.skill_proficiencies if s not in skills]
    int_mod = character.modifier(Ability.INT)
    _check_new_skills("skills", choices.skills, cls.skill_pick_count(int_mod), skills,
                      f"{cls.skill_picks} + INT {int_mod:+d}, R7")
    skills += list(choices.skills)
    _check_new_skills("expertise skills", choices.expertise, cls.expertise_picks, skills,
                      f"{cls.name} Expertise, R7")
    if choices.save == cls.save:
        raise ValueError(f"{cls.name}s already save with {cls.save.value}; choose another save")
    styles = {o.id for f in cls.features for o in f.options}
    if styles and choices.fighting_style not in styles:
        raise ValueError(f"choose a fighting style: {', '.join(sorted(styles))}")
    if not styles and choices.fighting_style is not None:
        raise ValueError(f"{cls.name}s have no fighting style")
    if len(choices.cantrips) not in (0, cls.cantrip_picks):
        raise ValueError(f"{cls.name}s choose {cls.cantrip_picks} cantrips, "
                         f"not {len(choices.cantrips)}")
    if choices.archetype_feature is not None:
        if not first_level_feature_allowed:
            raise ValueError("this campaign gives no archetype feature at 1st level")
        if choices.archetype is None:
            raise ValueError("choose an archetype before an archetype feature")
        catalog.archetype(choices.archetype).feature(choices.archetype_feature)

    character.class_id = cls.id
    character.level = 1
    character.skill_proficiencies = skills
    character.expertise = list(choices.expertise)
    character.save_proficiencies = [cls.save, choices.save]
    character.fighting_style = choices.fighting_style
    character.archetype = choices.archetype
    character.cantrips = list(choices.cantrips)
    if choices.archetype_feature is not None:
        character.archetype_features.append(
            ChosenFeature(feature_id=choices.archetype_feature, level=1))
    character.hit_dice = max_hit_dice(1)
    return cls


def level_up(character: Character, catalog: Catalog, roller: Roller, *,
             archetype_feature: str | None = None,
             ability_increase: Ability | None = None) -> LevelUpResult:
    """Advance a 1st-level or higher character one level (R5, R6), in place.

    Choices are checked before anything changes, so a refused level-up leaves the sheet as it was.
    """
    if character.level == 0:
        raise ValueError("a 0-level character reaches 1st level with funnel.advance_to_first")
    if character.level >= MAX_LEVEL:
        raise ValueError(f"{character.name} is already level {MAX_LEVEL}")
    if not character.alive:
        raise ValueError(f"{character.name} is dead")
    level = character.level + 1
    features = features_at(level)
    wants_feature = LevelFeature.ARCHETYPE_FEATURE in features
    wants_increase = LevelFeature.ABILITY_INCREASE in features
    if wants_feature != (archetype_feature is not None):
        raise ValueError(f"level {level} {'gives an' if wants_feature else 'gives no'} "
                         "archetype feature (R6)")
    if wants_increase != (ability_increase is not None):
        raise ValueError(f"level {level} {'gives' if wants_increase else 'gives no'} "
                         "+1 to an ability score (R6)")
    if ability_increase is not None:
        base = character.scores.get(ability_increase).base
        if base >= NATURAL_CAP:
            raise ValueError(f"{ability_increase.value} is {base}: natural play caps at "
                             f"{NATURAL_CAP} (R1); raise another score")
    cls = character.class_def
    assert cls is not None
    die = character.hit_die_at(catalog, level)
    if archetype_feature is not None:
        feature = _check_archetype_feature(character, catalog, archetype_feature)
        die = feature.hit_die or die  # R3: a new hit die applies from the level it is chosen
    if level <= LAST_ROLLED_LEVEL:
        entry = roll_level_hp(level, die, character.modifier(Ability.CON), roller)
    else:
        entry = fixed_high_level_hp(level, cls.high_level_hp)
    if archetype_feature is not None:
        character.archetype_features.append(ChosenFeature(feature_id=archetype_feature,
                                                          level=level))
    if ability_increase is not None:
        character.scores.get(ability_increase).base += 1
        character.ability_increases.append(AbilityIncrease(ability=ability_increase, level=level))
    character.hp_history.append(entry)
    character.max_hp += entry.gain
    character.hp += entry.gain
    character.hit_dice += max_hit_dice(level) - max_hit_dice(level - 1)
    character.level = level
    return LevelUpResult(level, entry, features, archetype_feature, ability_increase)
