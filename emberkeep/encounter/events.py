"""Events: what a step did, recorded as results so undo and replay never roll again.

Only :class:`Set` changes state: a field of one target (a combatant, a character, a piece of
gear, the encounter itself) goes from ``before`` to ``after``. Values are absolute, so replay is
idempotent and reverting is setting ``before`` back. :class:`Rolled`, :class:`Row` and
:class:`Note` are the record a GM reads in the log: the dice as they fell, the table row as it
was read (its text included, so a later edit of the table changes nothing), the GM's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from emberkeep.character.knight import KnightProfile
from emberkeep.character.luck import LuckState
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.dice import RollRecord
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.magic.limits import CasterState
from emberkeep.records import record

__all__ = ["Event", "Note", "Ref", "Rolled", "Row", "Set", "Step", "decode", "encode"]

# ("enc",) the encounter; ("c", id) a combatant; ("pc", character_id) a character;
# ("gear", character_id, uid) one owned piece of gear; ("magic", character_id, uid) its magic.
Ref = tuple[str, ...]


@record
class Set:
    target: Ref
    field: str
    before: Any
    after: Any


@record
class Rolled:
    who: str
    purpose: str
    record: RollRecord


@record
class Row:
    table: str
    value: int
    label: str
    text: str


@record
class Note:
    text: str


Event = Set | Rolled | Row | Note


@dataclass(slots=True)
class Step:
    """One action's events, undone as a whole. ``summary`` is the log line."""

    actor: str
    action: str
    summary: str = ""
    events: list[Event] = field(default_factory=list)

    def sets(self) -> list[Set]:
        return [e for e in self.events if isinstance(e, Set)]

    def rolls(self) -> list[RollRecord]:
        return [e.record for e in self.events if isinstance(e, Rolled)]

    def to_json(self) -> dict[str, Any]:
        return {"actor": self.actor, "action": self.action, "summary": self.summary,
                "events": [_event_json(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        only_keys(data, _STEP_KEYS, "a step")
        return cls(data["actor"], data["action"], data.get("summary", ""),
                   [_event_from(e) for e in data["events"]])


_STEP_KEYS = frozenset({"actor", "action", "summary", "events"})
_EVENT_KEYS = {"set": frozenset({"set", "field", "before", "after"}),
               "rolled": frozenset({"rolled", "who", "expression", "faces", "kept", "modifier",
                                    "total", "natural", "typed"}),
               "row": frozenset({"row", "value", "label", "text"}),
               "note": frozenset({"note"})}


def only_keys(data: dict[str, Any], allowed: frozenset[str], what: str) -> None:
    """A misspelled key in a recorded fight is refused, not read as its default."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"{what} has no key {unknown[0]!r} (it has: {', '.join(sorted(allowed))})")


# Frozen pydantic values an event may hold whole (a character's luck dice, a knight's Glory).
# All of them are named here, not registered by the packages that use them: a script that only
# loads a campaign must decode every step it holds.
_MODELS: dict[str, type[BaseModel]] = {m.__name__: m for m in (
    LuckState, CasterState, CharacterCondition, KnightProfile)}


def encode(value: Any) -> Any:
    """A JSON-ready form of an event value (tuples and conditions tagged so they come back)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, ActiveCondition):
        return {"condition": value.to_json()}
    if isinstance(value, BaseModel) and type(value).__name__ in _MODELS:
        return {"model": type(value).__name__, "data": value.model_dump(mode="json")}
    if isinstance(value, list):  # a sheet's list (Character.conditions), set whole, never mutated
        return {"list": [encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    raise TypeError(f"cannot record a value of type {type(value).__name__} in an event")


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if "condition" in value:
            return ActiveCondition.from_json(value["condition"])
        if "model" in value:
            return _MODELS[value["model"]].model_validate(value["data"])
        if "list" in value:
            return [decode(v) for v in value["list"]]
        return tuple(decode(v) for v in value["tuple"])
    return value


def _event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Set):
        return {"set": list(event.target), "field": event.field,
                "before": encode(event.before), "after": encode(event.after)}
    if isinstance(event, Rolled):
        r = event.record
        return {"rolled": event.purpose, "who": event.who, "expression": r.expression,
                "faces": list(r.faces), "kept": list(r.kept), "modifier": r.modifier,
                "total": r.total, "natural": r.natural, "typed": r.typed}
    if isinstance(event, Row):
        return {"row": event.table, "value": event.value, "label": event.label,
                "text": event.text}
    return {"note": event.text}


def _event_from(data: dict[str, Any]) -> Event:
    kind = next((k for k in _EVENT_KEYS if k in data), "note")
    only_keys(data, _EVENT_KEYS[kind], f"a {kind!r} event")
    if "set" in data:
        return Set(tuple(data["set"]), data["field"], decode(data["before"]),
                   decode(data["after"]))
    if "rolled" in data:
        record = RollRecord(data["expression"], tuple(data["faces"]), tuple(data["kept"]),
                            data["modifier"], data["total"], data["natural"], data["typed"])
        return Rolled(data["who"], data["rolled"], record)
    if "row" in data:
        return Row(data["row"], data["value"], data["label"], data["text"])
    return Note(data["note"])
