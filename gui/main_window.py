"""The main window: the roster, a tab per sheet and encounter, and the unsaved-changes guard.

One window shows one campaign (a :class:`CampaignDocument`); New and Open replace it after the
Save / Discard / Cancel prompt. The undo stack's clean state drives the title's ``[*]`` marker
and that prompt. Every dialog goes through :mod:`gui.dialogs` so tests can answer it.

What the window is made of is listed once, in :class:`MainWindow`: its parts (typed attributes
it makes itself) and its menus, toolbar and keys, built from :func:`main_window_registry`
(:mod:`gui.main_window_actions`), which collects what each part declares
(:mod:`gui.action_registry`).

Start-up waits for this window (bench/startup.py): what it does not show at first (a sheet, the
creation rules) is imported where it is first used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QWidget,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, Roller
from emberkeep.gear.purse import format_coins
from emberkeep.refusal import Refused
from gui import dialogs, paths
from gui.action_registry import WindowActions
from gui.campaign_tools import CampaignTools
from gui.document import CampaignDocument
from gui.encounter.tools import EncounterTools
from gui.explain import install as install_explanations
from gui.main_window_actions import main_window_registry
from gui.plain_text import tooltip, tooltip_of_text
from gui.roster_model import COLUMNS, CharacterIdRole, RosterModel
from gui.roster_view import RosterPane
from gui.ruling_tips import install as install_ruling_tips
from gui.safety_tools import SafetyTools
from gui.screen_fit import elastic, frame_inside, place_window, remember_geometry
from gui.settings_tools import SettingsTools
from gui.share_tools import ShareTools
from gui.sheet.actions import connect_sheet
from gui.state import AppState
from gui.tab_names import rename_tab
from gui.toolbox import Toolbox
from gui.undo_keys import CampaignUndoKeys
from gui.window_layout import remember_layout, remember_tab, restore_layout

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["MainWindow", "funnel_character", "main_window_registry"]

APP_TITLE = "Emberkeep"


def funnel_character(roller: Roller, number: int) -> Character:
    """A new 0-level character rolled by the core's funnel rules: 3d6 in order, 1d4 HP and an
    occupation with its PROF and starting item. The GM renames it in the roster."""
    # the creation rules load with the first character rolled, not at start-up
    from emberkeep.character.funnel import roll_zero_level

    return roll_zero_level(roller, name=f"Funnel character {number}")


def _sheet_class() -> type[CharacterSheet] | None:
    """The sheet's class once a first sheet has loaded it (start-up does not): before that no
    tab can be a sheet."""
    module = sys.modules.get("gui.sheet.widget")
    return None if module is None else module.CharacterSheet


class _HistoryEntry(QObject):
    """Edit → Undo or Redo following one document's undo stack, as the stack's own actions do:
    the step's name after the text ("&Undo Rename Bo"), enabled while there is a step. A child
    of the action, and replaced with each document, so no stack calls into an entry that is
    gone, nor an old stack into the new campaign's entry."""

    def __init__(self, action: QAction, text: str, stack: QUndoStack, undo: bool) -> None:
        super().__init__(action)
        self.action, self.text = action, text
        if undo:
            stack.undoTextChanged.connect(self.name)
            stack.canUndoChanged.connect(self.enable)
            self.name(stack.undoText())
            self.enable(stack.canUndo())
        else:
            stack.redoTextChanged.connect(self.name)
            stack.canRedoChanged.connect(self.enable)
            self.name(stack.redoText())
            self.enable(stack.canRedo())

    def name(self, step: str) -> None:
        self.action.setText(f"{self.text} {step}" if step else self.text)

    def enable(self, able: bool) -> None:
        self.action.setEnabled(able)


class MainWindow(QMainWindow):
    # What the window is made of. Each part follows the open campaign through document_hooks;
    # its menus and keys are declared beside it and built here from the registry.
    campaign_tools: CampaignTools  # the clock (date, Advance, timeline) and the Repairs tab
    toolbox: Toolbox  # the Tools menu's editors and the dice tray
    safety_tools: SafetyTools  # autosave, recovery, backups, changes made outside
    encounter_tools: EncounterTools  # the campaign's encounters, one tab each
    share_tools: ShareTools  # the players' view served to their phones, while the GM shares
    settings_tools: SettingsTools  # campaign settings, the party fund, preferences
    undo_keys: CampaignUndoKeys  # Ctrl+Z undoes the campaign even from a text field
    commands: WindowActions[MainWindow]  # every menu, toolbar entry and key

    def __init__(self, state: AppState | None = None, parent: QWidget | None = None, *,
                 open_first: Path | None = None) -> None:
        """``open_first``: the campaign to open (as :meth:`open_path`); a new, empty one when
        there is none or it fails to load."""
        super().__init__(parent)
        self.state = AppState.load() if state is None else state
        self.document: CampaignDocument | None = None
        self.roller: Roller = RandomRoller()
        self.model: RosterModel | None = None
        self._history: list[_HistoryEntry] = []

        # Enter and a double-click open the sheet; F2, or a double-click on a name, edits;
        # typing searches the names; the filter row sits above
        self.roster_pane = RosterPane(self)
        self.roster = self.roster_pane.view
        self.roster.setAlternatingRowColors(True)
        self.roster.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.roster.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.roster.activated.connect(self._roster_activated)
        self.roster.verticalHeader().setVisible(False)
        row_height = self.roster.fontMetrics().height() + 8
        self.roster.verticalHeader().setDefaultSectionSize(row_height)
        self.roster.horizontalHeader().setStretchLastSection(True)
        self.roster.horizontalHeader().setHighlightSections(False)
        self.roster.setWordWrap(False)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.addTab(self.roster_pane, "Roster")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.setCentralWidget(self.tabs)

        self.status_label = QLabel(self)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        elastic(self.status_label, steady=False)  # a long path is clipped, never widens the window
        self.statusBar().addPermanentWidget(self.status_label, 1)

        # Parts that follow the open campaign (clock, repairs, encounters...) register here and
        # are told each time the window changes campaign, in the order they were made.
        self.document_hooks: list[Callable[[CampaignDocument], None]] = []
        self.campaign_tools = CampaignTools(self)
        self.toolbox = Toolbox(self)
        self.safety_tools = SafetyTools(self)
        self.encounter_tools = EncounterTools(self)
        self.share_tools = ShareTools(self)
        self.settings_tools = SettingsTools(self)
        self.undo_keys = CampaignUndoKeys(self)
        self.commands = WindowActions(self, main_window_registry())
        app = QApplication.instance()
        if isinstance(app, QApplication):  # every "R22" on screen says its ruling in its tooltip
            install_ruling_tips(app)
            install_explanations(app)  # every number marked says its parts (Ctrl+I)
        for step in ("edit.undo", "edit.redo"):  # "Undo Rename <a name>": the tooltip is that text
            tooltip_of_text(self.action(step))
        self.tabs.currentChanged.connect(lambda _n: self.update_actions())
        self.fill_recent_menu()
        # A sheet's three columns want ~1280 px: that much where there is room, or where this
        # screen last had the window; never more than the screen's available area
        place_window(self, self.state)
        restore_layout(self, self.tabs, self.state)  # docks and toolbars as last left there
        # No empty campaign made at start-up only to be replaced by the one opened
        if open_first is None or not self.open_path(open_first, ask=False):
            self.set_document(CampaignDocument.new())

    # -- its actions ----------------------------------------------------------------------------

    def action(self, action_id: str) -> QAction:
        """The action declared as ``action_id`` (``file.save``) in the registry."""
        return self.commands.action(action_id)

    def trigger(self, action_id: str) -> None:
        """Do what the GM does by choosing it (nothing while it is disabled)."""
        self.commands.trigger(action_id)

    def menu(self, menu_id: str) -> QMenu:
        return self.commands.menu(menu_id)

    def update_actions(self) -> None:
        """Enable what applies to what is in front and selected now."""
        self.commands.update()

    def history(self) -> QUndoStack:
        """The open campaign's undo stack."""
        assert self.document is not None
        return self.document.undo_stack

    def _follow_history(self, document: CampaignDocument) -> None:
        for entry in self._history:
            entry.deleteLater()
        self._history = [
            _HistoryEntry(self.action("edit.undo"), "&Undo", document.undo_stack, undo=True),
            _HistoryEntry(self.action("edit.redo"), "&Redo", document.undo_stack, undo=False)]

    def undo_actions(self) -> list[QAction]:
        """Edit → Undo and Redo of the open campaign (their keys are the campaign's)."""
        return [self.action("edit.undo"), self.action("edit.redo")]

    # -- the document ---------------------------------------------------------------------------

    def set_document(self, document: CampaignDocument) -> None:
        old, old_model = self.document, self.model
        while self.tabs.count() > 1:  # sheets of the old campaign close with it
            self.close_tab(1)
        document.setParent(self)
        self.document = document
        self.model = RosterModel(document, self)
        self.roster_pane.set_model(self.model)
        header = self.roster.horizontalHeader()
        for number, column in enumerate(COLUMNS):
            header.resizeSection(number, column.width)
        self.roster.selectionModel().selectionChanged.connect(self.update_actions)
        self.model.rowsInserted.connect(self.update_status)
        self.model.rowsRemoved.connect(self.update_status)
        self.model.editRefused.connect(self._show_refusal)
        document.undo_stack.cleanChanged.connect(self._update_title)
        document.titleChanged.connect(self._update_title)
        document.pathChanged.connect(self.update_status)
        document.pathChanged.connect(self.update_actions)
        document.charactersRemoved.connect(self._close_orphan_sheets)
        document.campaignChanged.connect(self._rename_sheet_tabs)
        self._follow_history(document)
        for hook in self.document_hooks:
            hook(document)
        if old is not None:
            old.drop_history()
        for stale in (old_model, old):
            if stale is not None:
                stale.deleteLater()
        self._update_title()
        self.update_status()
        self.update_actions()

    def _show_refusal(self, reason: str) -> None:
        self.statusBar().showMessage(reason, 8000)

    def _update_title(self) -> None:
        assert self.document is not None
        name = self.document.title.replace("[*]", "[*][*]")  # a literal [*] in a name stays one
        self.setWindowTitle(f"{APP_TITLE} — {name} [*]")
        self.setWindowModified(self.document.is_modified)

    def update_status(self) -> None:
        assert self.document is not None
        campaign = self.document.campaign
        where = str(self.document.path) if self.document.path else "not saved yet"
        count = len(campaign.characters)
        noun = "character" if count == 1 else "characters"
        fund = format_coins(campaign.party_fund.total_cp)
        self.status_label.setText(f"{where}   ·   {count} {noun}   ·   party fund {fund}")
        self.roster_pane.show_empty(count == 0)

    # -- File menu ------------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """True when the current campaign may be closed: clean, saved, or changes discarded."""
        if self.document is None or not self.document.is_modified:
            return True
        choice = dialogs.ask_save_changes(self, self.document.title)
        if choice is dialogs.SaveChoice.SAVE:
            return self.save()
        if choice is dialogs.SaveChoice.DISCARD:
            self.safety_tools.discarded(self.document)
            return True
        return False

    def new_campaign(self) -> bool:
        if not self.maybe_save():
            return False
        self.set_document(CampaignDocument.new())
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        folder = paths.campaigns_dir()
        path = dialogs.ask_open_path(self, folder if folder.is_dir() else Path.home())
        return path is not None and self.open_path(path, ask=False)

    def open_path(self, path: Path | str, *, ask: bool = True) -> bool:
        """Open ``path``; a file that fails to load shows its message, offers its newest
        backup and is never written."""
        if ask and not self.maybe_save():
            return False
        path = Path(path)
        try:
            document = CampaignDocument.open(path, saved_sha256=self.state.sha256_of(path))
        except CampaignFileError as exc:
            return self.safety_tools.open_failed(path, exc)
        self.safety_tools.opened(path)
        self.set_document(document)
        self._remember(path)
        return True

    def save(self) -> bool:
        assert self.document is not None
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        from emberkeep.file_names import suggested_path  # with unicodedata: a first Save As

        assert self.document is not None
        folder = paths.campaigns_dir()
        folder.mkdir(parents=True, exist_ok=True)
        suggestion = self.document.path or suggested_path(folder, self.document.title,
                                                          dialogs.CAMPAIGN_SUFFIX,
                                                          "campaign")
        path = dialogs.ask_save_path(self, suggestion)
        return path is not None and self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        assert self.document is not None
        try:
            outcome = self.safety_tools.save_asking(path)
        except CampaignFileError as exc:
            dialogs.show_error(self, "Cannot save campaign", str(exc))
            return False
        if outcome is not None:  # changed on disk since: saved elsewhere, reloaded, cancelled
            return outcome
        self._remember(path)
        self.statusBar().showMessage(f"Saved {path.name}", 4000)
        return True

    def _remember(self, path: Path) -> None:
        self.state.note_opened(path)
        if self.document is not None:  # opened or saved: these bytes passed the whole load
            self.state.note_sha256(path, self.document.disk_sha256)
        self.state.save()
        self.fill_recent_menu()

    def fill_recent_menu(self) -> None:
        recent_menu = self.menu("file.recent")
        recent_menu.clear()
        for number, name in enumerate(self.state.recent, start=1):
            label = f"&{number % 10} {Path(name).name}" if number <= 10 else Path(name).name
            action = recent_menu.addAction(label)
            action.setData(name)
            action.setToolTip(tooltip(name))  # a folder may be called <img src=…>
            action.triggered.connect(lambda _=False, n=name: self.open_recent(n))
        recent_menu.setEnabled(bool(self.state.recent))
        if self.state.recent:
            recent_menu.addSeparator()
            recent_menu.addAction("Clear List", self._clear_recent)

    def open_recent(self, name: str) -> bool:
        if not Path(name).is_file():
            self.state.forget(name)
            self.state.save()
            self.fill_recent_menu()
            dialogs.show_info(self, "Campaign not found",
                              f"{name} no longer exists; it was removed from the recent list.")
            return False
        return self.open_path(name)

    def _clear_recent(self) -> None:
        self.state.recent = []
        self.state.save()
        self.fill_recent_menu()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # once shown, the window manager's frame (title bar, borders) is known
        QTimer.singleShot(0, self, lambda: frame_inside(self))  # not once the window is gone

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_save():
            self.share_tools.stop()  # the players' page closes with the app
            remember_geometry(self, self.state)
            remember_layout(self, self.tabs, self.state)
            self.state.save()
            event.accept()
        else:
            event.ignore()

    # -- Edit menu: the roster ------------------------------------------------------------------

    def selected_character_ids(self) -> list[str]:
        if self.model is None or self.roster.selectionModel() is None:
            return []
        rows = self.roster.selectionModel().selectedRows()
        return [str(self.model.data(index, CharacterIdRole)) for index in rows]

    def add_character(self) -> None:
        assert self.document is not None and self.model is not None
        number = len(self.document.campaign.characters) + 1
        character = funnel_character(self.roller, number)
        self.document.add_character(character)
        if self.model.row_of(character.id) < 0:  # filtered out: show every row again
            self.roster_pane.filter.clear()
            self.roster_pane.groups.setCurrentIndex(0)
        index = self.model.index(self.model.row_of(character.id), 0)
        self.roster.setCurrentIndex(index)
        self.roster.edit(index)

    def remove_selected_characters(self) -> None:
        assert self.document is not None
        ids = self.selected_character_ids()
        if ids:
            try:
                self.document.remove_characters(ids)
            except Refused as exc:
                dialogs.show_error(self, "Cannot remove", str(exc))
                return
            self.statusBar().showMessage(
                f"Removed {len(ids)} character(s); Undo ({self._undo_shortcut()}) brings "
                "them back", 6000)

    def _undo_shortcut(self) -> str:
        return QKeySequence(QKeySequence.StandardKey.Undo).toString(
            QKeySequence.SequenceFormat.NativeText)

    # -- sheets: one tab per open character -----------------------------------------------------

    def _roster_activated(self, index: object) -> None:
        if isinstance(index, QModelIndex) and self.model is not None:
            self.open_sheet(str(self.model.data(index, CharacterIdRole)))

    def sheets(self) -> list[CharacterSheet]:
        sheet = _sheet_class()
        if sheet is None:
            return []
        return [w for i in range(self.tabs.count()) if isinstance(w := self.tabs.widget(i), sheet)]

    def current_sheet(self) -> CharacterSheet | None:
        sheet = _sheet_class()
        widget = self.tabs.currentWidget()
        return widget if sheet is not None and isinstance(widget, sheet) else None

    def open_sheet(self, character_id: str) -> CharacterSheet:
        """Show the character's sheet in its tab (opening one if it has none yet)."""
        assert self.document is not None
        for sheet in self.sheets():
            if sheet.character_id == character_id:
                self.tabs.setCurrentWidget(sheet)
                return sheet
        from gui.sheet.widget import CharacterSheet  # the first sheet loads it

        sheet = CharacterSheet(self.document, character_id, self.tabs)
        connect_sheet(self, sheet)
        self.tabs.addTab(sheet, self.document.character(character_id).name)
        self.tabs.setCurrentWidget(sheet)
        self.update_actions()
        return sheet

    def close_current_tab(self) -> None:
        """File → Close Tab (Ctrl+W): as the tab's ✕, so what follows a closed tab follows
        this one too (a fight's rounds go on the campaign clock, R27)."""
        number = self.tabs.currentIndex()
        if number > 0:
            self.tabs.tabCloseRequested.emit(number)

    def close_tab(self, number: int) -> None:
        if number <= 0:
            return  # the roster stays
        widget = self.tabs.widget(number)
        if widget is not None:
            remember_tab(self, widget, self.state)  # the next such tab opens laid out alike
        self.tabs.removeTab(number)
        kept = getattr(widget, "tab_closed", None)  # the Repairs tab: Ctrl+R shows it again
        if kept is not None:
            kept()
        elif widget is not None:
            widget.deleteLater()

    def _close_orphan_sheets(self) -> None:
        assert self.document is not None
        ids = {c.id for c in self.document.campaign.characters}
        for sheet in self.sheets():
            if sheet.character_id not in ids:
                self.close_tab(self.tabs.indexOf(sheet))

    def _rename_sheet_tabs(self, change: Change) -> None:
        assert self.document is not None
        for sheet in self.sheets():
            if "name" in change.fields_of(sheet.character_id):
                rename_tab(self.tabs, self.tabs.indexOf(sheet),
                           self.document.character(sheet.character_id).name)

    def target_character_ids(self) -> list[str]:
        """The open sheet's character, else the roster's selection."""
        sheet = self.current_sheet()
        if sheet is not None:
            return [sheet.character_id]
        return self.selected_character_ids()
