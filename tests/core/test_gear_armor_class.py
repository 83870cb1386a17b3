"""Armor class from worn gear (R12, R15) and the fumble die by armor weight (R31)."""

from __future__ import annotations

import pytest

from emberkeep.gear.armor_class import armor_class, armor_weight, fumble_die
from emberkeep.gear.inventory import Inventory, own
from emberkeep.gear.owned import OwnedArmor, OwnedShield


def test_unarmored_is_10_plus_dex() -> None:
    assert armor_class(Inventory(), dex_mod=2) == 12
    assert armor_class(Inventory(), dex_mod=-1) == 9


def test_light_armor_adds_dex_boiled_leather_dex_2_is_13() -> None:
    inventory = Inventory.from_catalog(["boiled_leather"])
    assert inventory.armor_class(dex_mod=2) == 13


def test_heavy_armor_ignores_dex_chain_mail_and_shield_is_17() -> None:
    inventory = Inventory.from_catalog(["chain_mail", "shield"])
    assert inventory.armor_class(dex_mod=3) == 17
    assert inventory.armor_class(dex_mod=-2) == 17


def test_medium_armor_ignores_dex() -> None:
    assert Inventory.from_catalog(["breastplate"]).armor_class(dex_mod=2) == 14


def test_defense_fighting_style_comes_as_extra() -> None:
    inventory = Inventory.from_catalog(["chain_mail", "shield"])
    assert armor_class(inventory, dex_mod=0, extra=1) == 18


def test_r15_damaged_plate_16_with_2_points_is_14() -> None:
    inventory = Inventory.from_catalog(["plate_mail"])
    plate = inventory.armor[0]
    plate.take_damage(2)
    assert plate.current_bonus == 4
    assert inventory.armor_class(dex_mod=1) == 14


@pytest.mark.parametrize(("gear_id", "threshold"), [
    ("plate_mail", 6), ("chain_mail", 5), ("boiled_leather", 1), ("scale_mail", 4),
])
def test_r15_armor_breaks_when_damage_reaches_its_bonus_over_10(gear_id: str,
                                                               threshold: int) -> None:
    armor = own(gear_id)
    assert isinstance(armor, OwnedArmor)
    assert armor.armor_bonus == threshold
    for _ in range(threshold - 1):
        assert armor.take_damage() is False
    assert not armor.is_broken
    assert armor.take_damage() is True
    assert armor.is_broken


def test_r15_broken_boiled_leather_gives_no_ac() -> None:
    inventory = Inventory.from_catalog(["boiled_leather"])
    leather = inventory.armor[0]
    assert leather.take_damage() is True  # one crit breaks 11 AC leather
    assert inventory.armor_class(dex_mod=2) == 12  # unarmored: 10 + DEX


def test_r15_broken_plate_is_as_unarmored_and_points_stop_at_the_threshold() -> None:
    inventory = Inventory.from_catalog(["plate_mail"])
    plate = inventory.armor[0]
    plate.take_damage(5)
    assert inventory.armor_class(dex_mod=0) == 11
    assert plate.take_damage(2) is True  # lingering "Damaged Armor": 2 points
    assert plate.damage_points == 6
    assert inventory.armor_class(dex_mod=0) == 10
    assert plate.take_damage() is False  # already broken
    assert plate.repair() == 6 and inventory.armor_class(dex_mod=0) == 16


def test_r15_shield_breaks_at_2_points_and_lowers_ac_per_point() -> None:
    inventory = Inventory.from_catalog(["chain_mail", "shield"])
    shield = inventory.shields[0]
    assert shield.take_damage() is False
    assert inventory.armor_class(dex_mod=0) == 16
    assert shield.take_damage() is True
    assert shield.is_broken
    assert inventory.armor_class(dex_mod=0) == 15


def test_r12_sundered_shield_soaks_half_rounded_down_and_is_destroyed() -> None:
    inventory = Inventory.from_catalog(["chain_mail", "shield"])
    shield = inventory.shields[0]
    assert shield.sunder(9) == 5  # 4 soaked
    assert shield.destroyed and shield.is_broken and inventory.shield is None
    assert inventory.armor_class(dex_mod=0) == 15
    with pytest.raises(ValueError, match="already destroyed"):
        shield.sunder(4)


def test_armor_not_worn_gives_nothing() -> None:
    inventory = Inventory.from_catalog(["plate_mail", "shield"], equip=False)
    assert inventory.armor_class(dex_mod=1) == 11
    inventory.wear(inventory.armor[0].uid)
    inventory.carry_shield(inventory.shields[0].uid)
    assert inventory.armor_class(dex_mod=1) == 18


@pytest.mark.parametrize(("ids", "weight", "die"), [
    ([], "none", "d4"),
    (["sleeved_gambeson"], "light", "d8"),
    (["brigandine"], "medium", "d12"),
    (["plate_mail"], "heavy", "d12"),
])
def test_r31_armor_weight_and_fumble_die(ids: list[str], weight: str, die: str) -> None:
    inventory = Inventory.from_catalog(ids)
    assert armor_weight(inventory) == weight == inventory.armor_weight()
    assert fumble_die(inventory) == die


def test_shield_bonus_of_a_custom_shield() -> None:
    shield = OwnedShield(catalog_id="tower", name="Tower shield", value_cp=0, bonus=3)
    assert shield.armor_bonus == 3 and shield.current_bonus == 3


def test_r15_crit_point_lands_on_armor_then_on_the_shield() -> None:
    inventory = Inventory.from_catalog(["boiled_leather", "shield"])
    leather, shield = inventory.armor[0], inventory.shields[0]
    assert inventory.armor_crit_target() is leather
    leather.take_damage()
    assert inventory.armor_crit_target() is shield
    shield.take_damage(2)
    assert inventory.armor_crit_target() is None


def test_r15_shield_takes_the_point_when_no_armor_is_worn() -> None:
    inventory = Inventory.from_catalog(["shield"])
    assert inventory.armor_crit_target() is inventory.shields[0]
    assert Inventory().armor_crit_target() is None


def test_r26_magical_shield_is_spared_by_a_mundane_weapon() -> None:
    inventory = Inventory.from_catalog(["shield_of_shielding"])
    assert inventory.armor_crit_target(by_magic=False) is None
    assert inventory.armor_crit_target(by_magic=True) is inventory.shields[0]
