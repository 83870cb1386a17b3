"""Archetypes as data (resources/archetypes.json): the seed's four examples.

Each gives the basic archetype PROFs at 1st level and a menu of features picked at the levels the
advancement table gives (R6: 2nd, 5th and 7th), plus a 1st-level pick when the campaign allows it
("if you wish, you can give an Archetype Feature at 1st level also"). Their mechanics come later;
each feature's ``effects`` are typed data (:mod:`emberkeep.character.feature_effects`) that
:mod:`emberkeep.character.archetype_effects` reads for the sheet and the engine. ``hit_die``,
``melee_crit_low`` and ``easy_skills`` are read-only views of those effects.

The shipped archetypes are the defaults; a campaign's own ("Archetypes are data the
GM creates and edits") are over them in its :class:`~emberkeep.character.catalog.Catalog`, the
same id replacing the shipped one, which every rule that looks one up (level-up, hit dice, the
engine) is given.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.character.feature_effects import (
    CritRange,
    FeatureEffect,
    HitDie,
    RollDifficulty,
)
from emberkeep.character.skills import Skill
from emberkeep.resources import load_model

__all__ = [
    "Archetype",
    "ArchetypeCatalog",
    "ArchetypeFeature",
    "ChosenFeature",
    "shipped_archetypes",
]

_ID = r"^[a-z][a-z0-9_]*$"


class ArchetypeFeature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    text: str = Field("", max_length=2000)
    effects: tuple[FeatureEffect, ...] = ()
    # why (part of) the feature is the GM's call when no typed effect can apply it
    gm_call: str = Field("", max_length=1000)

    @property
    def hit_die(self) -> int | None:
        """R3: the hit die this feature gives, if any (the Barbarian's d12)."""
        dice = [e.die for e in self.effects if isinstance(e, HitDie)]
        return dice[-1] if dice else None

    @property
    def melee_crit_low(self) -> int | None:
        """The lowest natural roll that crits in melee with this feature, if it widens it."""
        lows = [e.low for e in self.effects if isinstance(e, CritRange)]
        return min(lows) if lows else None

    @property
    def easy_skills(self) -> tuple[Skill, ...]:
        """Skills whose CHECKs this feature makes EASY whatever the context."""
        return tuple(e.skill for e in self.effects
                     if isinstance(e, RollDifficulty) and e.difficulty == "easy"
                     and e.roll == "check" and e.skill is not None and e.context is None)


class Archetype(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    class_id: str = Field(min_length=1, max_length=64)
    prerequisite_race: str | None = Field(None, max_length=64)
    skill_proficiencies: tuple[Skill, ...]
    text: tuple[str, ...] = ()
    features: tuple[ArchetypeFeature, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_features(self) -> "Archetype":
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
    def _unique(self) -> "ArchetypeCatalog":
        ids = [a.id for a in self.archetypes]
        if len(ids) != len(set(ids)):
            raise ValueError(f"archetype ids repeat: {ids}")
        return self


@cache
def shipped_archetypes() -> dict[str, Archetype]:
    """The seed's four, from ``resources/archetypes.json``."""
    return {a.id: a for a in load_model(ArchetypeCatalog, "archetypes.json").archetypes}
