"""The GM's own archetypes, spells and magic items in a campaign (issue #12).

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
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.magic.spells import Spell

__all__ = ["archetype_users", "remove_entry", "upsert"]

T = TypeVar("T", Archetype, Spell, MagicItemSpec)


def _replace(entries: list[T], entry: T) -> None:
    for i, old in enumerate(entries):
        if old.id == entry.id:
            entries[i] = entry
            return
    entries.append(entry)


def upsert(campaign: Campaign, entry: Archetype | Spell | MagicItemSpec) -> None:
    """Add the GM's entry, or replace the campaign's entry with its id."""
    if isinstance(entry, Archetype):
        _replace(campaign.archetypes, entry)
    elif isinstance(entry, Spell):
        _replace(campaign.spells, entry)
    else:
        _replace(campaign.magic_items, entry)


def _without(entries: list[T], entry_id: str) -> list[T]:
    kept = [e for e in entries if e.id != entry_id]
    if len(kept) == len(entries):
        raise KeyError(f"the campaign has no entry {entry_id!r} of its own")
    return kept


def remove_entry(campaign: Campaign, kind: type[Archetype | Spell | MagicItemSpec],
                 entry_id: str) -> None:
    """Remove the campaign's own entry (a shipped one it replaced comes back)."""
    if kind is Archetype:
        campaign.archetypes = _without(campaign.archetypes, entry_id)
    elif kind is Spell:
        campaign.spells = _without(campaign.spells, entry_id)
    else:
        campaign.magic_items = _without(campaign.magic_items, entry_id)


def archetype_users(campaign: Campaign, archetype_id: str) -> list[str]:
    """Names of the characters who took this archetype (warned about before a delete)."""
    return [c.name for c in campaign.characters if c.archetype == archetype_id]
