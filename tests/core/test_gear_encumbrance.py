"""Encumbrance (R14): load limit 10 + STR; bulk goods count one load per bundle, rounding up."""

from __future__ import annotations

import itertools

import pytest

from emberkeep.character.abilities import modifier
from emberkeep.character.classes import classes
from emberkeep.character.equipment import slot_options
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


def test_r34_the_set_of_adventuring_gear_is_one_item_of_one_load() -> None:
    inventory = Inventory.from_catalog(["adventuring_gear"])
    assert [(i.catalog_id, i.quantity) for i in inventory.items] == [("adventuring_gear", 1)]
    assert inventory.load() == 1


@pytest.mark.parametrize(("item", "per_load"), [
    ("torch", 5), ("rations", 5), ("candle", 10), ("piton", 10)])
def test_r34_light_things_bundle_by_the_ruling(item: str, per_load: int) -> None:
    assert Inventory.from_catalog([item] * per_load).load() == 1
    assert Inventory.from_catalog([item] * (per_load + 1)).load() == 2


def test_r34_every_class_kit_leaves_even_str_3_unencumbered() -> None:
    """R34: "A starting character carrying only the class kit is therefore never encumbered":
    every answer to every equipment line (any weapon the slot allows), against STR 3's limit
    of 10 − 3 = 7 (R14)."""
    heaviest: dict[str, int] = {}
    for cls in classes().values():
        lines = [[[slot_options(s) for s in alt.slots] for alt in line.alternatives]
                 for line in cls.equipment]
        for answer in itertools.product(*lines):
            for ids in itertools.product(*[opt for alt in answer for opt in alt]):
                inventory = Inventory.from_catalog(list(ids))
                heaviest[cls.id] = max(heaviest.get(cls.id, 0), inventory.load())
                assert not inventory.is_encumbered(str_mod=modifier(3)), (cls.id, ids)
    # a Rogue's sword, sling, dagger, armor, climber's kit and adventuring gear: 6 loads
    assert heaviest == {"fighter": 5, "cleric": 5, "rogue": 6, "magic_user": 4}


def test_bundles_round_up() -> None:
    assert [bundles(n, 5) for n in (0, 1, 5, 6, 10, 11)] == [0, 1, 1, 2, 2, 3]
