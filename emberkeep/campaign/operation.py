"""A campaign operation: what it does, in the GM's words, and which parts it may change.

The recorder (:func:`emberkeep.campaign.record.record`) snapshots only an operation's
:class:`Scope`, so recording costs what the operation can change, not what the campaign holds:
advancing the clock a turn in a 500-character campaign copies the time, the timeline and the
few sheets a timed effect ends on, not 500 sheets. A scope is computed from the campaign just
before the operation runs, by the same predicates the rules use to pick who they act on.

A scope that forgets something would let a change slip past undo. So the recorder has a
checking mode (:data:`emberkeep.campaign.record.CHECK_SCOPES`, on in the tests): it also takes
the whole snapshot and fails loudly when an operation changed anything outside its scope.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign

__all__ = ["EVERYTHING", "Operation", "Refused", "Scope", "ScopeError"]

T_co = TypeVar("T_co", covariant=True)


class Refused(ValueError):
    """The rules refuse the operation; the message is the reason, in words a GM reads. The
    campaign is left exactly as it was."""


class ScopeError(AssertionError):
    """An operation changed a part of the campaign its scope did not name: a bug in the scope,
    caught by the recorder's checking mode before it could cost an undo."""


@dataclass(frozen=True, slots=True)
class Scope:
    """The parts of a campaign an operation may change.

    ``characters`` and ``encounters`` are ids, or None for all of them (and for adding,
    removing or reordering them); ``fields`` are the campaign's other top-level fields by name
    (``time``, ``timeline``, ``ledger``, ``party_fund``, ``settings``, a catalog…).
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


@dataclass(frozen=True, slots=True)
class Operation(Generic[T_co]):
    """One change to a campaign, run once under the recorder and undone from what it recorded.

    ``run`` raises :class:`Refused` (or ``ValueError``/``KeyError``, read the same way) when the
    rules refuse it. ``scope`` is a fixed :class:`Scope` or a function of the campaign as it is
    just before ``run``.
    """

    text: str
    run: Callable[[Campaign], T_co]
    scope: Scope | Callable[[Campaign], Scope] = EVERYTHING

    def scope_of(self, campaign: Campaign) -> Scope:
        return self.scope if isinstance(self.scope, Scope) else self.scope(campaign)
