"""The GM's words shown as written: never read as HTML, never a way to make Qt read a file.

Names, notes and file names come from a campaign file anyone may have written. Qt guesses at
rich text in many places: a QLabel in its default ``AutoText`` format (``Qt.mightBeRichText``
decides), every tooltip (a widget's, an action's, a tab's, an item's ``ToolTipRole``), a
QInputDialog's label; and rich text loads what an ``<img src=…>`` names. A knight called
``<img src=/dev/zero>Sir B`` made the Melee Round read /dev/zero until memory ran out; a FIFO
there blocks the app for ever. So every label that can show such text is made plain here, and
every tooltip is escaped here.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QWidget
from shiboken6 import isValid

__all__ = ["as_html", "escape", "make_plain", "plain_label", "tooltip", "tooltip_of_text"]

_MNEMONIC = re.compile(r"&(&?)")


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows ``text`` as written, whatever it holds."""
    return make_plain(QLabel(text, parent))


def make_plain(label: QLabel) -> QLabel:
    """``label`` shows its text as written from now on (a label Qt made, a form's row)."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def as_html(text: str) -> str:
    """HTML that shows ``text`` as written (line breaks kept), for a place Qt reads as HTML
    when it looks like HTML: the text is escaped inside a paragraph it cannot leave."""
    if not text:
        return ""
    return f"<p style='white-space:pre-wrap'>{escape(text)}</p>"


def escape(text: str) -> str:
    """``text`` as HTML shows it: ``html.escape(text, quote=False)``, spelled out because the
    html package loads its 2,000-name entities table (~2 ms and 0.6 MiB at start) for an escape
    that needs three replacements."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as written (Qt guesses at HTML in every tooltip)."""
    return as_html(text)


def tooltip_of_text(action: QAction) -> QAction:
    """``action``'s tooltip, which Qt takes from its text when none is set, is that text
    escaped, now and whenever the text changes (Undo's "Undo Rename <a name>")."""

    def follow() -> None:
        if not isValid(action):  # a menu cleared: the action says "changed" as it goes
            return
        wanted = tooltip(_MNEMONIC.sub(r"\1", action.text()))
        if action.toolTip() != wanted:
            action.setToolTip(wanted)  # emits changed once more, then nothing differs

    action.changed.connect(follow)
    follow()
    return action
