"""One bestiary template, edited: every number of a monster in Furnace's terms.

The form only collects the numbers; the template model (``emberkeep.campaign.bestiary``)
checks them, and its refusal is shown in the form's error line.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from emberkeep.campaign.bestiary import MeleeNumbers, MonsterTemplate
from gui.bestiary.weapons_editor import WeaponsEditor
from gui.form_columns import lay_out_columns
from gui.palette import tone

__all__ = ["TemplateForm"]


def _spin(parent: QWidget, low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox(parent)
    box.setRange(low, high)
    box.setValue(value)
    return box


class TemplateForm(QDialog):
    def __init__(self, template: MonsterTemplate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Bestiary: {template.name}")
        self.template_id = template.id
        t = template
        self.name = QLineEdit(t.name, self)
        self.room_dc = _spin(self, 1, 40, t.room_dc)
        self.room_dc.setToolTip("R30: the monster's AC; it saves with d20 + (ROOM DC − 10)")
        self.hp = _spin(self, 0, 10_000, t.hp)
        self.hp.setSpecialValueText("roll the HD")
        self.hit_dice = _spin(self, 0, 30, t.hit_dice)
        self.hit_dice.setSpecialValueText("—")
        self.attack = _spin(self, -20, 40, t.attack_bonus)
        self.attack.setPrefix("+")
        self.damage = QLineEdit(t.damage, self)
        self.weapon = QLineEdit(t.weapon, self)
        self.length = _spin(self, 0, 30, t.weapon_length_ft)
        self.length.setSuffix(" ft")
        self.ranged = QCheckBox("shoots (ranged)", self)
        self.ranged.setChecked(t.ranged)
        self.morale = _spin(self, -1, 12, -1 if t.morale is None else t.morale)
        self.morale.setSpecialValueText("half the ROOM DC")
        self.segment = _spin(self, -10, 10, t.initiative_modifier)
        self.segment.setToolTip("WDD: added to its d10 segment roll")
        self.level = _spin(self, 0, 10, t.level)
        self.melee = QCheckBox("Melee Round numbers (R33)", self)
        m = t.melee or MeleeNumbers(skill=12, siz=15)
        self.melee.setChecked(t.melee is not None)
        self.skill = _spin(self, 0, 60, m.skill)
        self.armor_points = _spin(self, 0, 40, m.armor_points)
        self.siz = _spin(self, 1, 200, m.siz)
        self.dex = _spin(self, 0, 99, m.dex)
        self.melee_damage = QLineEdit(m.damage, self)
        for numbers in (self.skill, self.armor_points, self.siz, self.dex, self.melee_damage):
            numbers.setEnabled(t.melee is not None)
            self.melee.toggled.connect(numbers.setEnabled)
        self.notes = QPlainTextEdit(t.notes, self)
        self.notes.setTabChangesFocus(True)
        self.notes.setMaximumHeight(70)
        self.error = QLabel(self)
        tone(self.error, "error")  # a palette tone: reads in light and dark
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        self.other_weapons = WeaponsEditor(t.other_weapons, self)  # a bow besides
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        # Two columns, so the form with its weapons table fits a 1366×768 laptop; Alt+F goes
        # to the weapons table.
        lay_out_columns(
            self, (("&Name", self.name), ("&ROOM DC", self.room_dc), ("&HP", self.hp),
                   ("Hit &Dice (d8)", self.hit_dice), ("&Attack bonus", self.attack),
                   ("Da&mage", self.damage), ("M&orale (2d6)", self.morale),
                   ("Se&gment modifier", self.segment), ("Le&vel", self.level),
                   ("No&tes", self.notes)),
            (("&Weapon", self.weapon), ("Weapon &length", self.length), ("", self.ranged),
             ("&Further weapons", self.other_weapons), ("", self.melee),
             ("Weapon s&kill", self.skill), ("Armor &points", self.armor_points),
             ("S&IZ", self.siz), ("DE&X", self.dex), ("Damage dice (d6)", self.melee_damage)),
            self.error, buttons, buddies=((self.other_weapons, self.other_weapons.table),))

    def template(self) -> MonsterTemplate:
        """The form as a template; ``ValueError`` with the model's reason when it is off."""
        morale = self.morale.value()
        others = self.other_weapons.weapons()  # refused with the weapon's name and why
        try:
            melee = None
            if self.melee.isChecked():
                melee = MeleeNumbers(skill=self.skill.value(),
                                     armor_points=self.armor_points.value(),
                                     siz=self.siz.value(), dex=self.dex.value(),
                                     damage=self.melee_damage.text().strip())
            return MonsterTemplate(
                id=self.template_id, name=self.name.text().strip(), room_dc=self.room_dc.value(),
                hp=self.hp.value(), hit_dice=self.hit_dice.value(),
                attack_bonus=self.attack.value(), damage=self.damage.text().strip(),
                weapon=self.weapon.text().strip() or "claws",
                weapon_length_ft=self.length.value(), ranged=self.ranged.isChecked(),
                other_weapons=others, morale=None if morale < 0 else morale,
                initiative_modifier=self.segment.value(),
                level=self.level.value(), melee=melee, notes=self.notes.toPlainText())
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ValueError(f"{where}: {first['msg']}" if where else str(first["msg"])
                             ) from exc

    def _accept(self) -> None:
        try:
            self.template()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
