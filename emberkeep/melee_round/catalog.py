"""The Melee Round's weapons, horses and armor, as data (resources/melee_round/catalog.json).

The text's numbers hold (R25): chainmail 10 armor points and -10 DEX, reinforced chainmail 12,
a shield 6; a charger's damage 6d6, a courser's 5d6, a rouncy's 4d6. Horses' Movement is not in
the text: the catalog's values are Pendragon's, kept as data the GM can edit.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.character.knight import HorseKind
from emberkeep.resources import load_model

__all__ = ["ArmorSpec", "HorseKind", "HorseSpec", "MeleeCatalog", "MeleeWeapon", "armor_spec",
           "catalog", "horse", "weapon"]

_FROZEN = ConfigDict(extra="forbid", frozen=True)


class MeleeWeapon(BaseModel):
    model_config = _FROZEN

    id: str
    name: str
    skill: str  # the skill rolled ("DEX" for a thrown stone)
    charge_skill: str | None = None  # a lance charge rolls Lance, even with a spear
    sword: bool = False  # ties and fumbles (R23): a sword breaks others, a sword is dropped
    two_handed: bool = False  # "Two-handed weapons may not be used from horseback."
    ranged: bool = False
    counters_height: bool = False  # great spear, halberd: no height advantage against them
    breaks_on_odd_charge: bool = False
    text: str = ""


class HorseSpec(BaseModel):
    model_config = _FROZEN

    id: HorseKind
    name: str
    damage: str
    move: int = Field(ge=1, le=40)
    text: str = ""


class ArmorSpec(BaseModel):
    model_config = _FROZEN

    id: str
    name: str
    points: int = Field(ge=0, le=40)
    dex_penalty: int = Field(ge=0, le=40)
    text: str = ""


class MeleeCatalog(BaseModel):
    model_config = _FROZEN

    weapons: tuple[MeleeWeapon, ...]
    horses: tuple[HorseSpec, ...]
    armors: tuple[ArmorSpec, ...]
    shield_points: int = Field(ge=0, le=40)


@cache
def catalog() -> MeleeCatalog:
    return load_model(MeleeCatalog, "melee_round", "catalog.json")


@cache
def weapon(weapon_id: str) -> MeleeWeapon:
    for w in catalog().weapons:
        if w.id == weapon_id:
            return w
    raise KeyError(f"no Melee Round weapon {weapon_id!r}")


def horse(kind: HorseKind | str) -> HorseSpec:
    for h in catalog().horses:
        if h.id == kind:
            return h
    raise KeyError(f"no horse {kind!r}")


def armor_spec(armor_id: str) -> ArmorSpec:
    for a in catalog().armors:
        if a.id == armor_id:
            return a
    raise KeyError(f"no Melee Round armor {armor_id!r}")
