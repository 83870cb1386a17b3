"""An undo command around one call into the core that may touch much of the campaign.

The clock advancing a week, a repair paid from a purse into the ledger: the core changes the
campaign in place; this command keeps the parts such a call can change (the clock, the timeline,
every character, the party fund, the ledger) as they were before and after, and restores one or
the other. Characters are restored in place (same objects), so every view holding one stays
valid; each gets a ``characterChanged(id, "*")``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from emberkeep.campaign.model import Campaign
from gui.document import CampaignDocument

__all__ = ["CampaignSnapshot", "CoreCommand"]

T = TypeVar("T")


class CampaignSnapshot:
    def __init__(self, campaign: Campaign) -> None:
        self.time = campaign.time
        self.timeline = [e.model_copy(deep=True) for e in campaign.timeline]
        self.characters = [c.model_copy(deep=True) for c in campaign.characters]
        self.party_fund = campaign.party_fund.model_copy()
        self.ledger = [e.model_copy() for e in campaign.ledger]

    def restore(self, document: CampaignDocument) -> None:
        campaign = document.campaign
        campaign.time = self.time
        campaign.timeline = [e.model_copy(deep=True) for e in self.timeline]
        campaign.party_fund = self.party_fund.model_copy()
        campaign.ledger = [e.model_copy() for e in self.ledger]
        for sheet in self.characters:
            document.overwrite_character(sheet)


class CoreCommand(QUndoCommand, Generic[T]):
    """Runs ``run(campaign)`` on the first redo; restores snapshots afterwards.

    A ``run`` that raises changes nothing (the core refuses before it changes anything, and the
    snapshot is restored in any case), and the command is marked obsolete so the stack drops it.
    """

    def __init__(self, document: CampaignDocument, text: str,
                 run: Callable[[Campaign], T], done: Callable[[T | None], None] | None = None
                 ) -> None:
        super().__init__(text)
        self.document = document
        self.run = run
        self.done = done
        self.result: T | None = None
        self.error: Exception | None = None
        self.before: CampaignSnapshot | None = None
        self.after: CampaignSnapshot | None = None

    def redo(self) -> None:
        if self.after is None:
            self.before = CampaignSnapshot(self.document.campaign)
            try:
                self.result = self.run(self.document.campaign)
            except ValueError as exc:
                self.error = exc
                self.before.restore(self.document)
                self.setObsolete(True)
                return
            self.after = CampaignSnapshot(self.document.campaign)
            for character in self.document.campaign.characters:
                self.document.characterChanged.emit(character.id, "*")
        else:
            self.after.restore(self.document)
        if self.done is not None:
            self.done(self.result)

    def undo(self) -> None:
        if self.before is not None:
            self.before.restore(self.document)
        if self.done is not None:
            self.done(None)
