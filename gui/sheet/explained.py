"""The sheet's derived numbers, marked with what they are so something else can explain them.

Every number the core works out for a sheet (AC, PROF, HP max, load, SPELLCHECK, spells known,
the dead-at threshold, each weapon's ATK and damage, each SAVE and skill) is a widget carrying the
Qt property ``explains`` with one of these keys: ``ac``, ``prof``, ``hp_max``, ``load``,
``spellcheck``, ``spells_known``, ``dead_at``, ``atk:<weapon uid>``, ``damage:<weapon uid>``,
``save:<ABILITY>``, ``skill:<skill key>``. A weapon's two-handed line also carries ``grip`` =
``two_handed``. The widget takes keyboard focus (Tab), so a key can explain the focused number,
and shows it in the palette's highlight while focused (roles, not a style sheet: a sheet-wide style
sheet doubled the time a sheet takes to open).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["EXPLAINS", "STATIC_KEYS", "explained", "mark"]

EXPLAINS = "explains"
STATIC_KEYS = ("ac", "prof", "hp_max", "load", "spellcheck", "spells_known", "dead_at")


class _FocusShade(QObject):
    """A focused read-only number takes the highlight's colours, so the GM sees which one a key
    will explain; a field (a line edit) shows its own focus already."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, QWidget) and event.type() in (QEvent.Type.FocusIn,
                                                             QEvent.Type.FocusOut):
            focused = event.type() == QEvent.Type.FocusIn
            role = QPalette.ColorRole
            watched.setAutoFillBackground(focused)
            watched.setBackgroundRole(role.Highlight if focused else role.Window)
            watched.setForegroundRole(role.HighlightedText if focused else role.WindowText)
        return False


_shade: _FocusShade | None = None


def _focus_shade() -> _FocusShade:
    global _shade
    if _shade is None:
        _shade = _FocusShade(QApplication.instance())
    return _shade


def mark(widget: QWidget, key: str) -> QWidget:
    """``widget`` shows the number ``key`` names; Tab reaches it (a read-only label too)."""
    widget.setProperty(EXPLAINS, key)
    if widget.focusPolicy() in (Qt.FocusPolicy.NoFocus, Qt.FocusPolicy.ClickFocus):
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        widget.installEventFilter(_focus_shade())
    return widget


def explained(root: QWidget) -> dict[str, list[QWidget]]:
    """Every marked widget under ``root`` by its key (a versatile weapon's key has two)."""
    found: dict[str, list[QWidget]] = {}
    for widget in root.findChildren(QWidget):
        key = widget.property(EXPLAINS)
        if key:
            found.setdefault(str(key), []).append(widget)
    return found
