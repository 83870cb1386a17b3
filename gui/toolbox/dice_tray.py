"""The dice tray, always at hand: notation, quick dice, advantage, a history, and
rolling any number shown on a sheet.

- Type any notation :mod:`emberkeep.dice_notation` reads (``3d6``, ``1d8+1d6+2``, ``d%``,
  ``4d6dl1``, ``(2d6+1)*2``) and press Enter; the entry clears for the next roll and the
  history marks dropped dice.
- Quick buttons: d4, d6, d8, d10, d12, d20, d100, and d20 with advantage or disadvantage
  (2d20 keep the higher or lower, 5e), each plus the modifier box.
- Ctrl+click any number in the app — a sheet's "+3" rolls d20+3, its "1d8+1" rolls the damage —
  through :class:`NumberRoller`, an application-wide event filter, so no sheet needs to know.
- The history lists each roll as the core describes it, newest first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.dice import DiceError, Roller
from emberkeep.optional_rules.advantage import Advantage, d20_expression
from gui.app_filters import AppFilter
from gui.palette import tone

if TYPE_CHECKING:  # the notation's reader loads with the first roll, not with the hidden tray
    from emberkeep.dice_notation import NotationRoll

__all__ = ["QUICK_DICE", "DiceTray", "NumberRoller", "expression_for"]

QUICK_DICE = ("d4", "d6", "d8", "d10", "d12", "d20", "d100")
_DICE = re.compile(r"\d*d\d+(?:k[hl]?\d+)?(?:\s*[+-]\s*\d+)?", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])[+-]?\d+(?![\w.])")


def expression_for(text: str) -> str | None:
    """What a number on screen rolls: dice notation as it is, a number as d20 + it (a bonus).

    "ATK +3" → ``d20+3``; "1d8+1" → ``1d8+1``; "-1" → ``d20-1``; text without a number → None.
    """
    dice = _DICE.search(text)
    if dice is not None:
        return dice.group(0).replace(" ", "")
    number = _NUMBER.search(text)
    if number is None:
        return None
    value = int(number.group(0))
    return f"d20{value:+d}" if value else "d20"


class DiceTray(QWidget):
    rolled = Signal(object)  # NotationRoll

    def __init__(self, roller: Roller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.roller = roller
        self.records: list[tuple[str, NotationRoll]] = []
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.notation = QLineEdit(self)
        self.notation.setPlaceholderText("3d6, 1d8+1d6+2, d%, 4d6dl1…")
        self.notation.setToolTip("Dice notation; Enter rolls")
        self.notation.setAccessibleName("Dice to roll")
        self.notation.returnPressed.connect(self.roll_notation)
        row.addWidget(self.notation, 1)
        roll_button = QPushButton("Roll", self)
        roll_button.clicked.connect(self.roll_notation)
        row.addWidget(roll_button)
        layout.addLayout(row)

        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for number, die in enumerate(QUICK_DICE):
            button = QPushButton(die, self)
            button.clicked.connect(lambda _=False, d=die: self.roll_quick(d))
            grid.addWidget(button, number // 4, number % 4)
            self.buttons[die] = button
        for label, adv, cell in (("Adv", Advantage.ADVANTAGE, (1, 3)),
                                 ("Dis", Advantage.DISADVANTAGE, (2, 0))):
            button = QPushButton(label, self)
            button.setToolTip(f"d20 with {adv.value}: 2d20, keep the "
                              f"{'higher' if adv is Advantage.ADVANTAGE else 'lower'}")
            button.clicked.connect(lambda _=False, a=adv: self.roll_quick(d20_expression(a)))
            grid.addWidget(button, *cell)
            self.buttons[label] = button
        mod_row = QHBoxLayout()
        mod_row.addWidget(QLabel("Modifier", self))
        self.modifier = QSpinBox(self)
        self.modifier.setRange(-50, 50)
        self.modifier.setAccessibleName("Modifier")
        mod_row.addWidget(self.modifier)
        mod_row.addStretch(1)
        grid.addLayout(mod_row, 2, 1, 1, 3)
        layout.addLayout(grid)

        self.result = QLabel("—", self)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # big and bold by its font, not a style sheet: a style sheet freezes the label's
        # palette as it was when polished, so after a switch to dark the result stayed black
        big = self.result.font()
        big.setPointSize(22)
        big.setBold(True)
        self.result.setFont(big)
        self.result.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.result)
        self.error = QLabel("", self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.error, "error")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.history = QListWidget(self)
        self.history.setToolTip("Every roll, newest first")
        self.history.setAccessibleName("Rolls, newest first")
        layout.addWidget(self.history, 1)
        hint = QLabel("Ctrl+click any number on a sheet to roll it.", self)
        hint.setWordWrap(True)
        tone(hint, "muted")
        layout.addWidget(hint)

    def roll_expression(self, expression: str, label: str = "", modifier: int = 0
                        ) -> NotationRoll | None:
        """Roll and record; a bad expression is shown, not raised."""
        from emberkeep.dice_notation import roll_notation

        try:
            record = roll_notation(expression, self.roller, modifier=modifier)
        except DiceError as error:
            self.error.setText(str(error))
            return None
        self.error.clear()
        self.records.insert(0, (label, record))
        self.result.setText(str(record.total))
        self.history.insertItem(0, f"{label}: {record.describe()}" if label
                                else record.describe())
        self.rolled.emit(record)
        return record

    def roll_notation(self) -> NotationRoll | None:
        text = self.notation.text().strip()
        if not text:
            return None
        record = self.roll_expression(text)
        if record is not None:  # ready for the next roll; a refused one stays to be fixed
            self.notation.clear()
        return record

    def roll_quick(self, die: str) -> NotationRoll | None:
        return self.roll_expression(die, modifier=self.modifier.value())

    def roll_text(self, text: str, label: str = "") -> NotationRoll | None:
        """Roll what a number on screen stands for (see :func:`expression_for`)."""
        expression = expression_for(text)
        if expression is None:
            return None
        return self.roll_expression(expression, label or text.strip())


def _text_at(widget: QWidget, event: QMouseEvent) -> str | None:
    parent = widget.parentWidget()
    if isinstance(parent, QAbstractItemView) and widget is parent.viewport():
        index = parent.indexAt(event.position().toPoint())
        value = index.data() if index.isValid() else None
        return None if value is None else str(value)
    if isinstance(widget, (QLabel, QLineEdit)):
        return widget.text()
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QPushButton):
        return widget.text()
    return None


class NumberRoller(AppFilter):
    """Ctrl+click on any widget showing a number rolls it in the tray (application-wide)."""

    EVENTS = frozenset({QMouseEvent})

    def __init__(self, tray: Callable[[], DiceTray], parent: QObject) -> None:
        """``tray``: the tray to roll in, shown (it may be made then)."""
        super().__init__(parent)
        self.tray = tray

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.LeftButton
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier
                and isinstance(watched, QWidget)
                and not watched.property("rollsCheck")):  # a sheet's CHECK/SAVE
            text = _text_at(watched, event)
            if text and expression_for(text) is not None:
                tray = self.tray()  # a number in the tray itself is the tray's, not a roll
                if not tray.isAncestorOf(watched) and tray.roll_text(text) is not None:
                    return True
        return False
