"""Ctrl+Z and Ctrl+Shift+Z always undo and redo the campaign, even while a text field of a sheet
or an encounter has the focus.

A ``QLineEdit`` (or a spin box, a text edit) claims the undo keys for its own text by accepting
the ``ShortcutOverride`` event Qt sends before it looks for a shortcut. In a document app the GM
expects the document's history instead (DESIGN: "Ctrl+Z in any window undoes the campaign's
latest command"), and every sheet field already saves as one campaign step while typing. So an
application event filter declines that claim for the campaign's undo and redo keys in the main
window; Qt then runs Edit → Undo / Redo. A field's own text undo stays on its context menu.
Dialogs keep their own keys: a half-filled dialog is not the campaign. The filter sits on the
focused widget only (moved on each focus change), not on the whole application, so no other
event pays for a Python call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["CampaignUndoKeys"]


class CampaignUndoKeys(QObject):
    """One part of the main window (:attr:`MainWindow.undo_keys`): it follows the focus."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self.follow_focus)

    def _campaign_keys(self) -> set[str]:
        keys: set[str] = set()
        for action in self.window.undo_actions():
            keys |= {s.toString() for s in action.shortcuts() if not s.isEmpty()}
        return keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and isinstance(watched, QWidget) and watched.window() is self.window):
            pressed = QKeySequence(event.keyCombination()).toString()
            if pressed in self._campaign_keys():
                event.ignore()  # not the field's: the shortcut (Edit → Undo/Redo) runs
                return True
        return False

    def follow_focus(self, old: QWidget | None, new: QWidget | None) -> None:
        # the widget losing the focus may be on its way out (focus moves as it is deleted):
        # leave it alone then, Qt drops a deleted widget's filters with it
        if old is not None and shiboken6.isValid(old):
            old.removeEventFilter(self)
        if new is not None and shiboken6.isValid(new) and new.window() is self.window:
            new.installEventFilter(self)
