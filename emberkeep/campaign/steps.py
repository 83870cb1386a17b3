"""A recorded campaign step: field changes with their before and after, as the fight engine
records its steps (``emberkeep.encounter.events.Set``).

Undo and redo write values IN PLACE: a character, an encounter record, the settings and the
party fund stay the very objects every view and the running encounter hold. A value in a
:class:`FieldSet` is the step's own copy; applying it writes a fresh copy, so a later in-place
change (an encounter notching a weapon) never rewrites the history.

The two identity lists (``characters`` and ``encounters``) are recorded as lists of the objects
themselves and applied one row at a time through :class:`Rows`, so a GUI can tell its item
models exactly which rows came and went.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from emberkeep.campaign.changes import CATALOG_FIELDS, Change

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign

__all__ = ["IDENTITY_LISTS", "CampaignRef", "CampaignStep", "FieldSet", "ListRows", "Rows",
           "assign", "part_at"]

# ("campaign",) the campaign's own fields; ("pc", id) one character; ("encounter", id) one
# encounter record.
CampaignRef = tuple[str, ...]
CAMPAIGN: CampaignRef = ("campaign",)
IDENTITY_LISTS = ("characters", "encounters")
_FLAGS = {"time": "time", "timeline": "timeline", "ledger": "ledger", "party_fund": "fund",
          "settings": "settings", "name": "name", "notes": "notes",
          **{f: "catalogs" for f in CATALOG_FIELDS}}


@dataclass(frozen=True, slots=True)
class FieldSet:
    target: CampaignRef
    field: str
    before: Any
    after: Any


class Rows(Protocol):
    """How an identity list (``characters``, ``encounters``) gains and loses one row."""

    def remove(self, field: str, items: list[Any], row: int) -> None: ...

    def insert(self, field: str, items: list[Any], row: int, item: Any) -> None: ...


class ListRows:
    """Plain list edits, for a campaign nobody is watching."""

    def remove(self, field: str, items: list[Any], row: int) -> None:
        del items[row]

    def insert(self, field: str, items: list[Any], row: int, item: Any) -> None:
        items.insert(row, item)


_PLAIN = ListRows()


def part_at(campaign: Campaign, ref: CampaignRef) -> Any:
    kind = ref[0]
    if kind == "campaign":
        return campaign
    if kind == "pc":
        return campaign.character(ref[1])
    if kind == "encounter":
        for record in campaign.encounters:
            if record.id == ref[1]:
                return record
        raise KeyError(f"no encounter with id {ref[1]!r}")
    raise ValueError(f"unknown target {ref!r}")


def assign(obj: Any, field: str, value: Any) -> None:
    """Write ``value`` onto ``obj.field`` as a fresh copy; a model of the same (mutable) type is
    written field by field into the one already there, so whoever holds it sees the change."""
    current = getattr(obj, field)
    if (isinstance(value, BaseModel) and type(current) is type(value)
            and not type(value).model_config.get("frozen")):
        for name in type(value).model_fields:
            assign(current, name, getattr(value, name))
        return
    if isinstance(value, BaseModel) and type(value).model_config.get("frozen"):
        setattr(obj, field, value)  # immutable: sharing it is safe
        return
    if isinstance(value, list | dict | BaseModel):
        value = copy.deepcopy(value)
    setattr(obj, field, value)


def _sync(field: str, items: list[Any], target: Sequence[Any], rows: Rows) -> None:
    """Make ``items`` hold exactly ``target`` (by identity, in order), one row at a time."""
    wanted = {id(x) for x in target}
    for row in range(len(items) - 1, -1, -1):
        if id(items[row]) not in wanted:
            rows.remove(field, items, row)
    for row, item in enumerate(target):
        if row < len(items) and items[row] is item:
            continue
        at = next((n for n, x in enumerate(items) if x is item), None)
        if at is not None:
            rows.remove(field, items, at)
        rows.insert(field, items, row, item)


@dataclass(frozen=True, slots=True)
class CampaignStep:
    """One campaign operation as recorded: redo writes every ``after``, undo every ``before``
    (in reverse order)."""

    sets: tuple[FieldSet, ...]

    def __bool__(self) -> bool:
        return bool(self.sets)

    def redo(self, campaign: Campaign, rows: Rows = _PLAIN) -> Change:
        for s in self.sets:
            self._write(campaign, s, s.after, rows)
        return self.change

    def undo(self, campaign: Campaign, rows: Rows = _PLAIN) -> Change:
        for s in reversed(self.sets):
            self._write(campaign, s, s.before, rows)
        return self.change.inverted()

    @staticmethod
    def _write(campaign: Campaign, s: FieldSet, value: Any, rows: Rows) -> None:
        if s.target == CAMPAIGN and s.field in IDENTITY_LISTS:
            _sync(s.field, getattr(campaign, s.field), value, rows)
        else:
            assign(part_at(campaign, s.target), s.field, value)

    @property
    def change(self) -> Change:
        """What redoing this step changes (undoing it: :meth:`Change.inverted`)."""
        characters: dict[str, set[str]] = {}
        flags: dict[str, Any] = {}
        added: set[str] = set()
        removed: set[str] = set()
        encounters: set[str] = set()
        reordered = False
        for s in self.sets:
            kind = s.target[0]
            if kind == "pc":
                characters.setdefault(s.target[1], set()).add(s.field)
            elif kind == "encounter":
                encounters.add(s.target[1])
            elif s.field in IDENTITY_LISTS:
                before = [x.id for x in s.before]
                after = [x.id for x in s.after]
                came, went = set(after) - set(before), set(before) - set(after)
                if s.field == "characters":
                    added |= came
                    removed |= went
                    kept = set(before) & set(after)
                    reordered = reordered or ([i for i in before if i in kept]
                                              != [i for i in after if i in kept])
                else:
                    encounters |= came | went
            elif s.field in _FLAGS:
                flags[_FLAGS[s.field]] = True
        return Change(
            characters=MappingProxyType({k: frozenset(v) for k, v in characters.items()}),
            added=frozenset(added), removed=frozenset(removed), reordered=reordered,
            encounters=frozenset(encounters), **flags)

    def merged(self, later: CampaignStep) -> CampaignStep | None:
        """This step and ``later`` as one, when both set the same single field (typing into a
        field); None when they cannot merge."""
        if len(self.sets) != 1 or len(later.sets) != 1:
            return None
        first, second = self.sets[0], later.sets[0]
        if (first.target, first.field) != (second.target, second.field) or (
                first.target == CAMPAIGN and first.field in IDENTITY_LISTS):
            return None
        return CampaignStep((FieldSet(first.target, first.field, first.before, second.after),))

    @property
    def is_noop(self) -> bool:
        """Every field ends as it began (typing a value back to what it was)."""
        return all(s.before == s.after for s in self.sets)
