"""Mending an owned piece of armor, a shield or a weapon: what the smith's work does to the item.

The repairs tracker prices and records the work; the clock mends an item when its time at the
smith is up. Both need the same change to the item, so it lives with the gear, below both.
"""

from __future__ import annotations

from emberkeep.gear.owned import OwnedArmor, OwnedGear, OwnedShield, OwnedWeapon

__all__ = ["mend_item", "repair_units"]


def repair_units(item: OwnedGear) -> int:
    """How many separately mendable units the item has: points, notches, or 1 (a break or a
    destroyed shield, mended whole)."""
    if isinstance(item, OwnedShield) and item.destroyed:
        return 1
    if isinstance(item, OwnedArmor | OwnedShield):
        return item.damage_points
    if isinstance(item, OwnedWeapon):
        return 1 if item.broken else item.notches
    return 0


def mend_item(item: OwnedArmor | OwnedShield | OwnedWeapon, count: int | None = None) -> str:
    """Take ``count`` units of damage off the item (all when None); say what was done."""
    if count is None:
        count = max(1, repair_units(item))
    if isinstance(item, OwnedShield) and item.destroyed:
        item.destroyed = False
        item.damage_points = 0
        return f"replaced the destroyed {item.name}"
    if isinstance(item, OwnedArmor | OwnedShield):
        was_broken = item.is_broken
        item.repair(count)
        word = "point" if count == 1 else "points"
        broken = " (it was broken)" if was_broken else ""
        return f"mended {count} {word} of {item.name}{broken}"
    if item.broken:
        item.broken = False
        item.notches = 0
        return f"reforged the broken {item.name}"
    item.notches -= count
    word = "notch" if count == 1 else "notches"
    return f"ground out {count} {word} from {item.name}"
