"""Which parts of a campaign an operation may change (its :class:`Scope`).

The recorder (:func:`emberkeep.campaign.recorder.run_recorded`) snapshots only an operation's
scope, so recording costs what the operation can change, not what the campaign holds: advancing
the clock a turn in a 500-character campaign copies the time, the timeline and the few sheets a
timed effect ends on, not 500 sheets. A scope is computed from the campaign just before the
operation runs, by the same predicates the rules use to pick who they act on.

A scope that forgets something would let a change slip past undo. So the recorder has a
checking mode (:data:`emberkeep.campaign.recorder.CHECK_SCOPES`, on in the tests): it also takes
the whole snapshot and fails loudly when an operation changed anything outside its scope.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["EVERYTHING", "Scope", "ScopeError"]


class ScopeError(AssertionError):
    """An operation changed a part of the campaign its scope did not name: a bug in the scope,
    caught by the recorder's checking mode before it could cost an undo."""


@dataclass(frozen=True, slots=True)
class Scope:
    """The parts of a campaign an operation may change.

    ``characters`` and ``encounters`` are ids, or None for all of them (and for adding,
    removing or reordering them); ``fields`` are the campaign's other top-level fields by name
    (``time``, ``timeline``, ``ledger``, ``party_fund``, ``settings``, a catalog…), and
    ``"characters"`` or ``"encounters"`` there lets the list itself gain, lose or reorder its
    members without copying any (a new encounter, a deleted one).
    """

    characters: frozenset[str] | None = frozenset()
    fields: frozenset[str] = frozenset()
    encounters: frozenset[str] | None = frozenset()
    everything: bool = field(default=False, repr=False)

    @staticmethod
    def of(characters: Iterable[str | None] = (), fields: Iterable[str] = (),
           encounters: Iterable[str] = ()) -> Scope:
        return Scope(frozenset(c for c in characters if c is not None), frozenset(fields),
                     frozenset(encounters))

    def __or__(self, other: Scope) -> Scope:
        if self.everything or other.everything:
            return EVERYTHING
        return Scope(_union(self.characters, other.characters), self.fields | other.fields,
                     _union(self.encounters, other.encounters))

    def holds_character(self, character_id: str) -> bool:
        return self.characters is None or character_id in self.characters

    def holds_encounter(self, encounter_id: str) -> bool:
        return self.encounters is None or encounter_id in self.encounters


def _union(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    return None if a is None or b is None else a | b


EVERYTHING = Scope(None, frozenset(), None, everything=True)
"""Every part: what an operation that names no scope is recorded against."""
