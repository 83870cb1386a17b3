"""The campaign clock in the GUI: the date always in view, Advance by one key, the
list of what changed, and the timeline of what ends when.

Advancing runs the core (:mod:`emberkeep.clock`) recorded, in the campaign's one undo command
(:class:`gui.commands.CampaignCommand`): Ctrl+Z turns time back exactly, dice included. The
timeline redraws only when a change names the time or the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.calendar import Calendar, format_duration
from emberkeep.campaign.changes import Change as CampaignChange
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation
from emberkeep.campaign.timeline import Timed
from emberkeep.character.groups import GROUP_NAMES, CharacterGroup
from emberkeep.character.model import Character
from emberkeep.clock.advance import Happening
from emberkeep.clock.fights import fight_hold
from emberkeep.clock.operations import advance_clock, advance_clock_to, rest_party
from emberkeep.clock.rests import RestKind
from emberkeep.clock.schedule import upcoming
from emberkeep.clock.units import Unit, seconds
from emberkeep.dice import RandomRoller, Roller
from gui.commands import CampaignCommand
from gui.document import CampaignDocument
from gui.list_table import ListTableModel
from gui.plain_text import tooltip

__all__ = ["AdvanceClock", "ClockController", "TimelineModel", "TimelineView",
           "summarize"]

_Index = QModelIndex | QPersistentModelIndex
WHO = 1  # the timeline column naming the character

AdvanceClock = CampaignCommand[list[Happening]]
"""One advance of the clock: its ``result`` is the list of what the advance ended."""


class ClockController(QObject):
    """Advances the document's campaign clock through its undo stack."""

    changed = Signal(list)  # what the last advance did, Happenings ([] after an undo)
    refused = Signal(str)  # why the clock did not move (a fight is running)

    def __init__(self, document: CampaignDocument, roller: Roller | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.roller: Roller = roller or RandomRoller()
        # asked before the clock moves while a fight runs (the reason given);
        # the window sets a question box. None: refused.
        self.confirm: Callable[[str], bool] | None = None
        # who a rest rests: these groups' living; None: all but the dead or retired
        self.rest_groups: frozenset[CharacterGroup] | None = None
        # what the last advance did, kept for a timeline made after it (its dock shown later)
        self.last_changes: list[Happening] = []
        self.changed.connect(self._keep_changes)

    def _keep_changes(self, changes: list[Happening]) -> None:
        self.last_changes = changes

    def _held(self, rest: bool) -> bool:
        """A running fight holds the clock: a rest is refused, another advance asks first."""
        reason = fight_hold(self.document.campaign)
        if reason is None:
            return False
        if not rest and self.confirm is not None and self.confirm(reason):
            return False
        self.refused.emit(("No rest: " if rest else "The clock did not move: ") + reason)
        return True

    @property
    def calendar(self) -> Calendar:
        return Calendar(self.document.campaign.settings.time)

    def now_text(self) -> str:
        return self.calendar.format(self.document.campaign.time)

    def _push(self, operation: Operation[list[Happening]], *,
              rest: bool = False) -> AdvanceClock | None:
        """Every move of the clock comes here, so a running fight holds each."""
        if self._held(rest):
            return None
        return self.document.execute(
            operation, done=lambda changes: self.changed.emit(changes or []))

    def advance(self, what: str) -> AdvanceClock | None:
        time = self.document.campaign.settings.time
        if what in ("short", "long"):
            label = "Short rest" if what == "short" else "Long rest"
            groups = self.rest_groups
            if groups is not None:
                label += " (" + ", ".join(GROUP_NAMES[g] for g in sorted(groups)) + ")"
            return self._push(rest_party(cast(RestKind, what), self.roller, groups=groups,
                                         text=label), rest=True)
        size = seconds(cast(Unit, what), 1, time)  # R27: a turn out of combat
        return self._push(advance_clock(size, self.roller, f"Advance a {what}"))

    def advance_to(self, target: int) -> AdvanceClock | None:
        if target < self.document.campaign.time:
            raise ValueError("that date is in the past: the clock only runs forward")
        return self._push(advance_clock_to(target, self.roller,
                                           f"Advance to {self.calendar.format(target)}"))


def summarize(changes: list[Happening]) -> str:
    """``3 conditions ended, 2 charges restored, 1 repair done`` for the status line."""
    if not changes:
        return "nothing else changed"
    names = {"condition": "condition(s) ended", "injury": "injury(ies) healed",
             "charges": "item(s) recharged", "daily": "healing cap(s) reset",
             "repair": "repair(s) done", "training": "training(s) done", "rest": "rested",
             "timer": "timer(s) ran out", "light": "light(s) burnt out",
             "spell_effect": "spell effect(s) ended", "dying": "death(s)",
             "cannot_cast": "casting bar(s) lifted", "year_end": "year(s) ended"}
    counts: dict[str, int] = {}
    for change in changes:
        counts[change.kind] = counts.get(change.kind, 0) + 1
    return ", ".join(f"{n} {names.get(kind, kind)}" for kind, n in counts.items())


class TimelineModel(ListTableModel[Timed]):
    """What ends when: every timeline entry, soonest first."""

    COLUMNS = ("What", "Who", "In", "Ends")

    def __init__(self, document: CampaignDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.refresh()

    def load(self) -> list[Timed]:
        return upcoming(self.document.campaign)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        entry = self.rows[index.row()]
        campaign = self.document.campaign
        if role == Qt.ItemDataRole.ToolTipRole:
            ends = ("at a rest" if entry.ends_at is None
                    else Calendar(campaign.settings.time).format(entry.ends_at))
            return tooltip(f"{entry.label} — ends {ends}")  # a label is the GM's words
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        column = (2, 3, 1, 0)[index.column()]  # the columns as shown → the cases below
        if column == 0:
            if entry.ends_at is None:
                return "at the next long rest" if entry.ends_on == "long_rest" else \
                    "at the next rest"
            return _short(Calendar(campaign.settings.time), entry.ends_at)
        if column == 1:
            remaining = entry.remaining(campaign.time)
            return "—" if remaining is None else format_duration(remaining)
        if column == 2:
            return entry.label
        who = _name(campaign, entry.character_id)
        return who or "party"


def _short(calendar: Calendar, t: int) -> str:
    """``14 Month 3, 10:30``: the year only matters in the full date (the tooltip)."""
    d = calendar.to_date(t)
    return f"{d.day} {calendar.month_names[d.month - 1]}, {d.hour:02d}:{d.minute:02d}"


def _name(campaign: Campaign, character_id: str | None) -> str:
    character: Character | None = next(
        (c for c in campaign.characters if c.id == character_id), None)
    return character.name if character is not None else ""


class TimelineView(QWidget):
    """The timeline table above the list of what the last advance changed."""

    def __init__(self, controller: ClockController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.model = TimelineModel(controller.document, self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setAccessibleName("Timeline")
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, width in ((1, 130), (2, 100), (3, 130)):
            header.resizeSection(column, width)
        # wants 420 px where there is room, yet never widens the window: the table scrolls
        self.setMinimumWidth(200)
        self.heading = QLabel("What changed", self)
        self.heading.setWordWrap(True)
        self.changes = QListWidget(self)
        self.changes.setAccessibleName("What changed")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.heading)
        layout.addWidget(self.changes, 1)
        self.show_changes(controller.last_changes)
        controller.changed.connect(self.show_changes)
        controller.document.campaignChanged.connect(self._campaign_changed)

    def sizeHint(self) -> QSize:
        return QSize(420, super().sizeHint().height())

    def _campaign_changed(self, change: CampaignChange) -> None:
        if change.time or change.timeline or change.settings:
            self.model.sync()
            if self.model.rows:  # "In" counts from the time now
                self.model.dataChanged.emit(self.model.index(0, 0), self.model.index(
                    len(self.model.rows) - 1, len(self.model.COLUMNS) - 1))
        elif self.model.rows and any("name" in f for f in change.characters.values()):
            self.model.dataChanged.emit(self.model.index(0, WHO),
                                        self.model.index(len(self.model.rows) - 1, WHO))

    def show_changes(self, changes: list[Happening]) -> None:
        self.changes.clear()
        calendar = self.controller.calendar
        for change in changes:
            self.changes.addItem(f"{_short(calendar, change.at)} — {change.text}")
        self.heading.setText(f"What changed: {summarize(changes)}" if changes else
                             "What changed")


class AdvanceToDialog(QDialog):
    """Pick a date and hour to advance to; a date in the past is refused with the reason."""

    def __init__(self, controller: ClockController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Advance to a date")
        calendar = controller.calendar
        now = calendar.to_date(controller.document.campaign.time)
        self.year, self.month, self.day, self.hour = (QSpinBox(self) for _ in range(4))
        for box, low, high, value in ((self.year, 1, 100_000, now.year),
                                      (self.month, 1, len(calendar.month_names), now.month),
                                      (self.day, 1, calendar.days_per_month, now.day),
                                      (self.hour, 0, 23, now.hour)):
            box.setRange(low, high)
            box.setValue(value)
        self.error = QLabel("", self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout(self)
        form.addRow("Year", self.year)
        form.addRow("Month", self.month)
        form.addRow("Day", self.day)
        form.addRow("Hour", self.hour)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.controller = controller

    def target(self) -> int:
        return self.controller.calendar.from_date(self.year.value(), self.month.value(),
                                                  self.day.value(), self.hour.value())

    def accept(self) -> None:
        if self.target() < self.controller.document.campaign.time:
            self.error.setText("That moment is already past: the clock only runs forward.")
            return
        super().accept()
