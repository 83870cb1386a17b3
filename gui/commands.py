"""The one undo command of a campaign: an operation run once, then its undoable on the stack.

Every change to a campaign is one of these, whatever made it: a sheet edit, a level-up, a rest,
a repair, the fund, the settings, a catalog, a fight's action or its setup. The first redo runs
the operation (:class:`~emberkeep.campaign.operation.Executable`) on the live campaign; what it
hands back (:class:`~emberkeep.campaign.operation.Undoable`) is all later redos and undos write,
so nothing is re-rolled or re-validated. A refusal of the rules leaves the campaign as it was,
and the command keeps the reason (:attr:`CampaignCommand.error`) and drops itself.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from emberkeep.campaign.operation import Executable, Refused, Undoable, refusal
from emberkeep.campaign.steps import CampaignStep

if TYPE_CHECKING:
    from gui.document import CampaignDocument

__all__ = ["MERGE_ID", "CampaignCommand", "field_label"]

MERGE_ID = 1001
"""Commands with a merge key share this id, so Qt offers each to the one before it."""

_FIELD_LABELS = {"max_hp": "max HP", "hp": "HP", "xp": "XP", "class_": "class"}

T = TypeVar("T")


def field_label(field: str) -> str:
    return _FIELD_LABELS.get(field, field.replace("_", " "))


class CampaignCommand(QUndoCommand, Generic[T]):
    """One undoable campaign step.

    ``done`` hears the result after every redo and ``None`` after every undo (a view showing
    what the last advance did). Commands with equal ``merge_key`` that follow each other merge
    into one step (typing into a field); a merge that ends where it began leaves nothing to
    undo.
    """

    def __init__(self, document: CampaignDocument, operation: Executable[T], *,
                 merge_key: Hashable | None = None,
                 done: Callable[[T | None], None] | None = None) -> None:
        super().__init__(operation.text)
        # weak: the document's undo stack owns its commands; a command holding its document
        # made a cycle that only a garbage collection could free, at a moment of its choosing
        # (see CampaignDocument.drop_history)
        self._document = weakref.ref(document)
        self.operation: Executable[T] | None = operation
        self.undoable: Undoable | None = None
        self.merge_key = merge_key
        self.done = done
        self.result: T | None = None
        self.error: Refused | None = None
        self.bug: BaseException | None = None
        """An exception that is no refusal: kept for :meth:`CampaignDocument.execute` to raise
        once Qt's push has returned (an exception must not unwind through Qt's C++)."""

    @property
    def document(self) -> CampaignDocument:
        document = self._document()
        assert document is not None, "a command outlived its document's undo stack"
        return document

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (not isinstance(other, CampaignCommand) or other.merge_key != self.merge_key
                or not isinstance(self.undoable, CampaignStep)
                or not isinstance(other.undoable, CampaignStep)):
            return False
        merged = self.undoable.merged(other.undoable)
        if merged is None:
            return False
        self.undoable = merged
        self.setObsolete(merged.is_noop)
        return True

    def redo(self) -> None:
        document = self.document
        if self.undoable is None:
            assert self.operation is not None
            try:
                self.result, undoable = document.run_once(self.operation)
            except BaseException as exc:  # the campaign is already put back
                self.error = refusal(exc)
                if self.error is None:
                    self.bug = exc
                self.setObsolete(True)  # nothing changed: nothing to undo
                return
            self.undoable = undoable
            self.operation = None  # the recipe ran once; from now on only its results replay
            if not undoable:
                self.setObsolete(True)
            else:
                document.applied(undoable, first=True)
        else:
            document.apply(self.undoable)
        if self.done is not None:
            self.done(self.result)

    def undo(self) -> None:
        assert self.undoable is not None
        self.document.apply(self.undoable, undo=True)
        if self.done is not None:
            self.done(None)


def command_for(document: CampaignDocument, operation: Executable[Any], *,
                merge_key: Hashable | None = None,
                done: Callable[[Any], None] | None = None) -> CampaignCommand[Any]:
    return CampaignCommand(document, operation, merge_key=merge_key, done=done)
