"""The window's sheet actions: New Character, Open Sheet, Level Up, Cast, Train Mounted Combat,
Print, Export all.

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

__all__ = ["build_sheet_actions", "check", "connect_sheet", "level_up", "new_character",
           "stabilize", "train_mounted"]


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
    # issue #17: a CHECK or SAVE against the ROOM DC or the GM's DC, with Luck (R7, R29)
    window.check_action = _action(window, "Roll a C&HECK or SAVE…", "Ctrl+J",
                                  "A CHECK or SAVE of the open sheet (or Ctrl+click a skill, "
                                  "SAVE or modifier on the sheet)")
    def check_first() -> None:
        for cid in window.target_character_ids()[:1]:
            check(window, cid)

    window.check_action.triggered.connect(check_first)
    # issue #17: a PC whose dying countdown went on the clock with its fight's end (R21)
    window.stabilize_action = _action(window, "Stabili&ze the Dying…", "Ctrl+Shift+J",
                                      "An ally's Medicine CHECK (or healing) for a PC dying "
                                      "on the clock, then the Injuries table (R21)")

    def stabilize_first() -> None:
        for cid in window.target_character_ids()[:1]:
            stabilize(window, cid)

    window.stabilize_action.triggered.connect(stabilize_first)
    train = _action(window, "Train Mounted Com&bat…", "Ctrl+Shift+M",
                    "WDD: pay and spend weeks training to fight mounted; the feat comes when "
                    "the clock has run them (the timeline shows it)")
    train.triggered.connect(lambda: [train_mounted(window, cid)
                                     for cid in window.target_character_ids()[:1]])
    window.sheet_actions = [window.new_character_action, window.open_sheet_action,
                            window.level_up_action, window.cast_action, window.check_action,
                            window.stabilize_action, train]


def connect_sheet(window: MainWindow, sheet: CharacterSheet) -> None:
    sheet.roller = window.roller  # a magic item's charges when given (issue #18)
    sheet.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    sheet.levelUpRequested.connect(lambda cid: level_up(window, cid))
    sheet.castRequested.connect(lambda cid: cast(window, cid))
    sheet.printRequested.connect(lambda cid: print_sheets(window, [cid]))
    sheet.checkRequested.connect(
        lambda kind, ability, skill: check(window, sheet.character_id, kind, ability, skill))


def stabilize(window: MainWindow, character_id: str) -> None:
    """The Stabilize dialog for a PC dying on the clock; refused in the status bar if not."""
    from PySide6.QtCore import Qt

    from emberkeep.encounter.aftermath import countdown_of
    from gui.sheet.stabilize_dialog import StabilizeDialog

    document = window.document
    if document is None:
        return
    if countdown_of(document.campaign, character_id) is None:
        name = document.character(character_id).name
        window.statusBar().showMessage(f"{name} is not dying on the clock", 8000)
        return
    dialog = StabilizeDialog(document, character_id, window.roller, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


def check(window: MainWindow, character_id: str, kind: str = "skill", ability: str = "",
          skill: str = "") -> None:
    """The CHECK/SAVE roller for a character, preset to what was Ctrl+clicked (issue #17)."""
    from PySide6.QtCore import Qt

    from emberkeep.character.abilities import Ability
    from emberkeep.character.skills import Skill
    from gui.sheet.check_dialog import SheetCheckDialog

    if window.document is None:
        return
    dialog = SheetCheckDialog(window.document, character_id, window.roller, window)
    dialog.form.choose(kind,  # type: ignore[arg-type]  # one of the form's KINDS
                       ability=Ability(ability) if ability else None,
                       skill=Skill(skill) if skill else None)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


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
    dialog.exec()
    if dialog.summary:  # applied (closed with Enter or Esc after the roll was shown)
        window.statusBar().showMessage(dialog.summary, 8000)


def cast(window: MainWindow, character_id: str) -> None:
    from gui.casting import CastDialog

    assert window.document is not None
    CastDialog(window.document, character_id, window.roller, window).exec()


def train_mounted(window: MainWindow, character_id: str) -> str:
    """WDD's Mounted Combat training as one recorded campaign operation (issue #17): paid from
    the purse now, on the timeline until the weeks pass (``clock.schedule``); the status bar
    says what was done, or the core's refusal."""
    from emberkeep.clock.schedule import mounted_combat_training

    assert window.document is not None
    name = window.document.campaign.character(character_id).name
    command = window.document.run(
        f"{name}: train Mounted Combat",
        lambda c: mounted_combat_training(c, c.character(character_id)))
    if command.error is not None:
        text = f"{name} cannot train: {command.error}"
    else:
        text = f"{name} trains Mounted Combat (see the timeline)"
    window.statusBar().showMessage(text, 8000)
    return text


def print_sheets(window: MainWindow, character_ids: list[str] | None) -> None:
    """Ctrl+P: the print dialog (PDF one of its printers, #19); Export All: a PDF file."""
    assert window.document is not None
    if character_ids is None:
        from gui.printing import export_dialog

        export_dialog(window, window.document, None)
        return
    from gui import print_dialog

    print_dialog.print_sheets(window, window.document, character_ids)
