"""The player view at the table: fullscreen on the screen the GM picks, and the
combatants the GM has not revealed kept off it.

Shift+H in the encounter hides the selected combatant from the players, or reveals it: one
undoable GM step (:func:`emberkeep.encounter.reveal.set_hidden`). Encounter → Player View On
lists the screens; choosing one shows the view fullscreen there. In the view, F11 toggles
fullscreen and Esc leaves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QGuiApplication, QScreen
from PySide6.QtWidgets import QMenu, QWidget

from emberkeep.encounter.reveal import set_hidden

if TYPE_CHECKING:
    from gui.encounter.player_view import PlayerView
    from gui.encounter.window import EncounterWindow

__all__ = ["fill_screen_menu", "screen_name", "show_fullscreen_on", "toggle_hidden"]


def toggle_hidden(window: EncounterWindow) -> str | None:
    """Shift+H: hide the selected from the players (or reveal it, if it is hidden)."""
    c = window.selected()
    if c is None:
        return "select a combatant to hide or reveal"
    hide = not c.hidden
    return window.run(f"{'Hide' if hide else 'Reveal'} {c.name}",
                      lambda enc: set_hidden(enc, [c.id], hide))


def screen_name(number: int, screen: QScreen) -> str:
    size = screen.geometry().size()
    return f"&{number} {screen.name() or 'Screen'} ({size.width()}×{size.height()})"


def show_fullscreen_on(view: PlayerView, screen: QScreen) -> None:
    """The view, fullscreen on ``screen`` (a window goes fullscreen on the screen it is on)."""
    if view.isFullScreen():
        view.showNormal()
    view.setScreen(screen)
    view.move(screen.geometry().topLeft())
    view.showFullScreen()


def fill_screen_menu(menu: QMenu, current: EncounterWindow | None,
                     parent: QWidget) -> list[QAction]:
    """One entry per screen; disabled with no encounter in front."""
    menu.clear()
    actions = []
    for number, screen in enumerate(QGuiApplication.screens(), start=1):
        action = menu.addAction(screen_name(number, screen))
        action.setEnabled(current is not None)
        if current is not None:
            action.triggered.connect(
                lambda _=False, s=screen: show_fullscreen_on(current.open_player_view(), s))
        actions.append(action)
    return actions
