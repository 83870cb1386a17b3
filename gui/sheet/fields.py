"""A line edit bound to one value of a character, refusing impossible values at the field.

Every keystroke is committed through the document (one undo command; the keystrokes of one
visit to the field merge into one step, Qt's undo example). When the core's validation refuses
the text (pydantic: a score of 21, a negative level), the field turns red, its tooltip and the
sheet's status line say why, and the core keeps its old value; leaving the field puts the
stored value back.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from emberkeep.campaign.operation import Refused
from emberkeep.character.model import Character
from gui.document import CampaignDocument
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["FieldEdit", "int_text", "set_choices"]

_visits = itertools.count(1)


_KEEP = object()


def set_choices(combo: QComboBox, choices: Sequence[tuple[str, Any]],
                current: object = _KEEP) -> None:
    """Fill ``combo`` with (text, data) ``choices`` only when they differ from what it holds
    (a refill resets its popup and tells every view), then choose the item whose data is
    ``current`` (none if absent); by default the item chosen before, else the first. Silent:
    no edit follows a redraw."""
    keep = combo.currentData() if current is _KEEP else current
    combo.blockSignals(True)
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] != list(choices):
        combo.clear()
        for text, value in choices:
            combo.addItem(text, value)
    found = combo.findData(keep)
    combo.setCurrentIndex(max(0, found) if current is _KEEP else found)
    combo.blockSignals(False)


def int_text(text: str) -> int:
    """The whole number the GM typed, or a ValueError saying so."""
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"{text.strip() or 'an empty field'!r} is not a whole number") from None


class FieldEdit(QLineEdit):
    """Shows ``read(character)``; ``write(character, text)`` gives (field, value) to commit."""

    refused = Signal(str)
    accepted = Signal()

    def __init__(self, document: CampaignDocument, character_id: str, label: str,
                 read: Callable[[Character], str],
                 write: Callable[[Character, str], tuple[str, Any]],
                 parent: QWidget | None = None, *, width: int | None = None,
                 tip: str = "") -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.label = label
        self._read = read
        self._write = write
        self._tip = tip or label
        self._visit = next(_visits)
        self._visit_start: str | None = None
        self.error: str | None = None
        self.setToolTip(tooltip(self._tip))
        self.setAccessibleName(label)
        if width is not None:
            self.setMaximumWidth(width)
        self.textEdited.connect(self.commit)
        self.editingFinished.connect(self._finish)
        self.refresh()

    def commit(self, text: str) -> bool:
        """Try ``text``; True when the core took it (or already had it)."""
        character = self.document.character(self.character_id)
        if self._visit_start is None:
            self._visit_start = self._read(character)
        try:
            field, value = self._write(character, text)
            self.document.edit_character(self.character_id, field, value,
                                         merge_key=f"{self.label}#{self._visit}",
                                         label=self.label)
        except (Refused, ValueError) as exc:
            self._set_error(f"{self.label} not changed: {exc}")
            return False
        self._set_error(None)
        self.accepted.emit()
        return True

    def _set_error(self, reason: str | None) -> None:
        self.error = reason
        self.setProperty("refused", reason is not None)
        self.setStyleSheet("" if reason is None else  # the palette's danger red, dark or light
                           f"QLineEdit {{ border: 2px solid {tones().error.name()}; }}")
        self.setToolTip(tooltip(self._tip if reason is None else reason))  # may quote the text
        if reason is not None:
            self.refused.emit(reason)

    def _finish(self) -> None:
        """Leaving the field: a refused text gives way to the value the field had when the GM
        came in (typing "21" passed through a valid "2"; committing the starting value again
        merges the visit's step into nothing, so the stack drops it); a new visit starts."""
        if self.error is not None and self._visit_start is not None:
            self.commit(self._visit_start)
        self._set_error(None)
        self._new_visit()
        self.refresh(force=True)

    def _new_visit(self) -> None:
        self._visit = next(_visits)
        self._visit_start = None

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.error is None:
            self._new_visit()

    def refresh(self, force: bool = False, character: Character | None = None) -> None:
        """Show the stored value (unless the GM is mid-way through a refused text);
        ``character``: the one to read, when the sheet already has it in hand. The value is
        read even when it is not shown, so the sheet knows what this field reads
        (:mod:`gui.sheet.reads`)."""
        try:
            text = self._read(character if character is not None
                              else self.document.character(self.character_id))
        except KeyError:
            return
        if self.error is not None and not force:
            return
        if force or self.text() != text:
            if not force and self.hasFocus() and self._same_value(text):
                return
            self.setText(text)

    def _same_value(self, stored: str) -> bool:
        """``016`` and ``16`` are one value: don't rewrite what the GM is typing."""
        try:
            return int(self.text().strip()) == int(stored)
        except ValueError:
            return self.text() == stored
