"""Inventory: owned copies from catalog ids, stable uids, and an exact JSON round trip."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from emberkeep.gear.catalog import GearError
from emberkeep.gear.inventory import Inventory, own
from emberkeep.gear.owned import OwnedShield, OwnedWeapon


def test_from_catalog_builds_owned_copies_and_equips_the_first_of_each() -> None:
    inventory = Inventory.from_catalog(["scale_mail", "shield", "mace", "sling", "rope"])
    assert inventory.worn_armor is not None and inventory.worn_armor.name == "Scale mail"
    assert inventory.shield is inventory.shields[0]
    assert [w.name for w in inventory.wielded] == ["Mace"]
    assert inventory.items[0].catalog_id == "rope"


def test_uids_are_unique_and_copies_are_independent() -> None:
    inventory = Inventory.from_catalog(["dagger", "dagger"])
    first, second = inventory.weapons
    assert first.uid != second.uid and len(first.uid) == 32
    first.notch()
    assert second.notches == 0


def test_owned_copy_survives_catalog_edits() -> None:
    """The copy carries its spec fields, so the file reads the same after the catalog changes."""
    mace = own("mace")
    assert isinstance(mace, OwnedWeapon)
    assert (mace.catalog_id, mace.damage, mace.length_ft, mace.value_cp) == ("mace", "1d6", 2, 500)


def test_magic_items_are_their_base_piece_made_magical() -> None:
    inventory = Inventory.from_catalog(["mjolnir", "shield_of_shielding"])
    hammer = inventory.weapons[0]
    assert (hammer.name, hammer.catalog_id, hammer.damage, hammer.versatile_damage) == (
        "Mjölnir", "warhammer", "1d8", "1d10")
    assert hammer.magical and hammer.magic is not None
    assert hammer.magic.magic_item_id == "mjolnir" and hammer.magic.tier == "epic"
    shield = inventory.shields[0]
    assert isinstance(shield, OwnedShield) and shield.magical and shield.bonus == 2


def test_json_round_trip_is_exact() -> None:
    inventory = Inventory.from_catalog(
        ["plate_mail", "shield", "mjolnir", "spear", "adventuring_gear", "spellbook"])
    inventory.armor[0].take_damage(2)
    inventory.weapons[1].notch()
    inventory.weapons[1].dropped = True
    inventory.shields[0].destroy()
    inventory.purse.add(gp=12, sp=3, cp=7)
    data = inventory.model_dump(mode="json")
    text = json.dumps(data)
    again = Inventory.model_validate(json.loads(text))
    assert again == inventory
    assert again.model_dump(mode="json") == data


def test_unknown_keys_are_refused() -> None:
    data = Inventory.from_catalog(["mace"]).model_dump(mode="json")
    data["weapons"][0]["sharpness"] = 11
    with pytest.raises(ValidationError, match="sharpness"):
        Inventory.model_validate(data)


def test_two_worn_armors_are_refused() -> None:
    data = Inventory.from_catalog(["chain_mail", "plate_mail"]).model_dump(mode="json")
    data["armor"][1]["worn"] = True
    with pytest.raises(ValidationError, match="only one suit of armor"):
        Inventory.model_validate(data)


def test_wear_swaps_armor_and_remove_takes_a_piece_out() -> None:
    inventory = Inventory.from_catalog(["chain_mail", "plate_mail"])
    plate = inventory.armor[1]
    inventory.wear(plate.uid)
    assert inventory.worn_armor is plate and not inventory.armor[0].worn
    assert inventory.remove(plate.uid) is plate
    assert inventory.worn_armor is None
    with pytest.raises(GearError, match="no gear with the uid"):
        inventory.find(plate.uid)


def test_unknown_catalog_id_is_refused() -> None:
    with pytest.raises(GearError, match="no gear with the id 'bfg'"):
        Inventory.from_catalog(["bfg"])


def test_wear_refuses_a_weapon() -> None:
    inventory = Inventory.from_catalog(["mace"])
    with pytest.raises(GearError, match="Mace is not armor"):
        inventory.wear(inventory.weapons[0].uid)
