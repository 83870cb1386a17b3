"""The main window's layout between starts: docks, toolbars and the splitters of its tabs, kept
per screen beside the window's geometry (:func:`gui.screen_fit.remember_geometry`).

Qt writes each part's state (``QMainWindow.saveState``, ``QSplitter.saveState``); it is kept
base64 in :attr:`gui.state.AppState.window_layout` under the screen's key (its name and size,
:func:`gui.screen_fit.screen_key`): a layout made on a big monitor is not forced onto the laptop
screen. A tab's splitters are named by the tab's class and their order in it
(``EncounterWindow/0``), so every encounter tab opens with the layout the GM last left one
in; they are restored when the tab first comes to the front (a fight reopened behind another
tab is laid out when shown) and remembered when it closes and when the window does.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QWidget

from gui.screen_fit import screen_key
from gui.state import AppState

__all__ = ["LAYOUT_VERSION", "MAIN", "remember_layout", "remember_tab", "restore_layout",
           "restore_tab"]

LAYOUT_VERSION = 1  # bump when docks or toolbars change so an old layout is ignored
MAIN = "main"
_RESTORED = "emberkeepLayoutRestored"


def _encode(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode("ascii")


def _decode(text: str) -> QByteArray:
    return QByteArray.fromBase64(QByteArray(text.encode("ascii")))


def _layout(window: QWidget, state: AppState) -> dict[str, str]:
    return state.window_layout.setdefault(screen_key(window.screen()), {})


def splitters_of(tab: QWidget) -> dict[str, QSplitter]:
    """The tab's splitters by name: its class and their order (creation order) in it."""
    found = tab.findChildren(QSplitter)
    return {f"{type(tab).__name__}/{number}": splitter for number, splitter in enumerate(found)}


def remember_tab(window: QWidget, tab: QWidget, state: AppState) -> None:
    """Keep the tab's splitters as they stand now (for this screen)."""
    if not tab.property(_RESTORED):
        return  # never shown: what it has is the default, not the GM's layout
    layout = _layout(window, state)
    for name, splitter in splitters_of(tab).items():
        layout[name] = _encode(splitter.saveState())


def restore_tab(window: QWidget, tab: QWidget, state: AppState) -> None:
    """Lay the tab's splitters out as last left on this screen (once per tab)."""
    if tab.property(_RESTORED):
        return
    tab.setProperty(_RESTORED, True)
    layout = state.window_layout.get(screen_key(window.screen()), {})
    for name, splitter in splitters_of(tab).items():
        if name in layout:
            splitter.restoreState(_decode(layout[name]))


def remember_layout(window: QMainWindow, tabs: QTabWidget, state: AppState) -> None:
    """Docks and toolbars, and every open tab's splitters, for the window's screen."""
    _layout(window, state)[MAIN] = _encode(window.saveState(LAYOUT_VERSION))
    for number in range(tabs.count()):
        tab = tabs.widget(number)
        if tab is not None:
            remember_tab(window, tab, state)


def restore_layout(window: QMainWindow, tabs: QTabWidget, state: AppState) -> bool:
    """Docks and toolbars as last left on the screen the window opens on (False: none kept,
    or an older layout); each tab's splitters follow as it comes to the front."""
    tabs.currentChanged.connect(lambda _n: _restore_current(window, tabs, state))
    connected = {screen_key(s) for s in QGuiApplication.screens()}
    key = (state.window_screen if state.window_screen in connected
           else screen_key(window.screen()))  # where place_window put it
    saved = state.window_layout.get(key, {}).get(MAIN)
    return bool(saved) and window.restoreState(_decode(saved or ""), LAYOUT_VERSION)


def _restore_current(window: QMainWindow, tabs: QTabWidget, state: AppState) -> None:
    tab = tabs.currentWidget()
    if tab is not None:
        restore_tab(window, tab, state)
