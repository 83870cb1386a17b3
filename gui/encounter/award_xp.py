"""Award XP at the end of a fight (R32): the app suggests 0-4 by danger, the GM picks; one undo
step adds it to every surviving PC."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from emberkeep.campaign.scope import Scope
from emberkeep.encounter.experience import MAX_AWARD, award_xp, suggest_xp, survivors
from gui.encounter.window import EncounterWindow

__all__ = ["AwardXpDialog", "award"]


class AwardXpDialog(QDialog):
    def __init__(self, window: EncounterWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Award XP")
        enc = window.enc
        self.ids = survivors(enc)
        names = ", ".join(enc.characters[i].name for i in self.ids) or "nobody"
        suggestion = suggest_xp(enc)
        self.text = text = QLabel(
            f"Each survivor gets the same XP (R32: 0 to {MAX_AWARD}; by the danger of this fight "
            f"the app suggests {suggestion}).\nSurvivors: {names}", self)
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setWordWrap(True)
        self.amount = QSpinBox(self)
        self.amount.setRange(0, MAX_AWARD)
        self.amount.setValue(suggestion)
        self.amount.setSuffix(" XP each")
        self.amount.setAccessibleName("XP for each")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.amount)
        layout.addWidget(buttons)


def award(window: EncounterWindow, amount: int) -> bool:
    """Push one undoable step giving ``amount`` XP to each survivor of ``window``'s fight."""
    ids = survivors(window.enc)
    if not ids or amount == 0:
        return False
    document = window.session.document
    command = document.run(f"Award {amount} XP to {len(ids)} survivor(s)",
                           lambda campaign: award_xp(campaign, ids, amount),
                           scope=Scope.of(ids))
    return command.error is None
