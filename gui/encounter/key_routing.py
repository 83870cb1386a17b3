"""The encounter window's key routing: each shortcut name → what it does (issue #9, #11).

The keys and their help text live in :mod:`gui.encounter.shortcuts`; this table binds each name
to the window's handler and installs one ``QAction`` per key on the window (shortcut context:
the window and its children). A handler that returns a non-empty string has refused: the text
is shown in the window's message line. Split out of ``window.py`` to keep it small.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from gui.encounter import actions, check_panel, extras, player_screens, table_actions
from gui.encounter.features_dialog import ask_feature
from gui.encounter.shortcuts import MELEE_SHORTCUTS, SHORTCUTS

if TYPE_CHECKING:
    from gui.encounter.melee_panel import MeleePanel
    from gui.encounter.window import EncounterWindow

__all__ = ["install_actions"]


def _handlers(w: EncounterWindow) -> dict[str, Callable[[], object]]:
    def melee(do: Callable[[MeleePanel], object]) -> object:
        if not w.session.melee_round():
            return "only in a Melee Round encounter"
        return do(w.melee_panel)

    return {
        "surprise": w.roll_surprise, "initiative": w.roll_initiative,
        "next": w.next_turn, "attack": w.attack, "confirm": w.confirm,
        "cancel": w.cancel, "damage": lambda: w.ask_amount("damage"),
        "heal": lambda: w.ask_amount("heal"), "cast": w.cast, "dodge": w.dodge,
        "closer": lambda: w.move_selected(-1), "farther": lambda: w.move_selected(1),
        "stabilize": w.stabilize, "condition": w.condition, "out": w.toggle_out,
        "morale": w.morale, "skip_morale": lambda: actions.skip_morale(w),
        "timer": w.timer, "ruling": w.ruling.setFocus,
        "target": w.table.setFocus, "player_view": w.toggle_player_view,
        "recap": w.export_recap, "help": w.show_shortcuts,
        "hide": lambda: player_screens.toggle_hidden(w),
        "odds": lambda: _odds(w),
        "choose_surprise": lambda: extras.ask_surprise(w),
        "declare_spell": lambda: extras.declare(w),
        "declare_melee": lambda: extras.declare_melee(w),
        "simultaneous": lambda: extras.resolve_melee(w),
        "fend": lambda: extras.do_fend(w), "grip": lambda: extras.do_grip(w),
        "break_free": lambda: extras.do_break_free(w),
        "mount": lambda: extras.ask_mount(w),
        "volunteer": w.panel.next_volunteer, "finish": lambda: extras.finish(w),
        "check": lambda: check_panel.ask_check(w),  # issue #17
        "reaction": lambda: check_panel.ask_reaction(w),
        "typed_dice": w.typed_dice.edit.setFocus,
        "features": lambda: ask_feature(w),  # issue #18
        # the Melee Round's own keys (issue #11); refused outside it
        "melee_tactic": lambda: melee(lambda p: p.cycle_tactic(1)),
        "melee_tactic_back": lambda: melee(lambda p: p.cycle_tactic(-1)),
        "melee_movement": lambda: melee(lambda p: p.movement()),
        "melee_move_toward": lambda: melee(lambda p: p.move_toward()),
        "melee_mount": lambda: melee(lambda p: p.toggle_mount(0)),
        "melee_rearm": lambda: melee(lambda p: p.rearm(0)),
        **table_actions.handlers(w),  # Q, then a key (issue #17)
    }


def _odds(w: EncounterWindow) -> None:
    from gui.encounter.odds_dialog import open_odds  # issue #21; imported when first asked

    open_odds(w, w.session)


def _run(w: EncounterWindow, handler: Callable[[], object]) -> None:
    w.message.clear()
    result = handler()
    if isinstance(result, str) and result:
        w.message.setText(result)


def install_actions(w: EncounterWindow) -> dict[str, QAction]:
    """Add one action per shortcut to ``w``; returns them by shortcut name."""
    handlers = _handlers(w)
    by_name: dict[str, QAction] = {}
    known = {name for name, _key, _what in SHORTCUTS}
    for name, key, what in (*SHORTCUTS, *(e for e in MELEE_SHORTCUTS if e[0] not in known)):
        handler = handlers.get(name)
        if handler is None:
            continue  # undo/redo: the main window's Edit actions (one history)
        action = QAction(what.split(":")[0], w)
        keys = [QKeySequence(key)]
        if key == "Return":
            keys.append(QKeySequence("Enter"))
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{what} ({key})")
        action.triggered.connect(lambda _=False, h=handler: _run(w, h))
        w.addAction(action)
        by_name[name] = action
    return by_name
