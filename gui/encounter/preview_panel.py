"""What the attack panel and the Melee Round panel share: preview, then apply what was shown.

A panel rolls its action into ``pending`` steps with :meth:`EncounterSession.preview` and shows
them in ``outcome``; Enter applies exactly those steps (DESIGN: replay never rolls again), Esc
or any change on the undo stack drops them. Subclasses build ``outcome`` and their inputs, and
say which inputs to clear once applied (:meth:`clear_inputs`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from emberkeep.encounter.events import Step
from emberkeep.encounter.recap import step_lines
from gui.encounter.session import EncounterSession

__all__ = ["PreviewPanel"]

DETAIL_SCALE = 0.9  # a step's detail lines, a little smaller than its summary


class PreviewPanel(QWidget):
    outcome: QPlainTextEdit

    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pending: list[Step] | None = None
        self.pending_text = ""

    def show_pending(self, steps: list[Step], text: str) -> None:
        self.pending = steps
        self.pending_text = text
        self.show_outcome(self.describe(steps))

    def show_outcome(self, text: str) -> None:
        """``text`` in the outcome as plain text (names are untrusted), its indented detail
        lines a little smaller: a crit with a volley and Cleave (~16 lines) is read whole in
        the panel's column on a 768 px laptop, with no scrolling."""
        box = self.outcome
        box.document().setDocumentMargin(2)
        box.clear()
        detail = QTextCharFormat()
        detail.setFontPointSize(box.font().pointSizeF() * DETAIL_SCALE)
        plain = QTextCharFormat()
        plain.setFontPointSize(box.font().pointSizeF())
        cursor = QTextCursor(box.document())
        for n, line in enumerate(text.split("\n")):
            if n:
                cursor.insertBlock()
            cursor.insertText(line, detail if line.startswith("  ") else plain)

    def line_namer(self) -> Callable[[str], str]:
        """How a step's line is shown (hook: the melee panel names combatants)."""
        return str

    def describe(self, steps: list[Step]) -> str:
        name = self.line_namer()
        lines = []
        for step in steps:
            lines.append(step.summary or step.action)
            lines.extend(f"  {name(line)}" for line in step_lines(step, self.session.enc))
        return "\n".join([*lines, "Enter applies · Esc drops"])

    def clear_inputs(self) -> None:
        """Clear what was typed for the applied action (without re-previewing)."""

    def apply(self) -> bool:
        if self.pending is None:
            return False
        steps, text = self.pending, self.pending_text
        self.pending = None
        self.session.apply(text, steps)
        self.clear_inputs()
        self.outcome.setPlainText(f"Applied: {text}")
        return True

    def drop(self, *_: object) -> None:
        if self.pending is not None:
            self.pending = None
            self.outcome.setPlainText("")
