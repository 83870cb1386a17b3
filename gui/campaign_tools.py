"""The main window's campaign tools: the clock (date in the status bar, Advance menu, timeline
dock) and the Repairs tab. Each follows the window's open campaign through its document hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QMessageBox

from emberkeep.campaign.changes import Change
from gui.clock import AdvanceToDialog, ClockController, TimelineView, advance_actions, summarize
from gui.document import CampaignDocument
from gui.repairs_window import RepairsWindow

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["CampaignTools", "install_campaign_tools"]


class CampaignTools(QObject):
    """A child of the window, so its connections die with it (no call into deleted widgets
    while the window is torn down)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.clock: ClockController | None = None
        self.timeline: TimelineView | None = None
        self.repairs: RepairsWindow | None = None

        self.date_label = QLabel(window)
        self.date_label.setTextFormat(Qt.TextFormat.PlainText)
        self.date_label.setToolTip("The campaign's game date and time (R27)")
        self.date_label.setStyleSheet("font-weight: bold; padding: 0 16px 0 4px;")
        window.statusBar().insertPermanentWidget(0, self.date_label)

        self.dock = QDockWidget("Timeline", window)
        self.dock.setObjectName("timeline")
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()

        menu = window.menuBar().addMenu("&Campaign")
        self.advance_menu = QMenu("&Advance", window)
        menu.addMenu(self.advance_menu)
        self.to_date_action = QAction("Advance to a Dat&e…", window)
        self.to_date_action.setShortcut(QKeySequence("Alt+G"))
        self.to_date_action.triggered.connect(self.advance_to_date)
        menu.addAction(self.dock.toggleViewAction())
        self.dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+T"))
        self.repairs_action = QAction("&Repairs", window)
        self.repairs_action.setShortcut(QKeySequence("Ctrl+R"))
        self.repairs_action.triggered.connect(self.show_repairs)
        menu.addAction(self.repairs_action)
        window.document_hooks.append(self.follow)

    def follow(self, document: CampaignDocument) -> None:
        """The window opened another campaign: rebuild everything around it."""
        self.clock = ClockController(document, self.window.roller, self.window)
        self.clock.changed.connect(self.after_advance)
        # issue #17: a running fight holds the clock (a rest refused, an advance asked first)
        self.clock.refused.connect(lambda text: self.window.statusBar().showMessage(text, 10000))
        self.clock.confirm = self._confirm_advance
        if self.timeline is not None:
            self.timeline.deleteLater()
        self.timeline = TimelineView(self.clock, self.dock)
        self.dock.setWidget(self.timeline)
        self.advance_menu.clear()
        for action in advance_actions(self.clock, self.advance_menu):
            self.advance_menu.addAction(action)
        self.advance_menu.addSeparator()
        self.advance_menu.addAction(self.to_date_action)
        # the window closes every tab but the roster when it changes campaign
        self.repairs = None
        document.campaignChanged.connect(self._campaign_changed)
        self.update_date()

    def _campaign_changed(self, change: Change) -> None:
        if change.time or change.settings:  # the calendar's month names are settings
            self.update_date()

    def update_date(self, *_: object) -> None:
        if self.clock is not None:
            self.date_label.setText(self.clock.now_text())

    def after_advance(self, changes: list[object]) -> None:
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
        if self.clock is None:
            return
        dialog = AdvanceToDialog(self.clock, self.window)
        if dialog.exec():
            self.clock.advance_to(dialog.target())

    def show_repairs(self) -> RepairsWindow:
        document = self.window.document
        assert document is not None
        if self.repairs is None or self.window.tabs.indexOf(self.repairs) < 0:
            # never opened, or its tab was closed (the widget is on its way out)
            self.repairs = RepairsWindow(document, self.window)
            self.window.tabs.addTab(self.repairs, "Repairs")
        self.window.tabs.setCurrentWidget(self.repairs)
        return self.repairs


def install_campaign_tools(window: MainWindow) -> CampaignTools:
    from gui.rest_groups import install_rest_groups

    tools = CampaignTools(window)
    window.campaign_tools = tools  # type: ignore[attr-defined]
    install_rest_groups(tools)
    return tools
