"""Putting things on the timeline: conditions, timers, lights, spell effects, repairs and
training. Each returns the :class:`Timed` entry it made.

R21's dying countdown is the fight's (``encounter.dying``): it runs in rounds, with its d20
each round, and has no second copy on the campaign clock."""

from __future__ import annotations

from emberkeep.campaign.calendar import HOUR, WEEK
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind
from emberkeep.character.abilities import Ability
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.gear.mending import repair_units
from emberkeep.gear.owned import OwnedArmor, OwnedShield, OwnedWeapon
from emberkeep.gear.purse import format_coins

__all__ = [
    "MOUNTED_COMBAT",
    "add_condition",
    "bar_casting_until_long_rest",
    "light",
    "mounted_combat_training",
    "repair_hours",
    "spell_effect",
    "start_repair",
    "start_timer",
    "start_training",
    "upcoming",
]

MOUNTED_COMBAT = "Mounted Combat"


def _entry(campaign: Campaign, kind: TimedKind, label: str, seconds: int | None,
           ends_on: EndsOn = EndsOn.TIME, **fields: object) -> Timed:
    if seconds is not None and seconds < 0:
        raise ValueError(f"{label}: a duration cannot be negative ({seconds} s)")
    if seconds is None and ends_on == EndsOn.TIME:
        raise ValueError(f"{label}: give a duration or the rest that ends it")
    entry = Timed(kind=kind, label=label, starts_at=campaign.time,
                  ends_at=None if seconds is None else campaign.time + seconds,
                  ends_on=ends_on, **fields)
    campaign.timeline.append(entry)
    return entry


def add_condition(campaign: Campaign, character: Character, name: str, *,
                  seconds: int | None = None, ends_on: EndsOn = EndsOn.TIME, source: str = "",
                  injury: bool = False) -> Timed:
    """A condition on the sheet that leaves by itself: after ``seconds`` or at a rest
    (e.g. R21's injury "All CHECKs are HARD until rest")."""
    kind = TimedKind.INJURY if injury else TimedKind.CONDITION
    entry = _entry(campaign, kind, name if not source else f"{name} ({source})", seconds,
                   ends_on, character_id=character.id, condition=name)
    character.conditions.append(CharacterCondition(name=name, source=source, timed_id=entry.id))
    return entry


def start_timer(campaign: Campaign, label: str, seconds: int) -> Timed:
    """ICRPG's timer: "Roll 1d4. After that many turns, something awful happens!"."""
    return _entry(campaign, TimedKind.TIMER, label, seconds)


def spell_effect(campaign: Campaign, character: Character | None, label: str,
                 seconds: int) -> Timed:
    return _entry(campaign, TimedKind.SPELL_EFFECT, label, seconds,
                  character_id=None if character is None else character.id)


def light(campaign: Campaign, character: Character, item_uid: str, seconds: int, *,
          fuel_uid: str | None = None) -> Timed:
    """Light a torch or lantern: one of the stack is used up and burns for ``seconds``; with
    ``fuel_uid`` (a lantern's flask of oil) one of the fuel is used up instead."""
    item = character.inventory.find(item_uid)
    burnt = item if fuel_uid is None else character.inventory.find(fuel_uid)
    quantity = getattr(burnt, "quantity", 1)
    if quantity < 1:
        raise ValueError(f"{character.name} has no {burnt.name} left to light")
    if hasattr(burnt, "quantity"):
        burnt.quantity = quantity - 1
    return _entry(campaign, TimedKind.LIGHT, f"{item.name} burning", seconds,
                  character_id=character.id, item_uid=item_uid)


def bar_casting_until_long_rest(campaign: Campaign, character: Character, reason: str) -> Timed:
    """R10, R29: a failed depletion save (or a mishap) bars casting until a long rest."""
    character.caster = character.caster.model_copy(update={"barred_until_long_rest": True})
    return _entry(campaign, TimedKind.CANNOT_CAST, f"cannot cast: {reason}", None,
                  EndsOn.LONG_REST, character_id=character.id)


def repair_hours(campaign: Campaign, points: int) -> int:
    return points * campaign.settings.downtime.repair_hours_per_point


def start_repair(campaign: Campaign, character: Character, item_uid: str, *,
                 cost_cp: int = 0, units: int | None = None) -> Timed:
    """The item goes to the smith and is away until mended: hours per armor point or notch
    (a setting; a break or a destroyed shield counts as one), ``units`` of them (all when None).
    """
    item = character.inventory.find(item_uid)
    if item.at_smith:
        raise ValueError(f"{item.name} is already at the smith")
    if not isinstance(item, OwnedArmor | OwnedShield | OwnedWeapon):
        raise ValueError(f"{item.name} is not armor, a shield or a weapon")
    points = repair_units(item)  # what the ledger prices: the same units (R16)
    if points == 0:
        raise ValueError(f"{item.name} needs no repair")
    if units is not None:
        points = min(points, units)
    item.at_smith = True
    price = f" for {format_coins(cost_cp)}" if cost_cp else ""
    return _entry(campaign, TimedKind.REPAIR, f"{item.name} at the smith{price}",
                  repair_hours(campaign, points) * HOUR, character_id=character.id,
                  item_uid=item_uid, cost_cp=cost_cp, units=units)


def start_training(campaign: Campaign, character: Character, feat: str, *, weeks: int,
                   cost_cp: int) -> Timed:
    """Training a feat: paid now from the character's purse, gained when the weeks are done."""
    if feat in character.feats:
        raise ValueError(f"{character.name} already has {feat}")
    character.inventory.purse.spend_cp(cost_cp)  # refuses, unchanged, if too little
    return _entry(campaign, TimedKind.TRAINING, f"training {feat}", weeks * WEEK,
                  character_id=character.id, feat=feat, cost_cp=cost_cp)


def mounted_combat_training(campaign: Campaign, character: Character) -> Timed:
    """WDD: "A character may spend X GP and 8 weeks (- DEX bonus in weeks) training to fight
    while mounted" (at least one week)."""
    downtime = campaign.settings.downtime
    weeks = max(1, downtime.mounted_training_weeks - max(0, character.modifier(Ability.DEX)))
    return start_training(campaign, character, MOUNTED_COMBAT, weeks=weeks,
                          cost_cp=downtime.mounted_training_cost_gp * 100)


def upcoming(campaign: Campaign, character_id: str | None = None) -> list[Timed]:
    """What ends when, soonest first (those ended by a rest last), for the timeline view."""
    entries = [e for e in campaign.timeline
               if character_id is None or e.character_id in (character_id, None)]
    return sorted(entries, key=lambda e: (e.ends_at is None, e.ends_at or 0, e.label))
