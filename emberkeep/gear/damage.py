"""Weapon damage: the STR bonus by grip (R12, R29), notches (R17) and the floor of 1.

How a hit's damage is put together::

    dice (damage_dice)  +  strength_damage_bonus  -  notches   (at least 1)

``weapon_damage_modifier`` gives the last two parts as one number and ``damage_total`` applies the
floor; a caller that already added STR itself uses ``OwnedWeapon.apply_notch_penalty`` instead.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from emberkeep.gear.specs import Quality

if TYPE_CHECKING:
    from emberkeep.gear.owned import OwnedWeapon
    from emberkeep.gear.specs import WeaponSpec

__all__ = [
    "DEFAULT_NOTCH_ALLOWANCE",
    "Grip",
    "after_notch",
    "apply_notch_penalty",
    "damage_dice",
    "damage_total",
    "grip_of",
    "notch_allowance",
    "strength_damage_bonus",
    "two_handed_bonus",
    "weapon_damage_modifier",
]

Grip = Literal["one_handed", "two_handed"]

DEFAULT_NOTCH_ALLOWANCE: dict[Quality, int] = {"cheap": 1, "standard": 2, "fine": 3}
"""R17 house defaults: notches a weapon takes before the next one breaks it (campaign setting)."""


def notch_allowance(quality: Quality, allowances: Mapping[str, int] | None = None) -> int:
    """R17: how many notches a weapon of this quality holds; the next notch breaks it.

    ``allowances`` is the campaign's setting (``{"cheap": 1, "standard": 2, "fine": 3}`` by
    default); the one place this number comes from.
    """
    table = DEFAULT_NOTCH_ALLOWANCE if allowances is None else allowances
    return table[quality]


def after_notch(notches: int, broken: bool, quality: Quality,
                allowances: Mapping[str, int] | None = None) -> tuple[int, bool]:
    """R17: a weapon's notches and broken state after one more notch.

    A weapon holds ``notch_allowance(quality)`` notches; the next one breaks it and is not
    counted as a notch (cheap: the first fumble notches, the second breaks). A weapon already
    broken stays as it is. The sheet's gear, the repair ledger and the fight all notch here.
    """
    if broken:
        return notches, True
    if notches >= notch_allowance(quality, allowances):
        return notches, True
    return notches + 1, False


def two_handed_bonus(str_mod: int) -> int:
    """R12: ceil(1.5 × STR) for STR > 0 (STR 1 → +2, 2 → +3, 3 → +5, 4 → +6).

    For STR 0 or below the seed's "one and a half times" is read as no bonus: a negative STR
    applies as it is (STR -1 → -1), as it does one-handed. Multiplying a penalty by 1.5 would make
    the heavier grip the worse one, which is not what the note is for.
    """
    if str_mod > 0:
        return math.ceil(1.5 * str_mod)
    return str_mod


def apply_notch_penalty(total: int, notches: int) -> int:
    """R17: each notch is -1 damage, and a hit still does at least 1."""
    return max(1, total - notches)


def grip_of(weapon: WeaponSpec | OwnedWeapon, grip: Grip | None = None) -> Grip | None:
    """The grip a melee weapon is held in: its own kind, or the chosen one for a versatile weapon.

    ``None`` for ranged weapons and fists (no grip bonus). Asking to hold a one-handed,
    non-versatile weapon in two hands gives it no two-handed bonus; a two-handed weapon is always
    held in two hands (a Heavy weapon "can't use in 1H").
    """
    if weapon.kind == "two_handed":
        return "two_handed"
    if weapon.kind == "one_handed":
        if grip == "two_handed" and weapon.versatile_damage is not None:
            return "two_handed"
        return "one_handed"
    return None


def damage_dice(weapon: WeaponSpec | OwnedWeapon, grip: Grip | None = None) -> str:
    """The damage dice for the grip: a versatile weapon in two hands uses its 2H dice."""
    if grip_of(weapon, grip) == "two_handed" and weapon.versatile_damage is not None:
        return weapon.versatile_damage
    return weapon.damage


def strength_damage_bonus(
    weapon: WeaponSpec | OwnedWeapon, str_mod: int, grip: Grip | None = None
) -> int:
    """R12/R29: STR one-handed, the two-handed bonus in two hands, ranged nothing unless Recoil.

    A fist adds STR like any melee attack (5e's unarmed strike).
    """
    held = grip_of(weapon, grip)
    if held == "two_handed":
        return two_handed_bonus(str_mod)
    if held == "one_handed" or weapon.kind == "fist":
        return str_mod
    return str_mod if "Recoil" in weapon.tags else 0


def weapon_damage_modifier(weapon: OwnedWeapon, str_mod: int, grip: Grip | None = None) -> int:
    """The number added to the damage dice: the STR part less one per notch (R12, R17, R29)."""
    return strength_damage_bonus(weapon, str_mod, grip) - weapon.notches


def damage_total(dice_total: int, weapon: OwnedWeapon, str_mod: int,
                 grip: Grip | None = None) -> int:
    """A hit's damage from the dice rolled: dice + modifier, at least 1 (R17, R29)."""
    return max(1, dice_total + weapon_damage_modifier(weapon, str_mod, grip))
