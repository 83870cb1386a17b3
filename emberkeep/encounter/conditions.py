"""Conditions a combatant carries, with how long they last (R27, R28).

A condition is an immutable record, so a combatant's conditions are a tuple that events can
store whole as their value before and after. Durations count the subject's own rounds:
``rounds_left`` of ``None`` means it lasts until removed (PRONE until the combatant stands,
an encounter-long effect until the fight ends); ``durations.py`` (engine II) ticks and expires
them.
"""

from __future__ import annotations

from typing import Any

from emberkeep.records import record

# R28: conditions that take away every action, and those that make attacks against one EASY.
NO_ACTIONS = frozenset({"STUNNED", "PARALYSED", "INCAPACITATED", "UNCONSCIOUS", "cant_act"})
EASY_TO_HIT = frozenset({"STUNNED", "PARALYSED", "INCAPACITATED", "UNCONSCIOUS", "BLINDED",
                         "easy_to_hit"})
OWN_ATTACKS_HARD = frozenset({"PRONE", "BLINDED", "FRIGHTENED", "attacks_hard"})


@record
class ActiveCondition:
    name: str
    rounds_left: int | None = None
    until: str = "removed"  # "removed", "rounds", "next_round", "next_attack", "encounter", "rest"
    source: str = ""
    since: int = 0  # the round it was put on (engine II: "this_round"/"next_round" end by it)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rounds_left": self.rounds_left, "until": self.until,
                "source": self.source, "since": self.since}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ActiveCondition:
        unknown = sorted(set(data) - _KEYS)
        if unknown:  # a misspelled key is refused, not read as its default
            raise ValueError(f"a condition has no key {unknown[0]!r}")
        return cls(data["name"], data.get("rounds_left"), data.get("until", "removed"),
                   data.get("source", ""), data.get("since", 0))


_KEYS = frozenset({"name", "rounds_left", "until", "source", "since"})
_NO_NAMES: frozenset[str] = frozenset()


def names(conditions: tuple[ActiveCondition, ...]) -> frozenset[str]:
    """The names of ``conditions`` (none: one shared empty set)."""
    if not conditions:
        return _NO_NAMES
    return frozenset(c.name for c in conditions)


def with_condition(conditions: tuple[ActiveCondition, ...], condition: ActiveCondition
                   ) -> tuple[ActiveCondition, ...]:
    """``conditions`` holding ``condition`` once: put on again, it replaces the one of the same
    name (its duration is the latest, R27), never a second copy. R35's unawareness of one foe is
    its own rule (``unaware.py``: one per unseen foe, by source)."""
    return (*(x for x in conditions if x.name != condition.name), condition)
