"""Any number on screen can say where it comes from: a tooltip with its parts, and Ctrl+I.

A view marks a derived number with the dynamic property ``explains`` (a key such as ``"ac"``,
``"atk:<weapon uid>"``, ``"save:DEX"``; an item view's cell gives its key in
:data:`EXPLAINS_ROLE`; a combo box's key may hold ``{data}``, its current item's data: the
attack panel's target box is ``"ac:{data}"``, the AC of the one chosen). One application-wide
event filter does the rest, so no view carries a line of its own:

- hovering the number shows its breakdown ("AC 14 = Chain mail 15 − 1 dent (R15) + 2 Shield"),
  one part a line, then each ruling it cites in one line, as escaped rich text;
- Ctrl+I (nothing else in either window uses it) on the focused number opens a small box with
  the same parts and a button per ruling that opens it in the rules reference.

The parts are the core's (:mod:`emberkeep.character.explain`,
:mod:`emberkeep.encounter.explain`): the widget finds whom the number belongs to by walking up to
an ancestor that says, either with a method ``explanation(key)`` or with the ``character`` and
``catalog`` a sheet has, or with the encounter ``enc`` a fight window has. The GUI adds no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QCursor, QHelpEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from emberkeep.breakdown import Breakdown, signed
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from gui.action_registry import ActionSpec, Place
from gui.app_filters import AppFilter, install_once
from gui.plain_text import as_html, escape, plain_label
from gui.ruling_tips import summary, wrapped

if TYPE_CHECKING:
    from emberkeep.character.explain import Explained
    from gui.main_window import MainWindow

__all__ = [
    "ACTIONS",
    "EXPLAINS",
    "EXPLAINS_ROLE",
    "EXPLAIN_KEY",
    "NOTHING_TO_EXPLAIN",
    "ExplainBox",
    "ExplainFilter",
    "explain_in_sight",
    "explanation_at",
    "explanation_of",
    "install",
    "key_at",
    "tooltip_html",
]

EXPLAINS = "explains"  # the dynamic property naming the number a widget shows
GRIP = "grip"  # the sheet marks a versatile weapon's two-handed damage line with this
EXPLAINS_ROLE = Qt.ItemDataRole.UserRole + 0x45  # an item view's cell: its number's key
DATA = "{data}"  # in a combo box's key: its current item's data ("ac:{data}", the chosen one's)
EXPLAIN_KEY = QKeySequence("Ctrl+I")

Source = Callable[[str], "Explained | None"]
_ESCAPED = as_html("x").partition("x")[0]  # how a tooltip plain_text.tooltip() made opens


# -- whose number -----------------------------------------------------------------------------

def _source_of(widget: QWidget) -> Source | None:
    """How the nearest ancestor of ``widget`` (itself included) explains a key."""
    here: QWidget | None = widget
    while here is not None:
        own = getattr(here, "explanation", None)
        if callable(own):
            return own  # type: ignore[no-any-return]
        try:
            character, catalog = getattr(here, "character", None), getattr(here, "catalog", None)
            enc = getattr(here, "enc", None)
        except (KeyError, LookupError):  # the sheet's character was removed: nothing to say
            return None
        if isinstance(character, Character) and isinstance(catalog, Catalog):
            # the sheet's numbers load with the first one asked for, not with the first window
            from emberkeep.character.explain import explain as explain_sheet

            return partial(explain_sheet, character, catalog)
        if enc is not None and (in_fight := _fight_source(enc)) is not None:
            return in_fight
        here = here.parentWidget()
    return None


def _fight_source(enc: object) -> Source | None:
    # start-up: the fight engine is imported with the first fight, not for the first window
    from emberkeep.encounter.engine import Encounter
    from emberkeep.encounter.explain import explain_in_fight

    return partial(explain_in_fight, enc) if isinstance(enc, Encounter) else None


def _widget_key(widget: QWidget) -> tuple[QWidget, str] | None:
    """The nearest widget up from ``widget`` marked ``explains``, and its key."""
    here: QWidget | None = widget
    while here is not None and not here.isWindow():
        key = here.property(EXPLAINS)
        if isinstance(key, str) and key and isinstance(here, QComboBox) and DATA in key:
            chosen = here.currentData()  # "ac:{data}": the number of the one chosen
            key = key.replace(DATA, str(chosen)) if chosen is not None else ""
        if isinstance(key, str) and key:
            if key.startswith("damage:") and here.property(GRIP) == "two_handed" \
                    and key.count(":") == 1:
                key += ":two_handed"
            return here, key
        here = here.parentWidget()
    return None


def _view_of(widget: QWidget) -> QAbstractItemView | None:
    if isinstance(widget, QAbstractItemView):
        return widget
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractItemView) and parent.viewport() is widget:
        return parent
    return None


def key_at(widget: QWidget, pos: QPoint | None = None) -> tuple[QWidget, str] | None:
    """The marked widget at ``pos`` in ``widget`` (None: where the keys are) and its key: an
    item view's cell under ``pos`` (or its current cell), else the widget or an ancestor."""
    view = _view_of(widget)
    if view is not None:
        index: QModelIndex = view.indexAt(pos) if pos is not None and widget is not view \
            else view.currentIndex()
        key = index.data(EXPLAINS_ROLE) if index.isValid() else None
        if isinstance(key, str) and key:
            return view, key
    return _widget_key(widget)


def explanation_of(widget: QWidget, key: str) -> Explained | None:
    source = _source_of(widget)
    if source is None:
        return None
    try:
        return source(key)
    except (KeyError, LookupError, ValueError):  # gear or a combatant gone since it was marked
        return None


def explanation_at(widget: QWidget | None, pos: QPoint | None = None) -> Explained | None:
    """The explanation of the number ``widget`` shows at ``pos`` (None: the focused cell)."""
    if widget is None:
        return None
    found = key_at(widget, pos)
    return None if found is None else explanation_of(found[0], found[1])


# -- the words --------------------------------------------------------------------------------

def _amount(index: int, amount: int, bonus: bool) -> str:
    return signed(amount) if index or bonus or amount < 0 else str(amount)


def _rows(found: Explained) -> list[tuple[str, str, str]]:
    """(label, amount, ruling) rows: the number, then each part, for each breakdown."""
    rows: list[tuple[str, str, str]] = []
    for each in (found, *found.more):
        total = signed(each.total) if each.bonus or each.total < 0 else str(each.total)
        rows.append((each.title, total, ""))
        breakdown: Breakdown = each.breakdown
        for index, part in enumerate(breakdown.parts):
            cite = f"R{part.ruling}" if part.ruling is not None else ""
            rows.append((f"    {part.label}", _amount(index, part.amount, each.bonus), cite))
    return rows


def tooltip_html(found: Explained, own: str = "") -> str:
    """The tooltip: the parts as a table, the notes, each ruling in one line, then the
    widget's own tooltip (``own``, plain text); everything escaped."""
    def cell(text: str, *, right: bool = False, bold: bool = False) -> str:
        shown = escape(text).replace("    ", "&nbsp;&nbsp;&nbsp;&nbsp;")
        shown = f"<b>{shown}</b>" if bold else shown
        align = " align='right'" if right else ""
        return f"<td{align} style='padding-right:8px'>{shown}</td>"

    rows = "".join(
        "<tr>" + cell(label, bold=not label.startswith(" ")) + cell(amount, right=True)
        + cell(ruling) + "</tr>" for label, amount, ruling in _rows(found))
    out = [f"<table cellspacing='0'>{rows}</table>"]
    out += [f"<p>{escape(note)}</p>" for note in found.notes]
    lines = [escape(summary(n)) for n in found.rulings()]
    if lines:  # wrapped, not one long line each: the tooltip stays on a laptop's screen
        out.append(wrapped("<br>".join(lines)))
    if own:  # escaped once already when plain_text.tooltip() made it
        out.append(own if own.startswith(_ESCAPED) else as_html(own))
    out.append(f"<p><i>{EXPLAIN_KEY.toString(QKeySequence.SequenceFormat.NativeText)}: "
               "these parts, with the rulings to open</i></p>")
    return "".join(out)


# -- the box Ctrl+I opens ---------------------------------------------------------------------

class ExplainBox(QDialog):
    """The focused number's parts, a button per ruling that opens it; Esc closes."""

    def __init__(self, found: Explained, parent: QWidget) -> None:
        super().__init__(parent)
        self.found = found
        self.setObjectName("explainBox")
        self.setWindowTitle(f"Where {found.title} comes from")
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        for row, (label, amount, ruling) in enumerate(_rows(found)):
            name = plain_label(label.strip(), self)
            if not label.startswith(" "):
                font = name.font()
                font.setBold(True)
                name.setFont(font)
            else:
                name.setIndent(16)
            number = plain_label(amount, self)
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(name, row, 0)
            grid.addWidget(number, row, 1)
            grid.addWidget(plain_label(ruling, self), row, 2)
        grid.setColumnStretch(3, 1)  # the numbers stay beside their labels
        layout.addLayout(grid)
        for note in found.notes:
            layout.addWidget(plain_label(note, self))
        self.ruling_buttons: list[QPushButton] = []
        from emberkeep.rules_reference import reference, ruling_key  # not at start-up

        for cited in found.rulings():
            line = plain_label(summary(cited), self)  # the ruling in one line, wrapped
            line.setWordWrap(True)
            layout.addWidget(line)
            title = reference().ruling(cited).title
            button = QPushButton(f"Open {ruling_key(cited)} {title}", self)
            button.setToolTip(f"{ruling_key(cited)} in the rules reference")
            button.clicked.connect(self._opener(cited))
            button.setAutoDefault(False)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
            self.ruling_buttons.append(button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.ruling_buttons:
            self.ruling_buttons[0].setFocus()
        screen = parent.screen().availableGeometry() if parent.screen() else None
        if screen is not None:
            self.setMaximumWidth(min(560, screen.width() - 40))

    def _opener(self, number: int) -> Callable[[], None]:
        return lambda: self.open_ruling(number)

    def open_ruling(self, number: int) -> None:
        from gui.rules_window import open_ruling  # the reference loads on first use

        owner = self.parentWidget()
        self.accept()
        open_ruling(owner.window() if owner is not None else self, number)


def show_explanation(widget: QWidget, found: Explained) -> ExplainBox:
    box = ExplainBox(found, widget.window())
    box.open()
    return box


# -- the filter -------------------------------------------------------------------------------

def _is_explain_key(event: QKeyEvent) -> bool:
    return QKeySequence(event.keyCombination()) == EXPLAIN_KEY


class ExplainFilter(AppFilter):
    """The application-wide filter: tooltips for marked numbers, Ctrl+I on the focused one."""

    EVENTS = frozenset({QHelpEvent, QKeyEvent})

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ToolTip and isinstance(watched, QWidget):
            assert isinstance(event, QHelpEvent)
            return self._tooltip(watched, event)
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            if not _is_explain_key(event) or not isinstance(watched, QWidget) \
                    or watched is not QApplication.focusWidget():
                return False  # every other key, and Ctrl+I on its way up to a parent
            found = explanation_at(watched)
            if found is None:
                return False
            event.accept()
            if kind == QEvent.Type.KeyPress:
                show_explanation(watched, found)
            return True
        return False

    @staticmethod
    def _tooltip(watched: QWidget, event: QHelpEvent) -> bool:
        at = key_at(watched, event.pos())
        if at is None:
            return False
        found = explanation_of(*at)
        if found is None:
            return False
        own = at[0].toolTip() if not isinstance(at[0], QAbstractItemView) else ""
        QToolTip.showText(event.globalPos(), tooltip_html(found, own), watched)
        return True


def install(app: QApplication) -> ExplainFilter:
    """The one filter of ``app``, installed on first use."""
    return install_once(app, ExplainFilter, "explainNumbers")



# -- Help → Explain the Focused Number ----------------------------------------------------------

NOTHING_TO_EXPLAIN = "Nothing to explain here: Tab to a number (AC, ATK, a save) and press " \
    "Ctrl+I, or point at it"


def explain_in_sight() -> ExplainBox | str:
    """Ctrl+I where the focused widget shows no number (the filter answers those): the number
    under the mouse, or a line saying how to pick one."""
    for widget, pos in ((QApplication.focusWidget(), None), (_hovered(), "mouse")):
        if widget is None:
            continue
        at = widget.mapFromGlobal(QCursor.pos()) if pos else None
        found = explanation_at(widget, at)
        if found is not None:
            return show_explanation(widget, found)
    return NOTHING_TO_EXPLAIN


def _hovered() -> QWidget | None:
    return QApplication.widgetAt(QCursor.pos())


def _explain_here(window: MainWindow) -> None:
    found = explain_in_sight()
    if isinstance(found, str):
        window.statusBar().showMessage(found, 8000)


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("help.explain", "&Explain the Focused Number", _explain_here,
               tip="Where the focused number comes from (AC, ATK, a save, load): its parts and "
                   "the rulings behind them",
               keys=("Ctrl+I",), places=(Place("help", 0, 3),),
               help="Explain the focused number (AC, ATK, damage, a save, a skill, load): its "
                    "parts, with the rulings to open"),
)
