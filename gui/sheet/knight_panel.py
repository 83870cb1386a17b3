"""The knight on a character's sheet: the Melee Round's profile (R33), edited in place.

R33: a knight's SIZ, DEX, STR, CON and APP are its own (Pendragon's scale); its weapon skills,
Horsemanship, armor and shield, horse, Glory and Honor and experience check marks (R32) sit on
the profile. R24's derived statistics (HP = SIZ + CON, Unconscious = HP / 4, Major Wound = CON,
Knockdown = SIZ, Damage, Move) are computed by the core and shown live.

R39: the knight's HP is a track of its own (the profile's wounds), shown labelled beside the
buttons; adding, editing or removing the profile never changes the sheet's Furnace HP, a new
profile starts at full knight HP, and "Full knight HP" heals only this track.

Every edit is one undo command through :meth:`CampaignDocument.edit_character` on ``knight``
with a new frozen profile; the document validates the whole character, so a SIZ of 120 or a
skill of -3 is refused at the field with pydantic's reason and the core keeps its value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from emberkeep.character.knight import ATTRIBUTES, WEAPON_SKILLS, KnightProfile
from emberkeep.character.model import Character
from emberkeep.melee_round.catalog import HorseKind, catalog, horse
from gui.labels import knight_hp_text
from gui.sheet.fields import FieldEdit, int_text
from gui.sheet.header import bold

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["KnightPanel", "derived_text"]

HORSEMANSHIP = "Horsemanship"


def _knight(character: Character) -> KnightProfile:
    if character.knight is None:
        raise ValueError("add a knight profile first")
    return character.knight


def derived_text(knight: KnightProfile) -> str:
    """R24's derived statistics, one line each, as the sheet shows them."""
    d = knight.derived
    lines = [f"Hit points {d.hit_points} (SIZ + CON)",
             f"Unconscious {d.unconscious} (HP / 4)",
             f"Major Wound {d.major_wound} (CON)",
             f"Knockdown {d.knockdown} (SIZ; 2×SIZ {2 * d.knockdown} throws him)",
             f"Damage {d.damage} ((STR + SIZ) / 6)",
             f"Move {d.move} yards ((STR + DEX) / 10)",
             f"DEX roll {knight.dex_roll} (armor −{knight.armor_dex_penalty})"]
    if knight.horse is not None:
        h = horse(knight.horse)
        lines.append(f"Horse: {h.name}, damage {h.damage}, Move {h.move} yards")
    return "\n".join(lines)


class KnightPanel(QGroupBox):
    """A knight profile's every number and its derived statistics, live; shown only while the
    character has a profile (the sheet's "Add knight profile" button, :attr:`add_button`, makes
    one)."""

    add_button: QPushButton

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Knight (Melee Round, R24, R33)", parent)
        self.sheet = sheet
        self.document = sheet.document
        self.character_id = sheet.character_id
        self.fields: dict[str, FieldEdit] = {}
        self.ticks: dict[str, QCheckBox] = {}
        self._refreshers: list[Callable[[KnightProfile], None]] = []
        outer = QVBoxLayout(self)
        buttons = QHBoxLayout()
        self.remove_button = QPushButton("Remove knight profile", self)
        self.full_hp_button = QPushButton("Full knight HP", self)
        self.full_hp_button.setToolTip("Heal the knight to R24's SIZ + CON: only the Melee "
                                       "Round's knight HP, not the sheet's Furnace HP (R39)")
        self.remove_button.clicked.connect(self.remove_profile)
        self.full_hp_button.clicked.connect(self.full_hp)
        # R39: the knight's own track, labelled so it is never read as the sheet's Furnace HP
        self.knight_hp = QLabel(self)
        self.knight_hp.setTextFormat(Qt.TextFormat.PlainText)
        bold(self.knight_hp)
        self.knight_hp.setAccessibleName("knight HP (Melee Round)")
        buttons.addWidget(self.knight_hp)
        for b in (self.remove_button, self.full_hp_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        outer.addLayout(buttons)
        self.body = QWidget(self)
        outer.addWidget(self.body)
        columns = QHBoxLayout(self.body)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.setSpacing(24)
        columns.addLayout(self._numbers())
        columns.addLayout(self._skills())
        self.derived = QLabel(self.body)
        bold(self.derived)
        self.derived.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.derived.setAccessibleName("derived statistics")
        right = QVBoxLayout()
        right.setSpacing(3)
        right.addWidget(QLabel("Derived (R24)", self.body))
        right.addWidget(self.derived)
        right.addStretch(1)
        columns.addLayout(right)
        columns.addStretch(1)

    # -- building -----------------------------------------------------------------------------

    def _field(self, key: str, label: str, read: Callable[[KnightProfile], str],
               update: Callable[[KnightProfile, str], KnightProfile], width: int = 60,
               tip: str = "") -> FieldEdit:
        def read_c(character: Character) -> str:
            return "" if character.knight is None else read(character.knight)

        def write(character: Character, text: str) -> tuple[str, Any]:
            return "knight", update(_knight(character), text)

        edit = FieldEdit(self.document, self.character_id, f"knight {label}", read_c, write,
                         self.body, width=width, tip=tip or label)
        edit.refused.connect(self.sheet.status)
        self.fields[key] = edit
        return edit

    def _int(self, key: str, label: str, attr: str, tip: str = "") -> FieldEdit:
        return self._field(key, label, lambda k: str(getattr(k, attr)),
                           lambda k, t: k.model_copy(update={attr: int_text(t)}), tip=tip)

    def _numbers(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setVerticalSpacing(3)
        row = 0
        for name in ATTRIBUTES:
            field = self._int(name, name, name, f"{name}, Pendragon's scale (R33)")
            # Alt+Z goes to the knight's first number (the letters left free on a sheet)
            title = QLabel("SI&Z" if name == "SIZ" else name, self.body)
            title.setBuddy(field)
            grid.addWidget(title, row, 0)
            grid.addWidget(field, row, 1)
            row += 1
        self.armor = self._combo("armor", "armor", [(a.name, a.id) for a in catalog().armors],
                                 self._armor_of, self._set_armor)
        grid.addWidget(QLabel("Armor", self.body), row, 0)
        grid.addWidget(self.armor, row, 1)
        row += 1
        grid.addWidget(QLabel("Armor points", self.body), row, 0)
        grid.addWidget(self._int("armor_points", "armor points", "armor_points",
                                 "R25: chainmail 10, reinforced 12"), row, 1)
        row += 1
        self.shield = QCheckBox("Shield (+6 on a partial success, R25)", self.body)
        self.shield.toggled.connect(lambda on: self._edit("shield", {"shield": on}))
        self._refreshers.append(lambda k: _set_checked(self.shield, k.shield))
        grid.addWidget(self.shield, row, 0, 1, 2)
        row += 1
        horses: list[tuple[str, object]] = [("no horse", None)]
        horses += [(f"{h.name} ({h.damage}, Move {h.move})", h.id) for h in catalog().horses]
        self.horse = self._combo("horse", "horse", horses, lambda k: k.horse,
                                 lambda v: {"horse": None if v is None else HorseKind(str(v))})
        grid.addWidget(QLabel("Horse", self.body), row, 0)
        grid.addWidget(self.horse, row, 1)
        row += 1
        grid.addWidget(QLabel("Horse's name", self.body), row, 0)
        grid.addWidget(self._field("horse_name", "horse's name", lambda k: k.horse_name,
                                   lambda k, t: k.model_copy(update={"horse_name": t}),
                                   width=160), row, 1)
        row += 1
        weapons = [(w.name, w.id) for w in catalog().weapons]
        self.weapon = self._combo("weapon", "usual weapon", weapons, lambda k: k.weapon,
                                  lambda v: {"weapon": str(v)})
        grid.addWidget(QLabel("Usual weapon", self.body), row, 0)
        grid.addWidget(self.weapon, row, 1)
        row += 1
        for key, label in (("glory", "Glory"), ("honor", "Honor")):
            grid.addWidget(QLabel(label, self.body), row, 0)
            grid.addWidget(self._int(key, label, key), row, 1)
            row += 1
        grid.setRowStretch(row, 1)
        return grid

    def _skills(self) -> QGridLayout:
        """The skills in two columns of eight (Tab reads down the first, then the second), so
        the block stays low enough to read beside the sheet's header."""
        grid = QGridLayout()
        grid.setVerticalSpacing(3)
        skills = (*WEAPON_SKILLS, HORSEMANSHIP)
        per_column = (len(skills) + 1) // 2
        for block in range(2):
            grid.addWidget(QLabel("Skill", self.body), 0, block * 4)
            check = QLabel("✓", self.body)
            check.setToolTip("Experience check (R32): rolled at the year's end")
            grid.addWidget(check, 0, block * 4 + 2)
        grid.setColumnMinimumWidth(3, 16)
        for number, name in enumerate(skills):
            row, base = number % per_column + 1, (number // per_column) * 4
            grid.addWidget(QLabel(name, self.body), row, base)
            grid.addWidget(self._field(
                f"skill:{name}", name, partial(_skill_text, name), partial(_with_skill, name),
                tip=f"{name} (d20 roll-under, R23)"), row, base + 1)
            tick = QCheckBox(self.body)
            tick.setAccessibleName(f"{name} experience check")
            tick.setToolTip(f"Experience check for {name} (R32)")
            tick.toggled.connect(partial(self._tick, name))
            self._refreshers.append(partial(_show_tick, tick, name))
            self.ticks[name] = tick
            grid.addWidget(tick, row, base + 2)
        grid.setRowStretch(per_column + 1, 1)  # the rows at the top, beside the numbers
        return grid

    def _combo(self, key: str, label: str, options: Sequence[tuple[str, object]],
               read: Callable[[KnightProfile], object],
               update: Callable[[object], dict[str, Any]]) -> QComboBox:
        combo = QComboBox(self.body)
        combo.setAccessibleName(f"knight {label}")
        for text, value in options:
            combo.addItem(text, value)

        def refresh(k: KnightProfile) -> None:
            combo.blockSignals(True)
            combo.setCurrentIndex(combo.findData(read(k)))
            combo.blockSignals(False)

        combo.activated.connect(lambda i: self._edit(label, update(combo.itemData(i))))
        self._refreshers.append(refresh)
        return combo

    @staticmethod
    def _armor_of(k: KnightProfile) -> object:
        return next((a.id for a in catalog().armors if a.name == k.armor_name), None)

    @staticmethod
    def _set_armor(armor_id: object) -> dict[str, Any]:
        a = next(a for a in catalog().armors if a.id == armor_id)
        return {"armor_name": a.name, "armor_points": a.points, "armor_dex_penalty": a.dex_penalty}

    # -- edits --------------------------------------------------------------------------------

    def _edit(self, label: str, update: dict[str, Any]) -> None:
        character = self.sheet.character
        if character.knight is None:
            return
        try:
            self.document.edit_character(self.character_id, "knight",
                                         character.knight.model_copy(update=update),
                                         label=f"knight {label}")
        except Refused as exc:
            self.sheet.status.emit(f"knight {label} not changed: {exc}")
            self.refresh(self.sheet.character)

    def _tick(self, skill: str, on: bool) -> None:
        k = self.sheet.character.knight
        if k is None or (skill in k.ticks) == on:
            return
        ticks = (*k.ticks, skill) if on else tuple(t for t in k.ticks if t != skill)
        self._edit(f"{skill} check", {"ticks": ticks})

    def add_profile(self) -> None:
        """A default knight (R33) at full knight HP, the Furnace HP as it was (R39): one undo
        step."""
        if self.sheet.character.knight is None:
            self.document.edit_character(self.character_id, "knight", KnightProfile(),
                                         label="Add knight profile")

    def remove_profile(self) -> None:
        if self.sheet.character.knight is not None:
            self.document.edit_character(self.character_id, "knight", None,
                                         label="Remove knight profile")

    def full_hp(self) -> None:
        """The knight's track back to SIZ + CON (R39), one undo step; the Furnace HP stays."""
        knight = self.sheet.character.knight
        if knight is not None and knight.wounds:
            self.document.edit_character(self.character_id, "knight", knight.unhurt(),
                                         label="Full knight HP")

    # -- showing ------------------------------------------------------------------------------

    def refresh(self, character: Character) -> None:
        knight = character.knight
        self.setVisible(knight is not None)
        for widget in (self.body, self.remove_button, self.full_hp_button, self.knight_hp):
            widget.setVisible(knight is not None)  # hidden within too: nothing of it lingers
        for edit in self.fields.values():
            edit.refresh(character=character)
        if knight is None:
            return
        self.knight_hp.setText(knight_hp_text(knight))
        self.full_hp_button.setEnabled(knight.wounds > 0)
        self.derived.setText(derived_text(knight))
        for refresh in self._refreshers:
            refresh(knight)


def _set_checked(box: QCheckBox, on: bool) -> None:
    box.blockSignals(True)
    box.setChecked(on)
    box.blockSignals(False)


def _skill_text(name: str, knight: KnightProfile) -> str:
    return str(knight.skill(name))


def _with_skill(name: str, knight: KnightProfile, text: str) -> KnightProfile:
    return knight.with_skill(name, int_text(text))


def _show_tick(box: QCheckBox, name: str, knight: KnightProfile) -> None:
    _set_checked(box, name in knight.ticks)
