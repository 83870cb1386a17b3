"""What mending costs (R16, from the campaign's settings).

Armor and shields: a percentage of the value for each damage point (default 10%: WDD's "repair
costs 10% of the armor's value", read per crit); broken armor is mended by mending all its points.
A notch: a percentage per notch (default 10%). A broken weapon: a percentage of its value (default
50%), which also takes out its notches (it is reforged). A destroyed shield is replaced at its full
value. Costs round up to the copper piece: a smith does not give change for a fraction.
"""

from __future__ import annotations

from emberkeep.campaign.settings import RepairCosts
from emberkeep.gear.mending import repair_units
from emberkeep.gear.owned import OwnedArmor, OwnedGear, OwnedShield, OwnedWeapon

__all__ = ["repair_cost"]


def _percent(value_cp: int, pct: int, count: int = 1) -> int:
    return -(-value_cp * pct * count // 100)  # ceiling division


def repair_cost(item: OwnedGear, costs: RepairCosts, units: int | None = None) -> int:
    """The price in copper of mending ``units`` of the item's damage (all of it when None)."""
    available = repair_units(item)
    count = available if units is None else units
    if count < 0 or count > available:
        raise ValueError(f"{item.name} has {available} to mend, not {count}")
    if isinstance(item, OwnedShield) and item.destroyed:
        return item.value_cp if count else 0
    if isinstance(item, OwnedArmor | OwnedShield):
        return _percent(item.value_cp, costs.armor_point_pct, count)
    if isinstance(item, OwnedWeapon):
        if item.broken:
            return _percent(item.value_cp, costs.broken_weapon_pct) if count else 0
        return _percent(item.value_cp, costs.weapon_notch_pct, count)
    return 0
