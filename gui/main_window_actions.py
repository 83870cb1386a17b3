"""The main window's menus, toolbar and actions, declared as data, and the registry that
collects them with every part's (:mod:`gui.action_registry`).

The window's own entries are here: the menu bar, File, Edit's undo and roster part and the
roster toolbar. Each part of the window declares its own beside its feature (the clock's in
:mod:`gui.campaign_tools`, the sheet's in :mod:`gui.sheet.actions`...);
:func:`main_window_registry` lists them in the order the window builds them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from gui import (
    campaign_tools,
    error_log,
    explain,
    rest_groups,
    roster_view,
    safety_tools,
    settings_tools,
    share_tools,
    toolbox,
)
from gui.action_registry import (
    MENU_BAR,
    ActionSpec,
    Bindings,
    MenuSpec,
    Place,
    Registry,
    ToolBarSpec,
)
from gui.encounter import tools as encounter_tools
from gui.sheet import actions as sheet_actions

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "HELP_ACTIONS", "MENUS", "TOOLBARS", "main_window_registry"]

_keys = QKeySequence.StandardKey

MENUS: tuple[MenuSpec[MainWindow], ...] = (
    MenuSpec("file", "&File", Place(MENU_BAR, order=0)),
    MenuSpec("file.recent", "Open &Recent", Place("file", 0, 2),
             fill=lambda w, _menu: w.fill_recent_menu()),
    MenuSpec("edit", "&Edit", Place(MENU_BAR, order=1)),
    MenuSpec("campaign", "&Campaign", Place(MENU_BAR, order=2)),
    MenuSpec("tools", "T&ools", Place(MENU_BAR, order=3)),
    MenuSpec("encounter", "E&ncounter", Place(MENU_BAR, order=4)),
    # No mnemonic: Alt+H advances the clock an hour, Alt+E is Edit, Alt+L a long rest and Alt+P
    # is Add PCs… in an encounter; F10, or Alt and the arrows, reach it
    MenuSpec("help", "Help", Place(MENU_BAR, order=5)),
)

TOOLBARS = (ToolBarSpec("roster", "Roster", "roster_toolbar"),)


def _selected(w: MainWindow) -> bool:
    return bool(w.selected_character_ids())


def _tab_in_front(w: MainWindow) -> bool:
    return w.tabs.currentIndex() > 0  # a sheet, a fight or Repairs: the roster stays


def _can_undo(w: MainWindow) -> bool:
    return w.document is not None and w.document.undo_stack.canUndo()


def _can_redo(w: MainWindow) -> bool:
    return w.document is not None and w.document.undo_stack.canRedo()


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("file.new", "&New", lambda w: w.new_campaign(), tip="Start a new campaign",
               keys=(_keys.New,), places=(Place("file", 0, 0),)),
    ActionSpec("file.open", "&Open…", lambda w: w.open_dialog(), tip="Open a campaign file",
               keys=(_keys.Open,), places=(Place("file", 0, 1),)),
    ActionSpec("file.close_tab", "&Close Tab", lambda w: w.close_current_tab(),
               tip="Close the sheet, fight or Repairs tab in front (the roster stays)",
               keys=("Ctrl+W", Bindings(_keys.Close)),  # and Ctrl+F4, as the platform has it
               enabled=_tab_in_front, places=(Place("file", 0, 3),)),
    ActionSpec("file.save", "&Save", lambda w: w.save(), tip="Save the campaign",
               keys=(_keys.Save,), places=(Place("file", 1, 0),)),
    ActionSpec("file.save_as", "Save &As…", lambda w: w.save_as(),
               tip="Save the campaign under a new name", keys=(_keys.SaveAs,),
               places=(Place("file", 1, 1),)),
    ActionSpec("file.quit", "&Quit", lambda w: w.close(), tip="Quit Emberkeep",
               keys=(_keys.Quit,), fallback="Ctrl+Q",  # some platforms define no Quit key
               role=QAction.MenuRole.QuitRole, places=(Place("file", 3, 0),)),
    # Their text names the step (see _HistoryEntry); their keys undo the campaign everywhere
    # in the window, a text field included (gui.undo_keys)
    ActionSpec("edit.undo", "&Undo", lambda w: w.history().undo(), keys=(Bindings(_keys.Undo),),
               enabled=_can_undo, places=(Place("edit", 0, 0),)),
    ActionSpec("edit.redo", "&Redo", lambda w: w.history().redo(),
               keys=(_keys.Redo, "Ctrl+Shift+Z", "Ctrl+Y"), enabled=_can_redo,
               places=(Place("edit", 0, 1),)),
    ActionSpec("edit.add_character", "&Add 0-Level Character", lambda w: w.add_character(),
               tip="Roll a 0-level character for the funnel (3d6 in order, 1d4 HP, an "
                   "occupation)",
               keys=("Ctrl+Shift+A",), places=(Place("edit", 1, 0),),
               toolbar=Place("roster", 0, 0)),
    ActionSpec("edit.remove_characters", "Re&move Character",
               lambda w: w.remove_selected_characters(),
               tip="Remove the selected characters (undoable)", keys=(_keys.Delete,),
               enabled=_selected, places=(Place("edit", 1, 1),), toolbar=Place("roster", 0, 1)),
)


def _rules_in_sight(w: MainWindow) -> None:
    from gui.rules_window import rules_in_sight  # the rules window loads when first opened

    rules_in_sight(w)


def _about(w: MainWindow) -> None:
    from gui.about_dialog import AboutDialog  # the About box loads when first opened

    AboutDialog(w).exec()


# Help's windows: their menu entries are here so that their modules load on first use
HELP_ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("help.rules", "&Rules Reference…", _rules_in_sight,
               tip="What each ruling R1…R41 settles, the rules of each game and their tables; "
                   "on a text citing a ruling, that ruling",
               keys=("Shift+F1",), places=(Place("help", 0, 2),),
               help="The rules reference: rulings, rules and tables, searchable; on a text citing "
                    "a ruling (R22), that ruling"),
    ActionSpec("help.about", "&About Emberkeep", _about,
               tip="The version, where your files are kept, and the licences",
               role=QAction.MenuRole.AboutRole, places=(Place("help", 9, 0),)),
)


@functools.cache
def main_window_registry() -> Registry[MainWindow]:
    """Every menu, toolbar entry and key of the main window: its own, then each part's."""
    from gui import paper_export  # File → Export Play Sheets…, Party Sheet…, GM Screen…

    return Registry(
        menus=(*MENUS, *roster_view.MENUS, *campaign_tools.MENUS, *rest_groups.MENUS,
               *encounter_tools.MENUS),
        actions=(*ACTIONS, *sheet_actions.ACTIONS, *paper_export.ACTIONS, *roster_view.ACTIONS,
                 *safety_tools.ACTIONS, *campaign_tools.ACTIONS, *rest_groups.ACTIONS,
                 *settings_tools.ACTIONS, *toolbox.ACTIONS, *encounter_tools.ACTIONS,
                 *share_tools.ACTIONS,
                 *error_log.ACTIONS, HELP_ACTIONS[0], *explain.ACTIONS, HELP_ACTIONS[1]),
        toolbars=TOOLBARS)
