"""Gear a character owns: a copy of its catalog spec plus the damage it has taken.

Each owned piece has a stable ``uid`` the repair ledger and encounter events point at, and keeps
the spec fields it needs (and its ``catalog_id``), so a campaign file is self-contained and reads
the same after the GM edits the catalog. These models are mutable and not validated on assignment:
an encounter changes them on its hot path (a notch, an armor point) through the methods here.

Damage state (WDD, settled by R15-R17):
- armor and shields take ``damage_points``; each point is -1 AC until repaired, and a piece
  breaks when its points reach its bonus over 10 (plate 16 → 6, boiled leather 11 → 1,
  shield +2 → 2); a shield may also be ``destroyed`` (sundered or sacrificed, R12, R18);
- weapons take ``notches`` (-1 damage each) until one more than their quality allows breaks them
  (R17), and may be ``dropped``.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import uuid
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.gear.damage import after_notch, apply_notch_penalty
from emberkeep.gear.magic_items import OwnedMagic
from emberkeep.gear.specs import (
    ArmorSpec,
    ArmorWeight,
    ItemSpec,
    Quality,
    ShieldSpec,
    WeaponCategory,
    WeaponKind,
    WeaponSpec,
)

__all__ = ["OwnedArmor", "OwnedGear", "OwnedItem", "OwnedShield", "OwnedWeapon", "new_uid"]


def new_uid() -> str:
    return uuid.uuid4().hex


class OwnedGear(BaseModel):
    """What every owned piece has: identity, value, quality and magic."""

    model_config = ConfigDict(extra="forbid")

    uid: str = Field(default_factory=new_uid, min_length=1, max_length=64)
    catalog_id: str
    name: str
    value_cp: int = Field(ge=0, le=10**12)
    quality: Quality = "standard"
    magical: bool = False
    magic: OwnedMagic | None = None
    note: str = ""
    at_smith: bool = False  # away being repaired until its timeline entry ends

    def damageable_by(self, magical_weapon: bool) -> bool:
        """R26: magical gear is dented, notched or broken only by a magical weapon."""
        return magical_weapon or not self.magical


class _Protective(OwnedGear):
    """Armor and shields: AC bonus over 10, lowered one per damage point (R15)."""

    damage_points: int = Field(default=0, ge=0, le=100)

    @property
    def armor_bonus(self) -> int:
        """AC over an unarmored 10 when undamaged; also the points that break it (R15)."""
        raise NotImplementedError

    @property
    def is_broken(self) -> bool:
        return self.damage_points >= self.armor_bonus

    @property
    def current_bonus(self) -> int:
        """The AC it still gives over 10: its bonus less its damage; 0 when broken."""
        return max(0, self.armor_bonus - self.damage_points)

    def take_damage(self, points: int = 1) -> bool:
        """Add damage points (a crit is 1, "Damaged Armor" 2, R15); ``True`` if it broke now.

        Points stop at the breaking threshold: broken is broken, and repairing it is repairing
        all its points (R16).
        """
        if points < 0:
            raise ValueError(f"damage points cannot be negative ({points})")
        was_broken = self.is_broken
        self.damage_points = min(self.armor_bonus, self.damage_points + points)
        return self.is_broken and not was_broken

    def repair(self, points: int | None = None) -> int:
        """Remove ``points`` damage points (all when ``None``); returns how many were removed."""
        removed = self.damage_points if points is None else min(points, self.damage_points)
        if removed < 0:
            raise ValueError(f"cannot repair a negative number of points ({points})")
        self.damage_points -= removed
        return removed


class OwnedArmor(_Protective):
    ac_base: int = Field(ge=10, le=30)
    adds_dex: bool
    stealth_hard: bool
    weight: ArmorWeight
    worn: bool = False

    @property
    def armor_bonus(self) -> int:
        return self.ac_base - 10

    def effective_ac(self, dex_mod: int) -> int:
        """AC from this armor when worn: base less damage (+ DEX for light armor).

        Broken armor gives no AC: the wearer counts as unarmored, 10 + DEX (R15).
        """
        if self.is_broken:
            return 10 + dex_mod
        ac = self.ac_base - self.damage_points
        return ac + dex_mod if self.adds_dex else ac

    @classmethod
    def from_spec(cls, spec: ArmorSpec) -> "OwnedArmor":
        return cls(
            catalog_id=spec.id, name=spec.name, value_cp=spec.value_cp, ac_base=spec.ac_base,
            adds_dex=spec.adds_dex, stealth_hard=spec.stealth_hard, weight=spec.weight,
        )


class OwnedShield(_Protective):
    bonus: int = Field(default=2, ge=1, le=20)
    destroyed: bool = False
    equipped: bool = False

    @property
    def armor_bonus(self) -> int:
        return self.bonus

    @property
    def is_broken(self) -> bool:
        return self.destroyed or self.damage_points >= self.bonus

    @property
    def current_bonus(self) -> int:
        return 0 if self.destroyed else max(0, self.bonus - self.damage_points)

    def destroy(self) -> None:
        """Sundered or sacrificed (R12, R18): gone for good; it is replaced, not repaired (R16)."""
        self.destroyed = True
        self.equipped = False

    def sunder(self, incoming: int) -> int:
        """R12: soak half of one hit's damage (rounded down); returns the damage that gets through.

        The shield is destroyed.
        """
        if self.destroyed:
            raise ValueError(f"{self.name} is already destroyed")
        self.destroy()
        return incoming - incoming // 2

    @classmethod
    def from_spec(cls, spec: ShieldSpec) -> "OwnedShield":
        return cls(catalog_id=spec.id, name=spec.name, value_cp=spec.value_cp, bonus=spec.bonus)


class OwnedWeapon(OwnedGear):
    kind: WeaponKind
    category: WeaponCategory
    damage: str
    versatile_damage: str | None = None
    length_ft: int | None = Field(default=None, ge=0, le=100)
    tags: tuple[str, ...] = ()
    notches: int = Field(default=0, ge=0, le=100)
    broken: bool = False
    dropped: bool = False
    equipped: bool = False

    @property
    def is_broken(self) -> bool:
        return self.broken

    @property
    def versatile(self) -> bool:
        return self.versatile_damage is not None

    def notch(self, allowances: Mapping[str, int] | None = None) -> bool:
        """Add one notch (R17); ``True`` if this notch broke the weapon.

        A weapon holds ``notch_allowance(quality)`` notches; the next one breaks it and is not
        counted as a notch (cheap: the first fumble notches, the second breaks). A weapon
        already broken stays broken.
        """
        was_broken = self.broken
        self.notches, self.broken = after_notch(self.notches, self.broken, self.quality,
                                                allowances)
        return self.broken and not was_broken

    def apply_notch_penalty(self, total: int) -> int:
        """R17: the damage of a hit less one per notch, at least 1."""
        return apply_notch_penalty(total, self.notches)

    def repair(self) -> None:
        """Clear notches and the break (its cost is the ledger's business, R16)."""
        self.notches = 0
        self.broken = False

    @classmethod
    def from_spec(cls, spec: WeaponSpec) -> "OwnedWeapon":
        return cls(
            catalog_id=spec.id, name=spec.name, value_cp=spec.value_cp, quality=spec.quality,
            kind=spec.kind, category=spec.category, damage=spec.damage,
            versatile_damage=spec.versatile_damage, length_ft=spec.length_ft, tags=spec.tags,
        )


class OwnedItem(OwnedGear):
    """Gear, tools and supplies, kept as a stack: ``quantity`` torches, ``bulk`` to a load."""

    bulk: int = Field(default=1, ge=1, le=100_000)
    quantity: int = Field(default=1, ge=0, le=10**9)

    @classmethod
    def from_spec(cls, spec: ItemSpec, quantity: int = 1) -> "OwnedItem":
        return cls(catalog_id=spec.id, name=spec.name, value_cp=spec.value_cp, bulk=spec.bulk,
                   quantity=quantity)
