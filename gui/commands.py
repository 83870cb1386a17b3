"""The one undo command of a campaign: a recorded :class:`CampaignStep` on the document's stack.

Every campaign change is one of these, whatever made it: a sheet edit, a level-up, a rest, a
repair, the fund, the settings, a catalog, an encounter's setup. Either the step is built up front
(the explicit, cheap steps of :mod:`emberkeep.campaign.record`) or the first redo runs an
operation under :func:`~emberkeep.campaign.record.record`, which sees every field it touched.
Later redos and undos only write the recorded values, so nothing is re-rolled or re-validated.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from emberkeep.campaign.operation import EVERYTHING, Operation, Scope
from emberkeep.campaign.record import record
from emberkeep.campaign.steps import CampaignStep

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign
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

    ``op`` runs once, recorded, on the first redo; a ``ValueError`` or ``KeyError`` it raises is
    the core's refusal: the campaign is left as it was, ``error`` keeps the reason and the
    command marks itself obsolete, so the stack drops it. ``done`` hears the result after every
    redo and ``None`` after every undo (a view showing what the last advance did). Commands
    with equal ``merge_key`` that follow each other merge into one step (typing into a field);
    a merge that ends where it began leaves nothing to undo.
    """

    def __init__(self, document: CampaignDocument, text: str,
                 op: Callable[[Campaign], T] | None = None, *, step: CampaignStep | None = None,
                 merge_key: Hashable | None = None,
                 done: Callable[[T | None], None] | None = None,
                 scope: Scope | Callable[[Campaign], Scope] = EVERYTHING) -> None:
        super().__init__(text)
        if (op is None) == (step is None):
            raise TypeError("give an operation to record or a step, not both")
        self.document = document
        self.op = op
        self.step = step
        self.merge_key = merge_key
        self.done = done
        self.scope = scope
        self.result: T | None = None
        self.error: Exception | None = None

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (not isinstance(other, CampaignCommand) or other.merge_key != self.merge_key
                or self.step is None or other.step is None):
            return False
        merged = self.step.merged(other.step)
        if merged is None:
            return False
        self.step = merged
        self.setObsolete(merged.is_noop)
        return True

    def redo(self) -> None:
        document = self.document
        if self.step is None:
            assert self.op is not None
            try:
                scope = self.scope if isinstance(self.scope, Scope) \
                    else self.scope(document.campaign)
                self.result, step = record(document.campaign, self.op, scope)
            except (ValueError, KeyError) as exc:
                self.error = exc
                self.setObsolete(True)
                return
            except BaseException:
                # A bug, not a refusal: the campaign is already put back; drop the command
                # rather than leave one on the stack that has nothing to undo.
                self.setObsolete(True)
                raise
            self.step = step
            self.op = None  # the recipe ran once; from now on only its results are replayed
            if not step:
                self.setObsolete(True)  # nothing changed: nothing to undo
            elif step.change.roster:
                # The operation moved rows without telling the views: put them back quietly,
                # then apply the step with the row signals item models need.
                step.undo(document.campaign)
                document.apply(step)
            else:
                document.announce(step.change)
        else:
            document.apply(self.step)
        if self.done is not None:
            self.done(self.result)

    def undo(self) -> None:
        assert self.step is not None
        self.document.apply(self.step, undo=True)
        if self.done is not None:
            self.done(None)


def push(document: CampaignDocument, operation: Operation[T],
         done: Callable[[T | None], None] | None = None) -> CampaignCommand[T]:
    """Push ``operation`` as one recorded undo step; the command's ``error`` says why the core
    refused (nothing changed and nothing was pushed then)."""
    command: CampaignCommand[T] = CampaignCommand(document, operation.text, operation.run,
                                                  done=done, scope=operation.scope)
    document.undo_stack.push(command)
    return command


def step_command(document: CampaignDocument, text: str, step: CampaignStep,
                 merge_key: Hashable | None = None) -> CampaignCommand[Any]:
    return CampaignCommand(document, text, step=step, merge_key=merge_key)
