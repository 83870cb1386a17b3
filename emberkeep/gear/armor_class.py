"""Armor class from what is worn (Furnace's Armor table, R12, R15) and armor weight (R31).

AC = 10 + DEX unarmored; light armor base + DEX; medium and heavy armor base, no DEX; a carried
shield +2. Damage points come off the piece that took them (R15); broken armor gives no AC, so its
wearer counts as unarmored (10 + DEX); a broken or destroyed shield gives nothing. Bonuses from
elsewhere (the Defense fighting style's +1, a Barbarian's Rage -PROF, a spell) come as ``extra``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from emberkeep.gear.inventory import Inventory

__all__ = ["FUMBLE_DIE", "ArmorWeightName", "armor_class", "armor_weight", "fumble_die"]

ArmorWeightName = Literal["none", "light", "medium", "heavy"]

FUMBLE_DIE: dict[ArmorWeightName, str] = {
    "none": "d4", "light": "d8", "medium": "d12", "heavy": "d12",
}
"""Furnace "Armor Type | Fumble Die": none d4, light d8, heavy d12; medium is d12 too (R31)."""


def armor_class(inventory: Inventory, dex_mod: int, extra: int = 0) -> int:
    """The AC the inventory's worn armor and carried shield give, plus ``extra``."""
    armor = inventory.worn_armor
    ac = 10 + dex_mod if armor is None else armor.effective_ac(dex_mod)
    shield = inventory.shield
    if shield is not None:
        ac += shield.current_bonus
    return ac + extra


def armor_weight(inventory: Inventory) -> ArmorWeightName:
    """R31: the weight of the worn armor, for the fumble die and WDD segments.

    Broken armor is still on the wearer's back and still weighs: it keeps its weight.
    """
    armor = inventory.worn_armor
    return "none" if armor is None else armor.weight


def fumble_die(inventory: Inventory) -> str:
    """The Fumble table's die for the worn armor: none d4, light d8, medium or heavy d12."""
    return FUMBLE_DIE[armor_weight(inventory)]
