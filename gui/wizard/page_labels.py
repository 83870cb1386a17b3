"""The labels the wizard's pages share: plain wrapped text, and a field's label with its Alt key."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from gui.plain_text import plain_label

__all__ = ["buddy", "plain"]


def plain(text: str = "", parent: QWidget | None = None) -> QLabel:
    """Wrapped text shown as written (a name may come from a campaign file)."""
    label = plain_label(text, parent)
    label.setWordWrap(True)
    return label


def buddy(text: str, field: QWidget, parent: QWidget) -> QLabel:
    """A field's label, whose Alt key (``&``) puts the focus in the field."""
    label = QLabel(text, parent)
    label.setBuddy(field)
    return label
