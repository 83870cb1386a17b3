"""Encumbrance (Furnace, after Five Torches Deep; R14): a load limit of 10 + STR.

Everything counts as one load, worn armor included, except bulk goods: 1000 coins are one load,
5 torches are one load, and so on (an item's ``bulk``). Bundles round up: 6 torches are 2 loads,
1 coin is 1 load. A character's fist is not carried and counts nothing.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from emberkeep.gear.inventory import Inventory

__all__ = ["COINS_PER_LOAD", "bundles", "is_encumbered", "load", "load_limit"]

COINS_PER_LOAD = 1000
"""R14: 1000 coins of any metal make one load."""


def bundles(count: int, per_load: int) -> int:
    """Loads that ``count`` bulk things take, ``per_load`` to a load, rounding up."""
    return -(-count // per_load) if count > 0 else 0


def load(inventory: Inventory) -> int:
    """The load the inventory counts: one per piece, bulk stacks by bundle, coins per 1000."""
    total = len(inventory.armor) + len(inventory.shields)
    total += sum(1 for w in inventory.weapons if w.kind != "fist")
    stacks: dict[tuple[str, int], int] = defaultdict(int)
    for item in inventory.items:
        stacks[(item.catalog_id, item.bulk)] += item.quantity
    total += sum(bundles(count, bulk) for (_, bulk), count in stacks.items())
    return total + bundles(inventory.purse.coin_count, COINS_PER_LOAD)


def load_limit(str_mod: int) -> int:
    """R14: the load a character carries unencumbered, 10 + STR."""
    return 10 + str_mod


def is_encumbered(inventory: Inventory, str_mod: int) -> bool:
    """Over the limit: carrying more load than 10 + STR."""
    return load(inventory) > load_limit(str_mod)
