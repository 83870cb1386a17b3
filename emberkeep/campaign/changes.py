"""What one campaign operation changed, named precisely enough for each view to redraw only that.

Anki's change-sets: an operation returns a :class:`Change` and every window asks it "does this
concern me?" instead of redrawing everything. A Change only names parts, it holds no values (the
values live in the recorded :class:`~emberkeep.campaign.steps.CampaignStep`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

__all__ = ["CATALOG_FIELDS", "NOTHING", "Change"]

CATALOG_FIELDS = frozenset({"archetypes", "spells", "magic_items", "skill_challenges", "efforts",
                            "weapons", "armor", "shields", "items", "races", "bestiary"})
"""The campaign's own catalogs and the table rules in play: one flag covers them,
since a view that shows any of them re-reads the lot."""

_EMPTY: Mapping[str, frozenset[str]] = MappingProxyType({})


@dataclass(frozen=True, slots=True, eq=True)
class Change:
    """The parts of a campaign one step changed (or undoing it changed back)."""

    characters: Mapping[str, frozenset[str]] = field(default_factory=lambda: _EMPTY)
    """Character id → the names of its top-level fields that changed (characters that were
    only added or removed are not listed here)."""
    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    reordered: bool = False
    time: bool = False
    timeline: bool = False
    ledger: bool = False
    fund: bool = False
    settings: bool = False
    catalogs: bool = False
    encounters: frozenset[str] = frozenset()
    """Ids of encounter records changed, added or removed."""
    name: bool = False
    notes: bool = False

    __hash__ = None  # type: ignore[assignment]  # a mapping field: equal by value, not hashable

    @staticmethod
    def of_characters(fields: Mapping[str, Iterable[str]]) -> Change:
        return Change(characters=MappingProxyType({k: frozenset(v) for k, v in fields.items()
                                                   if v}))

    def __bool__(self) -> bool:
        return any((self.characters, self.added, self.removed, self.reordered, self.time,
                    self.timeline, self.ledger, self.fund, self.settings, self.catalogs,
                    self.encounters, self.name, self.notes))

    def __or__(self, other: Change) -> Change:
        if not isinstance(other, Change):
            return NotImplemented
        merged = {k: set(v) for k, v in self.characters.items()}
        for key, fields in other.characters.items():
            merged.setdefault(key, set()).update(fields)
        return Change(
            characters=MappingProxyType({k: frozenset(v) for k, v in merged.items()}),
            added=self.added | other.added, removed=self.removed | other.removed,
            reordered=self.reordered or other.reordered, time=self.time or other.time,
            timeline=self.timeline or other.timeline, ledger=self.ledger or other.ledger,
            fund=self.fund or other.fund, settings=self.settings or other.settings,
            catalogs=self.catalogs or other.catalogs,
            encounters=self.encounters | other.encounters, name=self.name or other.name,
            notes=self.notes or other.notes)

    def inverted(self) -> Change:
        """The same parts, seen from undoing the step: what it added, undo removes."""
        return replace(self, added=self.removed, removed=self.added)

    @property
    def roster(self) -> bool:
        """Characters came, went or moved."""
        return bool(self.added or self.removed or self.reordered)

    @property
    def rules(self) -> bool:
        """The settings or catalogs changed: any number derived from a sheet may have moved."""
        return self.settings or self.catalogs

    def fields_of(self, character_id: str) -> frozenset[str]:
        return self.characters.get(character_id, frozenset())

    def touches(self, character_id: str, watched: Iterable[str] | None = None) -> bool:
        """Whether a view of ``character_id`` that reads ``watched`` fields (all when None)
        must redraw: a field of it changed, or the rules every sheet is read with."""
        if self.rules:
            return True
        fields = self.characters.get(character_id)
        if not fields:
            return False
        return watched is None or not fields.isdisjoint(watched)


NOTHING = Change()
