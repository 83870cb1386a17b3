"""The 1st-level choices as a form: class, chosen save, skills, Expertise, fighting style,
archetype, cantrips and the class's starting equipment lines (R4, R7).

Shared by the new-character wizard and the Advance to 1st level dialog. The form only gathers
answers into a :class:`ClassChoices`; the core (``apply_first_level``) checks them and its
message is shown when it refuses. Every field has a label (with its Alt key); a
choice the class does not have (Expertise, a fighting style, cantrips) is hidden, not greyed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.classes import EquipmentSelection, classes, get_class
from emberkeep.character.equipment import slot_options
from emberkeep.character.leveling import ClassChoices
from emberkeep.character.skills import Skill, skill_name
from emberkeep.gear.catalog import gear_catalog
from emberkeep.magic.spells import load_spells

__all__ = ["ClassChoicesForm", "checked_values", "count_of", "skill_list"]


def count_of(number: int, noun: str, plural: str | None = None) -> str:
    """``1 skill``, ``2 skills``, ``0 cantrips``."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"


def skill_list(parent: QWidget) -> QListWidget:
    view = QListWidget(parent)
    for skill in Skill:
        item = QListWidgetItem(skill_name(skill), view)
        item.setData(Qt.ItemDataRole.UserRole, skill.value)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
    view.setMaximumHeight(view.fontMetrics().height() * 7)
    return view


def checked_values(view: QListWidget) -> list[str]:
    return [str(view.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(view.count())
            if view.item(i).checkState() == Qt.CheckState.Checked]


def _gear_name(gear_id: str) -> str:
    catalog = gear_catalog()
    try:
        return catalog.get(gear_id).name
    except ValueError:
        return gear_id.replace("_", " ")


class ClassChoicesForm(QWidget):
    """Answers to the 1st-level questions. Call :meth:`set_character_facts` with what the
    counts depend on (INT modifier, race), then :meth:`choices`."""

    changed = Signal()
    fields_rebuilt = Signal()  # equipment pickers made anew: the owner re-chains Tab

    def __init__(self, parent: QWidget | None = None, *, catalog: Catalog,
                 equipment: bool = True) -> None:
        super().__init__(parent)
        self.catalog = catalog  # the campaign's archetypes over the shipped
        self._with_equipment = equipment
        self.int_mod = 0
        self.race = "human"
        form = QFormLayout(self)
        self.form = form
        self.class_combo = QComboBox(self)
        for cls in classes().values():
            self.class_combo.addItem(f"{cls.name} (d{cls.hit_die})", cls.id)
        self.class_combo.currentIndexChanged.connect(self._class_changed)
        form.addRow("C&lass", self.class_combo)
        self.save_combo = QComboBox(self)
        form.addRow("Chosen sa&ve", self.save_combo)
        self.skill_hint = QLabel(self)
        self.skill_hint.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow("", self.skill_hint)
        self.skills = skill_list(self)
        form.addRow("S&kills", self.skills)
        self.expertise = skill_list(self)
        form.addRow("E&xpertise", self.expertise)
        self.style_combo = QComboBox(self)
        form.addRow("Fighting st&yle", self.style_combo)
        self.archetype_combo = QComboBox(self)
        form.addRow("Arc&hetype", self.archetype_combo)
        self.cantrips = QListWidget(self)
        for cantrip in load_spells().cantrips:
            item = QListWidgetItem(cantrip.name, self.cantrips)
            item.setData(Qt.ItemDataRole.UserRole, cantrip.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.cantrips.setMaximumHeight(self.cantrips.fontMetrics().height() * 6)
        form.addRow("Can&trips", self.cantrips)
        self.equipment_box = QWidget(self)
        self.equipment_form = QFormLayout(self.equipment_box)
        self.equipment_form.setContentsMargins(0, 0, 0, 0)
        if equipment:
            form.addRow("Equipment", self.equipment_box)
            equipment_label = form.labelForField(self.equipment_box)
            if isinstance(equipment_label, QLabel):  # the first pick answers its Alt key
                equipment_label.setText("E&quipment")
        else:
            self.equipment_box.hide()
        self._lines: list[tuple[QComboBox, list[QComboBox]]] = []
        self._class_changed()

    @property
    def class_id(self) -> str:
        return str(self.class_combo.currentData())

    def set_character_facts(self, int_mod: int, race: str) -> None:
        self.int_mod = int_mod
        self.race = race
        self._class_changed()

    def _class_changed(self) -> None:
        cls = get_class(self.class_id)
        self.save_combo.clear()
        for ability in ABILITIES:
            if ability != cls.save:
                self.save_combo.addItem(ability.value, ability.value)
        count = cls.skill_pick_count(self.int_mod)
        self.skill_hint.setText(f"{cls.name}s save with {cls.save.value}. Choose "
                                f"{count_of(count, 'skill')} ({cls.skill_picks} + INT "
                                f"{self.int_mod:+d}, R7)"
                                + (f" and {cls.expertise_picks} more for Expertise"
                                   if cls.expertise_picks else ""))
        self.expertise.setEnabled(cls.expertise_picks > 0)
        self.form.setRowVisible(self.expertise, cls.expertise_picks > 0)
        self.style_combo.clear()
        styles = [(o.name, o.id) for f in cls.features for o in f.options]
        self.style_combo.addItem("—", None)
        for name, style_id in styles:
            self.style_combo.addItem(name, style_id)
        self.style_combo.setEnabled(bool(styles))
        self.form.setRowVisible(self.style_combo, bool(styles))
        self.archetype_combo.clear()
        self.archetype_combo.addItem("— (choose later)", None)
        for archetype in self.catalog.archetypes_for(cls.id, self.race):
            self.archetype_combo.addItem(archetype.name, archetype.id)
        self.cantrips.setEnabled(cls.cantrip_picks > 0)
        self.form.setRowVisible(self.cantrips, cls.cantrip_picks > 0)
        self._build_equipment()
        self.changed.emit()

    def _build_equipment(self) -> None:
        while self.equipment_form.rowCount():
            self.equipment_form.removeRow(0)
        self._lines = []
        cls = get_class(self.class_id)
        for number, line in enumerate(cls.equipment):
            row = QWidget(self.equipment_box)
            layout = QHBoxLayout(row)
            layout.setContentsMargins(0, 0, 0, 0)
            alternatives = QComboBox(row)
            alternatives.setAccessibleName(f"equipment line {number + 1}")
            for alternative in line.alternatives:
                alternatives.addItem(alternative.text, alternative.key)
            layout.addWidget(alternatives, 1)
            picks: list[QComboBox] = []
            entry = (alternatives, picks)
            self._lines.append(entry)
            alternatives.currentIndexChanged.connect(
                lambda _=0, n=number, lay=layout, r=row: self._fill_slots(n, lay, r))
            self._fill_slots(number, layout, row)
            self.equipment_form.addRow(f"{number + 1}.", row)
        self.fields_rebuilt.emit()

    def _fill_slots(self, number: int, layout: QHBoxLayout, row: QWidget) -> None:
        alternatives, picks = self._lines[number]
        for combo in picks:
            layout.removeWidget(combo)
            combo.deleteLater()
        picks.clear()
        line = get_class(self.class_id).equipment[number]
        alternative = line.alternative(alternatives.currentData())
        for slot in alternative.slots:
            if not slot.is_open:
                continue
            combo = QComboBox(row)
            combo.setToolTip(slot.text)
            combo.setAccessibleName(slot.text)
            for gear_id in slot_options(slot):
                combo.addItem(_gear_name(gear_id), gear_id)
            layout.addWidget(combo, 1)
            picks.append(combo)
        self.fields_rebuilt.emit()

    def choices(self) -> ClassChoices:
        """The answers as the core's :class:`ClassChoices` (checked by the core when applied)."""
        equipment = tuple(
            EquipmentSelection(alternative=str(alt.currentData()),
                               picks=tuple(str(c.currentData()) for c in picks))
            for alt, picks in self._lines) if self._with_equipment else None
        return ClassChoices(
            class_id=self.class_id, save=Ability(str(self.save_combo.currentData())),
            skills=tuple(Skill(s) for s in checked_values(self.skills)),
            expertise=tuple(Skill(s) for s in checked_values(self.expertise))
            if self.expertise.isEnabled() else (),
            fighting_style=self.style_combo.currentData(),
            archetype=self.archetype_combo.currentData(),
            cantrips=tuple(checked_values(self.cantrips)) if self.cantrips.isEnabled() else (),
            equipment=equipment)
