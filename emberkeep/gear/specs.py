"""Catalog entries: what a kind of armor, shield, weapon or item *is*, as the rules text gives it.

These are frozen reference data loaded from ``resources/gear/*.json``. A character never owns a
spec: it owns a copy (``emberkeep.gear.owned``) that carries its own damage state, so a campaign
file stays readable after the GM edits the catalog.

Values are kept in copper pieces (``value_cp``) so repair costs (R16: 10 % and 50 % of the value)
are exact integers for anything worth a silver piece or more. The numbers are R13's defaults: the
5e SRD price where the names match, a documented guess where 5e has no such piece (each file's
``notes`` and each entry's ``note`` say which).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.dice import parse

__all__ = [
    "ArmorSpec",
    "ArmorWeight",
    "ItemSpec",
    "Quality",
    "ShieldSpec",
    "WeaponCategory",
    "WeaponKind",
    "WeaponSpec",
]

Quality = Literal["cheap", "standard", "fine"]
"""How well a piece is made; for weapons it sets the notches it takes before breaking (R17)."""

ArmorWeight = Literal["light", "medium", "heavy"]
"""R31: Furnace's light armor is light; AC 13-14 pieces are medium; AC 15-16 are heavy."""

WeaponCategory = Literal["simple", "martial"]
WeaponKind = Literal["one_handed", "two_handed", "ranged", "fist"]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    value_cp: int = Field(ge=0, le=10**12,
                          description="R13 default price in copper pieces (100 cp = 1 gp)")
    text: str = Field(default="", description="the seed's own wording for this row")
    note: str = Field(default="", description="where the number came from, spelling notes")


class ArmorSpec(_Spec):
    """A body armor row of the Armor table: ``AC`` is ``ac_base`` (+ DEX when ``adds_dex``)."""

    ac_base: int = Field(ge=10, le=30)
    adds_dex: bool
    stealth_hard: bool
    weight: ArmorWeight

    @property
    def bonus(self) -> int:
        """The armor's AC over an unarmored 10: the damage points that break it (R15)."""
        return self.ac_base - 10


class ShieldSpec(_Spec):
    """A shield: +2 AC (R12); it may be sundered to soak half a hit and is then destroyed."""

    bonus: int = Field(default=2, ge=1, le=20)


class WeaponSpec(_Spec):
    """A weapon row of the Weapons table, with the seed's damage for its category and kind.

    ``damage`` is the dice for the weapon's own kind (fist ``"1"``); a versatile weapon (spear,
    warhammer) also has ``versatile_damage``, its damage held in two hands. ``length_ft`` is R31's
    weapon length for WDD's segment initiative; ranged weapons have none (``None``).
    """

    category: WeaponCategory
    kind: WeaponKind
    damage: str
    versatile_damage: str | None = None
    length_ft: int | None = Field(default=None, ge=0, le=100)
    tags: tuple[str, ...] = ()
    quality: Quality = "standard"

    @model_validator(mode="after")
    def _check(self) -> "WeaponSpec":
        parse(self.damage)
        if self.versatile_damage is not None:
            parse(self.versatile_damage)
            if self.kind != "one_handed":
                raise ValueError(f"{self.id}: only a one-handed weapon can be versatile")
        if self.kind == "ranged" and self.length_ft is not None:
            raise ValueError(f"{self.id}: a ranged weapon has no melee length")
        if self.kind != "ranged" and self.length_ft is None:
            raise ValueError(f"{self.id}: a melee weapon needs its length in feet (R31)")
        return self

    @property
    def versatile(self) -> bool:
        return self.versatile_damage is not None


class ItemSpec(_Spec):
    """Adventuring gear, tools, supplies. ``bulk`` items count one load per bundle (R14)."""

    bulk: int = Field(default=1, ge=1, le=100_000, description="how many of these make one load")
    # a light burns on the game clock; a lantern burns its fuel, not itself
    burns_minutes: int | None = Field(default=None, ge=1, le=100_000)
    fuel: str | None = Field(default=None, max_length=64, description="the item id it burns")
    category: Literal["gear", "tool", "supply", "light", "ammunition", "container", "focus"] = (
        "gear"
    )
