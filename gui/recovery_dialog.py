"""The start-up question: "Restore unsaved work from 21:14?" (issue #10).

Every offer shown was validated first, with its campaign (:func:`recovery.find_offers`). The GM
restores one (it opens as unsaved work, the recovery file stays until a save), discards one (the
only way a recovery file goes without a save), or decides later (nothing changes: the next start
asks again). All text is plain text: campaign names are the GM's words, never HTML.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.recovery import CampaignState, RecoveryOffer

__all__ = ["RecoveryChoice", "RecoveryDialog", "describe", "tooltip", "when"]


class RecoveryChoice(Enum):
    RESTORE = "restore"
    DISCARD = "discard"
    LATER = "later"


def when(moment: datetime, now: datetime | None = None) -> str:
    """21:14 today; 'Mon 10 Jun 21:14' on another day (in local time)."""
    local = moment.astimezone()
    today = (now or datetime.now().astimezone()).date()
    return local.strftime("%H:%M") if local.date() == today else local.strftime("%a %d %b %H:%M")


_STATES = {
    CampaignState.UNTITLED: "a campaign that was never saved",
    CampaignState.UNCHANGED: "newer than the saved file",
    CampaignState.CHANGED: "the saved file was changed by another program since",
    CampaignState.MISSING: "the saved file is gone",
    CampaignState.BROKEN: "the saved file does not open",
}


def describe(offer: RecoveryOffer) -> str:
    name = offer.campaign.name
    where = f" ({offer.original.name})" if offer.original is not None else ""
    return (f"{name}{where}: unsaved work from {when(offer.header.saved_at)}; "
            f"{_STATES[offer.state]}\n{offer.changes}")


def tooltip(offer: RecoveryOffer) -> str:
    """The file name or load error exactly as written: a tooltip renders anything that looks
    like HTML as HTML, so it is escaped (a file may be called ``<b>party</b>.json``)."""
    text = offer.detail or str(offer.original or "never saved")
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


class RecoveryDialog(QDialog):
    """Lists the offers; :attr:`choice` and :meth:`selected` say what the GM picked."""

    def __init__(self, offers: list[RecoveryOffer], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.offers = offers
        self.choice = RecoveryChoice.LATER
        self.setWindowTitle("Restore unsaved work?")
        first = offers[0]
        question = QLabel(f"Restore unsaved work from {when(first.header.saved_at)}?", self)
        question.setTextFormat(Qt.TextFormat.PlainText)
        font = question.font()
        font.setBold(True)
        question.setFont(font)
        explain = QLabel("Emberkeep closed without saving this work. Restored work opens as "
                         "unsaved: save it to keep it. “Later” keeps it for the next start.", self)
        explain.setTextFormat(Qt.TextFormat.PlainText)
        explain.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setWordWrap(True)
        self.list.setSpacing(3)  # each offer is two lines: keep them apart
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for offer in offers:
            item = QListWidgetItem(describe(offer))  # items draw plain text
            item.setToolTip(tooltip(offer))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        buttons = QDialogButtonBox(self)
        self.restore_button = QPushButton("Restore", self)
        self.list.itemDoubleClicked.connect(lambda _: self.restore_button.click())
        self.restore_button.setDefault(True)
        self.discard_button = QPushButton("Discard", self)
        self.discard_button.setToolTip("Throw this unsaved work away for good")
        self.later_button = QPushButton("Later", self)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(lambda: self._finish(RecoveryChoice.RESTORE))
        self.discard_button.clicked.connect(lambda: self._finish(RecoveryChoice.DISCARD))
        self.later_button.clicked.connect(lambda: self._finish(RecoveryChoice.LATER))
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        layout.addWidget(explain)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(640, 260)

    def _finish(self, choice: RecoveryChoice) -> None:
        self.choice = choice
        if choice is RecoveryChoice.LATER:
            self.reject()
        else:
            self.accept()

    def selected(self) -> RecoveryOffer:
        return self.offers[max(self.list.currentRow(), 0)]
