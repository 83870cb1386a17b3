"""The words and numbers the paper sheets print beside the sheet numbers: a character's class
and race in words, its features, its passive numbers, and who the party in play is.

Read from the core's own data (classes, races, archetypes, the campaign's catalog); a hand-edited
file's unknown id is printed as written rather than refused, as the sheet on screen does.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.model import Campaign
from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import CharacterGroup, in_groups
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import skill_lines
from emberkeep.character.skills import Skill, skill_name

__all__ = ["PASSIVE_BASE", "PASSIVE_SKILLS", "Feature", "class_name", "class_text",
           "feature_list", "occupation_name", "party_in_play", "passive", "race_name", "signed"]

PASSIVE_BASE = 10
"""Furnace has no passive check; a GM compares a skill without rolling as 5e does (Furnace takes
its skills from 5e, R7): 10 + the CHECK's bonus, against the ROOM DC or a foe's roll."""
PASSIVE_SKILLS = (Skill.PERCEPTION, Skill.INSIGHT, Skill.INVESTIGATION, Skill.STEALTH)
"""The ones a GM asks for unannounced: who notices the ambush, the lie, the trap, who is
noticed."""


def signed(value: int, minus: str = "-") -> str:
    """``+2``, ``-1``, ``+0``; printed text passes ``minus="−"`` (a field's Helvetica has no
    true minus sign)."""
    return f"+{value}" if value >= 0 else f"{minus}{-value}"


def class_name(character: Character) -> str:
    if character.class_id is None:
        return "0-level"
    try:
        cls = character.class_def
    except Exception:  # an unknown class id from a hand-edited file: printed as written
        return character.class_id
    return cls.name if cls is not None else character.class_id


def race_name(character: Character, catalog: Catalog) -> str:
    try:
        return catalog.race(character.race).name
    except Exception:  # an unknown race id: printed as written
        return character.race


def occupation_name(character: Character) -> str:
    """The 0-level occupation in the table's words ("Beekeeper"); "" without one."""
    if character.occupation is None:
        return ""
    from emberkeep.character.occupations import occupation_table

    try:
        return occupation_table().by_id(character.occupation).text
    except (KeyError, ValueError):  # an id the table no longer has: as written
        return character.occupation


def class_text(character: Character, catalog: Catalog) -> str:
    """``Level 3 Fighter (Champion)`` or ``0-level``."""
    archetype = ""
    if character.archetype is not None:
        found = catalog.find_archetype(character.archetype)
        archetype = f" ({found.name if found is not None else character.archetype})"
    if character.class_id is None:
        return "0-level" + archetype
    return f"Level {character.level} {class_name(character)}{archetype}"


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature to print: where it comes from, its name and what it does."""

    source: str
    name: str
    text: str


def feature_list(character: Character, catalog: Catalog) -> list[Feature]:
    """Race features (R2), class features, chosen archetype features, ability increases,
    feats and tools, in that order."""
    found: list[Feature] = []
    try:
        race = catalog.race(character.race)
    except Exception:
        race = None
    if race is not None:
        text = " ".join(race.text)
        if character.race_skill is not None:  # the Human's chosen skill (R2)
            text += f" (chosen: {skill_name(character.race_skill)})"
        found.append(Feature(race.name, race.name, text))
    cls = None
    try:
        cls = character.class_def
    except Exception:
        cls = None
    if cls is not None:
        for feature in cls.features:
            picked = [o for o in feature.options if o.id == character.fighting_style]
            text = (f"{picked[0].name}: {picked[0].text}" if picked  # the style picked
                    else feature.text + " " + "; ".join(f"{o.name}: {o.text}"
                                                        for o in feature.options))
            found.append(Feature(cls.name, feature.name, text.strip()))
    if character.archetype is not None:
        archetype = catalog.find_archetype(character.archetype)
        if archetype is not None:
            for chosen in character.archetype_features:
                try:
                    taken = archetype.feature(chosen.feature_id)
                except Exception:  # a feature gone from a GM's edited archetype
                    continue
                found.append(Feature(archetype.name, f"{taken.name} (L{chosen.level})",
                                     taken.text))
    if character.ability_increases:
        found.append(Feature("", "Ability +1", ", ".join(
            f"{i.ability.value} (L{i.level})" for i in character.ability_increases)))
    if character.feats:
        found.append(Feature("", "Feats", ", ".join(character.feats)))
    if character.tool_proficiencies:
        found.append(Feature("", "Tools", ", ".join(character.tool_proficiencies)))
    return found


def passive(character: Character, catalog: Catalog, skill: Skill) -> int:
    """10 + the skill's CHECK bonus (see :data:`PASSIVE_BASE`)."""
    for line in skill_lines(character, catalog):
        if line.skill is skill:
            return PASSIVE_BASE + line.bonus
    raise KeyError(skill)


def party_in_play(campaign: Campaign) -> list[Character]:
    """The characters in the party in play (the roster's group), in the roster's order."""
    return in_groups(campaign.characters, (CharacterGroup.PARTY,))
