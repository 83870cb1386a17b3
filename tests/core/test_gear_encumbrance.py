"""Encumbrance (R14): load limit 10 + STR; bulk goods count one load per bundle, rounding up."""

from __future__ import annotations

import pytest

from emberkeep.gear.encumbrance import COINS_PER_LOAD, bundles, is_encumbered, load, load_limit
from emberkeep.gear.inventory import Inventory


@pytest.mark.parametrize(("str_mod", "limit"), [(-2, 8), (0, 10), (3, 13)])
def test_r14_load_limit_is_10_plus_str(str_mod: int, limit: int) -> None:
    assert load_limit(str_mod) == limit == Inventory.load_limit(str_mod)


def test_r14_1000_coins_are_one_load_1001_are_two() -> None:
    inventory = Inventory()
    assert load(inventory) == 0
    inventory.purse.add(gp=600, sp=300, cp=100)
    assert COINS_PER_LOAD == 1000
    assert load(inventory) == 1
    inventory.purse.add(cp=1)
    assert load(inventory) == 2


def test_r14_six_torches_are_two_loads_five_are_one() -> None:
    assert Inventory.from_catalog(["torch"] * 5).load() == 1
    inventory = Inventory.from_catalog(["torch"] * 6)
    assert inventory.items[0].quantity == 6
    assert inventory.load() == 2


def test_r14_stacks_of_one_item_are_bundled_together() -> None:
    inventory = Inventory.from_catalog(["torch"] * 3)
    inventory.put(inventory.items[0].model_copy(update={"uid": "second_stack"}))
    assert inventory.load() == 2  # 6 torches, not 1 + 1


def test_r14_every_piece_counts_one_load_worn_armor_included_fist_not() -> None:
    inventory = Inventory.from_catalog(["plate_mail", "shield", "mace", "dagger", "fist", "rope"])
    assert inventory.load() == 5


def test_r14_encumbered_over_the_limit() -> None:
    inventory = Inventory.from_catalog(["plate_mail", "shield", "maul"] + ["rope"] * 8)
    assert inventory.load() == 11
    assert is_encumbered(inventory, str_mod=0)
    assert not inventory.is_encumbered(str_mod=1)


def test_the_adventuring_gear_kit_load() -> None:
    """backpack, bedroll, rope, tinderbox, waterskin 1 each; 3 days of rations 1; 5 torches 1."""
    assert Inventory.from_catalog(["adventuring_gear"]).load() == 7


def test_bundles_round_up() -> None:
    assert [bundles(n, 5) for n in (0, 1, 5, 6, 10, 11)] == [0, 1, 1, 2, 2, 3]
