"""The main window's campaign tools: the clock (date in the status bar, Campaign → Advance, the
timeline dock) and the Repairs tab. They follow the window's open campaign through its document
hooks; their menu entries and keys are declared below for the window's registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMessageBox

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.changes import Change
from emberkeep.character.groups import CharacterGroup
from gui.action_registry import ActionSpec, MenuSpec, Place
from gui.document import CampaignDocument

# The clock's controller, its timeline and the clock's rules load when the GM first moves the
# clock or shows the timeline: the first window shows only the date, which the calendar gives.
if TYPE_CHECKING:
    from gui.clock import ClockController, TimelineView
    from gui.main_window import MainWindow
    from gui.repairs_window import RepairsWindow

__all__ = ["ACTIONS", "ADVANCES", "MENUS", "CampaignTools"]

# (label, shortcut, what it does) for the Advance menu and the clock bar.
ADVANCES: list[tuple[str, str, str]] = [
    ("Turn", "Alt+T", "turn"),
    ("Hour", "Alt+H", "hour"),
    ("Short Rest", "Alt+S", "short"),
    ("Long Rest", "Alt+L", "long"),
    ("Day", "Alt+D", "day"),
    ("Week", "Alt+W", "week"),
]


class CampaignTools(QObject):
    """A child of the window, so its connections die with it (no call into deleted widgets
    while the window is torn down)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document: CampaignDocument | None = None
        self._clock: ClockController | None = None
        self.timeline: TimelineView | None = None
        self.repairs: RepairsWindow | None = None
        # Who Rests: the GM's answer to "who is resting now?" belongs to the session at the
        # table, not to the campaign file; kept while the app runs, whichever campaign is open.
        # None: everyone but the dead or retired.
        self.resting: frozenset[CharacterGroup] | None = None

        self.date_label = QLabel(window)
        self.date_label.setTextFormat(Qt.TextFormat.PlainText)
        self.date_label.setToolTip("The campaign's game date and time (R27)")
        self.date_label.setStyleSheet("font-weight: bold; padding: 0 16px 0 4px;")
        window.statusBar().insertPermanentWidget(0, self.date_label)

        self.dock = QDockWidget("Timeline", window)
        self.dock.setObjectName("timeline")
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        # The timeline is made when its dock first shows: most starts never show it, and the
        # first window does not wait for it (bench/startup.py)
        self.dock.visibilityChanged.connect(self._show_timeline)
        window.document_hooks.append(self.follow)

    def follow(self, document: CampaignDocument) -> None:
        """The window opened another campaign: rebuild everything around it."""
        self.document = document
        self._clock = None  # the old one was its document's child: it goes with its campaign
        if self.timeline is not None:
            self.timeline.deleteLater()
            self.timeline = None
        self._show_timeline(not self.dock.isHidden())  # a layout restored it shown
        # the window closes every tab but the roster when it changes campaign; the Repairs tab
        # it keeps (see show_repairs) goes with its campaign
        if self.repairs is not None:
            self.repairs.deleteLater()
        self.repairs = None
        document.campaignChanged.connect(self._campaign_changed)
        self.update_date()

    @property
    def clock(self) -> ClockController | None:
        """The open campaign's clock, made when first asked for (None: no campaign)."""
        if self._clock is None and self.document is not None:
            from gui.clock import ClockController

            # The document's child: it goes with its campaign. Parented to the window, every
            # clock (and the campaign it holds) stayed alive until the window closed.
            clock = ClockController(self.document, self.window.roller, self.document)
            clock.changed.connect(self.after_advance)
            # a running fight holds the clock (a rest refused, an advance asked first)
            clock.refused.connect(lambda text: self.window.statusBar().showMessage(text, 10000))
            clock.confirm = self._confirm_advance
            clock.rest_groups = self.resting
            self._clock = clock
        return self._clock

    def _show_timeline(self, shown: bool) -> None:
        if shown and self.timeline is None and (clock := self.clock) is not None:
            from gui.clock import TimelineView

            self.timeline = TimelineView(clock, self.dock)
            self.dock.setWidget(self.timeline)

    def advance(self, what: str) -> None:
        """Campaign → Advance: a turn, an hour, a rest, a day or a week (``ADVANCES``)."""
        if (clock := self.clock) is not None:
            clock.advance(what)

    def rest_who(self, groups: frozenset[CharacterGroup] | None) -> None:
        """Campaign → Advance → Who Rests: the groups the next rests rest (None: everyone)."""
        self.resting = groups
        if self._clock is not None:  # one made later reads ``resting``
            self._clock.rest_groups = groups

    def _campaign_changed(self, change: Change) -> None:
        if change.time or change.settings:  # the calendar's month names are settings
            self.update_date()

    def update_date(self, *_: object) -> None:
        if self.document is not None:  # what the clock's now_text says, without the clock
            campaign = self.document.campaign
            self.date_label.setText(Calendar(campaign.settings.time).format(campaign.time))

    def after_advance(self, changes: list[object]) -> None:
        from gui.clock import summarize

        self.update_date()
        if changes:
            self.window.statusBar().showMessage(summarize(changes), 8000)  # type: ignore[arg-type]

    def _confirm_advance(self, reason: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, "A fight is running",
                          f"{reason[0].upper()}{reason[1:]}.\n\nAdvance the clock anyway?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the reason names the fights
        box.setDefaultButton(QMessageBox.StandardButton.No)  # Enter keeps the fight's time
        return box.exec() == QMessageBox.StandardButton.Yes

    def advance_to_date(self) -> None:
        if (clock := self.clock) is None:
            return
        from gui.clock import AdvanceToDialog

        dialog = AdvanceToDialog(clock, self.window)
        if dialog.exec():
            clock.advance_to(dialog.target())

    def show_repairs(self) -> RepairsWindow:
        document = self.window.document
        assert document is not None
        if self.repairs is None:
            from gui.repairs_window import RepairsWindow  # with the first Repairs tab

            self.repairs = RepairsWindow(document, self.window)
        elif self.repairs.asleep:
            # its tab was closed: the window kept it (RepairsWindow.tab_closed), so Ctrl+R shows
            # it again read afresh instead of building its widgets again
            self.repairs.reopen()
        if self.window.tabs.indexOf(self.repairs) < 0:
            self.window.tabs.addTab(self.repairs, "Repairs")
        self.window.tabs.setCurrentWidget(self.repairs)
        self.repairs.take_keys()  # as a sheet's fields take them (Qt left them on the tab bar)
        return self.repairs


def _advancer(what: str) -> Callable[[MainWindow], None]:
    return lambda window: window.campaign_tools.advance(what)


MENUS: tuple[MenuSpec[MainWindow], ...] = (
    MenuSpec("campaign.advance", "&Advance", Place("campaign", 0, 0)),)

ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    # one key each: Alt+T a turn, Alt+H an hour, Alt+S and Alt+L the rests … Alt+W a week
    *(ActionSpec(f"campaign.advance.{what}",
                 label if what in ("short", "long") else f"Advance &{label}", _advancer(what),
                 keys=(key,), places=(Place("campaign.advance", 0, number),))
      for number, (label, key, what) in enumerate(ADVANCES)),
    ActionSpec("campaign.advance_to_date", "Advance to a Dat&e…",
               lambda w: w.campaign_tools.advance_to_date(), keys=("Alt+G",),
               places=(Place("campaign.advance", 1, 0),)),
    ActionSpec("campaign.timeline", "Timeline", None,
               adopt=lambda w: w.campaign_tools.dock.toggleViewAction(), keys=("Ctrl+T",),
               places=(Place("campaign", 0, 1),)),
    ActionSpec("campaign.repairs", "&Repairs", lambda w: w.campaign_tools.show_repairs(),
               keys=("Ctrl+R",), places=(Place("campaign", 0, 2),)),
)
