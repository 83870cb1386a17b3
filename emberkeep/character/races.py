"""Races (R2) as data: resources/races.json.

The seed's formula is "+1/-1 Ability score, 1 minor racial feature"; the Human is the default and
trades the adjustment for two things: swap two scores after rolling, and PROF in one chosen
skill. A GM may add races; :class:`Race` validates that they keep one of these two shapes.

R1: race adjustments are natural, so an 18 raised by +1 stays 18 (natural play caps at 18).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from functools import cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.character.abilities import NATURAL_CAP, Ability
from emberkeep.character.skills import Skill
from emberkeep.resources import load_model

__all__ = ["ROLLED_LOW", "EasyCheck", "Race", "RaceCatalog", "apply_race", "get_race",
           "lowest_base", "races"]

ROLLED_LOW = 3
"""The lowest 3d6 roll, so the lowest score a character starts with before its race."""


class EasyCheck(BaseModel):
    """A racial feature: CHECKs of these skills (or this ability) are EASY in this situation."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    skills: tuple[Skill, ...] = ()
    ability: Ability | None = None
    situation: str

    @model_validator(mode="after")
    def _names_something(self) -> "EasyCheck":
        if not self.skills and self.ability is None:
            raise ValueError("an EASY check names skills or an ability")
        return self


class Race(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    text: tuple[str, ...] = Field(min_length=1)
    adjustments: dict[Ability, Annotated[int, Field(ge=-10, le=10)]] = Field(default_factory=dict)
    swap_scores: bool = False
    skill_picks: int = Field(default=0, ge=0, le=1)
    easy_check: EasyCheck | None = None

    @model_validator(mode="after")
    def _shape(self) -> "Race":
        """R2: either the Human's shape or +1/-1 with exactly one feature."""
        if not self.adjustments:
            if not (self.swap_scores and self.skill_picks == 1 and self.easy_check is None):
                raise ValueError(
                    f"race {self.id}: without +1/-1 adjustments a race has the Human's shape "
                    "(swap two scores and PROF in one chosen skill)")
            return self
        values = sorted(self.adjustments.values())
        if values != [-1, 1]:
            raise ValueError(f"race {self.id}: adjustments must be +1 to one ability and -1 to "
                             f"another, not {dict(self.adjustments)}")
        if self.swap_scores:
            raise ValueError(f"race {self.id}: only the Human's shape swaps scores")
        features = (self.easy_check is not None) + (self.skill_picks > 0)
        if features != 1:
            raise ValueError(f"race {self.id}: a +1/-1 race has exactly one feature "
                             f"(an EASY check or one skill PROF), it has {features}")
        return self


class RaceCatalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    races: tuple[Race, ...]

    @model_validator(mode="after")
    def _unique(self) -> "RaceCatalog":
        ids = [r.id for r in self.races]
        if len(ids) != len(set(ids)):
            raise ValueError(f"race ids repeat: {ids}")
        return self


@cache
def races() -> dict[str, Race]:
    return {r.id: r for r in load_model(RaceCatalog, "races.json").races}


def get_race(race_id: str) -> Race:
    try:
        return races()[race_id]
    except KeyError:
        known = ", ".join(races())
        raise ValueError(f"unknown race {race_id!r} (known: {known})") from None


def apply_race(bases: dict[Ability, int], race: Race,
               swap: tuple[Ability, Ability] | None = None) -> dict[Ability, int]:
    """Scores after the race: the Human's optional swap, then +1/-1 (R2), capped at 18 (R1)."""
    scores = dict(bases)
    if swap is not None:
        if not race.swap_scores:
            raise ValueError(f"a {race.name} cannot swap ability scores (only the Human can)")
        first, second = swap
        if first == second:
            raise ValueError(f"swap two different abilities, not {first.value} with itself")
        scores[first], scores[second] = scores[second], scores[first]
    for ability, delta in race.adjustments.items():
        scores[ability] = max(1, min(NATURAL_CAP, scores[ability] + delta))
    return scores


def lowest_base(race: Race, ability: Ability) -> int:
    """The lowest base score a character of ``race`` can have in ``ability``: 3d6's 3, less
    what the race takes there (R2: a 3 rolled becomes 2 under the race's -1). Nothing else
    lowers a base score: injuries are a loss kept apart from it (R29), raises only add."""
    return max(1, ROLLED_LOW + min(0, race.adjustments.get(ability, 0)))
