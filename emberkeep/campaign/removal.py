"""What the ledger and the timeline keep when characters leave the campaign.

The loader refuses a ledger or timeline entry that names a character the campaign does not hold
(``integrity``), so removing a character must not leave one behind. The ledger is the party's
books: an entry stays, since the money was spent; its payer becomes :data:`REMOVED` (its name
is written into the description when the description does not name it already) and the owner of
what was mended is forgotten. A timeline entry about a character (a condition, a dying
countdown, a light it carries, its repair at the smith, a training) ends with it: it is dropped.

:func:`detached` serves the removal (``record.remove_step``, one undo step with the roster);
:func:`detach_document` repairs a file an older build wrote, before the removal did this.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from emberkeep.campaign.model import DESCRIPTION_LENGTH, PARTY, REMOVED, Campaign, LedgerEntry
from emberkeep.campaign.timeline import Timed

__all__ = ["detach_document", "detached", "fought_in"]


def fought_in(campaign: Campaign, gone: Collection[str]) -> str | None:
    """Why the characters ``gone`` (ids) cannot leave, or None: a kept encounter replays its
    steps on the sheets of its PCs, so a removed PC's fights could not be opened again (and a
    file holding them is refused). Named, with the GM's two ways out."""
    for character in campaign.characters:
        if character.id not in gone:
            continue
        fights = [record.name for record in campaign.encounters
                  if any(c.get("character_id") == character.id for c in record.combatants)]
        if fights:
            listed = ", ".join(f"'{name}'" for name in fights[:3]) + (
                f" and {len(fights) - 3} more" if len(fights) > 3 else "")
            many = len(fights) > 1
            return (f"{character.name} is in the encounter{'s' if many else ''} {listed}, "
                    f"which replay{'' if many else 's'} on the sheet: delete "
                    f"{'those encounters' if many else 'that encounter'} first (open it, then "
                    f"Encounter → Delete This Encounter), or keep {character.name} in the "
                    "roster as dead or retired.")
    return None


def detached(campaign: Campaign, gone: Collection[str]) -> tuple[list[LedgerEntry], list[Timed]]:
    """The ledger and the timeline once the characters ``gone`` (ids) have left: new lists,
    the campaign's own untouched."""
    names = {c.id: c.name for c in campaign.characters if c.id in gone}
    ledger = [_detached_entry(entry, names) if entry.paid_by in names
              or entry.character_id in names else entry for entry in campaign.ledger]
    timeline = [entry for entry in campaign.timeline if entry.character_id not in names]
    return ledger, timeline


def _detached_entry(entry: LedgerEntry, names: dict[str, str]) -> LedgerEntry:
    update: dict[str, Any] = {}
    if entry.character_id in names:
        update["character_id"] = None
    payer = names.get(entry.paid_by)
    if payer is not None:
        update["paid_by"] = REMOVED
        told = f"{entry.description} (paid by {payer})"
        if payer not in entry.description and len(told) <= DESCRIPTION_LENGTH:
            update["description"] = told
    return entry.model_copy(update=update)


def detach_document(document: dict[str, Any]) -> None:
    """The same, in place, on a campaign's plain JSON data: the names of characters removed
    before are not known any more, only that they are gone."""
    characters = document.get("characters")
    if not isinstance(characters, list):
        return
    ids = {c["id"] for c in characters if isinstance(c, dict) and isinstance(c.get("id"), str)}
    payers = ids | {PARTY, REMOVED}
    ledger = document.get("ledger")
    for entry in ledger if isinstance(ledger, list) else ():
        if not isinstance(entry, dict):
            continue  # the wrong type is the loader's to refuse, with its place
        if _names_someone_gone(entry.get("paid_by"), payers):
            entry["paid_by"] = REMOVED
        if _names_someone_gone(entry.get("character_id"), ids):
            entry["character_id"] = None
    timeline = document.get("timeline")
    if isinstance(timeline, list):
        document["timeline"] = [
            entry for entry in timeline
            if not (isinstance(entry, dict) and _names_someone_gone(entry.get("character_id"),
                                                                     ids))]


def _names_someone_gone(value: object, present: Collection[object]) -> bool:
    return isinstance(value, str) and value not in present
