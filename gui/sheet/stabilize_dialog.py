"""Stabilize a PC dying on the clock (Ctrl+Shift+J), issue #17. No rule here.

When a fight ends with a PC still bleeding, its countdown goes on the timeline (R21). This
dialog is how the party tends to it afterwards: pick who makes the WIS (Medicine) CHECK (or
"healed", when the PC was healed on its sheet), type the physical dice or leave them blank;
**Enter previews** (``encounter.aftermath.stabilize_on_clock`` on a copy of the campaign: the
check, and on a success the Injuries table with what it does), **Enter again applies exactly
that** (the same faces replayed) as one campaign command; Esc drops it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.model import Campaign
from emberkeep.dice import Answers, Key, Purpose, Roller, ScriptedRoller, TypedRoller
from emberkeep.encounter.aftermath import stabilize_on_clock
from emberkeep.encounter.engine import RuleError
from gui.check_form import parse_die
from gui.document import CampaignDocument
from gui.palette import tone

__all__ = ["StabilizeDialog"]


class _Recording:
    """A roller that remembers the faces it gave, so the apply replays the preview."""

    def __init__(self, base: Roller) -> None:
        self.base = base
        self.faces: list[int] = []

    def die(self, sides: int) -> int:
        face = self.base.die(sides)
        self.faces.append(face)
        return face


class StabilizeDialog(QDialog):
    def __init__(self, document: CampaignDocument, patient_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.patient_id = patient_id
        self.roller = roller
        self.faces: list[int] | None = None  # the preview's rolled faces; None: not previewed
        patient = document.character(patient_id)
        self.setWindowTitle(f"Stabilize {patient.name} (R21)")
        self.helper = QComboBox(self)
        for c in document.campaign.characters:
            if c.id != patient_id and c.alive and c.hp > 0:
                self.helper.addItem(f"{c.name}: WIS (Medicine) CHECK", c.id)
        self.helper.addItem(f"nobody: {patient.name} was healed", None)
        self.check_die = QLineEdit(self)
        self.check_die.setPlaceholderText("blank: rolled")
        self.injury_die = QLineEdit(self)
        self.injury_die.setPlaceholderText("blank: rolled")
        self.outcome = QPlainTextEdit(self)
        self.outcome.setReadOnly(True)
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.error, "error")  # a palette tone: reads in light and dark (#19)
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Who tends", self.helper)
        form.addRow("Medicine d&20", self.check_die)
        form.addRow("&Injuries d20", self.injury_die)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.outcome, 1)
        layout.addWidget(self.error)
        self.helper.currentIndexChanged.connect(self.drop)
        self.check_die.textChanged.connect(self.drop)
        self.injury_die.textChanged.connect(self.drop)
        self.helper.setFocus()
        self.resize(520, 420)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.faces is None:
                self.preview()
            else:
                self.apply()
            return
        super().keyPressEvent(event)

    def _typed(self) -> dict[Key, Answers]:
        dice: dict[Key, Answers] = {}
        for purpose, field in ((Purpose.CHECK, self.check_die),
                               (Purpose.INJURY, self.injury_die)):
            value = parse_die(field.text())
            if value is not None:
                dice[purpose] = value
        return dice

    def _run(self, campaign: Campaign, base: Roller) -> list[str]:
        helper = self.helper.currentData()
        return stabilize_on_clock(campaign, self.patient_id, TypedRoller(base, self._typed()),
                                  helper_id=None if helper is None else str(helper))

    def preview(self) -> bool:
        recording = _Recording(self.roller)
        try:
            lines = self._run(self.document.campaign.model_copy(deep=True), recording)
        except (RuleError, ValueError) as exc:
            self.error.setText(str(exc))
            return False
        self.error.clear()
        self.faces = recording.faces
        self.outcome.setPlainText("\n".join(lines) + "\n\nEnter applies · Esc drops")
        return True

    def apply(self) -> None:
        assert self.faces is not None
        faces = self.faces
        patient = self.document.character(self.patient_id).name
        command = self.document.run(f"Stabilize {patient}",
                                    lambda c: self._run(c, ScriptedRoller(faces)))
        if command.error is not None:
            self.error.setText(str(command.error))
            return
        self.accept()

    def drop(self, *_: object) -> None:
        self.faces = None
        self.outcome.setPlainText("")
