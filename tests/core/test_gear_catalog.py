"""The gear catalog holds every row of Furnace's Armor and Weapons tables with the seed's numbers
(R12), R31's weights and lengths, R13's 5e prices, and the seed's two example magic items."""

from __future__ import annotations

import pytest

from emberkeep.dice import parse
from emberkeep.gear.catalog import GearCatalog, GearError, gear_catalog
from emberkeep.gear.magic_items import DIE_SIDES, TIER_DICE, item_dice
from emberkeep.gear.specs import WeaponSpec

# Seed "Armor | AC | Stealth" rows, with R31's weight.
SEED_ARMOR = [
    ("boiled_leather", 11, True, False, "light"),
    ("lamellar_shirt", 12, True, True, "light"),
    ("sleeved_gambeson", 12, True, False, "light"),
    ("brigandine", 13, False, False, "medium"),
    ("chain_hauberk", 13, False, False, "medium"),
    ("breastplate", 14, False, True, "medium"),
    ("scale_mail", 14, False, True, "medium"),
    ("banded_mail", 15, False, True, "heavy"),
    ("chain_mail", 15, False, True, "heavy"),
    ("plate_mail", 16, False, True, "heavy"),
]

# Seed "Weapon | DAM | Examples" rows (+ the TAG examples), with R31's lengths.
SEED_WEAPONS = [
    ("fist", "simple", "fist", "1", None, 0, ()),
    ("dagger", "simple", "one_handed", "1d6", None, 1, ("tiny",)),
    ("mace", "simple", "one_handed", "1d6", None, 2, ()),
    ("spear", "simple", "one_handed", "1d6", "1d8", 8, ()),
    ("hand_axe", "simple", "one_handed", "1d6", None, 2, ("Thrown",)),
    ("maul", "simple", "two_handed", "1d8", None, 5, ()),
    ("splitting_axe", "simple", "two_handed", "1d8", None, 5, ()),
    ("sling", "simple", "ranged", "1d6", None, None, ("Low-range",)),
    ("hunting_bow", "simple", "ranged", "1d6", None, None, ("ROF 2",)),  # WDD rate of fire
    ("arming_sword", "martial", "one_handed", "1d8", None, 3, ()),
    ("warhammer", "martial", "one_handed", "1d8", "1d10", 2, ()),
    ("longsword", "martial", "two_handed", "1d10", None, 4, ()),
    ("greataxe", "martial", "two_handed", "1d12", None, 5, ("Heavy",)),
    ("halberd", "martial", "two_handed", "1d10", None, 8, ()),
    ("great_spear", "martial", "two_handed", "1d10", None, 10, ()),
    ("lance", "martial", "one_handed", "1d8", None, 10, ("Mounted",)),
    ("warbow", "martial", "ranged", "1d8", None, None, ("ROF 2",)),
    ("crossbow", "martial", "ranged", "1d8", None, None, ()),
    ("composite_bow", "martial", "ranged", "1d8", None, None, ("Recoil", "ROF 2")),
]


@pytest.fixture(scope="module")
def catalog() -> GearCatalog:
    return gear_catalog()


def test_catalog_loads_once(catalog: GearCatalog) -> None:
    assert gear_catalog() is catalog
    assert len(catalog.armor) == 10 and len(catalog.shields) == 1


@pytest.mark.parametrize(("gear_id", "ac", "dex", "stealth_hard", "weight"), SEED_ARMOR)
def test_every_seed_armor_row(catalog: GearCatalog, gear_id: str, ac: int, dex: bool,
                              stealth_hard: bool, weight: str) -> None:
    """R12 as in the table; R31 weights: light armor light, AC 13-14 medium, AC 15-16 heavy."""
    spec = catalog.armor[gear_id]
    assert (spec.ac_base, spec.adds_dex, spec.stealth_hard, spec.weight) == (
        ac, dex, stealth_hard, weight)


def test_seed_typo_branded_mail_is_kept_in_the_text(catalog: GearCatalog) -> None:
    banded = catalog.armor["banded_mail"]
    assert banded.name == "Banded mail"
    assert "Branded mail" in banded.text and "typo" in banded.note


def test_shield_is_plus_two(catalog: GearCatalog) -> None:
    assert catalog.shields["shield"].bonus == 2


@pytest.mark.parametrize(
    ("gear_id", "category", "kind", "damage", "two_handed", "length", "tags"), SEED_WEAPONS)
def test_every_seed_weapon_row(catalog: GearCatalog, gear_id: str, category: str, kind: str,
                               damage: str, two_handed: str | None, length: int | None,
                               tags: tuple[str, ...]) -> None:
    spec = catalog.weapons[gear_id]
    assert (spec.category, spec.kind, spec.damage, spec.versatile_damage, spec.length_ft,
            spec.tags) == (category, kind, damage, two_handed, length, tags)


def test_weapon_table_damage_by_category_and_kind(catalog: GearCatalog) -> None:
    """The seed's table: every weapon without a tag that changes its die follows its row."""
    table = {("simple", "fist"): "1", ("simple", "one_handed"): "1d6",
             ("simple", "two_handed"): "1d8", ("simple", "ranged"): "1d6",
             ("martial", "one_handed"): "1d8", ("martial", "two_handed"): "1d10",
             ("martial", "ranged"): "1d8"}
    for spec in catalog.weapons.values():
        expected = "1d12" if "Heavy" in spec.tags else table[(spec.category, spec.kind)]
        assert spec.damage == expected, spec.id


@pytest.mark.parametrize(("gear_id", "gp"), [
    ("sleeved_gambeson", 5), ("boiled_leather", 10), ("scale_mail", 50), ("breastplate", 400),
    ("chain_mail", 75), ("plate_mail", 1500), ("dagger", 2), ("warhammer", 15), ("greataxe", 30),
])
def test_r13_prices_from_the_5e_srd(catalog: GearCatalog, gear_id: str, gp: int) -> None:
    spec = catalog.armor.get(gear_id) or catalog.weapons[gear_id]
    assert spec.value_cp == gp * 100


def test_r13_shield_price_and_guesses_are_documented(catalog: GearCatalog) -> None:
    assert catalog.shields["shield"].value_cp == 1000
    for gear_id in ("brigandine", "lamellar_shirt", "chain_hauberk", "banded_mail"):
        assert "No 5e match" in catalog.armor[gear_id].note


def test_bulk_items_r14(catalog: GearCatalog) -> None:
    assert catalog.items["torch"].bulk == 5
    assert catalog.items["rope"].bulk == 1
    assert "spellbook" in catalog.items


def test_seed_magic_items(catalog: GearCatalog) -> None:
    shield = catalog.magic_items["shield_of_shielding"]
    assert (shield.base_type, shield.base_id, shield.tier) == ("shield", "shield", "uncommon")
    assert [e.text for e in shield.effects] == ["+1d4 AC (1d)", "for 1 round (-)"]
    assert shield.effects[0].die == "1d4" and shield.charges == "once a day"
    assert shield.dice_spent == item_dice("uncommon") == 1

    hammer = catalog.magic_items["mjolnir"]
    assert (hammer.name, hammer.base_id, hammer.tier) == ("Mjölnir", "warhammer", "epic")
    assert [e.die for e in hammer.effects] == ["2d8", "1d4", "1d4", "1d4"]
    assert hammer.dice_spent == item_dice("epic") == 5


def test_magic_item_dice_table() -> None:
    assert TIER_DICE == {"common": 0, "uncommon": 1, "rare": 3, "epic": 5}
    assert DIE_SIDES == {"effect": 4, "ranged": 6, "melee": 8}


def test_overspent_magic_item_is_refused(catalog: GearCatalog) -> None:
    data = catalog.model_dump()
    data["magic_items"]["mjolnir"]["tier"] = "rare"
    with pytest.raises(ValueError, match="spend 5 Magic Item Dice, a rare item has 3"):
        GearCatalog.model_validate(data)


def test_ids_are_unique_across_kinds(catalog: GearCatalog) -> None:
    data = catalog.model_dump()
    data["items"]["dagger"] = {**data["items"]["rope"], "id": "dagger"}
    with pytest.raises(ValueError, match="'dagger' is used in both"):
        GearCatalog.model_validate(data)


def test_unknown_id(catalog: GearCatalog) -> None:
    with pytest.raises(GearError, match="no gear with the id 'vorpal_spoon'"):
        catalog.kind_of("vorpal_spoon")
    assert catalog.kind_of("adventuring_gear") == "item"  # R34: one item, not a kit


def test_every_damage_string_is_dice_notation(catalog: GearCatalog) -> None:
    for spec in catalog.weapons.values():
        assert parse(spec.damage).maximum >= 1


def test_a_ranged_weapon_cannot_be_versatile() -> None:
    with pytest.raises(ValueError, match="only a one-handed weapon can be versatile"):
        WeaponSpec(id="x", name="X", value_cp=0, category="simple", kind="ranged",
                   damage="1d6", versatile_damage="1d8")
