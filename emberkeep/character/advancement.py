"""Advancement (R6) and experience (R32), read from resources/tables/.

R6: PROF is +0 at 0-level, +1 at 1st-2nd, +2 at 3rd-4th, +3 at 5th-8th, +4 at 9th-10th. The two
advancement tables in the text disagree on features; the classes chapter's wins: 1st choose
skills and an archetype, 2nd an archetype feature, 4th/6th/8th/10th +1 to an ability score,
5th and 7th an archetype feature. The HD pool holds one die per level up to 5.
R32: DCC experience, 10 XP for 1st level up to 1090 for 10th.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from enum import StrEnum
from functools import cache
from itertools import pairwise

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.resources import load_model

__all__ = [
    "MAX_LEVEL",
    "MAX_POOL",
    "AdvancementTable",
    "LevelFeature",
    "LevelRow",
    "XpTable",
    "advancement_table",
    "features_at",
    "level_for_xp",
    "level_row",
    "max_hit_dice",
    "prof_bonus",
    "xp_for_level",
    "xp_table",
]

MAX_LEVEL = 10
MAX_POOL = 5  # R6: the Hit Dice pool holds at most five


class LevelFeature(StrEnum):
    ROLL_OCCUPATION = "roll_occupation"
    CHOOSE_SKILLS = "choose_skills"
    CHOOSE_ARCHETYPE = "choose_archetype"
    ARCHETYPE_FEATURE = "archetype_feature"
    ABILITY_INCREASE = "ability_increase"


class LevelRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=0, le=MAX_LEVEL)
    prof: int = Field(ge=0)
    hit_dice: str
    hit_dice_in_pool: int = Field(ge=0)
    rolls_hit_die: bool
    features: tuple[LevelFeature, ...]
    text: str


class AdvancementTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    levels: tuple[LevelRow, ...]

    @model_validator(mode="after")
    def _every_level_once(self) -> "AdvancementTable":
        found = [row.level for row in self.levels]
        if found != list(range(MAX_LEVEL + 1)):
            raise ValueError(f"advancement rows must be levels 0..{MAX_LEVEL} in order: {found}")
        return self


class XpRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=0, le=MAX_LEVEL)
    xp: int = Field(ge=0)


class XpTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    levels: tuple[XpRow, ...]

    @model_validator(mode="after")
    def _ascending(self) -> "XpTable":
        if [r.level for r in self.levels] != list(range(MAX_LEVEL + 1)):
            raise ValueError(f"XP rows must be levels 0..{MAX_LEVEL} in order")
        xps = [r.xp for r in self.levels]
        if any(b <= a for a, b in pairwise(xps)):
            raise ValueError(f"XP thresholds must rise with level: {xps}")
        return self


@cache
def advancement_table() -> AdvancementTable:
    return load_model(AdvancementTable, "tables", "advancement.json")


@cache
def xp_table() -> XpTable:
    return load_model(XpTable, "tables", "xp.json")


def level_row(level: int) -> LevelRow:
    if not 0 <= level <= MAX_LEVEL:
        raise ValueError(f"levels run from 0 to {MAX_LEVEL}, not {level}")
    return advancement_table().levels[level]


def prof_bonus(level: int) -> int:
    """PROF at ``level`` (R6)."""
    # ``level_row(level).prof`` without the extra call: asked on most rolls of a fight
    if not 0 <= level <= MAX_LEVEL:
        raise ValueError(f"levels run from 0 to {MAX_LEVEL}, not {level}")
    return advancement_table().levels[level].prof


def max_hit_dice(level: int) -> int:
    """HD in the pool at ``level`` (R6): one per level, at most five; none at 0-level. Here,
    not with the rests, because every sheet's validation reads it: a campaign's first load
    then needs nothing of the rests."""
    if level < 0:
        raise ValueError(f"level cannot be negative ({level})")
    return min(level, MAX_POOL)


def features_at(level: int) -> tuple[LevelFeature, ...]:
    """What a character gains on reaching ``level`` (R6, the classes chapter's table)."""
    return level_row(level).features


def xp_for_level(level: int) -> int:
    """XP needed to reach ``level`` (R32)."""
    if not 0 <= level <= MAX_LEVEL:
        raise ValueError(f"levels run from 0 to {MAX_LEVEL}, not {level}")
    return xp_table().levels[level].xp


def level_for_xp(xp: int) -> int:
    """The highest level ``xp`` reaches (R32)."""
    level = 0
    for row in xp_table().levels:
        if xp >= row.xp:
            level = row.level
    return level
