"""Encumbrance (Furnace, after Five Torches Deep; R14): a load limit of 10 + STR.

Everything counts as one load, worn armor included, except bulk goods: 1000 coins are one load,
5 torches are one load, and so on (an item's ``bulk``; R34 sets the shipped bundles and makes the
classes' "set of adventuring gear" one item). Bundles round up: 6 torches are 2 loads, 1 coin is
1 load. A character's fist is not carried and counts nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.breakdown import Breakdown, Part

if TYPE_CHECKING:
    from emberkeep.gear.inventory import Inventory

__all__ = ["COINS_PER_LOAD", "bundles", "is_encumbered", "load", "load_breakdown", "load_limit",
           "load_limit_breakdown"]

COINS_PER_LOAD = 1000
"""R14: 1000 coins of any metal make one load."""


def bundles(count: int, per_load: int) -> int:
    """Loads that ``count`` bulk things take, ``per_load`` to a load, rounding up."""
    return -(-count // per_load) if count > 0 else 0


def load_breakdown(inventory: Inventory) -> Breakdown:
    """The load, piece by piece (R14): one per armor, shield and weapon, bulk stacks by
    bundle, coins per 1000."""
    parts = [Part(piece.name, 1) for piece in (*inventory.armor, *inventory.shields)]
    parts += [Part(w.name, 1) for w in inventory.weapons if w.kind != "fist"]
    stacks: dict[tuple[str, int], tuple[str, int]] = {}
    for item in inventory.items:
        name, count = stacks.get((item.catalog_id, item.bulk), (item.name, 0))
        stacks[(item.catalog_id, item.bulk)] = (name, count + item.quantity)
    for (_, bulk), (name, count) in stacks.items():
        if count == 1:
            parts.append(Part(name, 1))
        elif count and bulk == 1:
            parts.append(Part(f"{name} ×{count}", count))
        elif count:
            parts.append(Part(f"{name} ×{count}, {bulk} to a load", bundles(count, bulk), 14))
    coins = inventory.purse.coin_count
    if coins:
        parts.append(Part(f"purse ({coins} coins, {COINS_PER_LOAD} to a load)",
                          bundles(coins, COINS_PER_LOAD), 14))
    return Breakdown(parts)


def load(inventory: Inventory) -> int:
    """The load the inventory counts: one per piece, bulk stacks by bundle, coins per 1000."""
    return load_breakdown(inventory).total


def load_limit_breakdown(str_mod: int) -> Breakdown:
    """R14: the load a character carries unencumbered, 10 + STR."""
    return Breakdown((Part("base", 10, 14), Part("STR", str_mod)))


def load_limit(str_mod: int) -> int:
    """R14: the load a character carries unencumbered, 10 + STR."""
    return load_limit_breakdown(str_mod).total


def is_encumbered(inventory: Inventory, str_mod: int) -> bool:
    """Over the limit: carrying more load than 10 + STR."""
    return load(inventory) > load_limit(str_mod)
