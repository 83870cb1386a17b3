"""The sheet's derived numbers, marked with what they are so something else can explain them.

Every number the core works out for a sheet (AC, PROF, HP max, load, SPELLCHECK, spells known,
the dead-at threshold, each weapon's ATK and damage, each SAVE and skill) is a widget carrying the
Qt property ``explains`` with one of these keys: ``ac``, ``prof``, ``hp_max``, ``load``,
``spellcheck``, ``spells_known``, ``dead_at``, ``atk:<weapon uid>``, ``damage:<weapon uid>``,
``save:<ABILITY>``, ``skill:<skill key>``. A weapon's two-handed line also carries ``grip`` =
``two_handed``. The widget takes keyboard focus (Tab), so a key can explain the focused number.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

__all__ = ["EXPLAINS", "STATIC_KEYS", "explained", "mark"]

EXPLAINS = "explains"
STATIC_KEYS = ("ac", "prof", "hp_max", "load", "spellcheck", "spells_known", "dead_at")


def mark(widget: QWidget, key: str) -> QWidget:
    """``widget`` shows the number ``key`` names; Tab reaches it (a read-only label too)."""
    widget.setProperty(EXPLAINS, key)
    if widget.focusPolicy() in (Qt.FocusPolicy.NoFocus, Qt.FocusPolicy.ClickFocus):
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return widget


def explained(root: QWidget) -> dict[str, list[QWidget]]:
    """Every marked widget under ``root`` by its key (a versatile weapon's key has two)."""
    found: dict[str, list[QWidget]] = {}
    for widget in root.findChildren(QWidget):
        key = widget.property(EXPLAINS)
        if key:
            found.setdefault(str(key), []).append(widget)
    return found
