"""The four classes (R3, R4, R5, R7) as data: resources/classes.json.

R3: hit dice Fighter d10, Cleric d8, Rogue d8, Magic-user d6 (the Magic-user section's "1d8" is
a slip). R4: proficiencies follow the Classes TABLE (Rogue has shields; Magic-user: shield and
simple weapons only), not the class sections. R5: the fixed 1st-level option and the fixed gain
for levels 6-10. R7: skill picks 1 + INT (Rogue 3 + INT), saves: the class save + 1 chosen.
Starting equipment is kept as the seed lists it, as choice groups of alternatives whose slots
name catalog ids or a kind of catalog weapon (see :mod:`emberkeep.character.equipment`).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.character.abilities import Ability
from emberkeep.resources import load_model

__all__ = [
    "Alternative",
    "ArmorProficiency",
    "ClassCatalog",
    "ClassDef",
    "ClassFeature",
    "CritTable",
    "EquipmentChoice",
    "EquipmentSelection",
    "FeatureOption",
    "GearSlot",
    "WeaponFilter",
    "classes",
    "get_class",
]

ArmorProficiency = Literal["light", "heavy", "shield"]
WeaponProficiency = Literal["simple", "martial"]
CritTable = Literal["fighter", "cleric", "rogue", "zero_level"]
WeaponCategory = Literal["simple", "martial"]
WeaponKind = Literal["one_handed", "two_handed", "ranged", "fist"]

_ID = r"^[a-z][a-z0-9_]*$"


class FeatureOption(BaseModel):
    """One lettered option of a feature (the Fighting Style's (a)..(f))."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    id: str = Field(pattern=_ID)
    name: str
    text: str


class ClassFeature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID)
    name: str
    text: str
    options: tuple[FeatureOption, ...] = ()


class WeaponFilter(BaseModel):
    """A kind of catalog weapon: "a martial one-handed weapon", "any simple melee weapon"."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    category: WeaponCategory | None = None
    kinds: tuple[WeaponKind, ...] = ()


class GearSlot(BaseModel):
    """One thing an alternative gives: a fixed catalog id, a weapon of a kind, or one of a list."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    item: str | None = None
    weapon: WeaponFilter | None = None
    choose_from: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _one_way(self) -> "GearSlot":
        ways = (self.item is not None) + (self.weapon is not None) + bool(self.choose_from)
        if ways != 1:
            raise ValueError(f"gear slot {self.text!r}: give exactly one of item, weapon, "
                             "choose_from")
        return self

    @property
    def is_open(self) -> bool:
        """Whether the player picks what fills this slot."""
        return self.item is None


class Alternative(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    text: str
    slots: tuple[GearSlot, ...] = Field(min_length=1)


class EquipmentChoice(BaseModel):
    """A line of the seed's equipment list: one alternative, or "(a) ... or (b) ..."."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    alternatives: tuple[Alternative, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_keys(self) -> "EquipmentChoice":
        keys = [a.key for a in self.alternatives]
        if len(keys) != len(set(keys)):
            raise ValueError(f"equipment choice {self.text!r}: alternative keys repeat {keys}")
        return self

    def alternative(self, key: str | None) -> Alternative:
        if key is None:
            if len(self.alternatives) == 1:
                return self.alternatives[0]
            keys = " or ".join(a.key for a in self.alternatives)
            raise ValueError(f"{self.text!r}: choose {keys}")
        for alt in self.alternatives:
            if alt.key == key:
                return alt
        keys = " or ".join(a.key for a in self.alternatives)
        raise ValueError(f"{self.text!r}: no alternative {key!r} (choose {keys})")


class EquipmentSelection(BaseModel):
    """A player's answer to one :class:`EquipmentChoice`: the alternative's key (``None`` when
    there is only one) and the catalog ids for its open slots, in order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    alternative: str | None = None
    picks: tuple[str, ...] = ()


class ClassDef(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID)
    name: str
    hit_die: int = Field(ge=2)
    save: Ability
    extra_saves: int = Field(default=1, ge=0)
    armor: tuple[ArmorProficiency, ...]
    weapons: tuple[WeaponProficiency, ...]
    skill_picks: int = Field(ge=0, description="skills chosen at 1st level, plus INT (R7)")
    expertise_picks: int = Field(default=0, ge=0)
    cantrip_picks: int = Field(default=0, ge=0)
    first_level_fixed_hp: int = Field(ge=1, description="the fixed option: this + CON (R5)")
    high_level_hp: int = Field(ge=1, description="fixed gain at levels 6-10 (R5)")
    crit_table: CritTable
    spellcasting_ability: Ability | None = None
    features: tuple[ClassFeature, ...]
    equipment: tuple[EquipmentChoice, ...]
    archetype_examples: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def feature(self, feature_id: str) -> ClassFeature:
        for f in self.features:
            if f.id == feature_id:
                return f
        raise ValueError(f"{self.name} has no feature {feature_id!r}")

    def skill_pick_count(self, int_mod: int) -> int:
        """R7: 1 + INT (Rogue 3 + INT) skills, never fewer than none."""
        return max(0, self.skill_picks + int_mod)


class ClassCatalog(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    classes: tuple[ClassDef, ...]

    @model_validator(mode="after")
    def _unique(self) -> "ClassCatalog":
        ids = [c.id for c in self.classes]
        if len(ids) != len(set(ids)):
            raise ValueError(f"class ids repeat: {ids}")
        return self


@cache
def classes() -> dict[str, ClassDef]:
    return {c.id: c for c in load_model(ClassCatalog, "classes.json").classes}


def get_class(class_id: str) -> ClassDef:
    try:
        return classes()[class_id]
    except KeyError:
        known = ", ".join(classes())
        raise ValueError(f"unknown class {class_id!r} (known: {known})") from None
