"""Armor class from what is worn (Furnace's Armor table, R12, R15) and armor weight (R31).

AC = 10 + DEX unarmored; light armor base + DEX; medium and heavy armor base, no DEX; a carried
shield +2. Damage points come off the piece that took them (R15); broken armor gives no AC, so its
wearer counts as unarmored (10 + DEX); a broken or destroyed shield gives nothing. Bonuses from
elsewhere (the Defense fighting style's +1, a Barbarian's Rage -PROF, a spell) come as ``extra``.
:func:`armor_class_breakdown` builds the number part by part; :func:`armor_class` is its total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from emberkeep.breakdown import Breakdown, Part

if TYPE_CHECKING:
    from emberkeep.gear.inventory import Inventory

__all__ = ["FUMBLE_DIE", "ArmorWeightName", "armor_class", "armor_class_breakdown", "armor_weight",
           "dents", "fumble_die"]

ArmorWeightName = Literal["none", "light", "medium", "heavy"]

FUMBLE_DIE: dict[ArmorWeightName, str] = {
    "none": "d4", "light": "d8", "medium": "d12", "heavy": "d12",
}
"""Furnace "Armor Type | Fumble Die": none d4, light d8, heavy d12; medium is d12 too (R31)."""


def dents(points: int, of: str = "") -> str:
    """``dent``, ``dents``, ``dents on the shield``: the label of ``points`` damage points, in
    the GM's word (the part's amount says how many: "− 2 dents")."""
    return f"dent{'' if points == 1 else 's'}" + (f" on {of}" if of else "")


def armor_class_breakdown(inventory: Inventory, dex_mod: int) -> Breakdown:
    """The AC the worn armor and carried shield give, part by part (R12, R15)."""
    armor = inventory.worn_armor
    if armor is None:
        parts = [Part("no armor", 10, 12), Part("DEX", dex_mod)]
    elif armor.is_broken:
        parts = [Part(f"{armor.name}, broken: as no armor", 10, 15), Part("DEX", dex_mod)]
    else:
        parts = [Part(armor.name, armor.ac_base, 12)]  # the Armor table's AC
        if armor.damage_points:
            parts.append(Part(dents(armor.damage_points), -armor.damage_points, 15))
        if armor.adds_dex:
            parts.append(Part("DEX", dex_mod))
    shield = inventory.shield
    if shield is not None:
        parts.append(Part(shield.name, shield.bonus, 12))
        lost = shield.bonus - shield.current_bonus
        if lost:
            parts.append(Part(dents(shield.damage_points, "the shield"), -lost, 15))
    return Breakdown(parts)


def armor_class(inventory: Inventory, dex_mod: int, extra: int = 0) -> int:
    """The AC the inventory's worn armor and carried shield give, plus ``extra``."""
    return armor_class_breakdown(inventory, dex_mod).total + extra


def armor_weight(inventory: Inventory) -> ArmorWeightName:
    """R31: the weight of the worn armor, for the fumble die and WDD segments.

    Broken armor is still on the wearer's back and still weighs: it keeps its weight.
    """
    armor = inventory.worn_armor
    return "none" if armor is None else armor.weight


def fumble_die(inventory: Inventory) -> str:
    """The Fumble table's die for the worn armor: none d4, light d8, medium or heavy d12."""
    return FUMBLE_DIE[armor_weight(inventory)]
