"""The main window's Encounter menu: build encounters, keep them in the campaign, open them.

An encounter is an :class:`~emberkeep.campaign.model.EncounterRecord` in ``campaign.
encounters``; creating or deleting one is a recorded undo step like any edit, and a tab whose
record leaves the campaign (deleted, or its creation undone) closes. Opening one shows it
in a tab of the main window (one tab per encounter), resumed exactly where it stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.encounter.persist import EncounterFileError
from gui import dialogs
from gui.document import CampaignDocument
from gui.encounter.player_screens import fill_screen_menu
from gui.encounter.session import EncounterSession
from gui.encounter.shortcuts import ShortcutsDialog
from gui.encounter.window import EncounterWindow
from gui.plain_text import tooltip_of_text

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["EncounterTools", "install_encounter_tools"]


class EncounterTools:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.open: dict[str, EncounterWindow] = {}
        # Sessions belong to the document: the undo stack keeps commands over them after a
        # tab is closed, so a closed encounter still undoes, and reopens as it stands.
        self.sessions: dict[str, EncounterSession] = {}
        menu = window.menuBar().addMenu("E&ncounter")
        self.menu = menu
        self.new_action = QAction("&New Encounter…", window)
        self.new_action.setShortcut(QKeySequence("Ctrl+Shift+B"))  # B: battle (N: new character)
        self.new_action.triggered.connect(self.ask_new)
        menu.addAction(self.new_action)
        self.open_menu = QMenu("&Open Encounter", window)
        self.open_menu.aboutToShow.connect(self._fill_open_menu)
        menu.addMenu(self.open_menu)
        self.delete_action = QAction("&Delete This Encounter", window)
        self.delete_action.triggered.connect(self.delete_current)
        menu.addAction(self.delete_action)
        menu.addSeparator()
        self.player_view_action = QAction("&Player View", window)
        self.player_view_action.setToolTip("Show the current encounter on a second screen (F5)")
        self.player_view_action.triggered.connect(self.player_view)
        menu.addAction(self.player_view_action)
        self.screens_menu = QMenu("Player View Full&screen On", window)  # issue #19
        self.screens_menu.aboutToShow.connect(
            lambda: fill_screen_menu(self.screens_menu, self.current(), window))
        menu.addMenu(self.screens_menu)
        self.award_action = QAction("&Award XP…", window)
        self.award_action.setShortcut(QKeySequence("Ctrl+Shift+X"))
        self.award_action.setToolTip("R32: 0-4 XP to each survivor; the app suggests by danger")
        self.award_action.triggered.connect(self.award_xp)
        menu.addAction(self.award_action)
        self.bestiary_action = QAction("&Bestiary…", window)
        self.bestiary_action.setShortcut(QKeySequence("Ctrl+Alt+B"))  # Ctrl+Alt+M: magic items
        self.bestiary_action.setToolTip("Monster templates: search, add N to the encounter, "
                                        "edit, delete")
        self.bestiary_action.triggered.connect(self.show_bestiary)
        menu.addAction(self.bestiary_action)
        self.odds_action = QAction("Odds of &This Fight…", window)
        self.odds_action.setToolTip("Simulate the current encounter many times under the "
                                    "campaign's rules (Shift+O in the encounter)")
        self.odds_action.triggered.connect(self.show_odds)
        menu.addAction(self.odds_action)
        self.recap_action = QAction("Export &Recap (Markdown)…", window)
        self.recap_action.triggered.connect(self.export_recap)
        menu.addAction(self.recap_action)
        help_menu = next((a.menu() for a in window.menuBar().actions()
                          if a.text().replace("&", "") == "Help" and a.menu() is not None), None)
        if not isinstance(help_menu, QMenu):
            # No mnemonic: Alt+H advances the clock an hour, Alt+E is Edit, Alt+L a long rest
            # and Alt+P is Add PCs… in an encounter (#19); F10 or Alt and the arrows reach it
            help_menu = window.menuBar().addMenu("Help")
        self.shortcuts_action = QAction("Encounter &Shortcuts", window)
        self.shortcuts_action.triggered.connect(lambda: ShortcutsDialog(window).exec())
        help_menu.addAction(self.shortcuts_action)
        window.document_hooks.append(self.follow)
        # What acts on "the current encounter" is disabled while none is in front (#19)
        self.encounter_actions = (self.delete_action, self.player_view_action,
                                  self.screens_menu.menuAction(), self.award_action,
                                  self.recap_action)
        window.tabs.currentChanged.connect(lambda _n: self.update_actions())
        self.update_actions()
        # Issue #5: a fight the GM closes puts its rounds so far on the campaign clock (R27)
        window.tabs.tabCloseRequested.connect(self._tab_closed)

    def update_actions(self) -> None:
        shown = self.current() is not None
        for action in self.encounter_actions:
            action.setEnabled(shown)

    def _tab_closed(self, *_: object) -> None:
        """After the main window closed a tab: an encounter no longer shown leaves its fight
        (its rounds so far onto the clock, one undo command; nothing if already there)."""
        tabs = self.window.tabs
        for record_id, widget in list(self.open.items()):
            if tabs.indexOf(widget) < 0:
                del self.open[record_id]
                widget.session.leave()

    def follow(self, document: CampaignDocument) -> None:
        # the window closes every tab but the roster when it changes campaign
        self.open = {}
        self.sessions = {}
        document.campaignChanged.connect(self._campaign_changed)

    def _campaign_changed(self, change: Change) -> None:
        if not change.encounters:
            return
        present = {r.id for r in self.document.campaign.encounters}
        for record_id in change.encounters - present:
            self.close_encounter(record_id)

    @property
    def document(self) -> CampaignDocument:
        assert self.window.document is not None
        return self.window.document

    def _fill_open_menu(self) -> None:
        self.open_menu.clear()
        for record in self.document.campaign.encounters:
            action = tooltip_of_text(
                self.open_menu.addAction(f"{record.name} ({record.status.value})"))
            action.triggered.connect(lambda _=False, rid=record.id: self.open_encounter(rid))
        self.open_menu.setEnabled(bool(self.document.campaign.encounters))

    def new_encounter(self, name: str) -> EncounterWindow | None:
        campaign = self.document.campaign
        record = EncounterRecord(name=name.strip()[:200] or "Encounter",
                                 room_dc=campaign.settings.default_room_dc)
        self.document.run(f"New encounter {record.name}",
                          lambda c: c.encounters.append(record))
        return self.open_encounter(record.id)

    def ask_new(self) -> EncounterWindow | None:
        number = len(self.document.campaign.encounters) + 1
        name, ok = QInputDialog.getText(self.window, "New encounter", "Name:",
                                        text=f"Encounter {number}")
        return self.new_encounter(name) if ok else None

    def open_encounter(self, record_id: str) -> EncounterWindow | None:
        tabs = self.window.tabs
        shown = self.open.get(record_id)
        if shown is not None and tabs.indexOf(shown) >= 0:
            tabs.setCurrentWidget(shown)
            return shown
        record = next((r for r in self.document.campaign.encounters if r.id == record_id), None)
        if record is None:
            return None
        try:
            session = self.sessions.get(record_id)
            if session is None:
                session = EncounterSession(self.document, record, self.window.roller,
                                           self.document)
                self.sessions[record_id] = session
            widget = EncounterWindow(session, self.window.roller, tabs)
        except EncounterFileError as exc:
            dialogs.show_error(self.window, "Cannot resume the encounter", str(exc))
            return None
        self.open[record_id] = widget
        tabs.addTab(widget, f"⚔ {record.name}")
        tabs.setCurrentWidget(widget)
        widget.setFocus()
        return widget

    def current(self) -> EncounterWindow | None:
        widget = self.window.tabs.currentWidget()
        return widget if isinstance(widget, EncounterWindow) else None

    def close_encounter(self, record_id: str) -> None:
        widget = self.open.pop(record_id, None)
        if widget is not None and self.window.tabs.indexOf(widget) >= 0:
            self.window.close_tab(self.window.tabs.indexOf(widget))

    def delete_current(self) -> None:
        widget = self.current()
        if widget is None:
            return
        record = widget.session.record

        def delete(campaign: Campaign) -> None:
            campaign.encounters.remove(record)

        self.document.run(f"Delete encounter {record.name}", delete)

    def player_view(self) -> None:
        widget = self.current()
        if widget is not None:
            widget.toggle_player_view()

    def award_xp(self) -> None:
        from gui.encounter.award_xp import AwardXpDialog, award

        widget = self.current()
        if widget is None:
            return
        dialog = AwardXpDialog(widget, self.window)
        if dialog.exec():
            award(widget, dialog.amount.value())

    def show_bestiary(self) -> QWidget:
        from gui.bestiary.window import BestiaryWindow  # issue #21

        document = self.document
        shown = next((w for w in self.window.findChildren(BestiaryWindow)
                      if w.document is document), None)
        if shown is None:
            shown = BestiaryWindow(document, self.current, self.window)
        shown.show()
        shown.raise_()
        shown.activateWindow()
        return shown

    def show_odds(self) -> None:
        from gui.encounter.odds_dialog import open_odds

        widget = self.current()
        if widget is not None:
            open_odds(widget, widget.session)

    def export_recap(self) -> None:
        widget = self.current()
        if widget is not None:
            widget.export_recap()


def install_encounter_tools(window: MainWindow) -> EncounterTools:
    tools = EncounterTools(window)
    window.encounter_tools = tools  # type: ignore[attr-defined]
    return tools
