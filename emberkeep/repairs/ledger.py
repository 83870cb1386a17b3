"""Repairing, paying and recording it; damage entered by hand; ledger totals.

Every function here either does all it says or, on refusal (a purse that is short, an item with
nothing to mend), raises ``ValueError`` with the reason and changes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.model import PARTY, Campaign, LedgerEntry, LedgerKind
from emberkeep.character.model import Character
from emberkeep.gear.mending import mend_item, repair_units
from emberkeep.gear.owned import OwnedArmor, OwnedShield, OwnedWeapon
from emberkeep.gear.purse import Purse, format_coins
from emberkeep.repairs.costs import repair_cost

__all__ = ["PARTY", "LedgerTotals", "damage_by_hand", "describe_mending", "ledger_totals", "mend",
           "pick_up", "repair"]

Damage = Literal["dent", "notch", "break", "drop", "destroy"]


def _owner(campaign: Campaign, character_id: str) -> Character:
    return campaign.character(character_id)


def repair(campaign: Campaign, character_id: str, item_uid: str, *, units: int | None = None,
           paid_by: str | None = None, at_smith: bool = False) -> LedgerEntry:
    """Mend ``units`` of an item's damage (all when None), take the coins from the owner's purse
    (or the party fund with ``paid_by="party"``) and write the ledger entry (R16).

    ``at_smith``: the smith takes the item and the time the campaign's downtime settings say;
    it is paid now, away until the timeline entry ends, and mended then.
    """
    owner = _owner(campaign, character_id)
    item = owner.inventory.find(item_uid)
    if not isinstance(item, OwnedArmor | OwnedShield | OwnedWeapon):
        raise ValueError(f"{item.name} is not armor, a shield or a weapon")
    if item.at_smith:
        raise ValueError(f"{owner.name}'s {item.name} is already at the smith")
    available = repair_units(item)
    if available == 0:
        raise ValueError(f"{owner.name}'s {item.name} needs no repair")
    count = available if units is None else units
    if not 1 <= count <= available:
        raise ValueError(f"{item.name} has {available} to mend, not {count}")
    cost = repair_cost(item, campaign.settings.repair, count)
    payer_id = paid_by or owner.id
    purse, payer = _purse(campaign, payer_id)
    if cost > purse.total_cp:
        raise ValueError(f"mending {item.name} costs {format_coins(cost)}, but {payer} "
                         f"holds only {format_coins(purse.total_cp)}")
    if at_smith:
        from emberkeep.clock.schedule import start_repair

        what, kind = describe_mending(item, count)
        start_repair(campaign, owner, item.uid, cost_cp=cost, units=count)
        what = f"{what} at the smith"
    else:
        what, kind = mend(item, count)
    purse.spend_cp(cost)
    entry = LedgerEntry(at=campaign.time, kind=kind, description=f"{owner.name}: {what}",
                        cost_cp=cost, paid_by=payer_id, character_id=owner.id, item_uid=item.uid)
    campaign.ledger.append(entry)
    return entry


def describe_mending(item: OwnedArmor | OwnedShield | OwnedWeapon,
                     count: int) -> tuple[str, LedgerKind]:
    """What mending ``count`` units of the item will be, in the ledger's words."""
    probe = item.model_copy(deep=True)
    return mend(probe, count)


def mend(item: OwnedArmor | OwnedShield | OwnedWeapon,
         count: int | None = None) -> tuple[str, LedgerKind]:
    """Take ``count`` units of damage off the item (all when None); say what was done."""
    if isinstance(item, OwnedShield) and item.destroyed:
        kind = LedgerKind.REPLACEMENT
    elif isinstance(item, OwnedArmor | OwnedShield):
        kind = LedgerKind.ARMOR_REPAIR
    else:
        kind = LedgerKind.WEAPON_REPAIR
    return mend_item(item, count), kind


def _purse(campaign: Campaign, payer_id: str) -> tuple[Purse, str]:
    if payer_id == PARTY:
        return campaign.party_fund, "the party fund"
    payer = campaign.character(payer_id)
    return payer.inventory.purse, f"{payer.name}'s purse"


def damage_by_hand(campaign: Campaign, character_id: str, item_uid: str, what: Damage,
                   count: int = 1) -> str:
    """Damage that happened off-screen: a dent (R15), a notch (R17, breaking past the quality's
    allowance), a break, a drop, a destroyed shield. Returns what happened, in words."""
    owner = _owner(campaign, character_id)
    item = owner.inventory.find(item_uid)
    if count < 1:
        raise ValueError(f"at least one {what}, not {count}")
    if what == "dent" and isinstance(item, OwnedArmor | OwnedShield):
        broke = item.take_damage(count)
        return f"{item.name} dented {count}" + (": it broke" if broke else "")
    if what == "destroy" and isinstance(item, OwnedShield):
        item.destroyed = True
        return f"{item.name} destroyed"
    if isinstance(item, OwnedWeapon):
        if what == "notch":
            broke = False
            for _ in range(count):
                broke = item.notch(campaign.settings.repair.allowances()) or broke
            return f"{item.name} notched" + (": it broke" if broke else "")
        if what == "break":
            item.broken = True
            return f"{item.name} broken"
        if what == "drop":
            item.dropped = True
            return f"{item.name} dropped"
    raise ValueError(f"a {item.name} cannot take a {what}")


def pick_up(campaign: Campaign, character_id: str, item_uid: str) -> None:
    """A dropped weapon back in hand (WDD: a round to pick it up); it costs nothing."""
    item = _owner(campaign, character_id).inventory.find(item_uid)
    if not isinstance(item, OwnedWeapon) or not item.dropped:
        raise ValueError(f"{item.name} is not lying on the ground")
    item.dropped = False


@dataclass(frozen=True, slots=True)
class LedgerTotals:
    by_payer: dict[str, int]  # payer id ("party" or a character id) → copper spent
    by_character: dict[str, int]  # whose gear → copper spent on it
    by_month: dict[tuple[int, int], int]  # (year, month) → copper spent (R27 calendar)
    total: int


def ledger_totals(campaign: Campaign) -> LedgerTotals:
    calendar = Calendar(campaign.settings.time)
    by_payer: dict[str, int] = defaultdict(int)
    by_character: dict[str, int] = defaultdict(int)
    by_month: dict[tuple[int, int], int] = defaultdict(int)
    total = 0
    for entry in campaign.ledger:
        by_payer[entry.paid_by] += entry.cost_cp
        if entry.character_id is not None:
            by_character[entry.character_id] += entry.cost_cp
        date = calendar.to_date(entry.at)
        by_month[(date.year, date.month)] += entry.cost_cp
        total += entry.cost_cp
    return LedgerTotals(dict(by_payer), dict(by_character), dict(by_month), total)
