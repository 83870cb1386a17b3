"""The sheet's CHECK/SAVE roller (Ctrl+J, or Ctrl+click on a skill, save or modifier).

No rule here: :func:`emberkeep.character.checks.character_check` rolls d20 + ability + PROF
against the ROOM DC or the GM's DC with every EASY and HARD that applies (R7, R28's conditions
on the sheet, R21's "HARD until rest", the race's situation R2, the archetype features), and
:mod:`emberkeep.character.luck` keeps R29's Luck Dice. The form shows the DC and every reason
before the roll; Enter rolls (a typed d20 is the physical die) and shows the result and what it
changes on the sheet; Ctrl+L then spends a Luck Die on it (R29: after seeing the roll); Enter
again records the change (the Luck Die spent, the fail streak and a die gained, when the
campaign uses Luck Dice) as one campaign command named after the roll, so the Edit menu and
Ctrl+Z name it. Esc drops the roll.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QPlainTextEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.checks import (
    CheckRequest,
    CheckResult,
    RollType,
    Why,
    character_check,
    check_reasons,
    proficient_in,
)
from emberkeep.character.luck import LUCK_DIE, LuckState, record_roll
from emberkeep.character.races import get_race
from emberkeep.character.skills import SKILL_ABILITY, Skill
from emberkeep.dice import Purpose, Roller, TypedRoller, roll
from gui.check_form import CheckForm
from gui.document import CampaignDocument
from gui.palette import tone
from gui.sheet.models import UidRole

__all__ = ["ROLLS_CHECK", "CheckClicks", "SheetCheckDialog"]

ROLLS_CHECK = "rollsCheck"  # the widget property the dice tray's Ctrl+click leaves alone


def _modifier(document: CampaignDocument, character_id: str, request: CheckRequest) -> int:
    """d20 + ability + PROF if proficient (R7), as the roll will add it."""
    character = document.character(character_id)
    return character.modifier(request.ability) + (
        character.prof if proficient_in(character, request) else 0)


class SheetCheckDialog(QDialog):
    def __init__(self, document: CampaignDocument, character_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.roller = roller
        self.rolled: CheckResult | None = None
        self.reasons: list[Why] = []
        self.luck_after: LuckState | None = None
        character = document.character(character_id)
        self.setWindowTitle(f"{character.name}: CHECK or SAVE")
        catalog = self._catalog()
        try:
            easy = get_race(character.race).easy_check
        except ValueError:
            easy = None
        self.form = CheckForm(
            document.campaign.settings.default_room_dc,
            lambda r: check_reasons(document.character(character_id), catalog, r),
            race_situation=None if easy is None else easy.situation,
            modifier=lambda r: _modifier(document, character_id, r), parent=self)
        self.form.changed.connect(self.drop)
        self.form.luck_die.setEnabled(self._uses_luck())
        self.form.shows.setText(self.form.plan())
        self.outcome = QPlainTextEdit(self)
        self.outcome.setAccessibleName("Outcome")
        self.outcome.setReadOnly(True)
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        tone(self.error, "error")  # a palette tone: reads in light and dark
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.outcome, 1)
        layout.addWidget(self.error)
        QShortcut(QKeySequence("Ctrl+L"), self, self.spend_luck)
        self.form.kind.setFocus()
        self.resize(520, 560)

    def _catalog(self) -> Catalog:
        """The campaign's archetypes over the shipped, read when asked (the GM may edit)."""
        return Catalog(self.document.campaign)

    def _uses_luck(self) -> bool:
        return self.document.campaign.settings.rules.luck_dice

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
            return
        super().keyPressEvent(event)

    # -- rolling ------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.rolled is None:
            self.roll()
        else:
            self.apply()

    def roll(self) -> bool:
        request = self.form.request()
        purpose = Purpose.SAVE if request.kind == "save" else Purpose.CHECK
        try:
            typed = self.form.typed_d20()
            roller = TypedRoller(self.roller, {purpose: typed} if typed is not None else {})
            self.rolled, self.reasons = character_check(
                self.document.character(self.character_id), self._catalog(), request, roller)
        except ValueError as exc:
            self.error.setText(str(exc))
            return False
        self.error.clear()
        self._show()
        return True

    def spend_luck(self) -> None:
        """R29: a Luck Die added to the roll just seen (one per roll)."""
        character = self.document.character(self.character_id)
        if self.rolled is None or self.rolled.luck is not None:
            return
        if not self._uses_luck() or character.luck.dice <= 0:
            self.error.setText(f"{character.name} has no Luck Die to spend"
                               if self._uses_luck() else "this campaign uses no Luck Dice")
            return
        try:
            typed = self.form.typed_luck()
            d6 = roll(LUCK_DIE, TypedRoller(self.roller, {Purpose.LUCK: typed}
                                            if typed is not None else {}),
                      purpose=Purpose.LUCK)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.rolled = self.rolled.with_luck(d6)
        self._show()

    def _luck_after(self) -> LuckState | None:
        """The sheet's Luck Dice after this roll (R29), or None when nothing changes."""
        assert self.rolled is not None
        if not self._uses_luck():
            return None
        before = self.document.character(self.character_id).luck
        state = before
        if self.rolled.luck is not None:
            state = state.model_copy(update={"dice": state.dice - 1})
        state = record_roll(state, self.rolled.success)
        return None if state == before else state

    def _show(self) -> None:
        assert self.rolled is not None
        name = self.document.character(self.character_id).name
        lines = [f"{name}: {self.rolled.describe()}"]
        lines += [f"  {why}" for why in self.reasons]
        self.luck_after = self._luck_after()
        if self.luck_after is not None:
            before = self.document.character(self.character_id).luck
            lines.append(f"  Luck Dice {before.dice} → {self.luck_after.dice}, failures in a "
                         f"row {before.fail_streak} → {self.luck_after.fail_streak} (R29)")
        hint = "Enter records it" if self.luck_after is not None else "Enter closes"
        if self.rolled.luck is None and self._uses_luck() and \
                self.document.character(self.character_id).luck.dice > 0:
            hint += " · Ctrl+L spends a Luck Die on it (R29)"
        self.outcome.setPlainText("\n".join(lines) + f"\n\n{hint} · Esc drops")

    def apply(self) -> None:
        assert self.rolled is not None
        if self.luck_after is not None:
            character = self.document.character(self.character_id)
            after = character.model_copy(update={"luck": self.luck_after})
            self.document.replace_character(after,
                                            f"{character.name}: {self.rolled.describe()}")
        self.accept()

    def drop(self, *_: object) -> None:
        self.rolled = None
        self.luck_after = None
        self.outcome.setPlainText("")


class CheckClicks(QObject):
    """Ctrl+click on a sheet's skill, SAVE or ability modifier asks for that CHECK or
    SAVE against the DC, not a bare d20: the dice tray's app-wide Ctrl+click
    leaves widgets marked ``rollsCheck`` to this filter."""

    def __init__(self, ask: Callable[[RollType, Ability, Skill | None], None],
                 parent: QObject) -> None:
        super().__init__(parent)
        self.ask = ask
        self.targets: dict[QObject, tuple[RollType, Ability] | tuple[RollType, Ability, Skill]
                           | QTableView] = {}

    def watch(self, widget: QWidget,
              what: tuple[RollType, Ability] | tuple[RollType, Ability, Skill] | QTableView
              ) -> None:
        widget.setProperty(ROLLS_CHECK, True)
        widget.installEventFilter(self)
        self.targets[widget] = what

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not (event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.LeftButton
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            return False
        what = self.targets.get(watched)
        if isinstance(what, QTableView):
            index = what.indexAt(event.position().toPoint())
            skill = index.data(UidRole) if index.isValid() else None
            if skill is None:
                return False
            self.ask("skill", SKILL_ABILITY[Skill(skill)], Skill(skill))
            return True
        if what is None:
            return False
        self.ask(what[0], what[1], what[2] if len(what) == 3 else None)
        return True
