"""The quick monster form: name, count, HP or HD, ROOM DC (→ AC and save, R30), attack, damage,
morale, weapon and its length, further weapons (a bow beside the axe), WDD's segment
modifier; the side and zone they start in.

R30: a monster's AC is the ROOM DC and it saves with d20 + (ROOM DC − 10); Furnace: "Enemy
moral is usually half of the room DC (rounded down)" — left blank, the morale is that. HD rolls
d8 per Hit Die for each monster on its own (they are not clones).
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from emberkeep.dice import DiceError, Roller, parse
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.setup import monster_combatants
from emberkeep.melee_round.fighter import MeleeMonster
from gui.bestiary.weapons_editor import WeaponsEditor
from gui.form_columns import lay_out_columns
from gui.palette import tone
from gui.plain_text import plain_label

__all__ = ["MonsterForm", "make_monsters"]


def make_monsters(stats: MonsterStats, count: int, *, hit_dice: int = 0,
                  roller: Roller | None = None, side: str = "foes", position: int = 1,
                  taken: set[str] | frozenset[str] = frozenset()) -> list[Combatant]:
    """The form's monsters, made by the core (``setup.monster_combatants``)."""
    return monster_combatants(stats, count, side=side, position=position, taken=taken,
                              hit_dice=hit_dice, roller=roller)


def _spin(parent: QWidget, low: int, high: int, value: int | None = None, *, special: str = "",
          prefix: str = "", suffix: str = "") -> QSpinBox:
    """A number field; ``special`` is what its lowest value reads as (the "not set" choice)."""
    box = QSpinBox(parent)
    box.setRange(low, high)
    if value is not None:
        box.setValue(value)
    box.setSpecialValueText(special)
    box.setPrefix(prefix)
    box.setSuffix(suffix)
    return box


class MonsterForm(QDialog):
    def __init__(self, room_dc: int, parent: QWidget | None = None, *,
                 melee_round: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add monsters")
        self.name = QLineEdit("Goblin", self)
        self.count = _spin(self, 1, 100)
        self.hp = _spin(self, 0, 10_000, 5, special="roll the HD")
        self.hd = _spin(self, 0, 30, special="—")
        self.hd.setToolTip("Hit Dice: each monster rolls its own HP (d8 per HD) when HP is 0")
        self.room_dc = _spin(self, 1, 40, room_dc)
        self.derived = QLabel(self)
        self.derived.setTextFormat(Qt.TextFormat.PlainText)
        self.attack = _spin(self, -20, 40, prefix="+")
        self.damage = QLineEdit("1d6", self)
        self.morale = _spin(self, -1, 12, -1, special="half the ROOM DC")
        self.weapon = QLineEdit("claws", self)
        self.length = _spin(self, 0, 30, 2, suffix=" ft")
        self.ranged = QCheckBox("shoots (ranged)", self)
        # WDD segment initiative: the monster's own modifier to its d10
        self.segment = QSpinBox(self)
        self.segment.setRange(-10, 10)
        self.segment.setPrefix("d10 ")
        self.segment.setToolTip("WDD segments: added to each monster's d10 (lower acts "
                                "sooner), besides its weapon length's modifiers")
        self.side = QLineEdit("foes", self)
        self.zone = _spin(self, -20, 20, 1)
        # R33: a Melee Round monster fights with a weapon skill, armor points, SIZ and Damage
        # dice (in d6) and HP; shown, and on, when the encounter uses the Melee Round.
        self.melee = QCheckBox("Melee Round numbers (R33)", self)
        self.melee.setChecked(melee_round)
        self.skill = _spin(self, 0, 60, 12)
        self.armor_points = _spin(self, 0, 40, 6)
        self.siz = _spin(self, 1, 200, 15)
        self.melee_dex = _spin(self, 0, 99, 10)
        # ambushers the players have not seen yet stay off the player view (Shift+H shows them)
        self.hidden = QCheckBox("hidden from &the players until revealed (Shift+H)", self)
        self.keep = QCheckBox("Keep in the &bestiary", self)  # a template for the next fight
        self.error = plain_label("", self)  # a refusal may quote the name
        tone(self.error, "error")
        # its weapons besides the main one (an orc's shortbow beside its axe)
        self.other_weapons = WeaponsEditor((), self)
        for widget in (self.skill, self.armor_points, self.siz, self.melee_dex):
            widget.setEnabled(melee_round)
            self.melee.toggled.connect(widget.setEnabled)
        if melee_round:
            self.damage.setText("3d6")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        # Two columns, so the form with its weapons table fits a 1366×768 laptop: the monster's
        # numbers on the left, its weapons and the Melee Round's numbers on the right; Alt+F
        # goes to the weapons table.
        lay_out_columns(
            self, (("&Name", self.name), ("&Count", self.count), ("&HP", self.hp),
                   ("H&D", self.hd), ("&ROOM DC", self.room_dc), ("", self.derived),
                   ("&Attack bonus", self.attack), ("Da&mage", self.damage),
                   ("M&orale", self.morale), ("WDD se&gment modifier", self.segment),
                   ("&Side", self.side), ("&Zone", self.zone), ("", self.hidden),
                   ("", self.keep)),
            (("&Weapon", self.weapon), ("Weapon &length", self.length), ("", self.ranged),
             ("&Further weapons", self.other_weapons), ("", self.melee),
             ("Weapon s&kill", self.skill), ("Armor &points", self.armor_points),
             ("S&IZ", self.siz), ("DE&X", self.melee_dex)),
            self.error, buttons, buddies=((self.other_weapons, self.other_weapons.table),))
        self.room_dc.valueChanged.connect(self._derive)
        self._derive()

    def _derive(self) -> None:
        # the stat block's own numbers for this ROOM DC (R30), not a second copy of them
        probe = MonsterStats(name="probe", max_hp=1, room_dc=self.room_dc.value())
        self.derived.setText(f"AC {probe.armor_class} · save {probe.save_bonus:+d} · "
                             f"morale {probe.enemy_morale} (R30)")

    def stats(self) -> MonsterStats:
        """The form as monster stats; ValueError with a plain reason when something is off."""
        name = self.name.text().strip()
        if not name:
            raise ValueError("a monster needs a name")
        try:
            parse(self.damage.text().strip())
        except DiceError as exc:
            raise ValueError(f"damage: {exc}") from exc
        if self.hp.value() == 0 and self.hd.value() == 0:
            raise ValueError("give the HP, or the HD to roll them")
        others = self.other_weapons.weapons()  # refused with the weapon's name and why
        morale = self.morale.value()
        if self.melee.isChecked():
            if not re.fullmatch(r"\d+d6", self.damage.text().strip()):
                raise ValueError("a Melee Round monster's damage is in d6 (R33), e.g. 4d6")
            return MeleeMonster(name=name, max_hp=max(1, self.hp.value()),
                                damage=self.damage.text().strip(),
                                morale=None if morale < 0 else morale,
                                weapon=self.weapon.text().strip() or "claws",
                                weapon_length_ft=self.length.value(),
                                ranged=self.ranged.isChecked(), other_weapons=others,
                                skill=self.skill.value(),
                                armor_points=self.armor_points.value(), siz=self.siz.value(),
                                dex=self.melee_dex.value())
        return MonsterStats(name=name, max_hp=max(1, self.hp.value()),
                            room_dc=self.room_dc.value(), attack_bonus=self.attack.value(),
                            damage=self.damage.text().strip(),
                            morale=None if morale < 0 else morale,
                            weapon=self.weapon.text().strip() or "claws",
                            weapon_length_ft=self.length.value(), ranged=self.ranged.isChecked(),
                            other_weapons=others, level=min(10, self.hd.value()),
                            initiative_modifier=self.segment.value())

    def monsters(self, roller: Roller, taken: set[str]) -> list[Combatant]:
        stats = self.stats()
        hit_dice = self.hd.value() if self.hp.value() == 0 else 0
        made = make_monsters(stats, self.count.value(), hit_dice=hit_dice, roller=roller,
                             side=self.side.text().strip() or "foes",
                             position=self.zone.value(), taken=taken)
        for monster in made:
            monster.hidden = self.hidden.isChecked()
        return made

    def _accept(self) -> None:
        try:
            self.stats()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
