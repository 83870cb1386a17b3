"""The bestiary: monster templates the GM keeps and reuses.

A template is a monster's stat block in Furnace's terms: its ROOM DC (R30: AC = ROOM DC, save
d20 + (ROOM DC − 10)), HP as a number or Hit Dice to roll (d8 each), its attack bonus and damage,
its weapon and the weapon's length (WDD reach and segments), morale (blank: half the ROOM DC,
Furnace), its segment modifier (WDD initiative), a level for crit tables and fending (R30), and
optionally the Melee Round's numbers (R33). Turning a template into combatants is the
encounter's business (``emberkeep.encounter.bestiary_monsters``).

Like the archetypes and spells (``Catalog``), the starter bestiary ships in
``resources/bestiary.json`` and the campaign keeps the GM's own templates in
``Campaign.bestiary``: one with a starter's id replaces that one, so "editing" a starter
saves the GM's copy, and deleting the copy brings the starter back. The operations here change
the campaign and are run by the app as recorded campaign operations (one undo step each).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import re
from functools import cache
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = ["MAX_OTHER_WEAPONS", "MeleeNumbers", "MonsterTemplate", "MonsterWeapon",
           "delete_template", "dice_text", "find_template", "is_own", "is_starter",
           "new_template_id", "save_template", "starter_bestiary", "templates"]

_STRICT = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True)
_DICE = re.compile(r"^\s*(\d*d\d+([+-]\d+)?|\d+)\s*$")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
MAX_OTHER_WEAPONS = 6  # a stat block's weapons besides its main one: a short list, not a pack


def _reach_text(length_ft: int, ranged: bool) -> str:
    """A weapon's reach in words: a bow's melee length (0) says nothing to a GM."""
    if ranged:
        return "ranged" if length_ft == 0 else f"{length_ft} ft, ranged"
    return f"{length_ft} ft"


def dice_text(value: str) -> str:
    """A monster's damage as written: dice (``1d8``, ``2d6+1``) or a number; else ValueError."""
    if not _DICE.match(value):
        raise ValueError(f"{value!r} is not damage dice (e.g. 1d8, 2d6+1 or 3)")
    return value.strip()


class MonsterWeapon(BaseModel):
    """One of a monster's further weapons besides its main one (the stat block's ``weapon``):
    an orc's shortbow beside its hand axe. ``length_ft`` is R31's length; ``ranged`` shoots
    (NEAR or beyond), else it strikes CLOSE."""

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=100)
    damage: str = Field("1d6", min_length=1, max_length=20)
    length_ft: int = Field(2, ge=0, le=30)
    ranged: bool = False

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        return dice_text(value)

    @property
    def label(self) -> str:
        """How a list shows it: name, damage, length, and whether it shoots."""
        return f"{self.name} {self.damage} ({_reach_text(self.length_ft, self.ranged)})"


class MeleeNumbers(BaseModel):
    """R33: what a monster fights with under the Melee Round: weapon skill, armor points, SIZ,
    DEX (knockdown) and its Damage dice in d6."""

    model_config = _STRICT

    skill: int = Field(ge=0, le=60)
    armor_points: int = Field(0, ge=0, le=40)
    siz: int = Field(ge=1, le=200)
    dex: int = Field(10, ge=0, le=99)
    damage: str = Field("3d6", pattern=r"^\d{1,2}d6$")


class MonsterTemplate(BaseModel):
    model_config = _STRICT

    id: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=200)
    room_dc: int = Field(12, ge=1, le=40)
    hp: int = Field(0, ge=0, le=10_000)  # 0: roll the Hit Dice
    hit_dice: int = Field(0, ge=0, le=30)
    attack_bonus: int = Field(0, ge=-20, le=40)
    damage: str = Field("1d6", min_length=1, max_length=20)
    weapon: str = Field("claws", min_length=1, max_length=100)
    weapon_length_ft: int = Field(2, ge=0, le=30)
    ranged: bool = False
    # Its weapons besides the main one above; left out of the file while there are none, so a
    # template of one weapon is written as before schema 3.
    other_weapons: tuple[MonsterWeapon, ...] = Field((), max_length=MAX_OTHER_WEAPONS,
                                                     exclude_if=lambda kept: not kept)
    morale: int | None = Field(None, ge=0, le=12)  # None: half the ROOM DC (Furnace)
    initiative_modifier: int = Field(0, ge=-10, le=10)  # WDD segment modifier
    level: int = Field(0, ge=0, le=10)  # crit table and fending (R30)
    melee: MeleeNumbers | None = None
    notes: str = Field("", max_length=10_000)

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        return dice_text(value)

    @model_validator(mode="after")
    def _some_hp(self) -> "MonsterTemplate":
        if self.hp == 0 and self.hit_dice == 0:
            raise ValueError(f"{self.name}: give its HP, or the Hit Dice to roll them")
        return self

    @property
    def armor_class(self) -> int:
        return self.room_dc  # R30

    @property
    def hp_text(self) -> str:
        return f"{self.hp} HP" if self.hp else f"{self.hit_dice} HD"

    @property
    def weapons_text(self) -> str:
        """Every weapon it carries, the main one first (the bestiary list's column)."""
        main = f"{self.weapon} ({_reach_text(self.weapon_length_ft, self.ranged)})"
        return ", ".join([main, *(w.label for w in self.other_weapons)])


class _Starter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    about: str = ""
    monsters: list[MonsterTemplate]


@cache
def starter_bestiary() -> tuple[MonsterTemplate, ...]:
    """The bestiary the project ships (``resources/bestiary.json``)."""
    from emberkeep.resources import load_model

    return tuple(load_model(_Starter, "bestiary.json").monsters)


class _HasBestiary(Protocol):  # what the operations need of a campaign (``Campaign`` is one)
    @property
    def bestiary(self) -> list[MonsterTemplate]: ...


def templates(campaign: _HasBestiary) -> list[MonsterTemplate]:
    """The starters with the campaign's own over them by id, then the campaign's new ones;
    sorted by name."""
    own = {t.id: t for t in campaign.bestiary}
    merged = [own.pop(t.id, t) for t in starter_bestiary()]
    return sorted([*merged, *own.values()], key=lambda t: (t.name.lower(), t.id))


def find_template(campaign: _HasBestiary, template_id: str) -> MonsterTemplate | None:
    return next((t for t in templates(campaign) if t.id == template_id), None)


def is_own(campaign: _HasBestiary, template_id: str) -> bool:
    return any(t.id == template_id for t in campaign.bestiary)


def is_starter(template_id: str) -> bool:
    return any(t.id == template_id for t in starter_bestiary())


def new_template_id(campaign: _HasBestiary, name: str) -> str:
    """An id for a new template named ``name``, not used by any template yet."""
    slug = _NOT_SLUG.sub("-", name.lower()).strip("-")[:50] or "monster"
    taken = {t.id for t in templates(campaign)}
    if slug not in taken:
        return slug
    number = 2
    while f"{slug}-{number}" in taken:
        number += 1
    return f"{slug}-{number}"


def save_template(campaign: _HasBestiary, template: MonsterTemplate) -> None:
    """Keep ``template`` in the campaign: replaces the campaign's one with its id, else is added
    (a starter's id: the GM's copy now stands for that starter)."""
    kept = campaign.bestiary
    for i, existing in enumerate(kept):
        if existing.id == template.id:
            kept[i] = template
            return
    kept.append(template)


def delete_template(campaign: _HasBestiary, template_id: str) -> None:
    """Drop the campaign's template ``template_id`` (a starter comes back as shipped); a
    starter not edited cannot be deleted (it is not the campaign's)."""
    for i, existing in enumerate(campaign.bestiary):
        if existing.id == template_id:
            del campaign.bestiary[i]
            return
    if is_starter(template_id):
        raise ValueError("a starter monster is not the campaign's to delete (edit it instead)")
    raise KeyError(f"no monster {template_id!r} in the bestiary")
