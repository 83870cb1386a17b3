"""The start-up question: "Restore unsaved work from 21:14:03?", so that a crash loses nothing.

Every offer shown was validated first, with its campaign (:func:`recovery.find_offers`). The GM
restores one (it opens as unsaved work, the recovery file stays until a save), discards one (the
only way a recovery file goes without a save), or decides later (nothing changes: the next start
asks again). Each offer says plainly whether its work is newer or older than the saved file and
when each was written, to the second, and which session of which Emberkeep wrote the work, so two
offers from the same minute never look alike. Restoring is the default only for work newer than
the saved file: for older work Enter means Later, and restoring takes a click on "Restore older
work". All text is plain text: campaign names are the GM's words, never HTML.
"""

from __future__ import annotations

from collections import Counter
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

from emberkeep.campaign.recovery import CampaignState, RecoveryHeader, RecoveryOffer

__all__ = ["RecoveryChoice", "RecoveryDialog", "describe", "describe_all", "question", "tooltip",
           "when", "written_by"]


class RecoveryChoice(Enum):
    RESTORE = "restore"
    DISCARD = "discard"
    LATER = "later"


def when(moment: datetime, now: datetime | None = None) -> str:
    """21:14:03 today; 'Mon 10 Jun 21:14:03' on another day this year, 'Mon 10 Jun 2024
    21:14:03' in another year (in local time): to the second, so close moments differ."""
    local = moment.astimezone()
    today = (now or datetime.now().astimezone()).date()
    if local.date() == today:
        return local.strftime("%H:%M:%S")
    if local.year == today.year:
        return local.strftime("%a %d %b %H:%M:%S")
    return local.strftime("%a %d %b %Y %H:%M:%S")


def written_by(header: RecoveryHeader, now: datetime | None = None) -> str:
    """Which Emberkeep wrote the work, and in which session (files from before the header said
    so: 'an earlier Emberkeep')."""
    if header.app_version is None:
        return "an earlier Emberkeep"
    who = f"Emberkeep {header.app_version}"
    if header.session_started is not None:
        who += f" in the session started {when(header.session_started, now)}"
    return who


def _standing(offer: RecoveryOffer, now: datetime | None) -> str:
    """Where the work stands against the saved file, with the file's time when there is one."""
    saved = f" (saved {when(offer.file_saved_at, now)})" if offer.file_saved_at else ""
    state = offer.state
    if state is CampaignState.SAVED_LATER:
        return f"Older than the saved file{saved}: restoring it goes back on that later save."
    if state is CampaignState.UNCHANGED:
        return f"Newer than the saved file{saved}."
    if state is CampaignState.CHANGED:
        return (f"Newer than the saved file{saved}, but that file changed after this work began: "
                "saving restored work asks first.")
    if state is CampaignState.BROKEN:
        return f"The saved file{saved} does not open."
    if state is CampaignState.MISSING:
        return "The saved file is gone."
    return "Never saved to a file."


def describe(offer: RecoveryOffer, now: datetime | None = None) -> str:
    """Three lines: whose work and what it changed; from when and by whom; newer or older than
    the saved file."""
    name = offer.campaign.name
    where = f" ({offer.original.name})" if offer.original is not None else ""
    return (f"{name}{where}: {offer.changes}\n"
            f"Unsaved work from {when(offer.header.saved_at, now)}, written by "
            f"{written_by(offer.header, now)}\n{_standing(offer, now)}")


def describe_all(offers: list[RecoveryOffer], now: datetime | None = None) -> list[str]:
    """Each offer's description; those that would still read the same (sessions started in the
    same second, or files from before the header named its session) are numbered."""
    texts = [describe(offer, now) for offer in offers]
    alike = Counter(texts)
    seen: Counter[str] = Counter()
    shown = []
    for text in texts:
        if alike[text] > 1:
            seen[text] += 1
            name, _, rest = text.partition("\n")
            text = f"{name} ({seen[text]} of {alike[text]} alike)\n{rest}"
        shown.append(text)
    return shown


def question(offer: RecoveryOffer, now: datetime | None = None) -> str:
    """The bold line above the list, for the selected offer: never asks to restore older work."""
    moment = when(offer.header.saved_at, now)
    if offer.older:
        return f"The saved file is newer than this unsaved work from {moment}."
    return f"Restore unsaved work from {moment}?"


def tooltip(offer: RecoveryOffer) -> str:
    """The file name or load error exactly as written, and the writing process: a tooltip
    renders anything that looks like HTML as HTML, so it is escaped (a file may be called
    ``<b>party</b>.json``)."""
    text = offer.detail or str(offer.original or "never saved")
    if offer.header.pid is not None:
        text += f"\nWritten by process {offer.header.pid}"
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


class RecoveryDialog(QDialog):
    """Lists the offers; :attr:`choice` and :meth:`selected` say what the GM picked.

    The question, the Restore button's words and the default button follow the selected
    offer: for work older than its saved file, Enter keeps the saved file (Later)."""

    def __init__(self, offers: list[RecoveryOffer], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.offers = offers
        self.choice = RecoveryChoice.LATER
        self.setWindowTitle("Restore unsaved work?")
        self.question = QLabel(self)
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setBold(True)
        self.question.setFont(font)
        explain = QLabel("Emberkeep closed without saving this work. Restored work opens as "
                         "unsaved: save it to keep it. “Later” keeps it for the next start and "
                         "the saved file as it is.", self)
        explain.setTextFormat(Qt.TextFormat.PlainText)
        explain.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setAccessibleName("Unsaved work")
        self.list.setWordWrap(True)
        self.list.setSpacing(4)  # each offer is three lines: keep them apart
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for offer, text in zip(offers, describe_all(offers), strict=True):
            item = QListWidgetItem(text)  # items draw plain text
            item.setToolTip(tooltip(offer))
            self.list.addItem(item)
        buttons = QDialogButtonBox(self)
        self.restore_button = QPushButton("Restore", self)
        self.list.itemDoubleClicked.connect(lambda _: self.restore_button.click())
        self.discard_button = QPushButton("Discard", self)
        self.discard_button.setToolTip("Throw this unsaved work away for good")
        self.later_button = QPushButton("Later", self)
        self.later_button.setToolTip("Open nothing from here now: ask again at the next start")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(lambda: self._finish(RecoveryChoice.RESTORE))
        self.discard_button.clicked.connect(lambda: self._finish(RecoveryChoice.DISCARD))
        self.later_button.clicked.connect(lambda: self._finish(RecoveryChoice.LATER))
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addWidget(explain)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(self._follow_selection)
        self.list.setCurrentRow(0)
        self._follow_selection()
        self.resize(720, 340)

    def _follow_selection(self, *_: object) -> None:
        offer = self.selected()
        self.question.setText(question(offer))
        older = offer.older
        self.restore_button.setText("Restore older work" if older else "Restore")
        self.restore_button.setToolTip(
            "Open this older work over the newer saved file, as unsaved changes" if older
            else "Open this work as unsaved changes")
        # never make going back on a later save the answer to a reflexive Enter
        self.restore_button.setDefault(not older)
        self.later_button.setDefault(older)

    def _finish(self, choice: RecoveryChoice) -> None:
        self.choice = choice
        if choice is RecoveryChoice.LATER:
            self.reject()
        else:
            self.accept()

    def selected(self) -> RecoveryOffer:
        return self.offers[max(self.list.currentRow(), 0)]
