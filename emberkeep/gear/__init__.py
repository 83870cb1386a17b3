"""Furnace gear: the catalog (armor, shields, weapons, items, magic items), owned copies with
their damage state, armor class, weapon damage, encumbrance and the purse (R12-R17, R31)."""

from __future__ import annotations

from emberkeep.gear.armor_class import armor_class, armor_weight, fumble_die
from emberkeep.gear.catalog import GearCatalog, GearError, gear_catalog
from emberkeep.gear.damage import (
    apply_notch_penalty,
    damage_dice,
    damage_total,
    notch_allowance,
    strength_damage_bonus,
    two_handed_bonus,
    weapon_damage_modifier,
)
from emberkeep.gear.encumbrance import is_encumbered, load, load_limit
from emberkeep.gear.inventory import Inventory, own
from emberkeep.gear.owned import OwnedArmor, OwnedItem, OwnedShield, OwnedWeapon
from emberkeep.gear.purse import Purse, format_coins

__all__ = [
    "GearCatalog",
    "GearError",
    "Inventory",
    "OwnedArmor",
    "OwnedItem",
    "OwnedShield",
    "OwnedWeapon",
    "Purse",
    "apply_notch_penalty",
    "armor_class",
    "armor_weight",
    "damage_dice",
    "damage_total",
    "format_coins",
    "fumble_die",
    "gear_catalog",
    "is_encumbered",
    "load",
    "load_limit",
    "notch_allowance",
    "own",
    "strength_damage_bonus",
    "two_handed_bonus",
    "weapon_damage_modifier",
]
