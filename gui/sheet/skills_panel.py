"""The sheet's skills (R7): the ones a GM asks about first, every one on request.

A skill whose bonus is the bare ability modifier tells the GM nothing the Abilities block does
not, so by default only the skills that differ (PROF, Expertise, an archetype's EASY) are shown,
in the core's order; "Show every skill" (Alt+V) adds the rest below them. Each row is widgets, not
a table's cells: the bonus is a label marked ``skill:<key>`` for the explanations, PROF and
Expertise are checkboxes. The rows read :class:`~gui.sheet.models.SkillsModel` (the numbers of
:func:`emberkeep.character.sheet_numbers.skill_lines`), redrawn when it says a line changed, and
edit through it: one undo step each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from emberkeep.character.model import Character
from emberkeep.character.skills import SKILL_ABILITY, Skill
from gui.palette import tone
from gui.plain_text import plain_label, tooltip
from gui.sheet.explained import mark
from gui.sheet.models import SkillsModel, UidRole

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["SkillRow", "SkillsPanel"]

_PROF, _EXPERTISE, _NOTE = 3, 4, 5


@dataclass
class SkillRow:
    """The widgets of one skill, moved together when the order changes."""

    skill: Skill
    name: QLabel  # "Arcana (INT)", "EASY" after it when an archetype makes it so
    bonus: QLabel
    prof: QCheckBox
    expertise: QCheckBox

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.name, self.bonus, self.prof, self.expertise)


class SkillsPanel(QGroupBox):
    """The skills block; ``rows`` by skill key, ``shown()`` the keys on screen in order."""

    def __init__(self, sheet: CharacterSheet, model: SkillsModel, parent: QWidget) -> None:
        super().__init__("Skills (R7)", parent)
        self.sheet = sheet
        self.model = model
        layout = QVBoxLayout(self)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(2)
        layout.addLayout(self.grid)
        for column, title in enumerate(("Skill", "Bonus", "PROF", "Expertise")):
            head = plain_label(title, self)
            tone(head, "muted")
            self.grid.addWidget(head, 0, column)
        self.rows: dict[str, SkillRow] = {}
        for row in range(model.rowCount()):
            skill = Skill(str(model.data(model.index(row, 0), UidRole)))
            self.rows[skill.value] = self._row(skill, row)
        self.rest = plain_label("", self)  # "11 more at the ability modifier"
        tone(self.rest, "muted")
        layout.addWidget(self.rest)
        self.show_all = QCheckBox("Show e&very skill", self)  # after the rows: Tab reads so
        self.show_all.setToolTip("Also the skills at the bare ability modifier (no PROF, no "
                                 "Expertise, nothing EASY)")
        self.show_all.toggled.connect(lambda _on: self.refresh(self.sheet.character))
        layout.addWidget(self.show_all)
        self._order: list[str] = []
        # the rows follow the model, which works the lines out again only when a field they
        # read changed, and says so only when a line did
        model.dataChanged.connect(self._follow)
        model.modelReset.connect(self._follow)

    def _follow(self, *_: object) -> None:
        try:
            character = self.sheet.character
        except KeyError:
            return  # removed; the window closes this sheet
        self.refresh(character)

    def _row(self, skill: Skill, row: int) -> SkillRow:
        name = plain_label("", self)
        bonus = plain_label("", self)
        bonus.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        font = bonus.font()
        font.setBold(True)
        bonus.setFont(font)
        mark(bonus, f"skill:{skill.value}")
        called = str(self.model.data(self.model.index(row, 0)))
        name.setAccessibleName(called)
        prof = QCheckBox(self)
        prof.setAccessibleName(f"PROF in {called}")
        expertise = QCheckBox(self)
        expertise.setAccessibleName(f"Expertise in {called}")
        prof.toggled.connect(lambda on, s=skill: self._set(s, _PROF, on))
        expertise.toggled.connect(lambda on, s=skill: self._set(s, _EXPERTISE, on))
        return SkillRow(skill, name, bonus, prof, expertise)

    def _model_row(self, skill: Skill) -> int:
        return next(r for r in range(self.model.rowCount())
                    if self.model.data(self.model.index(r, 0), UidRole) == skill.value)

    def _set(self, skill: Skill, column: int, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        index = self.model.index(self._model_row(skill), column)
        if not self.model.setData(index, state.value, Qt.ItemDataRole.CheckStateRole):
            self.refresh(self.sheet.character)  # refused: the box shows the stored value

    def watch_clicks(self, watch: object) -> None:
        """Ctrl+click on a skill's name or bonus asks for that CHECK (``CheckClicks.watch``)."""
        for row in self.rows.values():
            for widget in (row.name, row.bonus):
                watch(widget, ("skill", SKILL_ABILITY[row.skill], row.skill))  # type: ignore[operator]

    def shown(self) -> list[str]:
        """The skill keys on screen, top to bottom."""
        return [key for key in self._order if self.rows[key].bonus.isVisibleTo(self)]

    def refresh(self, character: Character) -> None:
        differing: list[str] = []
        plain: list[str] = []
        for row in range(self.model.rowCount()):
            key = str(self.model.data(self.model.index(row, 0), UidRole))
            widgets = self.rows[key]
            bonus = str(self.model.data(self.model.index(row, 2)))
            widgets.bonus.setText(bonus)
            widgets.bonus.setToolTip(tooltip(str(self.model.data(
                self.model.index(row, 0), Qt.ItemDataRole.ToolTipRole))))
            note = str(self.model.data(self.model.index(row, _NOTE)) or "")
            ability = SKILL_ABILITY[widgets.skill]
            widgets.name.setText(f"{widgets.name.accessibleName()} ({ability.value})"
                                 + (f"  {note}" if note else ""))
            for box, column in ((widgets.prof, _PROF), (widgets.expertise, _EXPERTISE)):
                box.blockSignals(True)
                box.setChecked(self.model.data(self.model.index(row, column),
                                               Qt.ItemDataRole.CheckStateRole)
                               == Qt.CheckState.Checked)
                box.blockSignals(False)
            bare = character.modifier(ability)
            (differing if int(bonus) != bare or note else plain).append(key)
        order = differing + plain
        if order != self._order:
            self._place(order)
        every = self.show_all.isChecked()
        for key in plain:
            for widget in self.rows[key].widgets():
                widget.setVisible(every)
        for key in differing:
            for widget in self.rows[key].widgets():
                widget.setVisible(True)
        if every or not plain:
            self.rest.setVisible(False)
        else:
            self.rest.setText(f"{len(plain)} more at the bare ability modifier"
                              if differing else
                              f"All {len(plain)} skills at the bare ability modifier")
            self.rest.setVisible(True)

    def _place(self, order: list[str]) -> None:
        """Rows in ``order`` (grid rows and the Tab order alike)."""
        previous: QWidget | None = None
        for number, key in enumerate(order, start=1):
            row = self.rows[key]
            for column, widget in enumerate(row.widgets()):
                self.grid.removeWidget(widget)
                self.grid.addWidget(widget, number, column)
            for widget in (row.bonus, row.prof, row.expertise):
                if previous is not None:
                    QWidget.setTabOrder(previous, widget)
                previous = widget
        if previous is not None:
            QWidget.setTabOrder(previous, self.show_all)
        self._order = order
