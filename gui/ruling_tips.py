"""A ruling number on screen is never bare: its tooltip says the ruling, and Shift+F1 opens it.

Wherever a label, button, check box, group box, tab, header, table cell or a line of a plain
text box (an attack's preview) shows "R22", its tooltip ends with that ruling in one line,
taken from the rules reference's own entry
("R22 Dead: When bleeding out runs down, …"). One application-wide event filter does it when
the tooltip is asked for, so every window gets it without a line of its own, and a text that
changes (a knight's "Dead at -4 HP (R22)") is read as it is then. The tooltip is rich text
and the text around a ruling number may hold a campaign's names: the summaries are escaped
here, and a tooltip the widget already had keeps its own words as written.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QCursor, QHelpEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTabBar,
    QToolTip,
    QWidget,
)

from gui.app_filters import AppFilter, install_once
from gui.plain_text import as_html, escape

__all__ = ["TIP_WIDTH", "RulingTips", "cited", "cited_at", "install", "summaries", "summary",
           "tooltip_at", "with_summaries", "wrapped"]

_CITE = re.compile(r"\bR(\d{1,2})\b")
_FIRST_SENTENCE = re.compile(r"(?<=[.;!?])\s")
_ESCAPED = as_html("x").partition("x")[0]  # how a tooltip escaped by plain_text.tooltip() opens
_LONGEST = 140  # a tooltip line a GM reads at a glance; the window holds the rest


def cited(text: str) -> list[int]:
    """The rulings ``text`` cites, each once, in the order it names them; a number the
    reference has no entry for (an R and two digits in a monster's name) is not a ruling."""
    # the reference and the magic tables it reads load with the first tooltip, not at start-up
    from emberkeep.rules_reference import reference

    last = len(reference().rulings)
    found: list[int] = []
    for match in _CITE.finditer(text):
        number = int(match.group(1))
        if 1 <= number <= last and number not in found:
            found.append(number)
    return found


@cache
def summary(number: int) -> str:
    """Ruling ``number`` in one line: its key and title, then the first sentence of what the
    app does, cut at a word near ``_LONGEST`` characters."""
    from emberkeep.rules_reference import reference, ruling_key

    ruling = reference().ruling(number)
    first = _FIRST_SENTENCE.split(ruling.app.strip(), maxsplit=1)[0].rstrip(".;")
    line = f"{ruling_key(number)} {ruling.title}: {first}"
    if len(line) > _LONGEST:
        line = line[:_LONGEST].rsplit(" ", 1)[0].rstrip(",;:(") + "…"
    return line


def summaries(text: str) -> list[str]:
    """The one-line summary of each ruling ``text`` cites."""
    return [summary(n) for n in cited(text)]


TIP_WIDTH = 420  # px: a ruling's line wraps at this width in a tooltip


def wrapped(rich: str) -> str:
    """``rich`` text in a block as wide as :data:`TIP_WIDTH` (a tooltip otherwise takes each
    line whole, or wraps it to a narrow column)."""
    return f"<table width='{TIP_WIDTH}' cellspacing='0'><tr><td>{rich}</td></tr></table>"


def with_summaries(shown: str, tip: str = "") -> str | None:
    """The tooltip for a text ``shown`` that had tooltip ``tip``: ``tip`` then one line per
    ruling ``shown`` cites, as escaped rich text; None when ``shown`` cites none."""
    lines = [line for line in summaries(shown) if line not in tip]
    if not lines:
        return None
    # a tooltip plain_text.tooltip() escaped stays as it is; any other is escaped here, so a
    # name in it shows as written once it shares a rich-text tooltip with the summaries
    own = tip if tip.startswith(_ESCAPED) else as_html(tip)
    added = "<br>".join(escape(line) for line in lines)
    # wrapped at a reading width, not one long line each: a tip Qt must fit on a laptop's
    # screen beside a text far right (the attack preview) would otherwise sit far from it
    return f"{own}{wrapped(added)}"


# -- what a widget shows at a point ------------------------------------------------------------

def _view_of(widget: QWidget) -> QAbstractItemView | None:
    """The item view whose viewport ``widget`` is (a header is an item view of its own)."""
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractItemView) and parent.viewport() is widget:
        return parent
    return None


def _text_of(widget: QWidget) -> QPlainTextEdit | None:
    """The plain text box ``widget`` is, or whose viewport it is."""
    if isinstance(widget, QPlainTextEdit):
        return widget
    parent = widget.parentWidget()
    if isinstance(parent, QPlainTextEdit) and parent.viewport() is widget:
        return parent
    return None


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _shown_at(widget: QWidget, pos: QPoint | None) -> tuple[str, str]:
    """What ``widget`` shows at ``pos`` (its own coordinates; None: where the keys are, its
    current cell) and the tooltip it has there."""
    view = _view_of(widget)
    if view is not None:
        return _in_view(view, pos)
    text = _text_of(widget)
    if text is not None:  # an attack's preview: the line under the mouse, or the cursor's
        cursor = text.cursorForPosition(pos) if pos is not None and widget is not text \
            else text.textCursor()
        return cursor.block().text(), text.toolTip()
    if isinstance(widget, QAbstractItemView):  # the view itself has the focus: its current cell
        return _cell(widget.currentIndex())
    if isinstance(widget, QTabBar):
        tab = widget.tabAt(pos) if pos is not None else widget.currentIndex()
        return (widget.tabText(tab), widget.tabToolTip(tab)) if tab >= 0 else ("", "")
    if isinstance(widget, QLabel | QAbstractButton):
        return widget.text(), widget.toolTip()
    if isinstance(widget, QGroupBox):
        return widget.title(), widget.toolTip()
    return "", ""


def _in_view(view: QAbstractItemView, pos: QPoint | None) -> tuple[str, str]:
    """The header section or the cell at ``pos`` in ``view``'s viewport."""
    if isinstance(view, QHeaderView):
        section = view.logicalIndexAt(pos) if pos is not None else -1
        model = view.model()
        if section < 0 or model is None:
            return "", ""
        return (_str(model.headerData(section, view.orientation())),
                _str(model.headerData(section, view.orientation(),
                                      Qt.ItemDataRole.ToolTipRole)))
    return _cell(view.indexAt(pos) if pos is not None else view.currentIndex())


def _cell(index: QModelIndex) -> tuple[str, str]:
    if not index.isValid():
        return "", ""
    return _str(index.data()), _str(index.data(Qt.ItemDataRole.ToolTipRole))


def tooltip_at(widget: QWidget, pos: QPoint | None = None) -> str | None:
    """The tooltip ``widget`` gets at ``pos`` for the rulings it shows there, or None."""
    shown, tip = _shown_at(widget, pos)
    return with_summaries(shown, tip) if shown else None


def cited_at(widget: QWidget | None, pos: QPoint | None = None) -> list[int]:
    """The rulings ``widget`` shows at ``pos`` (None: its current cell or tab)."""
    return cited(_shown_at(widget, pos)[0]) if widget is not None else []


def ruling_in_sight() -> int | None:
    """The first ruling the focused widget cites, else the one under the mouse, else None."""
    focused = QApplication.focusWidget()
    found = cited_at(focused)
    if not found:
        hovered = QApplication.widgetAt(QCursor.pos())
        if hovered is not None:
            found = cited_at(hovered, hovered.mapFromGlobal(QCursor.pos()))
    return found[0] if found else None


class RulingTips(AppFilter):
    """The application-wide filter that adds the rulings' summaries to tooltips."""

    EVENTS = frozenset({QHelpEvent})

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(watched, QWidget):
            return False
        assert isinstance(event, QHelpEvent)
        tip = tooltip_at(watched, event.pos())
        if tip is None:
            return False  # the widget's own tooltip, as Qt would show it
        QToolTip.showText(event.globalPos(), tip, watched)
        return True


def install(app: QApplication) -> RulingTips:
    """The one filter of ``app``, installed on first use."""
    return install_once(app, RulingTips, "rulingTips")
