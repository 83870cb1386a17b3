"""The GM's own archetypes, spells, magic items (issue #12) and gear (issue #18) in a campaign.

Furnace's whole idea is that each group makes these its own. The campaign file keeps the GM's
entries (``Campaign.archetypes``, ``spells``, ``magic_items``); the shipped catalogs are the
defaults, and an entry with a shipped id replaces that one. The rules see them through the
campaign's :class:`~emberkeep.character.catalog.Catalog`, which reads these lists, so an edit
here is seen at once by whatever holds it.
"""

from __future__ import annotations

from typing import TypeVar

from emberkeep.campaign.model import Campaign
from emberkeep.character.archetypes import Archetype
from emberkeep.character.catalog import Catalog
from emberkeep.character.races import Race
from emberkeep.gear.catalog import GearError
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from emberkeep.magic.spells import Spell

__all__ = ["archetype_users", "race_users", "remove_entry", "upsert"]

GearSpec = WeaponSpec | ArmorSpec | ShieldSpec | ItemSpec
Entry = Archetype | Spell | MagicItemSpec | GearSpec | Race
T = TypeVar("T", Archetype, Spell, MagicItemSpec, WeaponSpec, ArmorSpec, ShieldSpec, ItemSpec,
            Race)

_LISTS: dict[type, str] = {Archetype: "archetypes", Spell: "spells",
                           MagicItemSpec: "magic_items", WeaponSpec: "weapons",
                           ArmorSpec: "armor", ShieldSpec: "shields", ItemSpec: "items",
                           Race: "races"}
"""Which campaign list keeps the GM's entries of each kind."""


def _replace(entries: list[T], entry: T) -> None:
    for i, old in enumerate(entries):
        if old.id == entry.id:
            entries[i] = entry
            return
    entries.append(entry)


def _check_gear_id(campaign: Campaign, entry: GearSpec) -> None:
    """A gear id names one piece across every kind (an inventory takes any id): a weapon may
    not take the id of a shipped or campaign item, armor or shield."""
    found = Catalog(campaign).gear()
    try:
        kind = found.kind_of(entry.id)
    except GearError:
        return
    wanted = {WeaponSpec: "weapon", ArmorSpec: "armor", ShieldSpec: "shield",
              ItemSpec: "item"}[type(entry)]
    if kind != wanted:
        raise GearError(f"the id {entry.id!r} is already a {kind.replace('_', ' ')}'s; "
                        "give this piece its own id")


def upsert(campaign: Campaign, entry: Entry) -> None:
    """Add the GM's entry, or replace the campaign's entry with its id."""
    if isinstance(entry, WeaponSpec | ArmorSpec | ShieldSpec | ItemSpec):
        _check_gear_id(campaign, entry)
    _replace(getattr(campaign, _LISTS[type(entry)]), entry)


def _without(entries: list[T], entry_id: str) -> list[T]:
    kept = [e for e in entries if e.id != entry_id]
    if len(kept) == len(entries):
        raise KeyError(f"the campaign has no entry {entry_id!r} of its own")
    return kept


def remove_entry(campaign: Campaign, kind: type[Entry], entry_id: str) -> None:
    """Remove the campaign's own entry (a shipped one it replaced comes back)."""
    field = _LISTS[kind]
    setattr(campaign, field, _without(getattr(campaign, field), entry_id))


def archetype_users(campaign: Campaign, archetype_id: str) -> list[str]:
    """Names of the characters who took this archetype (warned about before a delete)."""
    return [c.name for c in campaign.characters if c.archetype == archetype_id]


def race_users(campaign: Campaign, race_id: str) -> list[str]:
    """Names of the characters of this race (a removed race's characters keep its id)."""
    return [c.name for c in campaign.characters if c.race == race_id]

