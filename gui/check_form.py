"""The form of a CHECK or SAVE, shared by the sheet's and the encounter's rollers.

It holds no rule: it builds a :class:`~emberkeep.character.checks.CheckRequest` from what the
GM picks (skill CHECK, ability CHECK or SAVE; the ROOM DC or a typed DC; EASY/HARD; the race's
EASY situation; "against magic") and shows, before any roll, what the core says will make it
EASY or HARD (``reasons``: a function of the request the host passes in, the sheet's
``check_reasons`` or the encounter's ``reasons_for``) and the DC it comes to. The d20 and the
Luck Die's d6 may be typed from physical dice; blank fields are rolled.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from emberkeep.character.abilities import Ability
from emberkeep.character.checks import (
    CheckRequest,
    Difficulty,
    RollType,
    Why,
    combine_difficulty,
)
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name
from emberkeep.dice import Answer

__all__ = ["KINDS", "CheckForm", "parse_die"]

KINDS: tuple[tuple[str, RollType], ...] = (
    ("Skill CHECK", "skill"), ("Ability CHECK", "ability"), ("SAVE", "save"))

Reasons = Callable[[CheckRequest], list[Why]]


def parse_die(text: str) -> Answer | None:
    """ "14" → 14, "12 17" → (12, 17) (both d20s of advantage), "" → None (rolled);
    ValueError when not numbers."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    values = tuple(int(p) for p in parts)
    return values[0] if len(values) == 1 else values


class CheckForm(QWidget):
    changed = Signal()

    def __init__(self, room_dc: int, reasons: Reasons, *, race_situation: str | None = None,
                 modifier: Callable[[CheckRequest], int] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.room_dc = room_dc
        self._reasons = reasons
        self._modifier = modifier
        self.kind = QComboBox(self)
        for label, value in KINDS:
            self.kind.addItem(label, value)
        self.skill = QComboBox(self)
        for skill in Skill:
            self.skill.addItem(f"{skill_name(skill)} ({SKILL_ABILITY[skill].value})", skill)
        self.ability = QComboBox(self)
        for ability in Ability:
            self.ability.addItem(ability.value, ability)
        self.dc = QSpinBox(self)
        self.dc.setRange(1, 40)
        self.dc.setValue(room_dc)
        self.dc.setPrefix("DC ")
        self.dc.setToolTip(f"the ROOM DC is {room_dc}; type another DC")
        self.difficulty = QComboBox(self)
        for text, difficulty in (("normal", Difficulty.NORMAL),
                                 ("EASY (−3 to the DC)", Difficulty.EASY),
                                 ("HARD (+3 to the DC)", Difficulty.HARD)):
            self.difficulty.addItem(text, difficulty)
        # R2: the race's EASY CHECK holds only in its situation, which the GM judges
        self.situation = QCheckBox(f"race: EASY {race_situation}" if race_situation
                                   else "race: no EASY check", self)
        self.situation.setEnabled(race_situation is not None)
        self.magic = QCheckBox("against &magic (a magical effect)", self)
        self.die = QLineEdit(self)
        self.die.setPlaceholderText("blank: rolled")
        self.die.setToolTip("the d20 a physical die showed (two numbers for advantage)")
        self.luck_die = QLineEdit(self)
        self.luck_die.setPlaceholderText("blank: rolled")
        self.luck_die.setToolTip("the Luck Die's d6, if the player rolled it (R29)")
        self.shows = QLabel(self)
        self.shows.setTextFormat(Qt.TextFormat.PlainText)
        self.shows.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("&Roll", self.kind)
        form.addRow("S&kill", self.skill)
        form.addRow("A&bility", self.ability)
        form.addRow("&DC", self.dc)
        form.addRow("&GM", self.difficulty)
        form.addRow(self.situation)
        form.addRow(self.magic)
        form.addRow("d&20", self.die)
        form.addRow("L&uck d6", self.luck_die)
        form.addRow(self.shows)
        for combo in (self.kind, self.skill, self.ability, self.difficulty):
            combo.currentIndexChanged.connect(self._changed)
        self.skill.currentIndexChanged.connect(self._skill_picked)
        self.kind.currentIndexChanged.connect(self._kind_picked)
        self.dc.valueChanged.connect(self._changed)
        for box in (self.situation, self.magic):
            box.toggled.connect(self._changed)
        self.die.textChanged.connect(self._changed)
        self.luck_die.textChanged.connect(self._changed)
        self._skill_picked()

    # -- choosing -----------------------------------------------------------------------------

    def choose(self, kind: RollType, *, ability: Ability | None = None,
               skill: Skill | None = None) -> None:
        """Preset the roll (a Ctrl+click on a sheet number names it)."""
        self.kind.setCurrentIndex(next(i for i, (_, k) in enumerate(KINDS) if k == kind))
        if skill is not None:
            self.skill.setCurrentIndex(self.skill.findData(skill))
        if ability is not None:
            self.ability.setCurrentIndex(self.ability.findData(ability))

    def _skill_picked(self) -> None:
        skill = self.skill.currentData()
        if skill is not None and self.kind.currentData() == "skill":
            self.ability.setCurrentIndex(self.ability.findData(SKILL_ABILITY[Skill(skill)]))

    def _kind_picked(self) -> None:
        self.skill.setEnabled(self.kind.currentData() == "skill")
        self._skill_picked()

    def _changed(self) -> None:
        self.shows.setText(self.plan())
        self.changed.emit()

    # -- reading ------------------------------------------------------------------------------

    def request(self) -> CheckRequest:
        kind: RollType = self.kind.currentData()
        return CheckRequest(
            kind, Ability(self.ability.currentData()), self.dc.value(),
            Skill(self.skill.currentData()) if kind == "skill" else None,
            Difficulty(self.difficulty.currentData()), self.situation.isChecked(),
            ("magic",) if self.magic.isChecked() else ())

    def typed_d20(self) -> Answer | None:
        return parse_die(self.die.text())

    def typed_luck(self) -> Answer | None:
        return parse_die(self.luck_die.text())

    def plan(self) -> str:
        """What the roll will be, before it is rolled: its DC and every EASY and HARD."""
        request = self.request()
        reasons = self._reasons(request)
        net = combine_difficulty(*(w.difficulty for w in reasons))
        dc = request.dc + net.dc_shift
        adds = "" if self._modifier is None else f": d20 {self._modifier(request):+d}"
        lines = [f"{request.label()}{adds} against DC {dc}"
                 + (f" ({net.value.upper()}: {request.dc} {net.dc_shift:+d})"
                    if net is not Difficulty.NORMAL else "")]
        lines += [f"  {why}" for why in reasons]
        return "\n".join(lines)
