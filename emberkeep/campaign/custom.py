"""The GM's own archetypes, spells, magic items, gear and races in a campaign.

Furnace's whole idea is that each group makes these its own. The campaign file keeps the GM's
entries (``Campaign.archetypes``, ``spells``, ``magic_items``); the shipped catalogs are the
defaults, and an entry with a shipped id replaces that one. The rules see them through the
campaign's :class:`~emberkeep.character.catalog.Catalog`, which reads these lists, so an edit
here is seen at once by whatever holds it.
"""

from __future__ import annotations

import unicodedata
from typing import TypeVar

from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.archetypes import Archetype
from emberkeep.character.catalog import Catalog
from emberkeep.character.races import Race, lowest_base, races
from emberkeep.gear.catalog import GearError
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from emberkeep.magic.spells import Spell

__all__ = ["archetype_users", "entry_id_for", "fresh_id", "race_users", "remove_entry", "slug",
           "taken_ids", "upsert"]

GearSpec = WeaponSpec | ArmorSpec | ShieldSpec | ItemSpec
Entry = Archetype | Spell | MagicItemSpec | GearSpec | Race
T = TypeVar("T", Archetype, Spell, MagicItemSpec, WeaponSpec, ArmorSpec, ShieldSpec, ItemSpec,
            Race)

_LISTS: dict[type, str] = {Archetype: "archetypes", Spell: "spells",
                           MagicItemSpec: "magic_items", WeaponSpec: "weapons",
                           ArmorSpec: "armor", ShieldSpec: "shields", ItemSpec: "items",
                           Race: "races"}
"""Which campaign list keeps the GM's entries of each kind."""


_ID_LENGTH = 60
"""Room under the archetype's 64-character id for a ``_12`` suffix."""


def slug(name: str, fallback: str) -> str:
    """An id from a name: "Cinder Rain" → ``cinder_rain``, "Mjölnir" → ``mjolnir``.

    Lowercase ASCII letters, digits and ``_``, starting with a letter (the race and archetype
    ids must): a name with none gives ``fallback``, one starting with a digit is prefixed by it.
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    cleaned = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in plain)
    found = "_".join(part for part in cleaned.split("_") if part)[:_ID_LENGTH].strip("_")
    if not found:
        return fallback
    return found if found[0].isalpha() else f"{fallback}_{found}"[:_ID_LENGTH]


def taken_ids(campaign: Campaign, kind: type[Entry]) -> set[str]:
    """The ids in use for a kind, shipped and the campaign's own. Gear and magic items share
    one set: an inventory holds any of them by id (see :func:`_check_gear_id`)."""
    catalog = Catalog(campaign)
    if kind is Spell:
        return set(catalog.spells())
    if kind is Archetype:
        return set(catalog.archetypes())
    if kind is Race:
        return set(catalog.races())
    gear = catalog.gear()
    return {*gear.armor, *gear.shields, *gear.weapons, *gear.items, *gear.magic_items}


def entry_id_for(campaign: Campaign, kind: type[Entry], name: str) -> str:
    """The id of a new entry of the GM's, made from its name and unused in the campaign's
    catalog of that kind: "Cinder Rain" → ``cinder_rain``, or ``cinder_rain_2`` if that is taken.

    The GM sees names, never ids; an entry keeps its id when renamed, so whatever
    refers to it (a learned spell, a given item) stays valid.
    """
    fallback = {Spell: "spell", Archetype: "archetype", Race: "race",
                MagicItemSpec: "magic_item"}.get(kind, "gear")
    return fresh_id(name, taken_ids(campaign, kind), fallback)


def fresh_id(name: str, taken: set[str], fallback: str) -> str:
    """The slug of ``name`` made unique among ``taken`` by ``_2``, ``_3``... (an archetype's
    new feature takes one unused among its features)."""
    base = slug(name, fallback)
    found, n = base, 2
    while found in taken:
        found, n = f"{base}_{n}", n + 1
    return found


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


def _check_scores_kept(campaign: Campaign, race: Race) -> None:
    """A score under 3 stands only on its race's -1 (R2), and the loader refuses it without:
    a race edit may not take the -1 away from a character who needs it."""
    for character in campaign.characters:
        if character.race != race.id:
            continue
        for ability in ABILITIES:
            base = character.scores.get(ability).base
            if base < lowest_base(race, ability):
                raise ValueError(f"{character.name}'s {ability.value} of {base} stands on the "
                                 f"race's -1 to {ability.value} (R2): keep it, or raise the "
                                 "score on the sheet first")


def upsert(campaign: Campaign, entry: Entry) -> None:
    """Add the GM's entry, or replace the campaign's entry with its id."""
    if isinstance(entry, WeaponSpec | ArmorSpec | ShieldSpec | ItemSpec):
        _check_gear_id(campaign, entry)
    if isinstance(entry, Race):
        _check_scores_kept(campaign, entry)
    _replace(getattr(campaign, _LISTS[type(entry)]), entry)


def _without(entries: list[T], entry_id: str) -> list[T]:
    kept = [e for e in entries if e.id != entry_id]
    if len(kept) == len(entries):
        raise KeyError(f"the campaign has no entry {entry_id!r} of its own")
    return kept


def remove_entry(campaign: Campaign, kind: type[Entry], entry_id: str) -> None:
    """Remove the campaign's own entry (a shipped one it replaced comes back)."""
    field = _LISTS[kind]
    kept = _without(getattr(campaign, field), entry_id)
    if kind is Race and entry_id in races():
        _check_scores_kept(campaign, races()[entry_id])
    setattr(campaign, field, kept)


def archetype_users(campaign: Campaign, archetype_id: str) -> list[str]:
    """Names of the characters who took this archetype (warned about before a delete)."""
    return [c.name for c in campaign.characters if c.archetype == archetype_id]


def race_users(campaign: Campaign, race_id: str) -> list[str]:
    """Names of the characters of this race (a removed race's characters keep its id)."""
    return [c.name for c in campaign.characters if c.race == race_id]

