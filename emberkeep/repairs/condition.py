"""The condition of a piece of gear, in numbers and in words (R15, R17, R18, R26).

One place says what damage means: how many more points break armor, how many more notches break a
weapon of its quality, what it does to the owner's AC or damage. The sheet, the engine and the
tracker all read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.model import Character
from emberkeep.gear.damage import notch_allowance
from emberkeep.gear.owned import OwnedArmor, OwnedGear, OwnedShield, OwnedWeapon

__all__ = ["GearCondition", "condition_of", "damaged_gear", "is_damaged"]

Kind = Literal["armor", "shield", "weapon"]


@dataclass(frozen=True, slots=True)
class GearCondition:
    """A damaged, broken, dropped or destroyed piece of gear, as the tracker lists it."""

    owner_id: str
    owner: str
    uid: str
    item: str
    kind: Kind
    damage: int  # armor points or notches
    broken: bool
    dropped: bool
    destroyed: bool
    at_smith: bool
    value_cp: int
    condition: str  # in words: "AC −2, breaks at 3 more"
    effect: str  # on the owner's numbers: "−2 AC", "−1 DAM", "unusable"


def is_damaged(item: OwnedGear) -> bool:
    if isinstance(item, OwnedShield):
        return item.damage_points > 0 or item.destroyed
    if isinstance(item, OwnedArmor):
        return item.damage_points > 0
    if isinstance(item, OwnedWeapon):
        return item.notches > 0 or item.broken or item.dropped
    return False


def condition_of(owner: Character, item: OwnedGear, costs: RepairCosts) -> GearCondition | None:
    """The item's condition, or ``None`` when it is whole, in hand and not at the smith."""
    if not is_damaged(item) and not item.at_smith:
        return None
    if isinstance(item, OwnedShield | OwnedArmor):
        kind: Kind = "shield" if isinstance(item, OwnedShield) else "armor"
        destroyed = isinstance(item, OwnedShield) and item.destroyed
        points = item.damage_points
        if destroyed:
            words, effect = "destroyed: replace it", "no AC"
        elif item.is_broken:
            words = f"broken ({points} point{'s' if points != 1 else ''})"
            effect = "no AC"
        elif points:
            left = item.armor_bonus - points
            words = f"AC −{points}, breaks at {left} more"
            effect = f"−{points} AC"
        else:
            words, effect = "whole", ""
        return GearCondition(owner.id, owner.name, item.uid, item.name, kind, points,
                             item.is_broken, False, destroyed, item.at_smith, item.value_cp,
                             _smith(words, item), effect)
    assert isinstance(item, OwnedWeapon)
    allowed = notch_allowance(item.quality, costs.allowances())
    if item.broken:
        words, effect = "broken", "unusable"
    elif item.notches:
        plural = "notch" if item.notches == 1 else "notches"
        left = allowed - item.notches
        then = "the next one breaks it" if left <= 0 else f"breaks at {left + 1} more"
        words = f"{item.notches} {plural} — {item.quality}: {then}"
        effect = f"−{item.notches} DAM"
    else:
        words, effect = "whole", ""
    if item.dropped:
        words = "dropped" if words == "whole" else f"{words}; dropped"
        effect = effect or "not in hand"
    return GearCondition(owner.id, owner.name, item.uid, item.name, "weapon", item.notches,
                         item.broken, item.dropped, False, item.at_smith, item.value_cp,
                         _smith(words, item), effect)


def _smith(words: str, item: OwnedGear) -> str:
    return f"{words} (at the smith)" if item.at_smith else words


def damaged_gear(campaign: Campaign) -> list[GearCondition]:
    """Every damaged, broken, dropped or destroyed piece across the party, owner by owner."""
    costs = campaign.settings.repair
    found = []
    for character in campaign.characters:
        for item in character.inventory.all_gear():
            condition = condition_of(character, item, costs)
            if condition is not None:
                found.append(condition)
    return found
