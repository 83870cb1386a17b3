"""The sheet's header band: what a GM reads first, large, always in sight above the blocks.

Left to right: the name (typed here) with class, archetype, race and level and whether the
character may level up (R32); HP now and at most (both typed; the dead-at threshold, R22,
under them); AC; PROF; Luck Dice (R29); and the attacks, each weapon's ATK and damage
(R12, R17). Every number is the core's, marked for the explanations (:mod:`gui.sheet.explained`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import AttackLine, attack_lines
from emberkeep.character.sheet_rules import class_refusal, level_up_readiness
from emberkeep.character.status import character_armor_class
from gui.labels import class_name, race_name
from gui.palette import tone
from gui.plain_text import plain_label, tooltip
from gui.sheet.explained import mark
from gui.sheet.fields import int_text

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["HeaderBand", "big", "bold", "caption"]

BIG_POINTS = 1.7  # the header's numbers, times the application's font
NAME_POINTS = 1.5
WEAPON_NAME_WIDTH = 190  # a long weapon name gives way (whole in its tooltip), not the sheet


def big(widget: QWidget, scale: float = BIG_POINTS) -> QWidget:
    """``widget``'s font, bold and ``scale`` times the application's."""
    font = QFont(widget.font())
    size = font.pointSizeF() if font.pointSizeF() > 0 else 10.0
    font.setPointSizeF(size * scale)
    font.setBold(True)
    widget.setFont(font)
    return widget


def bold(widget: QWidget) -> QWidget:
    """``widget``'s font in bold (a font, not a style sheet: those slow a sheet's opening)."""
    font = QFont(widget.font())
    font.setBold(True)
    widget.setFont(font)
    return widget


def caption(text: str, parent: QWidget, buddy: QWidget | None = None) -> QLabel:
    """A small muted title over a number; with a ``buddy`` its &-letter focuses that field."""
    label = QLabel(text, parent)  # our own words; the mnemonic needs the label's own format
    label.setTextFormat(Qt.TextFormat.PlainText)
    tone(label, "muted")
    if buddy is not None:
        label.setBuddy(buddy)
    return label


def _stat(title: QLabel, *rows: QWidget | QHBoxLayout) -> QVBoxLayout:
    column = QVBoxLayout()
    column.setSpacing(2)
    column.addWidget(title)
    for row in rows:
        if isinstance(row, QHBoxLayout):
            column.addLayout(row)
        else:
            column.addWidget(row)
    column.addStretch(1)
    return column


def _separator(parent: QWidget) -> QFrame:
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.VLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


class HeaderBand(QFrame):
    """Name, class, level, HP, AC, PROF, Luck Dice and the attacks of ``sheet``'s character."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__(parent)
        self.sheet = sheet
        self.setObjectName("sheetHeader")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        band = QHBoxLayout(self)
        band.setContentsMargins(10, 6, 10, 6)
        band.setSpacing(14)
        band.addLayout(self._identity(), 3)
        band.addWidget(_separator(self))
        band.addLayout(self._hp())
        band.addWidget(_separator(self))
        ac = sheet.label("ac", self, lambda c: str(character_armor_class(c, sheet.catalog)),
                         lambda c: "Worn armor + DEX where it applies + shield − armor damage "
                                   "(R12, R15)")
        band.addLayout(_stat(caption("AC", self), mark(big(ac), "ac")))
        prof = sheet.label("prof", self, lambda c: f"{c.prof:+d}",
                           lambda c: "Proficiency bonus for the level (R6)")
        band.addLayout(_stat(caption("PROF", self), mark(big(prof), "prof")))
        luck = sheet.field("luck", "Luck Dice", lambda c: str(c.luck.dice), _write_luck, self,
                           width=46, tip="Luck Dice, three at most (R29)")
        big(luck)
        luck_row = QHBoxLayout()
        luck_row.addWidget(luck)
        luck_row.addWidget(caption("of 3", self))
        band.addLayout(_stat(caption("Luc&k Dice", self, luck), luck_row))
        band.addWidget(_separator(self))
        self.attacks = QGridLayout()
        self.attacks.setHorizontalSpacing(10)
        self.attacks.setVerticalSpacing(1)
        self.attack_rows: list[tuple[str, list[QWidget]]] = []
        self.attack_labels: dict[str, tuple[QLabel, QLabel]] = {}  # "uid:grip" → ATK, damage
        self.attack_names: dict[str, QLabel] = {}
        attacks = QVBoxLayout()
        attacks.setSpacing(2)
        attacks.addWidget(caption("Attacks: weapon, ATK, damage", self))
        attacks.addLayout(self.attacks)
        attacks.addStretch(1)
        self.no_attacks = plain_label("No weapon carried", self)
        tone(self.no_attacks, "muted")
        attacks.addWidget(self.no_attacks)
        band.addLayout(attacks, 4)

    def _identity(self) -> QVBoxLayout:
        sheet = self.sheet
        column = QVBoxLayout()
        column.setSpacing(2)
        name = sheet.field("name", "name", lambda c: c.name, lambda c, t: ("name", t), self)
        big(name, NAME_POINTS)
        name.setMinimumWidth(180)
        row = QHBoxLayout()
        row.addWidget(caption("Na&me", self, name))
        row.addWidget(name, 1)
        column.addLayout(row)
        who = QHBoxLayout()
        # a class is chosen by Level Up from the funnel (R5), never changed by hand; the
        # core's class_refusal says why (the sheet shows it, the document refuses an edit)
        cls = sheet.label("class", self, class_name, class_refusal)
        font = cls.font()
        font.setBold(True)
        cls.setFont(font)
        who.addWidget(cls)
        lineage = sheet.label("lineage", self, lambda c: _lineage(c, sheet.catalog))
        lineage.setWordWrap(True)
        who.addWidget(lineage, 1)
        column.addLayout(who)
        level_row = QHBoxLayout()
        level_row.addWidget(caption("Level", self))
        # the level is read, never typed; Level Up brings its HP, PROF and features
        level = sheet.label("level", self, lambda c: str(c.level),
                            lambda c: "Gained only by Level Up (R5, R6)")
        big(level, 1.25)
        level_row.addWidget(level)
        sheet.level_up_button = QPushButton("Level Up…", self)
        sheet.level_up_button.setToolTip("Level up (Ctrl+L), or advance a funnel survivor to "
                                         "1st level")
        sheet.level_up_button.clicked.connect(
            lambda: sheet.levelUpRequested.emit(sheet.character_id))
        level_row.addWidget(sheet.level_up_button)
        ready = sheet.label("ready", self, level_up_readiness)
        ready.setWordWrap(True)
        level_row.addWidget(ready, 1)
        column.addLayout(level_row)
        return column

    def _hp(self) -> QVBoxLayout:
        sheet = self.sheet
        hp = sheet.field("hp", "HP", lambda c: str(c.hp), lambda c, t: ("hp", int_text(t)), self,
                         width=64, tip="Current hit points")
        top = sheet.field("max_hp", "max HP", lambda c: str(c.max_hp),
                          lambda c, t: ("max_hp", int_text(t)), self, width=64,
                          tip="Maximum hit points: the rolls of each level (R6)")
        mark(top, "hp_max")
        for field in (hp, top):
            big(field)
            field.setAlignment(Qt.AlignmentFlag.AlignRight)
        row = QHBoxLayout()
        row.setSpacing(4)
        row.addWidget(hp)
        row.addWidget(caption("of", self))
        row.addWidget(top)
        dead = QHBoxLayout()
        dead.addWidget(caption("Dead at", self))
        death = sheet.label("death", self, lambda c: f"{c.death_threshold} HP (R22)")
        mark(death, "dead_at")
        dead.addWidget(death, 1)
        return _stat(caption("H&P", self, hp), row, dead)

    # -- the attacks ------------------------------------------------------------------------------

    def refresh(self, character: Character, catalog: Catalog) -> None:
        lines = attack_lines(character, catalog)
        keys = [f"{line.uid}:{line.grip}" for line in lines]
        if keys != [key for key, _ in self.attack_rows]:
            self._rebuild(lines)
        for line in lines:
            key = f"{line.uid}:{line.grip}"
            atk, damage = self.attack_labels[key]
            name = self.attack_names[key]  # renamed in the gear editor: the same row, new words
            name.setText(_elided(line.label, name, WEAPON_NAME_WIDTH))
            name.setToolTip(tooltip(line.label))
            atk.setText(f"{line.atk_bonus:+d}")
            damage.setText(line.damage_text + (f"  {_notes(line)}" if _notes(line) else ""))
            tip = tooltip(f"ATK d20 {line.atk_bonus:+d}: {line.ability.value}"
                          f"{' + PROF' if line.proficient else ' (not proficient: no PROF)'}. "
                          f"Damage {line.damage_text}; crit on a natural {line.crit_text} "
                          "(R12, R15, R17)")
            atk.setToolTip(tip)
            damage.setToolTip(tip)
        self.no_attacks.setVisible(not lines)

    def _rebuild(self, lines: list[AttackLine]) -> None:
        for _key, widgets in self.attack_rows:
            for widget in widgets:
                self.attacks.removeWidget(widget)
                widget.deleteLater()
        self.attack_rows, self.attack_labels, self.attack_names = [], {}, {}
        # more than four weapons go in a second column of the grid, so the band stays low
        per_column = 4 if len(lines) <= 8 else (len(lines) + 1) // 2
        for number, line in enumerate(lines):
            row, base = number % per_column, (number // per_column) * 4
            name = plain_label("", self)  # elided at refresh, whole in its tooltip
            atk = plain_label("", self)
            atk.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            big(atk, 1.15)
            damage = plain_label("", self)
            big(damage, 1.15)
            mark(atk, f"atk:{line.uid}")
            mark(damage, f"damage:{line.uid}")
            if line.grip == "two_handed":
                atk.setProperty("grip", "two_handed")
                damage.setProperty("grip", "two_handed")
            atk.setAccessibleName(f"{line.label} ATK")
            damage.setAccessibleName(f"{line.label} damage")
            self.attacks.addWidget(name, row, base)
            self.attacks.addWidget(atk, row, base + 1)
            self.attacks.addWidget(damage, row, base + 2)
            key = f"{line.uid}:{line.grip}"
            self.attack_rows.append((key, [name, atk, damage]))
            self.attack_labels[key] = (atk, damage)
            self.attack_names[key] = name
        columns = 4 if len(lines) > per_column else 0
        for column in range(self.attacks.columnCount()):
            self.attacks.setColumnStretch(column, 0)
            self.attacks.setColumnMinimumWidth(column, 0)
        if columns:  # a gap between the two columns of weapons
            self.attacks.setColumnMinimumWidth(3, 18)
        self.attacks.setColumnStretch(self.attacks.columnCount(), 1)
        if self.attack_rows:
            self._chain()

    def _chain(self) -> None:
        """Tab goes through the attacks after the Luck Dice, row by row."""
        previous: QWidget = self.sheet.fields["luck"]
        for _key, (_name, atk, damage) in self.attack_rows:
            QWidget.setTabOrder(previous, atk)
            QWidget.setTabOrder(atk, damage)
            previous = damage


def _notes(line: AttackLine) -> str:
    notes = [f"crit {line.crit_text}"] if line.crit_low < 20 else []
    if line.notches:
        notes.append(f"−{line.notches} notch{'es' if line.notches > 1 else ''}")
    if line.broken:
        notes.append("BROKEN")
    if line.dropped:
        notes.append("dropped")
    return ", ".join(notes)


def _elided(text: str, widget: QWidget, width: int) -> str:
    return widget.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width)


def _lineage(character: Character, catalog: Catalog) -> str:
    parts = []
    if character.archetype is not None:
        try:
            parts.append(catalog.archetype(character.archetype).name)
        except (KeyError, ValueError):
            parts.append(character.archetype)
    parts.append(race_name(character, catalog))
    return " · ".join(parts)


def _write_luck(character: Character, text: str) -> tuple[str, object]:
    return "luck", character.luck.model_copy(update={"dice": int_text(text)}).model_dump()
