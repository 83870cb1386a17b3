"""Actions that record nothing: the headless simulation's transaction.

``Encounter(recording=False)`` opens a :class:`QuietTx` for each action instead of a
:class:`~emberkeep.encounter.engine.Tx`: the same rule functions run on it, but no step, event
or roll record is made, only the journal a refusal or a rewind needs. Its history is an
:class:`Unrecorded`, always empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

from emberkeep.dice import Purpose, RollRecord, roll
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.events import Ref, Step
from emberkeep.encounter.rule_error import RuleError
from emberkeep.encounter.transaction import STANDING_FIELDS, Tx

if TYPE_CHECKING:
    from emberkeep.encounter.engine import Encounter

__all__ = ["QuietTx", "Unrecorded"]


class QuietTx(Tx):
    """An action of an encounter that records nothing (``Encounter(recording=False)``): the
    headless simulation needs a fight's outcome, not its undo history or its log.

    The same rule functions run on it: ``set`` applies the change and keeps only what a
    refusal or a rewind needs to put it back (target, field, value before) in the encounter's
    journal; ``roll`` rolls and hands the result to the rule without keeping it; rows and
    notes are dropped. The summary goes to the encounter's one scratch step, so a rule that
    reads its own summary back (``move_and_attack``) still can. No ``Step``, ``Set``,
    ``Rolled``, ``Row`` or ``Note`` is made. As with a ``Tx``, the rules plugged in at
    ``hooks.standing_changed`` are told of an action that set a combatant's HP or ``out``
    (``changed_standing``); once done, the object serves the encounter's next action
    (``Encounter.action``), as nothing of it outlives its block.
    """

    __slots__ = ("_mark", "_touched")

    def __init__(self, enc: Encounter, actor: str, action: str) -> None:
        self.enc = enc
        self.step = enc.scratch
        self._mark = len(enc.journal)
        self._touched = False

    def reopen(self, mark: int) -> None:
        """Serve the encounter's next action (``Encounter.action``), the journal at ``mark``."""
        self._mark = mark
        self._touched = False

    def set(self, ref: Ref, field: str, value: Any) -> None:
        # ``Tx.set``'s "unchanged: nothing", journaling instead of recording.
        kind = ref[0]
        enc = self.enc
        obj = enc.combatants[ref[1]] if kind == "c" else enc.resolve(ref)
        before = getattr(obj, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(obj, field, value)
        if kind == "c" and field in STANDING_FIELDS:
            self._touched = True
        enc.journal.append((kind, ref, obj, field, before))

    def set_on(self, c: Combatant, field: str, value: Any) -> None:
        before = getattr(c, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(c, field, value)
        if field in STANDING_FIELDS:
            self._touched = True
        self.enc.journal.append(("c", ("c", c.id), c, field, before))

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord:
        return roll(expression, self.enc.roller, modifier=modifier, purpose=purpose, who=who)

    def rolled(self, who: str, label: str, record: RollRecord) -> None:
        return None

    def changed_standing(self) -> bool:
        return self._touched

    def row(self, table: str, value: int, label: str, text: str) -> None:
        return None

    def note(self, text: str) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: Any) -> Literal[False]:
        enc = self.enc
        if kind is None:
            if self._touched:
                try:
                    for rule in enc.hooks.standing_changed:
                        rule(enc, self)
                except BaseException:
                    enc.rewind_to(self._mark)
                    enc.spare_tx = self
                    raise
            enc.steps_taken += 1
        else:
            enc.rewind_to(self._mark)
        enc.spare_tx = self  # done: ``Encounter.action`` may hand it out again
        return False


class Unrecorded(Sequence[Step]):
    """The history of an encounter that records nothing: always empty. Rule functions end with
    ``return enc.history[-1]`` (the step just made); here that is the scratch step, which holds
    the last summary and no events, so they run unchanged."""

    __slots__ = ("_scratch",)

    def __init__(self, scratch: Step) -> None:
        self._scratch = scratch

    def __len__(self) -> int:
        return 0

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...
    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        if index == -1:
            return self._scratch
        if isinstance(index, slice):
            return ()
        raise IndexError("an encounter that records nothing keeps no steps")

    def append(self, step: Step) -> None:
        raise RuleError("an encounter that records nothing keeps no steps")

    def pop(self) -> Step:
        raise RuleError("nothing to undo in this encounter (it records nothing)")
