"""What the attack panel and the Melee Round panel share: preview, then apply what was shown.

A panel rolls its action into ``pending`` steps with :meth:`EncounterSession.preview` and shows
them in ``outcome``; Enter applies exactly those steps (DESIGN: replay never rolls again), Esc
or any change on the undo stack drops them. Subclasses build ``outcome`` and their inputs, and
say which inputs to clear once applied (:meth:`clear_inputs`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPlainTextEdit, QWidget

from emberkeep.encounter.events import Step
from emberkeep.encounter.recap import step_lines
from gui.encounter.session import EncounterSession

__all__ = ["PreviewPanel"]


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
        self.outcome.setPlainText(self.describe(steps))

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
