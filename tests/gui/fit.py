"""Does a window fit its screen? One helper for every window and dialog.

``assert_fits(window)`` checks that the top-level window lies inside its screen's available
geometry (and kept ``size`` if given: it did not grow), and that the visible part of every visible
widget in it does too — a widget scrolled out of sight in a scroll area has no visible part, a
panel pushed below the screen's edge does. Add a window to the fitting tests by opening it and
calling this; :func:`on_modal` checks a dialog that runs its own event loop (``exec``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSize, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog, QWidget

__all__ = ["LAPTOPS", "assert_fits", "off_screen", "on_modal", "press", "rows_shown"]

LAPTOPS = ("laptop", "wide-laptop")  # tests/screens.json: 1366×768 and 1280×800


def off_screen(window: QWidget) -> list[str]:
    """The visible widgets of ``window`` whose visible part lies outside the available area of
    the window's screen, each as ``"Class name: rect"``."""
    QApplication.processEvents()
    available = window.screen().availableGeometry()
    found = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or (widget is not window and widget.isWindow()):
            continue
        part = widget.visibleRegion().boundingRect()
        if part.isEmpty():
            continue
        where = QRect(widget.mapToGlobal(part.topLeft()), part.size())
        if not available.contains(where):
            found.append(f"{type(widget).__name__} {widget.objectName()!r}: {where}")
    return found


def assert_fits(window: QWidget, size: QSize | None = None) -> None:
    QApplication.processEvents()
    available = window.screen().availableGeometry()
    assert available.contains(window.frameGeometry()), (
        f"{window.windowTitle()!r} at {window.frameGeometry()} is not inside {available}")
    if size is not None:
        assert window.size() == size, f"{window.windowTitle()!r} grew to {window.size()}"
    assert off_screen(window) == [], f"{window.windowTitle()!r} off screen: {off_screen(window)}"


def rows_shown(view: QAbstractItemView, row_height: int) -> float:
    """How many rows of ``row_height`` the view's viewport has room for."""
    return view.viewport().height() / row_height


def press(action: QAction, target: QWidget) -> None:
    """Type ``action``'s first shortcut on ``target``, as the GM would."""
    sequence = action.shortcut()
    assert not sequence.isEmpty(), f"{action.text()!r} has no shortcut"
    QTest.keySequence(target, sequence)


def on_modal(check: Callable[[QDialog], None]) -> list[str]:
    """Run ``check`` on the next modal dialog, then close it (so ``exec`` returns). Returns a
    list that holds the dialog's title once it was checked (or the failure, as a string)."""
    seen: list[str] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(20, look)
            return
        try:
            check(dialog)
            seen.append(dialog.windowTitle())
        except AssertionError as exc:
            seen.append(f"FAILED {exc}")
        finally:
            dialog.reject()

    QTimer.singleShot(0, look)
    return seen
