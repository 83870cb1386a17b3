"""One action's changes as they resolve: the recording transaction (``with enc.action(...)``).

A :class:`Tx` changes a field and records it (``set``), rolls for a purpose and records the
roll (``roll``), and records what was read or ruled (``row``, ``note``); if the action fails
half-way, the encounter puts back what it had set, so a refused action leaves no trace. The
simulation's transaction that records nothing builds on it (:mod:`emberkeep.encounter.quiet`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from emberkeep.dice import Purpose, RollRecord, roll
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.events import Note, Ref, Rolled, Row, Set, Step

if TYPE_CHECKING:
    from emberkeep.encounter.engine import Encounter

__all__ = ["STANDING_FIELDS", "Tx"]

# A combatant's fields that say whether it still stands: an action that sets one is told to the
# rules plugged in at ``hooks.standing_changed`` (the morale prompt).
STANDING_FIELDS = ("hp", "out")


class Tx:
    """The events of one action as it resolves."""

    # ``_events`` is ``step.events`` (the same list).
    __slots__ = ("_events", "enc", "step")

    def __init__(self, enc: Encounter, actor: str, action: str) -> None:
        self.enc = enc
        self.step = step = Step(actor, action, "", [])
        self._events = step.events

    def set(self, ref: Ref, field: str, value: Any) -> None:
        """Set a target's field and record the change; the same value (the same object, or an
        equal one of the same type) changes nothing and records nothing."""
        obj = self.enc.resolve(ref)
        before = getattr(obj, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(obj, field, value)
        self._events.append(Set(ref, field, before, value))

    def set_on(self, c: Combatant, field: str, value: Any) -> None:
        """``set(("c", c.id), field, value)`` for a combatant already in hand (the turn flow
        resets each one's flags every round)."""
        self.set(("c", c.id), field, value)

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord:
        """Roll for ``purpose`` (what a GM's typed answer is found by, see ``Encounter.typed``)
        and record it under ``label``, the log's text (``Rolled.purpose``)."""
        record = roll(expression, self.enc.roller, modifier=modifier, purpose=purpose, who=who)
        self._events.append(Rolled(who, label, record))
        return record

    def rolled(self, who: str, label: str, record: RollRecord) -> None:
        """Record a roll a rule made itself (``casting``'s spellcheck)."""
        self._events.append(Rolled(who, label, record))

    def changed_standing(self) -> bool:
        """Whether this action so far set a combatant's HP or ``out``."""
        for e in self._events:
            if type(e) is Set and e.field in STANDING_FIELDS and e.target[0] == "c":
                return True
        return False

    def row(self, table: str, value: int, label: str, text: str) -> None:
        self._events.append(Row(table, value, label, text))

    def note(self, text: str) -> None:
        self._events.append(Note(text))

    def summary(self, text: str) -> None:
        self.step.summary = text

    # The Tx is its own context manager (``with enc.action(...) as tx``).
    def __enter__(self) -> Tx:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: Any) -> Literal[False]:
        """Done: the rules told of a combatant's standing act inside the step, which then
        joins the history; on an error (the action's or theirs) all of it is put back."""
        enc = self.enc
        if kind is None:
            try:
                if self.changed_standing():
                    for rule in enc.hooks.standing_changed:
                        rule(enc, self)
            except BaseException:
                enc.revert(self.step)
                raise
            enc.history.append(self.step)
        else:
            enc.revert(self.step)
        return False
