"""The main window: File and Edit menus, the roster, and the unsaved-changes guard.

One window shows one campaign (a :class:`CampaignDocument`); New and Open replace it after the
Save / Discard / Cancel prompt. The undo stack's clean state drives the title's ``[*]`` marker
and that prompt. Every dialog goes through :mod:`gui.dialogs` so tests can answer it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QWidget,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.character.funnel import roll_zero_level
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, Roller
from emberkeep.file_names import suggested_path
from emberkeep.gear.purse import format_coins
from gui import dialogs, paths
from gui.document import CampaignDocument
from gui.palette import tone
from gui.plain_text import tooltip, tooltip_of_text
from gui.roster_model import COLUMNS, CharacterIdRole, RosterModel
from gui.roster_view import RosterPane, install_group_menu
from gui.screen_fit import elastic, place_window, remember_geometry
from gui.state import AppState

if TYPE_CHECKING:
    from gui.safety_tools import SafetyTools
    from gui.sheet import CharacterSheet

__all__ = ["MainWindow", "funnel_character"]

APP_TITLE = "Emberkeep"


def funnel_character(roller: Roller, number: int) -> Character:
    """A new 0-level character rolled by the core's funnel rules: 3d6 in order, 1d4 HP and an
    occupation with its PROF and starting item. The GM renames it in the roster."""
    return roll_zero_level(roller, name=f"Funnel character {number}")


class MainWindow(QMainWindow):
    # Installed by gui.sheet.actions.install_sheet_actions (issue #7).
    new_character_action: QAction
    open_sheet_action: QAction
    level_up_action: QAction
    cast_action: QAction
    check_action: QAction
    stabilize_action: QAction
    print_action: QAction
    export_all_action: QAction
    sheet_actions: list[QAction]
    # Installed by gui.safety_tools.install_safety_tools (issue #10): Open, Save and Discard
    # ask it about backups, outside changes and recovery files.
    safety_tools: SafetyTools

    def __init__(self, state: AppState | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = AppState.load() if state is None else state
        self.document: CampaignDocument | None = None
        self.roller: Roller = RandomRoller()
        self.model: RosterModel | None = None
        self._undo_action: QAction | None = None
        self._redo_action: QAction | None = None

        # Enter and a double-click open the sheet (issue #7); F2, or a double-click on a name,
        # edits; typing searches the names; the filter row sits above (issue #19)
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
        # What an empty roster is for, said where the rows would be.
        self.empty_hint = QLabel(
            "No characters yet.\n\nNew Character (Ctrl+Shift+N) rolls one at 1st level or a "
            "funnel of 0-level peasants;\nAdd 0-Level Character (Ctrl+Shift+A) rolls one "
            "peasant at a time.", self.roster.viewport())
        self.empty_hint.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.empty_hint, "muted")
        self.empty_hint.move(24, 24)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.addTab(self.roster_pane, "Roster")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(lambda _n: self._update_actions())
        self.setCentralWidget(self.tabs)

        self.status_label = QLabel(self)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        elastic(self.status_label, steady=False)  # a long path is clipped, never widens the window
        self.statusBar().addPermanentWidget(self.status_label, 1)

        # Tools that follow the open campaign (clock, repairs, encounters...) register here and
        # are told each time the window changes campaign.
        self.document_hooks: list[Callable[[CampaignDocument], None]] = []
        self._build_actions()
        self._build_menus()
        # A sheet's three columns want ~1280 px: that much where there is room, or where this
        # screen last had the window; never more than the screen's available area (issue #19)
        place_window(self, self.state)
        from gui.campaign_tools import install_campaign_tools
        from gui.encounter import install_encounter_tools

        install_campaign_tools(self)
        from gui.toolbox import install_toolbox

        install_toolbox(self)
        from gui.safety_tools import install_safety_tools

        install_safety_tools(self)
        install_encounter_tools(self)
        from gui.settings_tools import install_settings_tools

        install_settings_tools(self)
        from gui.error_log import add_log_folder_action

        self.log_folder_action = add_log_folder_action(self)  # issue #20
        from gui.undo_keys import install_campaign_undo_keys

        install_campaign_undo_keys(self)
        self.set_document(CampaignDocument.new())

    # -- building -------------------------------------------------------------------------------

    def _action(self, text: str, slot: Callable[[], object],
                shortcut: QKeySequence.StandardKey | str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action("&New", self.new_campaign, keys.New, "Start a new campaign")
        self.open_action = self._action("&Open…", self.open_dialog, keys.Open,
                                        "Open a campaign file")
        self.save_action = self._action("&Save", self.save, keys.Save, "Save the campaign")
        self.save_as_action = self._action("Save &As…", self.save_as, keys.SaveAs,
                                           "Save the campaign under a new name")
        self.quit_action = self._action("&Quit", self.close, keys.Quit, "Quit Emberkeep")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        if self.quit_action.shortcut().isEmpty():  # some platforms define no Quit key
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.add_character_action = self._action(
            "&Add 0-Level Character", self.add_character, "Ctrl+Shift+A",
            "Roll a 0-level character for the funnel (3d6 in order, 1d4 HP, an occupation)")
        from gui.sheet.actions import build_sheet_actions

        build_sheet_actions(self)
        self.remove_character_action = self._action(
            "Re&move Character", self.remove_selected_characters, keys.Delete,
            "Remove the selected characters (undoable)")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        self.edit_menu = self.menuBar().addMenu("&Edit")
        self._edit_separator = self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.add_character_action)
        self.edit_menu.addAction(self.remove_character_action)
        self.edit_menu.addSeparator()
        for action in self.sheet_actions:
            self.edit_menu.addAction(action)
        self.group_menu = install_group_menu(self)
        file_menu.insertActions(self.quit_action, [self.print_action, self.export_all_action])
        file_menu.insertSeparator(self.quit_action)

        toolbar = self.addToolBar("Roster")
        toolbar.setObjectName("roster_toolbar")
        toolbar.setMovable(False)
        toolbar.addAction(self.add_character_action)
        toolbar.addAction(self.remove_character_action)
        toolbar.addSeparator()
        toolbar.addAction(self.new_character_action)
        toolbar.addAction(self.open_sheet_action)
        toolbar.addAction(self.level_up_action)
        self._fill_recent_menu()

    def _install_undo_actions(self, document: CampaignDocument) -> None:
        for action in (self._undo_action, self._redo_action):
            if action is not None:
                self.edit_menu.removeAction(action)
                self.removeAction(action)
                action.deleteLater()
        undo = document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcuts(QKeySequence.StandardKey.Undo)
        redo = document.undo_stack.createRedoAction(self, "&Redo")
        redo_keys = [QKeySequence(QKeySequence.StandardKey.Redo),
                     QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        redo.setShortcuts(list(dict.fromkeys(k for k in redo_keys if not k.isEmpty())))
        for action in (undo, redo):  # "Undo Rename <a name>": the tooltip is that text
            tooltip_of_text(action)
        self.edit_menu.insertActions(self._edit_separator, [undo, redo])
        self._undo_action, self._redo_action = undo, redo

    def undo_actions(self) -> list[QAction]:
        """Edit → Undo and Redo of the open campaign (their keys are the campaign's, #19)."""
        return [a for a in (self._undo_action, self._redo_action) if a is not None]

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
        self.roster.selectionModel().selectionChanged.connect(self._update_actions)
        self.model.rowsInserted.connect(self.update_status)
        self.model.rowsRemoved.connect(self.update_status)
        self.model.editRefused.connect(self._show_refusal)
        document.undo_stack.cleanChanged.connect(self._update_title)
        document.titleChanged.connect(self._update_title)
        document.pathChanged.connect(self.update_status)
        document.charactersRemoved.connect(self._close_orphan_sheets)
        document.campaignChanged.connect(self._rename_sheet_tabs)
        self._install_undo_actions(document)
        for hook in self.document_hooks:
            hook(document)
        for stale in (old_model, old):
            if stale is not None:
                stale.deleteLater()
        self._update_title()
        self.update_status()
        self._update_actions()

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
        self.empty_hint.setVisible(count == 0)
        self.empty_hint.adjustSize()

    def _update_actions(self) -> None:
        selected = bool(self.selected_character_ids())
        self.remove_character_action.setEnabled(selected)
        for action in (self.open_sheet_action, self.level_up_action, self.print_action,
                       self.cast_action):
            action.setEnabled(selected or self.current_sheet() is not None)

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
            document = CampaignDocument.open(path)
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
        assert self.document is not None
        folder = paths.campaigns_dir()
        folder.mkdir(parents=True, exist_ok=True)
        suggestion = self.document.path or suggested_path(folder, self.document.title, ".json",
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
        self.state.save()
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for number, name in enumerate(self.state.recent, start=1):
            label = f"&{number % 10} {Path(name).name}" if number <= 10 else Path(name).name
            action = self.recent_menu.addAction(label)
            action.setData(name)
            action.setToolTip(tooltip(name))  # a folder may be called <img src=…>
            action.triggered.connect(lambda _=False, n=name: self.open_recent(n))
        self.recent_menu.setEnabled(bool(self.state.recent))
        if self.state.recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", self._clear_recent)

    def open_recent(self, name: str) -> bool:
        if not Path(name).is_file():
            self.state.forget(name)
            self.state.save()
            self._fill_recent_menu()
            dialogs.show_info(self, "Campaign not found",
                              f"{name} no longer exists; it was removed from the recent list.")
            return False
        return self.open_path(name)

    def _clear_recent(self) -> None:
        self.state.recent = []
        self.state.save()
        self._fill_recent_menu()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_save():
            remember_geometry(self, self.state)
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
            self.document.remove_characters(ids)
            self.statusBar().showMessage(
                f"Removed {len(ids)} character(s); Undo ({self._undo_shortcut()}) brings "
                "them back", 6000)

    def _undo_shortcut(self) -> str:
        return QKeySequence(QKeySequence.StandardKey.Undo).toString(
            QKeySequence.SequenceFormat.NativeText)

    # -- sheets: one tab per open character (issue #7) ------------------------------------------

    def _roster_activated(self, index: object) -> None:
        from PySide6.QtCore import QModelIndex

        if isinstance(index, QModelIndex) and self.model is not None:
            self.open_sheet(str(self.model.data(index, CharacterIdRole)))

    def sheets(self) -> list[CharacterSheet]:
        from gui.sheet import CharacterSheet

        return [w for i in range(self.tabs.count())
                if isinstance(w := self.tabs.widget(i), CharacterSheet)]

    def current_sheet(self) -> CharacterSheet | None:
        from gui.sheet import CharacterSheet

        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, CharacterSheet) else None

    def open_sheet(self, character_id: str) -> CharacterSheet:
        """Show the character's sheet in its tab (opening one if it has none yet)."""
        from gui.sheet import CharacterSheet
        from gui.sheet.actions import connect_sheet

        assert self.document is not None
        for sheet in self.sheets():
            if sheet.character_id == character_id:
                self.tabs.setCurrentWidget(sheet)
                return sheet
        sheet = CharacterSheet(self.document, character_id, self.tabs)
        connect_sheet(self, sheet)
        self.tabs.addTab(sheet, self.document.character(character_id).name)
        self.tabs.setCurrentWidget(sheet)
        self._update_actions()
        return sheet

    def close_tab(self, number: int) -> None:
        if number <= 0:
            return  # the roster stays
        widget = self.tabs.widget(number)
        self.tabs.removeTab(number)
        if widget is not None:
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
                self.tabs.setTabText(self.tabs.indexOf(sheet),
                                     self.document.character(sheet.character_id).name)

    def target_character_ids(self) -> list[str]:
        """The open sheet's character, else the roster's selection."""
        sheet = self.current_sheet()
        if sheet is not None:
            return [sheet.character_id]
        return self.selected_character_ids()
