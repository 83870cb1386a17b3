"""Spells as data (R8, R9): the catalog in ``resources/spells.json`` and cantrips.

Furnace has no spell levels: a spell has a *kind* that fixes its Spell Die (R9: effect or
duration d4, ranged damage d6, melee damage d8), a base effect (usually one die), and an effect
text for each Success Level 1-6 of the SPELLCHECK. Each level notes the dice it spends, as the
seed writes them: "(1d)", "(2d)"... ``dice`` is their sum (the validator checks it against the
text, so a mistyped cell fails loudly); level 6 is WONDER and has no count. A level may be
``fails`` (Animate Dead's level 1, "Still Failure.").

``casting_time`` is in WDD segments (R20: the spell resolves at the caster's segment plus its
casting time). The seed gives none; the house defaults are melee (touch) 1, ranged 2, effect 3,
cantrips 1. ``source`` says whether a spell is the seed's or a house example (Polymorph: the
seed gives only its mishap table, so its levels are written to the same formula).

Cantrips never need a SPELLCHECK (Magic-user, "Cantrip: ... NO SPELLCHECK"): casting one
succeeds without a roll.

A spell may carry its own d6 mishap table inline (``mishaps``: six rows, the seed's "work out a
spell-specific Mishapt table"), which the spell editor writes. A campaign's own spells
are over the shipped ones in its :class:`~emberkeep.character.catalog.Catalog` (the same id
replaces), which the rules that look a spell up are given.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from emberkeep.dice import Purpose, Roller, roll
from emberkeep.magic.spell_effects import SpellEffect
from emberkeep.resources import load_model
from emberkeep.tables.notation import DiceText

__all__ = [
    "SPELL_DIE",
    "WONDER_LEVEL",
    "Cantrip",
    "CantripResult",
    "Spell",
    "SpellCatalog",
    "SpellKind",
    "SpellLevel",
    "cast_cantrip",
    "get_cantrip",
    "load_spells",
    "roll_own_mishap",
    "shipped_spells",
    "spell_die",
]

SpellKind = Literal["effect", "ranged", "melee"]

#: R9: the Spell Die by kind.
SPELL_DIE: dict[SpellKind, str] = {"effect": "d4", "ranged": "d6", "melee": "d8"}

WONDER_LEVEL = 6

_DICE_NOTE = re.compile(r"\((\d+)d\)")
_ID = re.compile(r"[a-z0-9_]+")


def spell_die(kind: SpellKind) -> str:
    """R9: d4 for an effect or duration, d6 for ranged damage, d8 for melee damage."""
    return SPELL_DIE[kind]


class SpellLevel(BaseModel):
    """What the spell does at one Success Level, in the seed's words."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=1, le=WONDER_LEVEL)
    text: str = Field(min_length=1, max_length=2000)
    dice: int | None = Field(default=None, ge=1, le=100)
    damage: DiceText | None = None
    fails: bool = False
    effects: tuple[SpellEffect, ...] = ()  # what the level does, typed

    @model_validator(mode="after")
    def _dice_match_text(self) -> "SpellLevel":
        noted = [int(n) for n in _DICE_NOTE.findall(self.text)]
        if self.fails and self.dice is not None:
            raise ValueError(f"level {self.level} fails, so it spends no dice")
        if noted and sum(noted) != self.dice:
            raise ValueError(f"level {self.level}: the text notes {sum(noted)}d "
                             f"but dice is {self.dice}")
        return self


class Spell(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    kind: SpellKind
    source: Literal["seed", "house"] = "house"
    base_effect: str = Field(max_length=2000)
    base_dice: int = Field(default=1, ge=1, le=100)
    casting_time: int = Field(ge=1, le=10)
    mishap_table: str | None = None
    mishaps: tuple[str, ...] = ()  # its own d6 mishap table, one text per face (or none)
    levels: tuple[SpellLevel, ...]

    @field_validator("mishaps")
    @classmethod
    def _six_mishaps(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if value and (len(value) != 6 or not all(t.strip() for t in value)):
            raise ValueError("a spell's own mishap table has six rows (d6), each with text")
        return value

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if _ID.fullmatch(value) is None:
            raise ValueError(f"spell id {value!r}: lowercase letters, digits and _ only")
        return value

    @model_validator(mode="after")
    def _six_levels(self) -> "Spell":
        if [lv.level for lv in self.levels] != list(range(1, WONDER_LEVEL + 1)):
            raise ValueError(f"spell {self.id}: needs levels 1-{WONDER_LEVEL} in order")
        return self

    @property
    def die(self) -> str:
        return spell_die(self.kind)

    def at(self, level: int) -> SpellLevel:
        """The effect at Success Level ``level`` (1-6)."""
        if not 1 <= level <= WONDER_LEVEL:
            raise ValueError(f"Success Level {level} has no effect (1-{WONDER_LEVEL})")
        return self.levels[level - 1]


class Cantrip(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    text: str
    casting_time: int = Field(default=1, ge=1, le=10)


class SpellCatalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    spells: tuple[Spell, ...]
    cantrips: tuple[Cantrip, ...] = ()

    @model_validator(mode="after")
    def _unique_ids(self) -> "SpellCatalog":
        ids = [s.id for s in self.spells] + [c.id for c in self.cantrips]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate spell ids: {', '.join(dupes)}")
        return self


@cache
def load_spells() -> SpellCatalog:
    return load_model(SpellCatalog, "spells.json")


@cache
def shipped_spells() -> dict[str, Spell]:
    """The shipped spells by id, in the catalog's order (ids are unique, ``SpellCatalog``).
    A campaign's own are over them in its :class:`~emberkeep.character.catalog.Catalog`."""
    return {s.id: s for s in load_spells().spells}


def roll_own_mishap(spell: Spell, roller: Roller) -> tuple[int, str] | None:
    """Roll the spell's own d6 mishap table: the face and its text (None if it has none)."""
    if not spell.mishaps:
        return None
    face = roll("d6", roller, purpose=Purpose.MISHAP).total
    return face, spell.mishaps[face - 1]


def get_cantrip(cantrip_id: str) -> Cantrip:
    for cantrip in load_spells().cantrips:
        if cantrip.id == cantrip_id:
            return cantrip
    raise KeyError(f"no cantrip {cantrip_id!r}")


@dataclass(frozen=True, slots=True)
class CantripResult:
    cantrip_id: str
    success: bool = True


def cast_cantrip(cantrip: Cantrip, roller: Roller) -> CantripResult:
    """A cantrip needs no SPELLCHECK: it succeeds, and ``roller`` is never asked for a die.

    The roller is taken like every rule's, so callers treat all casting alike. A cantrip does
    not count towards Spell Depletion (R10: that counts spells, which a cantrip is not).
    """
    del roller
    return CantripResult(cantrip.id)
