"""The window's sheet actions: New Character, Open Sheet, Level Up, Cast, Print, Export all.

Kept here (not in ``main_window``) so the window module stays about the roster and files; each
handler opens its dialog lazily, and every change it makes is one command on the campaign's undo
stack (the dialogs compute with the core, then call :meth:`CampaignDocument.replace_character`
or :meth:`CampaignDocument.add_character`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from gui.main_window import MainWindow
    from gui.sheet.widget import CharacterSheet

__all__ = ["build_sheet_actions", "connect_sheet", "level_up", "new_character"]


def _action(window: MainWindow, text: str, shortcut: str, tip: str) -> QAction:
    action = QAction(text, window)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.setStatusTip(tip)
    action.setToolTip(tip)
    return action


def build_sheet_actions(window: MainWindow) -> None:
    window.new_character_action = _action(
        window, "New &Character…", "Ctrl+Shift+N",
        "Roll a new character at 1st level, or a funnel of 0-level characters")
    window.new_character_action.triggered.connect(lambda: new_character(window))
    window.open_sheet_action = _action(window, "Open &Sheet", "Ctrl+E",
                                       "Open the selected characters' sheets (or double-click)")
    window.open_sheet_action.triggered.connect(
        lambda: [window.open_sheet(cid) for cid in window.selected_character_ids()])
    window.level_up_action = _action(window, "&Level Up…", "Ctrl+L",
                                     "Level up (or advance a funnel survivor to 1st level)")
    def level_up_first() -> None:
        for cid in window.target_character_ids()[:1]:
            level_up(window, cid)

    window.level_up_action.triggered.connect(level_up_first)
    window.cast_action = _action(window, "Cas&t…", "Ctrl+K",
                                 "SPELLCHECK or Lay on Hands for the open sheet")
    def cast_first() -> None:
        for cid in window.target_character_ids()[:1]:
            cast(window, cid)

    window.cast_action.triggered.connect(cast_first)
    window.print_action = _action(window, "&Print…", "Ctrl+P",
                                  "One page per selected character, on a printer or as a PDF")
    window.print_action.triggered.connect(
        lambda: print_sheets(window, window.target_character_ids()))
    window.export_all_action = _action(window, "E&xport All Sheets…", "Ctrl+Shift+P",
                                       "Every character of the party in one PDF")
    window.export_all_action.triggered.connect(lambda: print_sheets(window, None))
    window.sheet_actions = [window.new_character_action, window.open_sheet_action,
                            window.level_up_action, window.cast_action]


def connect_sheet(window: MainWindow, sheet: CharacterSheet) -> None:
    sheet.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    sheet.levelUpRequested.connect(lambda cid: level_up(window, cid))
    sheet.castRequested.connect(lambda cid: cast(window, cid))
    sheet.printRequested.connect(lambda cid: print_sheets(window, [cid]))


def new_character(window: MainWindow) -> None:
    from emberkeep.character.catalog import Catalog
    from gui.wizard import NewCharacterWizard

    assert window.document is not None
    campaign = window.document.campaign
    wizard = NewCharacterWizard(window.roller, window, campaign.settings,
                                catalog=Catalog(campaign))
    if wizard.exec():
        characters = wizard.characters()
        document = window.document
        if len(characters) == 1:
            document.add_character(characters[0])
        else:
            document.add_characters(characters, f"Add a funnel of {len(characters)}")
        window.open_sheet(characters[0].id)


def level_up(window: MainWindow, character_id: str) -> None:
    from gui.wizard.level_up import LevelUpDialog

    assert window.document is not None
    dialog = LevelUpDialog(window.document, character_id, window.roller, window)
    if dialog.exec():
        window.statusBar().showMessage(dialog.summary, 8000)


def cast(window: MainWindow, character_id: str) -> None:
    from gui.casting import CastDialog

    assert window.document is not None
    CastDialog(window.document, character_id, window.roller, window).exec()


def print_sheets(window: MainWindow, character_ids: list[str] | None) -> None:
    """Ctrl+P: the print dialog (PDF one of its printers, #19); Export All: a PDF file."""
    assert window.document is not None
    if character_ids is None:
        from gui.printing import export_dialog

        export_dialog(window, window.document, None)
        return
    from gui import print_dialog

    print_dialog.print_sheets(window, window.document, character_ids)
