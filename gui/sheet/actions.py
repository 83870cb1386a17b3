"""The window's sheet actions, declared for its registry: New Character, Open Sheet, Level Up,
Cast, a CHECK or SAVE, Stabilize, Train Mounted Combat, Print.

Kept here (not in ``main_window``) so the window module stays about the roster and files; every
change a handler makes is one operation on the campaign's undo stack. Each handler imports its
dialog when first asked: the wizard, level-up, casting, check, stabilize and print dialogs cost
13-27 ms of imports together here, which the first window does not wait for; everything else
these handlers use is loaded at start anyway, so it is imported at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from emberkeep.campaign.scope import Scope
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.skills import Skill
from emberkeep.clock.schedule import mounted_combat_training
from gui.action_registry import ActionSpec, Place

if TYPE_CHECKING:
    from gui.main_window import MainWindow
    from gui.sheet.widget import CharacterSheet

__all__ = ["ACTIONS", "check", "connect_sheet", "level_up", "new_character", "stabilize",
           "train_mounted"]


def _first(act: Callable[[MainWindow, str], object]) -> Callable[[MainWindow], None]:
    """``act`` on the open sheet's character, else the first selected one."""
    def run(window: MainWindow) -> None:
        for cid in window.target_character_ids()[:1]:
            act(window, cid)
    return run


def _someone(window: MainWindow) -> bool:
    """A sheet in front, or a character selected in the roster."""
    return bool(window.selected_character_ids()) or window.current_sheet() is not None


def _open_sheets(window: MainWindow) -> None:
    for cid in window.selected_character_ids():
        window.open_sheet(cid)


def _sheet_action(action_id: str, text: str, run: Callable[[MainWindow], object], key: str,
                  tip: str, order: int, *, enabled: Callable[[MainWindow], bool] | None = None,
                  toolbar: int | None = None) -> ActionSpec[MainWindow]:
    """Edit → one of the sheet actions; its tip is both the status line and the hover box."""
    return ActionSpec(action_id, text, run, tip=tip, tooltip=tip, keys=(key,),
                      places=(Place("edit", 2, order),), enabled=enabled,
                      toolbar=Place("roster", 1, toolbar) if toolbar is not None else None)


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    _sheet_action("edit.new_character", "New &Character…", lambda w: new_character(w),
                  "Ctrl+Shift+N",
                  "Roll a new character at 1st level, or a funnel of 0-level characters", 0,
                  toolbar=0),
    _sheet_action("edit.open_sheet", "Open &Sheet", _open_sheets, "Ctrl+E",
                  "Open the selected characters' sheets (or double-click)", 1,
                  enabled=_someone, toolbar=1),
    _sheet_action("edit.level_up", "&Level Up…", _first(lambda w, cid: level_up(w, cid)),
                  "Ctrl+L", "Level up (or advance a funnel survivor to 1st level)", 2,
                  enabled=_someone, toolbar=2),
    _sheet_action("edit.cast", "Cas&t…", _first(lambda w, cid: cast(w, cid)), "Ctrl+K",
                  "SPELLCHECK or Lay on Hands for the open sheet", 3, enabled=_someone),
    # A CHECK or SAVE against the ROOM DC or the GM's DC, with Luck (R7, R29)
    _sheet_action("edit.check", "Roll a C&HECK or SAVE…", _first(lambda w, cid: check(w, cid)),
                  "Ctrl+J", "A CHECK or SAVE of the open sheet (or Ctrl+click a skill, SAVE or "
                  "modifier on the sheet)", 4),
    # A PC whose dying countdown went on the clock with its fight's end (R21)
    _sheet_action("edit.stabilize", "Stabili&ze the Dying…",
                  _first(lambda w, cid: stabilize(w, cid)), "Ctrl+Shift+J",
                  "An ally's Medicine CHECK (or healing) for a PC dying on the clock, then the "
                  "Injuries table (R21)", 5),
    _sheet_action("edit.train_mounted", "Train Mounted Com&bat…",
                  _first(lambda w, cid: train_mounted(w, cid)), "Ctrl+Shift+M",
                  "WDD: pay and spend weeks training to fight mounted; the feat comes when the "
                  "clock has run them (the timeline shows it)", 6),
    ActionSpec("file.print", "&Print…", lambda w: print_sheets(w, w.target_character_ids()),
               tip="One page per selected character, on a printer or as a PDF",
               tooltip="One page per selected character, on a printer or as a PDF",
               keys=("Ctrl+P",), places=(Place("file", 2, 0),), enabled=_someone),
)


def connect_sheet(window: MainWindow, sheet: CharacterSheet) -> None:
    sheet.roller = window.roller  # a magic item's charges are rolled when it is given
    sheet.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    sheet.levelUpRequested.connect(lambda cid: level_up(window, cid))
    sheet.castRequested.connect(lambda cid: cast(window, cid))
    sheet.printRequested.connect(lambda cid: print_sheets(window, [cid]))
    sheet.checkRequested.connect(
        lambda kind, ability, skill: check(window, sheet.character_id, kind, ability, skill))


def stabilize(window: MainWindow, character_id: str) -> None:
    """The Stabilize dialog for a PC dying on the clock; refused in the status bar if not."""
    from emberkeep.encounter.aftermath import countdown_of  # the fight engine: not at start-up
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
    """The CHECK/SAVE roller for a character, preset to what was Ctrl+clicked (R7, R29)."""
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
    """WDD's Mounted Combat training as one recorded campaign operation: paid from
    the purse now, on the timeline until the weeks pass (``clock.schedule``); the status bar
    says what was done, or the core's refusal."""
    assert window.document is not None
    name = window.document.campaign.character(character_id).name
    command = window.document.run(
        f"{name}: train Mounted Combat",
        lambda c: mounted_combat_training(c, c.character(character_id)),
        scope=Scope.of([character_id], ("timeline",)))
    if command.error is not None:
        text = f"{name} cannot train: {command.error}"
    else:
        text = f"{name} trains Mounted Combat (see the timeline)"
    window.statusBar().showMessage(text, 8000)
    return text


def print_sheets(window: MainWindow, character_ids: list[str]) -> None:
    """Ctrl+P: the print dialog (a PDF is one of its printers). The fillable PDF of everyone is
    File → Export Play Sheets… (``gui.paper_export``)."""
    assert window.document is not None
    from gui import print_dialog

    print_dialog.print_sheets(window, window.document, character_ids)
