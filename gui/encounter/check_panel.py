"""The encounter's CHECK/SAVE roller (Q) and reaction roll (Shift+Q). No rules here.

Both are small dialogs driven by keys alone: pick with the form's mnemonics, type a physical
die or leave it blank, **Enter previews** (the roll is resolved with
:meth:`EncounterSession.preview` and shown with every line the log will get), **Enter again
applies exactly those steps** (one undo command, in the log), Esc drops. After a CHECK or SAVE
is seen, Ctrl+L spends the PC's Luck Die on it (R29: "add to any d20 roll after seeing it"):
the same d20, typed back, with the d6 added, previewed again. Any change to the form drops the
preview, so what Enter applies is always what is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
)

from emberkeep.character.races import get_race
from emberkeep.dice import Answers, Key, Purpose
from emberkeep.encounter.checks import check_modifier, reaction, reasons_for, roll_check
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.luck import can_spend_luck
from emberkeep.encounter.recap import step_lines
from gui.check_form import CheckForm, parse_die
from gui.encounter.attack_panel import typed_action
from gui.palette import tone

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["CheckDialog", "ReactionDialog", "ask_check", "ask_reaction"]

Action = Callable[[Encounter], object]


def _race_situation(window: EncounterWindow, cid: str) -> str | None:
    c = window.enc.combatant(cid)
    if c.kind != "pc":
        return None
    try:
        easy = get_race(window.enc.character(c).race).easy_check
    except ValueError:
        return None
    return None if easy is None else easy.situation


class _PreviewDialog(QDialog):
    """Enter previews, Enter again applies what was shown, Esc drops (see the module)."""

    def __init__(self, window: EncounterWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.session = window.session
        self.pending: list[Step] | None = None
        self.pending_text = ""
        self.outcome = QPlainTextEdit(self)
        self.outcome.setAccessibleName("Outcome")
        self.outcome.setReadOnly(True)
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.error, "error")  # a palette tone: reads in light and dark
        self.error.setWordWrap(True)

    def action(self) -> tuple[str, Action]:
        raise NotImplementedError

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
            return
        super().keyPressEvent(event)

    def enter(self) -> None:
        if self.pending is not None:
            self.session.apply(self.pending_text, self.pending)
            self.pending = None
            self.accept()
            return
        self.preview()

    def preview(self) -> bool:
        try:
            text, action = self.action()
            steps = self.session.preview(action)
        except (RuleError, ValueError, KeyError) as exc:
            self.error.setText(str(exc) or "that cannot be rolled")
            return False
        self.error.clear()
        self.pending, self.pending_text = steps, text
        lines: list[str] = []
        for step in steps:
            lines.append(step.summary or step.action)
            lines += [f"  {line}" for line in step_lines(step, self.session.enc)]
        self.outcome.setPlainText("\n".join(lines) + "\n\n" + self.hint())
        return True

    def hint(self) -> str:
        return "Enter applies · Esc drops"

    def drop(self, *_: object) -> None:
        if self.pending is not None:
            self.pending = None
            self.outcome.setPlainText("")


class CheckDialog(_PreviewDialog):
    """A CHECK or SAVE of one combatant (``cid``) against the ROOM DC or a typed DC."""

    def __init__(self, window: EncounterWindow, cid: str) -> None:
        super().__init__(window)
        enc = window.enc
        self.cid = cid
        self.luck = False
        c = enc.combatant(cid)
        self.setWindowTitle(f"{c.name}: CHECK or SAVE")
        self.form = CheckForm(enc.state.room_dc, lambda r: reasons_for(enc, c, r),
                              race_situation=_race_situation(window, cid),
                              modifier=lambda r: check_modifier(enc, c, r), parent=self)
        self.form.changed.connect(self._form_changed)
        self.form.luck_die.setEnabled(can_spend_luck(enc, c))
        self.form.shows.setText(self.form.plan())
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.outcome, 1)
        layout.addWidget(self.error)
        QShortcut(QKeySequence("Ctrl+L"), self, self.spend_luck)
        self.form.kind.setFocus()
        self.resize(520, 560)

    def _form_changed(self) -> None:
        self.luck = False
        self.drop()

    def action(self) -> tuple[str, Action]:
        request = self.form.request()
        purpose = Purpose.SAVE if request.kind == "save" else Purpose.CHECK
        dice: dict[Key, Answers | None] = {purpose: self.form.typed_d20()}
        if self.luck:
            dice[Purpose.LUCK] = self.form.typed_luck()
        cid, luck = self.cid, self.luck
        name = self.window_.enc.combatant(cid).name
        return (f"{name}: {request.label()}",
                typed_action(dice, lambda enc: roll_check(enc, cid, request, luck=luck)))

    def hint(self) -> str:
        c = self.window_.enc.combatant(self.cid)
        if not self.luck and can_spend_luck(self.window_.enc, c):
            return "Enter applies · Ctrl+L spends a Luck Die on it (R29) · Esc drops"
        return super().hint()

    def spend_luck(self) -> None:
        """R29: after seeing the roll, add a Luck Die to the same d20."""
        if self.pending is None or self.luck:
            return
        c = self.window_.enc.combatant(self.cid)
        if not can_spend_luck(self.window_.enc, c):
            self.error.setText(f"{c.name} has no Luck Die to spend")
            return
        d20 = next((r for s in self.pending for r in s.rolls()), None)
        if d20 is None:
            return
        self.form.die.blockSignals(True)  # the same d20, typed back: not a new roll
        self.form.die.setText(" ".join(str(f) for f in d20.faces))
        self.form.die.blockSignals(False)
        self.luck = True
        self.preview()


class ReactionDialog(_PreviewDialog):
    """The reaction roll (2d6 + CHA) of an NPC meeting the party's speaker."""

    def __init__(self, window: EncounterWindow, npc_id: str | None) -> None:
        super().__init__(window)
        enc = window.enc
        self.setWindowTitle("Reaction roll: 2d6 + CHA")
        self.npc = QComboBox(self)
        self.speaker = QComboBox(self)
        self.speaker.addItem("nobody speaks (+0)", None)
        for c in enc.combatants.values():
            if c.kind == "pc":
                self.speaker.addItem(c.name, c.id)
            else:
                self.npc.addItem(c.name, c.id)
        if npc_id is not None and self.npc.findData(npc_id) >= 0:
            self.npc.setCurrentIndex(self.npc.findData(npc_id))
        if self.speaker.count() > 1:
            self.speaker.setCurrentIndex(1)
        self.dice = QLineEdit(self)
        self.dice.setPlaceholderText("blank: rolled; the 2d6's total or both faces")
        form = QFormLayout()
        form.addRow("&NPC", self.npc)
        form.addRow("&Speaker", self.speaker)
        form.addRow("&2d6", self.dice)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.outcome, 1)
        layout.addWidget(self.error)
        for combo in (self.npc, self.speaker):
            combo.currentIndexChanged.connect(self.drop)
        self.dice.textChanged.connect(self.drop)
        self.npc.setFocus()
        self.resize(460, 320)

    def action(self) -> tuple[str, Action]:
        npc, speaker = self.npc.currentData(), self.speaker.currentData()
        if npc is None:
            raise RuleError("no NPC in this encounter to meet")
        typed = parse_die(self.dice.text())
        name = self.npc.currentText()
        return (f"Reaction: {name}", typed_action(
            {Purpose.REACTION: typed},
            lambda enc: reaction(enc, str(npc), None if speaker is None else str(speaker))))


def _who(window: EncounterWindow) -> str | None:
    c = window.selected() or window.actor()
    return None if c is None else c.id


def _open(dialog: QDialog) -> None:
    """Window-modal, not blocking: the keys go to the dialog (tests find it as a child)."""
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


def ask_check(window: EncounterWindow) -> str | None:
    """Q: the selected combatant's (else the actor's) CHECK or SAVE."""
    cid = _who(window)
    if cid is None:
        return "select a combatant first (F, then the arrows)"
    _open(CheckDialog(window, cid))
    return None


def ask_reaction(window: EncounterWindow) -> str | None:
    """Shift+Q: the selected NPC's reaction roll."""
    c = window.selected()
    _open(ReactionDialog(window, c.id if c is not None and c.kind != "pc" else None))
    return None

