"""Advancing the campaign clock: expirations, midnights, dawns and year ends, in the order they
fall.

Everything that happens between now (exclusive) and the target time (inclusive) is gathered,
sorted by when it happens (at one instant: expirations, then midnight, then the year's end; dawn
is 06:00, ``DAWN_HOUR``, when a magic item "back at dawn" regains charges), and
applied in turn. Advancing by ``a`` then ``b`` therefore leaves the same campaign as advancing by
``a + b``: the same things happen at the same instants in the same order, dice included.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from emberkeep.campaign.calendar import HOUR, Calendar
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind
from emberkeep.character.knight import experience_checks
from emberkeep.character.model import Character
from emberkeep.clock.dying import bleed_out
from emberkeep.dice import Purpose, Roller, roll
from emberkeep.gear.inventory import Owned
from emberkeep.gear.magic_items import DAWN_HOUR, ChargeHour, ChargePlan, OwnedMagic, charge_plan
from emberkeep.gear.mending import mend_item
from emberkeep.gear.owned import OwnedArmor, OwnedShield, OwnedWeapon

__all__ = ["Happening", "advance", "advance_scope", "advance_to", "end_entries", "year_end_checks"]


@dataclass(frozen=True, slots=True)
class Happening:
    """One thing the clock did, for the GM's "what changed" list."""

    at: int
    kind: str
    text: str
    character_id: str | None = None


def advance(campaign: Campaign, seconds: int, roller: Roller) -> list[Happening]:
    if seconds < 0:
        raise ValueError(f"the clock only runs forward (asked for {seconds} s)")
    return advance_to(campaign, campaign.time + seconds, roller)


def advance_to(campaign: Campaign, target: int, roller: Roller) -> list[Happening]:
    if target < campaign.time:
        raise ValueError("the clock only runs forward; undo brings time back")
    calendar = Calendar(campaign.settings.time)
    changes: list[Happening] = []
    for at, kind, _, entry in _happenings(campaign, target):
        campaign.time = max(campaign.time, at)
        if kind == _ENDS:
            assert entry is not None
            if entry.kind == TimedKind.DYING and entry.units is not None:
                # a countdown handed over by its fight (R21)
                campaign.timeline = [e for e in campaign.timeline if e is not entry]
                what, text = bleed_out(campaign, entry, roller)
                changes.append(Happening(at, what, text, entry.character_id))
            else:
                changes.extend(end_entries(campaign, [entry], at))
        elif kind == _MIDNIGHT:
            changes.extend(_midnight(campaign, roller, at))
        elif kind == _DAWN:
            changes.extend(_charges_back(campaign, roller, at, "dawn"))
        else:
            changes.append(Happening(at, "year_end", f"Year {calendar.to_date(at).year - 1} ended"))
            changes.extend(year_end_checks(campaign, roller, at))
    campaign.time = target
    return changes


def advance_scope(campaign: Campaign, target: int) -> Scope:
    """What advancing to ``target`` may change: the time, the timeline and the sheets the
    happenings act on, picked by the very predicates the happenings use."""
    who: set[str | None] = set()
    for _at, kind, _, entry in _happenings(campaign, target):
        if kind == _ENDS:
            assert entry is not None
            who.add(entry.character_id)
        elif kind == _MIDNIGHT:
            who.update(c.id for c in campaign.characters
                       if _resets_at_midnight(c) or _recharging(c, "midnight"))
        elif kind == _DAWN:
            who.update(c.id for c in campaign.characters if _recharging(c, "dawn"))
        else:
            who.update(c.id for c in campaign.characters if _checks_at_year_end(c))
    return Scope.of(who, ("time", "timeline"))


_ENDS, _MIDNIGHT, _YEAR_END, _DAWN = range(4)


def _happenings(campaign: Campaign, target: int) -> list[tuple[int, int, int, Timed | None]]:
    """Everything between now (exclusive) and ``target`` (inclusive), in the order it falls."""
    calendar = Calendar(campaign.settings.time)
    start = campaign.time
    happenings: list[tuple[int, int, int, Timed | None]] = []
    for index, timed in enumerate(campaign.timeline):
        if timed.ends_on == EndsOn.TIME and timed.ends_at is not None and timed.ends_at <= target:
            happenings.append((timed.ends_at, _ENDS, index, timed))
    happenings.extend((t, _MIDNIGHT, 0, None) for t in calendar.midnights_between(start, target))
    happenings.extend((t, _YEAR_END, 0, None)
                      for t in calendar.year_ends_between(start, target))
    dawn = DAWN_HOUR * HOUR
    happenings.extend((t + dawn, _DAWN, 0, None)
                      for t in calendar.midnights_between(start - dawn, target - dawn))
    happenings.sort(key=lambda h: (h[0], h[1], h[2]))
    return happenings


def end_entries(campaign: Campaign, entries: list[Timed], at: int) -> list[Happening]:
    """End timeline entries now (their time came, or a rest ended them) and apply what ending
    each means."""
    changes = []
    ending = {id(e) for e in entries}
    campaign.timeline = [e for e in campaign.timeline if id(e) not in ending]
    for entry in entries:
        character = _character(campaign, entry.character_id)
        who = f"{character.name}: " if character is not None else ""
        text = f"{who}{entry.label} ended"
        if entry.kind in (TimedKind.CONDITION, TimedKind.INJURY) and character is not None:
            character.conditions = [c for c in character.conditions
                                    if c.timed_id != entry.id]
        elif entry.kind == TimedKind.CANNOT_CAST and character is not None:
            character.caster = character.caster.model_copy(
                update={"barred_until_long_rest": False})
        elif entry.kind == TimedKind.REPAIR and character is not None and entry.item_uid:
            item = character.inventory.find(entry.item_uid)
            if isinstance(item, OwnedArmor | OwnedShield | OwnedWeapon):
                mend_item(item, entry.units)
            if isinstance(item, OwnedWeapon):
                item.dropped = False  # back from the smith means back in hand
            item.at_smith = False
            text = f"{character.name}'s {item.name} is back from the smith, mended"
        elif entry.kind == TimedKind.TRAINING and character is not None and entry.feat:
            if entry.feat not in character.feats:
                character.feats.append(entry.feat)
            text = f"{character.name} finished training: {entry.feat}"
        changes.append(Happening(at, entry.kind.value, text, entry.character_id))
    return changes


def year_end_checks(campaign: Campaign, roller: Roller, at: int) -> list[Happening]:
    """R32: every knight rolls its ticked skills at the year's end."""
    changes = []
    for character in campaign.characters:
        knight = character.knight
        if knight is None or not _checks_at_year_end(character):
            continue
        character.knight, lines = experience_checks(knight, roller)
        for line in lines:
            changes.append(Happening(at, "experience", f"{character.name}: {line} (R32)",
                                  character.id))
    return changes


def _midnight(campaign: Campaign, roller: Roller, at: int) -> list[Happening]:
    """Daily limits reset: magical healing taken (R11) and magic items' charges back at
    midnight."""
    changes = []
    for character in campaign.characters:
        if _resets_at_midnight(character):
            character.caster = character.caster.new_day()
            changes.append(Happening(at, "daily", f"{character.name} can be magically healed "
                                               "again today (R11)", character.id))
    return changes + _charges_back(campaign, roller, at, "midnight")


def _charges_back(campaign: Campaign, roller: Roller, at: int, hour: ChargeHour) -> list[Happening]:
    """Magic items whose charges text says they come back at ``hour``: a daily
    number is rolled anew ("1d4 a day"); a pool regains what its text says, never above its
    size ("7 charges, 1d6 back at dawn"); a pool that names no refill ("3 charges") is left as
    it is, spent or not."""
    changes = []
    for character in campaign.characters:
        for item, magic, plan in _recharging_items(character, hour):
            assert plan.regain is not None
            rolled = roll(plan.regain, roller, purpose=Purpose.CHARGES, who=item.name).total
            if plan.cap is None:
                refill, text = rolled, f"{rolled} use(s) today"
            else:
                before = magic.charges_left if magic.charges_left is not None else 0
                refill = min(plan.cap, before + rolled)
                text = (f"{plan.regain} rolled {rolled} at {hour} → {refill} of {plan.cap} "
                        f"charges ({plan.text})")
            if magic.charges_left != refill:
                magic.charges_left = refill
                changes.append(Happening(at, "charges", f"{character.name}'s {item.name}: {text}",
                                      character.id))
    return changes


def _checks_at_year_end(character: Character) -> bool:
    return character.knight is not None and bool(character.knight.ticks)


def _resets_at_midnight(character: Character) -> bool:
    return character.caster.healed_hd_today > 0


def _recharging_items(character: Character, hour: ChargeHour
                      ) -> Iterator[tuple[Owned, OwnedMagic, ChargePlan]]:
    """The character's magic items whose charges come back at ``hour``."""
    for item in character.inventory.all_gear():
        magic = item.magic
        plan = charge_plan(magic.charges) if magic is not None else None
        if magic is not None and plan is not None and plan.regain is not None \
                and plan.hour == hour:
            yield item, magic, plan


def _recharging(character: Character, hour: ChargeHour) -> bool:
    return next(_recharging_items(character, hour), None) is not None


def _character(campaign: Campaign, character_id: str | None) -> Character | None:
    if character_id is None:
        return None
    for character in campaign.characters:
        if character.id == character_id:
            return character
    return None
