"""Walk a window for the keys it answers: mnemonics (``&X`` → Alt+X) of its menu bar, buttons,
labels with buddies, group boxes and tabs, and the shortcuts of its ``QAction``s and
``QShortcut``s, with the widget whose focus scope each lives in.

Data-driven on purpose: whatever key another change adds to a window is walked the next time the
test runs, so a clash cannot slip in unnoticed. Only what Qt would answer counts: a widget that is
not visible (a tab in the background) holds no live mnemonic, as in Qt's own shortcut map.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMainWindow,
    QMenu,
    QTabBar,
    QWidget,
)

__all__ = ["Key", "clashes", "menu_clashes", "mnemonic", "window_keys"]


def mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (``&&`` is a literal ampersand), upper-cased."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].upper()
            i += 1
        i += 1
    return None


@dataclass(frozen=True)
class Key:
    key: str  # portable text: "Alt+P", "Ctrl+Shift+Z", "D"
    what: str  # for the failure message: the text of the thing that answers it
    scope: QWidget  # the widget whose focus (or window) the key is live in


def _portable(sequence: QKeySequence) -> str:
    return sequence.toString(QKeySequence.SequenceFormat.PortableText)


def _action_live(action: QAction, seen: set[int] | None = None) -> bool:
    """As Qt decides a window shortcut is live: one of the widgets it is added to is visible,
    or it sits in a menu whose own entry is live (a menu bar's popup is never visible)."""
    seen = set() if seen is None else seen
    if id(action) in seen:
        return False
    seen.add(id(action))
    for owner in action.associatedObjects():
        if isinstance(owner, QMenu):
            if _action_live(owner.menuAction(), seen):
                return True
        elif isinstance(owner, QWidget) and owner.isVisible():
            return True
    return False


def _scope(context: Qt.ShortcutContext, widget: QWidget) -> QWidget:
    if context in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut):
        return widget.window()
    return widget


def _widget_texts(widget: QWidget) -> list[str]:
    """The texts whose ``&`` marks a mnemonic on this widget."""
    if isinstance(widget, QAbstractButton) or (
            isinstance(widget, QLabel) and widget.buddy() is not None):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QTabBar):
        return [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
    return []


def _mnemonic_keys(root: QWidget) -> list[Key]:
    """Alt+letter of the menu bar and of every visible widget of ``root``'s window."""
    keys: list[Key] = []
    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            letter = mnemonic(action.text())
            if letter and action.isVisible():
                keys.append(Key(f"Alt+{letter}", f"menu {action.text()!r}", root))
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not root:
            continue
        for text in _widget_texts(widget):
            letter = mnemonic(text)
            if letter:
                keys.append(Key(f"Alt+{letter}", f"{type(widget).__name__} {text!r}", root))
    return keys


def _shortcut_keys(root: QWidget) -> list[Key]:
    """The live QAction and QShortcut keys of ``root``'s window, each with its scope."""
    keys: list[Key] = []
    actions = {id(a): a for a in [*root.findChildren(QAction), *root.actions()]}
    for action in actions.values():
        owner = action.parent()
        if not isinstance(owner, QWidget) or not _action_live(action):
            continue
        for sequence in action.shortcuts():
            if not sequence.isEmpty():
                keys.append(Key(_portable(sequence), f"action {action.text()!r}",
                                _scope(action.shortcutContext(), owner)))
    for shortcut in root.findChildren(QShortcut):
        owner = shortcut.parent()
        if (isinstance(owner, QWidget) and owner.isVisible() and shortcut.isEnabled()
                and not shortcut.key().isEmpty()):
            keys.append(Key(_portable(shortcut.key()), f"shortcut {_portable(shortcut.key())}",
                            _scope(shortcut.context(), owner)))
    return keys


def window_keys(root: QWidget) -> list[Key]:
    """Every live key of ``root``'s window (``root`` shown)."""
    return _mnemonic_keys(root) + _shortcut_keys(root)


def _overlap(a: QWidget, b: QWidget) -> bool:
    """Two scopes are live at once when one holds the other (the window holds every widget)."""
    return a is b or a.isAncestorOf(b) or b.isAncestorOf(a)


def clashes(keys: list[Key]) -> list[str]:
    """Two different things answering one key where both are live at once."""
    found: list[str] = []
    for n, first in enumerate(keys):
        for second in keys[n + 1:]:
            if (first.key == second.key and first.what != second.what
                    and _overlap(first.scope, second.scope)):
                found.append(f"{first.key}: {first.what} and {second.what}")
    return found


def menu_clashes(menu: QMenu, path: str = "") -> list[str]:
    """Two entries of one menu (or of a submenu, each its own scope) with the same letter."""
    where = f"{path} → {menu.title().replace('&', '')}" if path else menu.title().replace("&", "")
    found: list[str] = []
    letters: dict[str, str] = {}
    for action in menu.actions():
        if not action.isVisible() or action.isSeparator():
            continue
        letter = mnemonic(action.text())
        if letter:
            if letter in letters:
                found.append(f"{where}: &{letter} on {letters[letter]!r} and {action.text()!r}")
            letters[letter] = action.text()
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            found += menu_clashes(submenu, where)
    return found
