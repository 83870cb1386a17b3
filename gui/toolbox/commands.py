"""One undo command for the toolbox's edits of the campaign (issue #12).

The editors and the table rules change the GM's own archetypes, spells and magic items, the
optional-rule settings, the skill challenges and effort tasks in play, and (timers) the
timeline. The command keeps those parts as they were before and after ``run(campaign)`` and puts
one or the other back; after either it re-installs the campaign's own entries (so sheets and the
engine read them) and tells every sheet its numbers may have changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from emberkeep.campaign.custom import activate
from emberkeep.campaign.model import Campaign
from gui.document import CampaignDocument

__all__ = ["ToolboxCommand", "run_toolbox_command"]

T = TypeVar("T")
_FIELDS = ("archetypes", "spells", "magic_items", "skill_challenges", "efforts", "timeline",
           "settings")


def _snapshot(campaign: Campaign) -> dict[str, Any]:
    return {name: _copy(getattr(campaign, name))
            for name in _FIELDS}


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [v.model_copy(deep=True) for v in value]
    return value.model_copy(deep=True)


class ToolboxCommand(QUndoCommand, Generic[T]):
    """Runs ``run(campaign)`` once; undo and redo restore the snapshots. A ``run`` that raises
    ``ValueError`` changes nothing and is dropped (``error`` says why)."""

    def __init__(self, document: CampaignDocument, text: str, run: Callable[[Campaign], T],
                 changed: Callable[[], None] | None = None) -> None:
        super().__init__(text)
        self.document = document
        self.run = run
        self.changed = changed
        self.result: T | None = None
        self.error: Exception | None = None
        self.before: dict[str, Any] | None = None
        self.after: dict[str, Any] | None = None

    def _restore(self, snap: dict[str, Any]) -> None:
        campaign = self.document.campaign
        for name, value in snap.items():
            setattr(campaign, name, _copy(value))

    def _announce(self) -> None:
        activate(self.document.campaign)
        for character in self.document.campaign.characters:
            self.document.characterChanged.emit(character.id, "*")
        if self.changed is not None:
            self.changed()

    def redo(self) -> None:
        if self.after is None:
            self.before = _snapshot(self.document.campaign)
            try:
                self.result = self.run(self.document.campaign)
            except (ValueError, KeyError) as exc:
                self.error = exc
                self._restore(self.before)
                activate(self.document.campaign)
                self.setObsolete(True)
                return
            self.after = _snapshot(self.document.campaign)
        else:
            self._restore(self.after)
        self._announce()

    def undo(self) -> None:
        if self.before is not None:
            self._restore(self.before)
            self._announce()


def run_toolbox_command(document: CampaignDocument, text: str, run: Callable[[Campaign], T],
                        changed: Callable[[], None] | None = None) -> ToolboxCommand[T]:
    """Push the command; its ``error`` is set when the core refused."""
    command: ToolboxCommand[T] = ToolboxCommand(document, text, run, changed)
    document.undo_stack.push(command)
    return command
