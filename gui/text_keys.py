"""The app's Ctrl keys work while a text field has the focus, on Linux desktops too.

Under X11 Qt gives every text field Emacs-style keys: Ctrl+E (end of line), Ctrl+K (delete to
the end), Ctrl+U (delete the line), Ctrl+D (delete a character), Ctrl+Shift+A (deselect). A
field claims them through the ``ShortcutOverride`` event Qt sends before it looks for a
shortcut, so Edit… (Ctrl+E) in the bestiary did nothing while its search field had the focus,
and Cast… (Ctrl+K) on a sheet cut the text of the field being edited instead. The offscreen
platform the tests run on has no such keys, which is how it went unseen.

A filter on the focused text widget declines that claim for those keys only: Qt then runs the
shortcut the menus and buttons advertise, and where no shortcut has the key, the key press still
reaches the field, which does its Emacs thing. Like :mod:`gui.undo_keys`, the filter follows
the focus, so no other event pays for a Python call.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["EMACS_KEYS", "TextKeys", "install_text_keys"]

# Qt's X11 key bindings for text fields that use Ctrl with a letter (qplatformtheme.cpp:
# MoveToEndOfLine, DeleteEndOfLine, DeleteCompleteLine, Delete, Deselect).
EMACS_KEYS = frozenset({"Ctrl+E", "Ctrl+K", "Ctrl+U", "Ctrl+D", "Ctrl+Shift+A"})
_TEXT = (QLineEdit, QAbstractSpinBox, QPlainTextEdit, QTextEdit)


class TextKeys(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and QKeySequence(event.keyCombination()).toString() in EMACS_KEYS):
            event.ignore()  # not the field's claim: a shortcut with this key runs
            return True
        return False

    def follow_focus(self, old: QWidget | None, new: QWidget | None) -> None:
        # a widget losing the focus may be on its way out: Qt drops a deleted one's filters
        if old is not None and shiboken6.isValid(old):
            old.removeEventFilter(self)
        if new is not None and shiboken6.isValid(new) and isinstance(new, _TEXT):
            new.installEventFilter(self)


def install_text_keys(app: QApplication) -> TextKeys:
    """Once per application (a second call returns the first filter)."""
    # by its name among the application's own children: an unnamed search wraps every child
    # for Python, and the first wrap of Qt's style object builds QStyle's enums before the
    # first paint
    found = app.findChild(TextKeys, "textKeys", Qt.FindChildOption.FindDirectChildrenOnly)
    if found is not None:
        return found
    keys = TextKeys(app)
    keys.setObjectName("textKeys")
    app.focusChanged.connect(keys.follow_focus)
    return keys
