"""Stabilize a PC dying on the clock (Ctrl+Shift+J). No rule here.

When a fight ends with a PC still bleeding, its countdown goes on the timeline (R21). This
dialog is how the party tends to it afterwards: pick who makes the WIS (Medicine) CHECK (or
"healed", when the PC was healed on its sheet), type the physical dice or leave them blank;
**Enter previews** (``encounter.aftermath.stabilize_on_clock`` run and taken back, as every
preview is: the check, and on a success the Injuries table with what it does), **Enter again
applies exactly that**, rolls included, as one undo step; Esc drops it.
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

from emberkeep.campaign.operation import Operation, Prepared, Refused
from emberkeep.campaign.scope import Scope
from emberkeep.dice import Answers, Key, Purpose, Roller, TypedRoller
from emberkeep.encounter.aftermath import stabilize_on_clock
from gui.check_form import parse_die
from gui.document import CampaignDocument
from gui.palette import tone

__all__ = ["StabilizeDialog"]


class StabilizeDialog(QDialog):
    def __init__(self, document: CampaignDocument, patient_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.patient_id = patient_id
        self.roller = roller
        self.pending: Prepared[list[str]] | None = None  # the preview; None: not previewed
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
        self.outcome.setAccessibleName("Outcome")
        self.outcome.setReadOnly(True)
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.error, "error")  # a palette tone: reads in light and dark
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
            if self.pending is None:
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

    def _operation(self) -> Operation[list[str]]:
        helper = self.helper.currentData()
        helper_id = None if helper is None else str(helper)
        roller = TypedRoller(self.roller, self._typed())
        patient = self.document.character(self.patient_id).name
        return Operation(f"Stabilize {patient}",
                         lambda c: stabilize_on_clock(c, self.patient_id, roller,
                                                      helper_id=helper_id),
                         Scope.of([self.patient_id, helper_id], ("timeline",)))

    def preview(self) -> bool:
        try:
            self.pending = self.document.preview(self._operation())
        except Refused as exc:
            self.error.setText(str(exc))
            return False
        self.error.clear()
        self.outcome.setPlainText("\n".join(self.pending.result)
                                  + "\n\nEnter applies · Esc drops")
        return True

    def apply(self) -> None:
        assert self.pending is not None
        command = self.document.execute(self.pending)
        if command.error is not None:
            self.error.setText(str(command.error))
            return
        self.accept()

    def drop(self, *_: object) -> None:
        self.pending = None
        self.outcome.setPlainText("")
