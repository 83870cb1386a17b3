"""The main window's Encounter menu: build encounters, keep them in the campaign, open them.

An encounter is an :class:`~emberkeep.campaign.model.EncounterRecord` in ``campaign.
encounters``; creating or deleting one is a recorded undo step like any edit, and a tab whose
record leaves the campaign (deleted, or its creation undone) closes. Opening one shows it
in a tab of the main window (one tab per encounter), resumed exactly where it stopped. The
encounters shown in tabs are remembered per campaign file (``AppState.open_fights``), so the
next time that file opens they come back as tabs, where they stood. The menu's entries and keys
are declared below for the window's registry.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.campaign.scope import Scope
from gui import dialogs
from gui.action_registry import ActionSpec, MenuSpec, Place
from gui.document import CampaignDocument
from gui.plain_text import tooltip_of_text

# Start-up: the encounter window, its session and the fight engine under them are imported
# when the first encounter opens, not for the first window (a fifth of its start-up time).
if TYPE_CHECKING:
    from gui.encounter.session import EncounterSession
    from gui.encounter.window import EncounterWindow
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "MENUS", "EncounterTools"]


class EncounterTools(QObject):
    """A child of the window, as the other tools are: each document's signals connect to its
    methods, and PySide6 keeps a weak reference for every such slot of a plain Python object
    after its sender is gone (one per slot per open); for a QObject's slots it keeps none."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.open: dict[str, EncounterWindow] = {}
        # Sessions belong to the document: the undo stack keeps commands over them after a
        # tab is closed, so a closed encounter still undoes, and reopens as it stands.
        self.sessions: dict[str, EncounterSession] = {}
        window.document_hooks.append(self.follow)
        # A fight the GM closes puts its rounds so far on the campaign clock (R27)
        window.tabs.tabCloseRequested.connect(self._tab_closed)

    def _tab_closed(self, *_: object) -> None:
        """After the main window closed a tab: an encounter no longer shown leaves its fight
        (its rounds so far onto the clock, one undo command; nothing if already there)."""
        tabs = self.window.tabs
        for record_id, widget in list(self.open.items()):
            if tabs.indexOf(widget) < 0:
                del self.open[record_id]
                widget.session.leave()
        self.remember_open()

    def follow(self, document: CampaignDocument) -> None:
        # the window closes every tab but the roster when it changes campaign; what the old
        # campaign showed stays remembered for its file
        self.open = {}
        self.sessions = {}
        document.campaignChanged.connect(self._campaign_changed)
        document.pathChanged.connect(lambda _path: self.remember_open())  # Save As: the new file
        # once the window has taken the document whole (its other parts follow it after this)
        QTimer.singleShot(0, self.window, lambda: self.reopen(document))

    # -- where the GM left off ------------------------------------------------------------------

    def remember_open(self) -> None:
        """Note, for the campaign's file, which encounters its tabs show (in tab order)."""
        document = self.window.document
        if document is None or document.path is None:
            return  # a campaign never saved has no file to come back to
        tabs = self.window.tabs
        shown = sorted((tabs.indexOf(w), rid) for rid, w in self.open.items()
                       if tabs.indexOf(w) >= 0)
        state = self.window.state
        ids = [rid for _index, rid in shown]
        if ids != state.fights_of(document.path):
            state.set_open_fights(document.path, ids)
            state.save()

    def reopen(self, document: CampaignDocument) -> list[EncounterWindow]:
        """The encounters the campaign's file showed when it was last closed, as tabs again,
        each resumed from its record. One no longer in the campaign (deleted, or the file
        changed since) is skipped without a word; one that cannot be rebuilt is named in one
        message and forgotten, so it is not reported again."""
        if self.window.document is not document or document.path is None:
            return []  # another campaign was opened meanwhile
        remembered = self.window.state.fights_of(document.path)
        records = {r.id: r for r in document.campaign.encounters}
        reopened: list[EncounterWindow] = []
        failed: list[str] = []
        for record_id in remembered:
            record = records.get(record_id)
            if record is None or record_id in self.open:
                continue  # gone from the file, or already in a tab (opened since the start)
            from emberkeep.encounter.engine import RuleError  # a fight to show: start-up is over
            from emberkeep.encounter.persist import EncounterFileError

            try:
                reopened.append(self._show(record))
            except (EncounterFileError, RuleError, ValueError) as exc:
                failed.append(str(exc) or record.name)
        self.remember_open()  # what is not shown now is forgotten
        if failed:
            dialogs.show_error(
                self.window, "Some fights could not be reopened",
                "These fights were open when the campaign was last closed but could not be "
                "rebuilt; they stay in Encounter → Open Encounter:\n\n" + "\n".join(failed))
        return reopened

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

    def fill_open_menu(self, menu: QMenu) -> None:
        """Encounter → Open Encounter: the campaign's encounters, each with its status."""
        menu.clear()
        for record in self.document.campaign.encounters:
            action = tooltip_of_text(menu.addAction(f"{record.name} ({record.status.value})"))
            action.triggered.connect(lambda _=False, rid=record.id: self.open_encounter(rid))
        menu.setEnabled(bool(self.document.campaign.encounters))

    def new_encounter(self, name: str) -> EncounterWindow | None:
        campaign = self.document.campaign
        record = EncounterRecord(name=name.strip()[:200] or "Encounter",
                                 room_dc=campaign.settings.default_room_dc)
        self.document.run(f"New encounter {record.name}",
                          lambda c: c.encounters.append(record),
                          scope=Scope.of(fields=("encounters",)))
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
        from emberkeep.encounter.persist import EncounterFileError

        try:
            widget = self._show(record)
        except EncounterFileError as exc:
            dialogs.show_error(self.window, "Cannot resume the encounter", str(exc))
            return None
        self.remember_open()
        return widget

    def _show(self, record: EncounterRecord) -> EncounterWindow:
        """``record`` in a new tab in front, resumed; raises what its rebuilding refuses."""
        from gui.encounter.session import EncounterSession
        from gui.encounter.window import EncounterWindow

        tabs = self.window.tabs
        session = self.sessions.get(record.id)
        if session is None:
            session = EncounterSession(self.document, record, self.window.roller,
                                       self.document)
            self.sessions[record.id] = session
        widget = EncounterWindow(session, self.window.roller, tabs)
        self.open[record.id] = widget
        tabs.addTab(widget, f"⚔ {record.name}")
        tabs.setCurrentWidget(widget)
        widget.setFocus()
        return widget

    def current(self) -> EncounterWindow | None:
        # asked at every update of the menus: no window class imported just to say no
        module = sys.modules.get("gui.encounter.window")
        if module is None:
            return None  # no encounter window was ever made
        widget = self.window.tabs.currentWidget()
        return widget if isinstance(widget, module.EncounterWindow) else None

    def close_encounter(self, record_id: str) -> None:
        widget = self.open.pop(record_id, None)
        if widget is not None and self.window.tabs.indexOf(widget) >= 0:
            self.window.close_tab(self.window.tabs.indexOf(widget))
        self.remember_open()

    def delete_current(self) -> None:
        widget = self.current()
        if widget is None:
            return
        record = widget.session.record

        def delete(campaign: Campaign) -> None:
            campaign.encounters.remove(record)

        self.document.run(f"Delete encounter {record.name}", delete,
                          scope=Scope.of(fields=("encounters",)))

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
        from gui.bestiary.window import BestiaryWindow  # imported when first asked

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


def _in_front(window: MainWindow) -> bool:
    """What acts on "the current encounter" is enabled only while one is in front."""
    return window.encounter_tools.current() is not None


def _fill_screen_menu(menu: QMenu, window: MainWindow) -> None:
    from gui.encounter.player_screens import fill_screen_menu

    fill_screen_menu(menu, window.encounter_tools.current(), window)


def _shortcuts(window: MainWindow) -> None:
    from gui.encounter.shortcuts import ShortcutsDialog

    ShortcutsDialog(window).exec()


MENUS: tuple[MenuSpec[MainWindow], ...] = (
    MenuSpec("encounter.open", "&Open Encounter", Place("encounter", 0, 1),
             fill=lambda w, menu: w.encounter_tools.fill_open_menu(menu)),
    MenuSpec("encounter.screens", "Player View Full&screen On", Place("encounter", 1, 1),
             enabled=_in_front,
             fill=lambda w, menu: _fill_screen_menu(menu, w)),
)

ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("encounter.new", "&New Encounter…", lambda w: w.encounter_tools.ask_new(),
               keys=("Ctrl+Shift+B",),  # B: battle (Ctrl+Shift+N is a new character)
               places=(Place("encounter", 0, 0),)),
    ActionSpec("encounter.delete", "&Delete This Encounter",
               lambda w: w.encounter_tools.delete_current(), enabled=_in_front,
               places=(Place("encounter", 0, 2),)),
    ActionSpec("encounter.player_view", "&Player View",
               lambda w: w.encounter_tools.player_view(),
               tooltip="Show the current encounter on a second screen (F5)", enabled=_in_front,
               places=(Place("encounter", 1, 0),)),
    ActionSpec("encounter.award_xp", "&Award XP…", lambda w: w.encounter_tools.award_xp(),
               tooltip="R32: 0-4 XP to each survivor; the app suggests by danger",
               keys=("Ctrl+Shift+X",), enabled=_in_front, places=(Place("encounter", 1, 2),)),
    ActionSpec("encounter.bestiary", "&Bestiary…", lambda w: w.encounter_tools.show_bestiary(),
               tooltip="Monster templates: search, add N to the encounter, edit, delete",
               keys=("Ctrl+Alt+B",),  # Ctrl+Alt+M is the magic item editor
               places=(Place("encounter", 1, 3),)),
    ActionSpec("encounter.odds", "Odds of &This Fight…", lambda w: w.encounter_tools.show_odds(),
               tooltip="Simulate the current encounter many times under the campaign's rules "
                       "(Shift+O in the encounter)",
               places=(Place("encounter", 1, 4),)),
    ActionSpec("encounter.recap", "Export &Recap (Markdown)…",
               lambda w: w.encounter_tools.export_recap(), enabled=_in_front,
               places=(Place("encounter", 1, 5),)),
    ActionSpec("help.encounter_shortcuts", "Encounter &Shortcuts",
               _shortcuts, places=(Place("help", 0, 0),)),
)
