"""Magic items as Furnace builds them: a tier that grants Magic Item Dice, spent on effects.

Seed, "Magic Items": Common -, Uncommon +1d, Rare +3d, Epic +5d. A Magic Item Die is a d4 for an
effect, duration or charge, a d6 for ranged damage and a d8 for melee damage (the same dice as
spells, R9, but scaling linearly). Each effect line keeps the seed's text and the dice it spends
(the "(2d)" after "+2d8 DAM"); a line marked "(-)" spends none. An item may carry a curse.

A magic item is built on a base piece (a shield, a warhammer...): owning one gives an owned copy
of that base marked ``magical`` with an :class:`OwnedMagic` attached (see ``owned.py``).

A campaign's own magic items (the magic item editor) are over the shipped ones in its
:class:`~emberkeep.character.catalog.Catalog`.

An item's ``charges`` text is counted as it reads (:func:`charge_plan`): a daily
number ("once a day", the seed's "a charge of 1d4 a day") is the day's uses, rolled anew at
midnight; a pool ("3 charges") is spent per use and never comes back; a pool that says how it
refills ("7 charges, 1d6 back at dawn") regains that many at that hour, never above its size.
Any other text is the GM's to track (no count is kept).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "DIE_SIDES",
    "TIER_DICE",
    "ChargePlan",
    "MagicBase",
    "MagicDieKind",
    "MagicEffect",
    "MagicItemSpec",
    "MagicTier",
    "OwnedMagic",
    "charge_plan",
    "charges_reading",
    "daily_charges",
    "item_dice",
]

MagicTier = Literal["common", "uncommon", "rare", "epic"]
MagicDieKind = Literal["effect", "ranged", "melee"]
MagicBase = Literal["armor", "shield", "weapon", "item"]

TIER_DICE: dict[MagicTier, int] = {"common": 0, "uncommon": 1, "rare": 3, "epic": 5}
"""Seed table "Tier | Magic Item Die": Common -, Uncommon +1d, Rare +3d, Epic +5d."""

DIE_SIDES: dict[MagicDieKind, int] = {"effect": 4, "ranged": 6, "melee": 8}
"""Seed: effect, duration or charge d4; ranged damage d6; melee damage d8."""


def item_dice(tier: MagicTier) -> int:
    """How many Magic Item Dice a tier grants."""
    return TIER_DICE[tier]


class MagicEffect(BaseModel):
    """One line of an item's Magic block, e.g. ``+2d8 DAM (2d)``; ``dice`` is what it spends."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    dice: int = Field(default=0, ge=0, le=100)
    die_kind: MagicDieKind | None = None

    @model_validator(mode="after")
    def _kind_when_spending(self) -> "MagicEffect":
        if self.dice and self.die_kind is None:
            raise ValueError(f"effect {self.text!r} spends dice but names no die kind")
        return self

    @property
    def die(self) -> str | None:
        """The dice it rolls (``2d8``), or ``None`` for a line that spends no dice."""
        if not self.dice or self.die_kind is None:
            return None
        return f"{self.dice}d{DIE_SIDES[self.die_kind]}"


class _MagicFields(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tier: MagicTier
    effects: tuple[MagicEffect, ...] = ()
    charges: str | None = Field(default=None, description='e.g. "once a day", "1d4 a day"')
    curse: str | None = None

    @property
    def dice_spent(self) -> int:
        return sum(effect.dice for effect in self.effects)

    @model_validator(mode="after")
    def _within_tier(self) -> "_MagicFields":
        if self.dice_spent > TIER_DICE[self.tier]:
            raise ValueError(
                f"effects spend {self.dice_spent} Magic Item Dice, "
                f"a {self.tier} item has {TIER_DICE[self.tier]}"
            )
        return self


class MagicItemSpec(_MagicFields):
    """A catalog magic item: its base piece (``base_type`` + ``base_id``) and its magic."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    base_type: MagicBase
    base_id: str
    value_cp: int | None = Field(default=None, ge=0, le=10**12,
                                 description="None: the base piece's value")
    duration: str | None = Field(None, max_length=200)  # e.g. "1 round", "1d4 rounds"
    text: str = ""
    note: str = ""


class OwnedMagic(_MagicFields):
    """The magic a particular owned piece carries (copied from the catalog, then the GM's).

    ``charges_left`` counts the uses left where ``charges`` reads as a count
    (:func:`charge_plan`): today's for a daily number, refilled at midnight; what is
    left of a pool, refilled only as its text says.
    """

    magic_item_id: str | None = None
    charges_left: int | None = Field(default=None, ge=0, le=1000)


_WORDS = {"once": "1", "twice": "2", "thrice": "3"}
_DAILY = re.compile(r"^\s*(once|twice|thrice|\d+d\d+|\d+)(?:\s+(?:times|charges?))?"
                    r"\s+(?:a|per)\s+day\s*$", re.IGNORECASE)


def daily_charges(text: str | None) -> str | None:
    """The dice (or number) of uses an item regains each day: "once a day" → "1",
    "1d4 a day" → "1d4" (the seed's "with a charge of 1d4 a day"); ``None`` if not daily."""
    if text is None:
        return None
    match = _DAILY.match(text)
    if match is None:
        return None
    amount = match[1].lower()
    return _WORDS.get(amount, amount)


ChargeHour = Literal["midnight", "dawn"]
DAWN_HOUR = 6
"""The hour "at dawn" falls on the game clock (the calendar has no sunrise): 06:00."""


@dataclass(frozen=True)
class ChargePlan:
    """How an item's ``charges`` text is counted.

    ``start``: the charges it comes with (a number or dice). ``regain``: what comes back at
    ``hour`` (``None``: never). ``cap``: the most a pool holds (``None`` for a daily number,
    whose new day's roll replaces what was left)."""

    text: str
    start: str
    regain: str | None = None
    hour: ChargeHour | None = None
    cap: int | None = None

    @property
    def daily(self) -> bool:
        return self.cap is None

    def describe(self) -> str:
        """How the sheet and the editor say it is counted."""
        if self.daily:
            return f"{self.start} use(s) a day, back at midnight"
        back = (f"{self.regain} back at {self.hour}, at most {self.cap}"
                if self.regain is not None else "spent for good, never refilled")
        return f"a pool of {self.start}: {back}"

    def empty_reason(self, name: str) -> str:
        """Why a use is refused with none left."""
        if self.daily:
            return f"{name} has no charges left today ({self.text}); they come back at midnight"
        if self.regain is None:
            return f"{name} has no charges left ({self.text}): they do not come back"
        return f"{name} has no charges left ({self.text}); {self.regain} come back at {self.hour}"


_AMOUNT = r"(\d+d\d+(?:[+-]\d+)?|\d+)"
_POOL = re.compile(
    rf"^\s*{_AMOUNT}\s+charges?"
    rf"(?:\s*[,;]?\s*(?:regains?\s+|recovers?\s+)?{_AMOUNT}(?:\s+charges?)?"
    r"(?:\s+(?:back|regained|recovered))?\s+(?:(?:at|each)\s+(dawn|midnight|day)|a\s+day|"
    r"per\s+day|daily))?\s*\.?\s*$", re.IGNORECASE)
_DICE = re.compile(r"^(\d+)d(\d+)([+-]\d+)?$")


def _most(amount: str) -> int:
    """The largest a number or dice can be: ``7`` → 7, ``1d6+1`` → 7."""
    match = _DICE.match(amount)
    if match is None:
        return int(amount)
    return int(match[1]) * int(match[2]) + int(match[3] or 0)


def charge_plan(text: str | None) -> ChargePlan | None:
    """How ``text`` is counted (see the module's notes), or ``None`` when it is the GM's to
    track: "once a day" → 1 a day; "3 charges" → a pool of 3, never refilled; "7 charges, 1d6
    back at dawn" → a pool of 7 regaining 1d6 at dawn, at most 7."""
    if text is None:
        return None
    amount = daily_charges(text)
    if amount is not None:
        return ChargePlan(text, amount, amount, "midnight")
    match = _POOL.match(text)
    if match is None:
        return None
    start, regain, hour = match[1].lower(), match[2], match[3]
    if regain is None:
        return ChargePlan(text, start, cap=_most(start))
    when: ChargeHour = "dawn" if (hour or "").lower() == "dawn" else "midnight"
    return ChargePlan(text, start, regain.lower(), when, _most(start))


def charges_reading(text: str | None) -> str:
    """How a charges text will be counted, for the magic item editor: "counted: a pool of 3:
    spent for good, never refilled", or why no count is kept."""
    if text is None or not text.strip():
        return "no charges: used at will"
    plan = charge_plan(text)
    if plan is None:
        return ("not counted: the GM keeps track (write \"once a day\", \"1d4 a day\", "
                "\"3 charges\" or \"7 charges, 1d6 back at dawn\" to have it counted)")
    return f"counted: {plan.describe()}"
