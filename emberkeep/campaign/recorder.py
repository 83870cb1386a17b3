"""Run any campaign operation recorded, so nothing it changes can escape undo.

:func:`run_recorded` snapshots the parts of the campaign an operation's scope names (each
character, encounter record and top-level field as its plain ``model_dump``), runs the
operation, and diffs field by field: every field that differs becomes a :class:`FieldSet` whose
``before`` is rebuilt from the snapshot. Within its scope an operation need not list the fields
it touches, so one that forgets a field cannot slip past undo; the scope itself is checked in the
tests (:data:`CHECK_SCOPES`). An operation that raises leaves the campaign exactly as it was.

Dumping is the cheap snapshot: about 0.07 ms a character, against 0.35 ms for a deep copy. A
scope keeps it to what can change: a clock turn in a 500-character campaign dumps the time, the
timeline and the sheets a timed effect ends on (``bench/clock_record.py``: 0.2 ms, where the
whole campaign took 20 ms). The one edit that fires on each keystroke, one field of one sheet,
has its explicit step (:func:`field_step`), which copies just that value.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.removal import detached, fought_in
from emberkeep.campaign.scope import EVERYTHING, Scope, ScopeError
from emberkeep.campaign.steps import CAMPAIGN, IDENTITY_LISTS, CampaignRef, CampaignStep, FieldSet
from emberkeep.character.model import Character
from emberkeep.refusal import Refused

__all__ = ["CHECK_SCOPES", "character_step", "check_announced", "field_step", "first_difference",
           "insert_step", "remove_step", "run_recorded"]

T = TypeVar("T")
_TOP = tuple(f for f in Campaign.model_fields if f not in IDENTITY_LISTS)

CHECK_SCOPES = False
"""Also snapshot the whole campaign and fail on any change outside an operation's scope: on in
the tests (``tests/conftest.py``), off in the app, where it would cost what scopes save."""


@cache
def _adapter(model: type[BaseModel], field: str) -> TypeAdapter[Any]:
    annotation = model.model_fields[field].annotation
    assert annotation is not None
    return TypeAdapter(annotation)


class _Snapshot:
    """The plain dumps of the parts ``scope`` names, and every identity list's objects (cheap:
    their identities, so adding, removing or reordering is always seen)."""

    __slots__ = ("encounters", "people", "scope", "top")

    def __init__(self, campaign: Campaign, scope: Scope) -> None:
        self.scope = scope
        self.top = {f: _adapter(Campaign, f).dump_python(getattr(campaign, f))
                    for f in _TOP if scope.everything or f in scope.fields}
        self.people = [(c, c.model_dump() if scope.holds_character(c.id) else None)
                       for c in campaign.characters]
        self.encounters = [(r, r.model_dump() if scope.holds_encounter(r.id) else None)
                           for r in campaign.encounters]


def _fields(ref: CampaignRef, obj: BaseModel, before: dict[str, Any], now: dict[str, Any]
            ) -> list[FieldSet]:
    model = type(obj)
    # a field left out of the dump while it holds its default (``exclude_if``) is the default
    fields = {name: info.default for name, info in model.model_fields.items()}
    return [FieldSet(ref, name, _adapter(model, name).validate_python(
                         before.get(name, default)), copy.deepcopy(getattr(obj, name)))
            for name, default in fields.items()
            if before.get(name, default) != now.get(name, default)]


def _identity(campaign: Campaign, name: str, kind: str,
              kept: list[tuple[Any, dict[str, Any] | None]]) -> list[FieldSet]:
    """The field changes of every object of one identity list that was dumped, and the list's
    own change.

    An operation that swapped an object for another with the same id (a fresh copy of a sheet)
    gets the original back, holding the new values: views keep their object.
    """
    items: list[Any] = getattr(campaign, name)
    originals = {obj.id: (obj, dump) for obj, dump in kept}
    sets: list[FieldSet] = []
    for row, obj in enumerate(items):
        found = originals.get(obj.id)
        if found is None:
            continue
        original, dump = found
        if dump is None:
            if obj is not original:
                raise ScopeError(f"{kind} {obj.id} was replaced outside the operation's scope")
            continue
        now = obj.model_dump()
        sets += _fields((kind, obj.id), original, dump, now) if obj is original else [
            FieldSet((kind, obj.id), s.field, s.before, s.after)
            for s in _fields((kind, obj.id), obj, dump, now)]
        if obj is not original:
            items[row] = original
            for name_ in type(obj).model_fields:
                setattr(original, name_, getattr(obj, name_))
    present = {id(x) for x in items}
    for original, dump in kept:
        if id(original) not in present and dump is not None:
            sets += _fields((kind, original.id), original, dump, original.model_dump())
    before = [obj for obj, _ in kept]
    if len(before) != len(items) or any(a is not b for a, b in zip(before, items, strict=False)):
        sets.append(FieldSet(CAMPAIGN, name, before, list(items)))
    return sets


def _diff(campaign: Campaign, snap: _Snapshot) -> CampaignStep:
    sets: list[FieldSet] = []
    for name, then in snap.top.items():
        now = _adapter(Campaign, name).dump_python(getattr(campaign, name))
        if now != then:
            sets.append(FieldSet(CAMPAIGN, name, _adapter(Campaign, name).validate_python(then),
                                 copy.deepcopy(getattr(campaign, name))))
    sets += _identity(campaign, "characters", "pc", snap.people)
    sets += _identity(campaign, "encounters", "encounter", snap.encounters)
    # Field changes first, the lists last: undo then puts a removed object back before it
    # restores the object's fields.
    sets.sort(key=lambda s: s.target == CAMPAIGN and s.field in IDENTITY_LISTS)
    return CampaignStep(tuple(sets))


def _outside(step: CampaignStep, scope: Scope) -> list[str]:
    """What ``step`` changed that ``scope`` does not name, in words for the failure."""
    found = []
    for s in step.sets:
        kind, key = s.target[0], s.target[-1]
        if s.target == CAMPAIGN:
            inside = (s.field in scope.fields
                      or (s.field == "characters" and scope.characters is None)
                      or (s.field == "encounters" and scope.encounters is None))
        elif kind == "pc":
            inside = scope.holds_character(key)
        else:
            inside = scope.holds_encounter(key)
        if not inside:
            found.append(f"{kind} {key}.{s.field}" if s.target != CAMPAIGN else s.field)
    return found


def run_recorded(campaign: Campaign, op: Callable[[Campaign], T],
           scope: Scope = EVERYTHING) -> tuple[T, CampaignStep]:
    """Run ``op(campaign)``; return its result and the step it made (already applied: undo it
    with ``step.undo(campaign)``). Only the parts ``scope`` names are snapshot and diffed; a
    change elsewhere is not recorded, and :data:`CHECK_SCOPES` makes it a :class:`ScopeError`.
    If ``op`` raises, the campaign is put back exactly as it was (within its scope) and the
    error propagates."""
    snap = _Snapshot(campaign, scope)
    whole = _Snapshot(campaign, EVERYTHING) if CHECK_SCOPES and not scope.everything else None
    try:
        result = op(campaign)
    except BaseException:
        _diff(campaign, snap).undo(campaign)
        if whole is not None:
            _check(campaign, whole, scope)
        raise
    step = _diff(campaign, snap)
    if whole is not None:
        _check(campaign, whole, scope)
    return result, step


def _check(campaign: Campaign, whole: _Snapshot, scope: Scope) -> None:
    outside = _outside(_diff(campaign, whole), scope)
    if outside:
        raise ScopeError("the operation changed what its scope does not name: "
                         + ", ".join(sorted(outside)))


# -- explicit steps, built without running anything (apply with ``step.redo(campaign)``) --------

def field_step(campaign: Campaign, character_id: str, field: str, value: Any) -> CampaignStep:
    """Set one field of one sheet (the sheet's edit on each keystroke): no snapshot."""
    character = campaign.character(character_id)
    if field not in Character.model_fields:
        raise KeyError(f"a character has no field {field!r}")
    return CampaignStep((FieldSet(("pc", character_id), field,
                                  copy.deepcopy(getattr(character, field)),
                                  copy.deepcopy(value)),))


def character_step(campaign: Campaign, sheet: Character) -> CampaignStep:
    """Make the stored sheet with ``sheet.id`` equal ``sheet`` (a level-up, a cast), field by
    field, in place."""
    character = campaign.character(sheet.id)
    return CampaignStep(tuple(
        FieldSet(("pc", sheet.id), name, copy.deepcopy(getattr(character, name)),
                 copy.deepcopy(getattr(sheet, name)))
        for name in Character.model_fields if getattr(character, name) != getattr(sheet, name)))


def insert_step(campaign: Campaign, character: Character, row: int | None = None
                ) -> CampaignStep:
    before = list(campaign.characters)
    after = list(before)
    after.insert(len(before) if row is None else row, character)
    return CampaignStep((FieldSet(CAMPAIGN, "characters", before, after),))


def remove_step(campaign: Campaign, character_ids: list[str]) -> CampaignStep:
    """Remove characters, and detach what the ledger and the timeline said of them
    (:mod:`emberkeep.campaign.removal`), in one step: a file naming a character it does not
    hold is refused on load. Refused (:class:`Refused`, with the way out) for a character a
    kept encounter names."""
    gone = set(character_ids)
    before = list(campaign.characters)
    missing = gone - {c.id for c in before}
    if missing:
        raise KeyError(f"no character with id {sorted(missing)[0]!r}")
    refused = fought_in(campaign, gone)
    if refused is not None:
        raise Refused(refused)
    sets = [FieldSet(CAMPAIGN, "characters", before, [c for c in before if c.id not in gone])]
    ledger, timeline = detached(campaign, gone)
    if ledger != campaign.ledger:
        sets.append(FieldSet(CAMPAIGN, "ledger", list(campaign.ledger), ledger))
    if timeline != campaign.timeline:
        sets.append(FieldSet(CAMPAIGN, "timeline", list(campaign.timeline), timeline))
    return CampaignStep(tuple(sets))


def check_announced(announced: Change, seen: Change, text: str) -> None:
    """Fail when an operation changed a part its own Change does not name (a view would not
    redraw it): ``seen`` is what the recorder saw over the whole campaign."""
    missing: list[str] = []
    for character_id, fields in seen.characters.items():
        if not fields <= announced.fields_of(character_id) and not announced.rules:
            missing += [f"pc {character_id}.{f}"
                        for f in sorted(fields - announced.fields_of(character_id))]
    missing += [f"encounter {e}" for e in sorted(seen.encounters - announced.encounters)]
    missing += [f"character {c} added or removed"
                for c in sorted((seen.added | seen.removed) - (announced.added
                                                                | announced.removed))]
    for flag in ("time", "timeline", "ledger", "fund", "settings", "catalogs", "name", "notes",
                 "reordered"):
        if getattr(seen, flag) and not getattr(announced, flag):
            missing.append(flag)
    if missing:
        raise ScopeError(f"{text!r} changed what its Change does not name: "
                         + ", ".join(missing))


def first_difference(before: str, after: str) -> str:
    """Where two JSON texts of a campaign first differ, with a little context either side."""
    at = next((n for n, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
              min(len(before), len(after)))
    return f"…{before[max(0, at - 80):at + 40]}… became …{after[max(0, at - 80):at + 40]}…"
