"""Archetypes as data (resources/archetypes.json): the seed's four examples.

Each gives the basic archetype PROFs at 1st level and a menu of features picked at the levels the
advancement table gives (R6: 2nd, 5th and 7th), plus a 1st-level pick when the campaign allows it
("if you wish, you can give an Archetype Feature at 1st level also"). Their mechanics come later;
the structured fields here are what the rules already need: a feature that changes the hit die
(R3: the Barbarian's d12, from the level it is chosen), a widened crit range, EASY skills.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.character.skills import Skill
from emberkeep.resources import load_model

__all__ = [
    "Archetype",
    "ArchetypeCatalog",
    "ArchetypeFeature",
    "ChosenFeature",
    "archetypes",
    "archetypes_for",
    "get_archetype",
]

_ID = r"^[a-z][a-z0-9_]*$"


class ArchetypeFeature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID)
    name: str
    text: str
    hit_die: int | None = Field(default=None, ge=2)
    melee_crit_low: int | None = Field(default=None, ge=2, le=20)
    easy_skills: tuple[Skill, ...] = ()


class Archetype(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID)
    name: str
    class_id: str
    prerequisite_race: str | None = None
    skill_proficiencies: tuple[Skill, ...]
    text: tuple[str, ...] = ()
    features: tuple[ArchetypeFeature, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_features(self) -> Archetype:
        ids = [f.id for f in self.features]
        if len(ids) != len(set(ids)):
            raise ValueError(f"archetype {self.id}: feature ids repeat {ids}")
        return self

    def feature(self, feature_id: str) -> ArchetypeFeature:
        for f in self.features:
            if f.id == feature_id:
                return f
        known = ", ".join(f.id for f in self.features)
        raise ValueError(f"{self.name} has no feature {feature_id!r} (known: {known})")


class ChosenFeature(BaseModel):
    """An archetype feature on a sheet, with the level at which it was picked."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    feature_id: str
    level: int = Field(ge=1, le=10)


class ArchetypeCatalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    archetypes: tuple[Archetype, ...]

    @model_validator(mode="after")
    def _unique(self) -> ArchetypeCatalog:
        ids = [a.id for a in self.archetypes]
        if len(ids) != len(set(ids)):
            raise ValueError(f"archetype ids repeat: {ids}")
        return self


@cache
def archetypes() -> dict[str, Archetype]:
    return {a.id: a for a in load_model(ArchetypeCatalog, "archetypes.json").archetypes}


def get_archetype(archetype_id: str) -> Archetype:
    try:
        return archetypes()[archetype_id]
    except KeyError:
        known = ", ".join(archetypes())
        raise ValueError(f"unknown archetype {archetype_id!r} (known: {known})") from None


def archetypes_for(class_id: str, race_id: str | None = None) -> list[Archetype]:
    """The archetypes a character of this class (and race) may take."""
    return [a for a in archetypes().values()
            if a.class_id == class_id
            and (a.prerequisite_race is None or a.prerequisite_race == race_id)]
