"""The magic item editor: tier (common -, uncommon +1d, rare +3d, epic +5d), the
Magic Item Dice and what each does, duration, charges (a day's, or a pool and how it refills,
read by the core's ``charge_plan``: the form says how they will be counted) and a curse. The
shipped examples are the seed's Shield of Shielding and Mjölnir. The dice an item spends must fit
its tier (the core refuses more, and the form shows how many are left)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from emberkeep.character.catalog import Catalog
from emberkeep.gear.catalog import Spec, gear_catalog
from emberkeep.gear.magic_items import (
    DIE_SIDES,
    TIER_DICE,
    MagicItemSpec,
    charges_reading,
)
from gui.palette import tone
from gui.toolbox.catalog_editor import CatalogEditor

__all__ = ["MagicItemEditor"]

_NO_DIE = "—"
_BASES = ("armor", "shield", "weapon", "item")


class MagicItemEditor(CatalogEditor[MagicItemSpec]):
    kind_name = "magic item"

    def entries(self) -> dict[str, MagicItemSpec]:
        return Catalog(self.document.campaign).magic_items()

    def own(self) -> list[MagicItemSpec]:
        return self.document.campaign.magic_items

    def shipped_ids(self) -> set[str]:
        return set(gear_catalog().magic_items)

    def model(self) -> type[MagicItemSpec]:
        return MagicItemSpec

    def blank(self) -> dict[str, Any]:
        return {"name": "New magic item", "base_type": "weapon",
                "base_id": "dagger", "tier": "uncommon", "effects": [], "charges": "once a day"}

    def build_form(self, layout: QVBoxLayout) -> None:
        self.loaded: dict[str, Any] = {}
        form = QFormLayout()
        self.name_edit = QLineEdit(self.form_host)
        self.base_type = QComboBox(self.form_host)
        self.base_type.addItems(list(_BASES))
        self.base_type.currentTextChanged.connect(self._fill_bases)
        self.base_id = QComboBox(self.form_host)
        self.tier = QComboBox(self.form_host)
        for tier, dice in TIER_DICE.items():
            self.tier.addItem(f"{tier} ({'+' + str(dice) + 'd' if dice else '-'})", tier)
        self.tier.currentIndexChanged.connect(self._update_budget)
        self.duration = QLineEdit(self.form_host)
        self.duration.setPlaceholderText("e.g. 1 round, 1d4 rounds")
        self.charges = QLineEdit(self.form_host)
        self.charges.setPlaceholderText("e.g. once a day, 1d4 a day, 3 charges, "
                                        "7 charges, 1d6 back at dawn")
        self.charges_reading = QLabel("", self.form_host)
        self.charges_reading.setWordWrap(True)
        self.charges.textChanged.connect(
            lambda text: self.charges_reading.setText(charges_reading(text)))
        self.curse = QLineEdit(self.form_host)
        self.curse.setPlaceholderText("a Magic Item Die can bear a curse for the user")
        self.value = QSpinBox(self.form_host)
        self.value.setRange(-1, 10**9)
        self.value.setSpecialValueText("base piece's value")
        self.value.setSuffix(" cp")
        form.addRow("Name", self.name_edit)
        form.addRow("Type", self.base_type)
        form.addRow("Base piece", self.base_id)
        form.addRow("Tier", self.tier)
        form.addRow("Duration", self.duration)
        form.addRow("Charges", self.charges)
        form.addRow("", self.charges_reading)  # how the core will count them
        form.addRow("Curse", self.curse)
        form.addRow("Value", self.value)
        layout.addLayout(form)

        layout.addWidget(QLabel("Magic: each line, the dice it spends and its die "
                                "(effect/duration/charge d4, ranged d6, melee d8)",
                                self.form_host))
        self.effects = QTableWidget(0, 3, self.form_host)
        self.effects.setHorizontalHeaderLabels(["What it does", "Dice", "Die"])
        self.effects.setAccessibleName("Effects")
        self.effects.horizontalHeader().setStretchLastSection(False)
        self.effects.setColumnWidth(0, 320)
        self.effects.itemChanged.connect(self._update_budget)
        layout.addWidget(self.effects, 1)
        row = QHBoxLayout()
        add = QPushButton("Add line", self.form_host)
        add.clicked.connect(lambda: self.add_effect_row({}))
        remove = QPushButton("Remove line", self.form_host)
        remove.clicked.connect(self.remove_effect_row)
        self.budget = QLabel("", self.form_host)
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        row.addWidget(self.budget)
        layout.addLayout(row)

    def _fill_bases(self, base_type: str) -> None:
        """The base pieces of the campaign's gear (its own over the shipped), by name."""
        cat = Catalog(self.document.campaign).gear()
        pools: dict[str, Mapping[str, Spec]] = {
            "armor": cat.armor, "shield": cat.shields, "weapon": cat.weapons, "item": cat.items}
        current = self.base_id.currentData()
        self.base_id.clear()
        for gear_id, spec in sorted(pools.get(base_type, {}).items(),
                                    key=lambda kv: kv[1].name):
            self.base_id.addItem(spec.name, gear_id)
        if current is not None:
            self.base_id.setCurrentIndex(max(0, self.base_id.findData(current)))

    def add_effect_row(self, effect: dict[str, Any]) -> None:
        row = self.effects.rowCount()
        self.effects.insertRow(row)
        self.effects.setItem(row, 0, QTableWidgetItem(effect.get("text", "")))
        dice = QSpinBox(self.effects)
        dice.setRange(0, 100)
        dice.setValue(int(effect.get("dice", 0)))
        dice.valueChanged.connect(self._update_budget)
        self.effects.setCellWidget(row, 1, dice)
        kind = QComboBox(self.effects)
        kind.addItem(_NO_DIE, None)
        for name, sides in DIE_SIDES.items():
            kind.addItem(f"{name} (d{sides})", name)
        kind.setCurrentIndex(max(0, kind.findData(effect.get("die_kind"))))
        self.effects.setCellWidget(row, 2, kind)
        self._update_budget()

    def remove_effect_row(self) -> None:
        row = self.effects.currentRow()
        if row < 0:
            row = self.effects.rowCount() - 1
        if row >= 0:
            self.effects.removeRow(row)
        self._update_budget()

    def _spent(self) -> int:
        total = 0
        for row in range(self.effects.rowCount()):
            spin = self.effects.cellWidget(row, 1)
            if isinstance(spin, QSpinBox):
                total += spin.value()
        return total

    def _update_budget(self, *_: object) -> None:
        tier = self.tier.currentData()
        if tier is None:
            return
        have, spent = TIER_DICE[tier], self._spent()
        self.budget.setText(f"Magic Item Dice: {spent} of {have} spent")
        tone(self.budget, "error" if spent > have else None)

    def load(self, data: dict[str, Any]) -> None:
        self.loaded = data
        self.name_edit.setText(data.get("name", ""))
        self.base_type.setCurrentText(data.get("base_type", "weapon"))
        self._fill_bases(self.base_type.currentText())
        self.base_id.setCurrentIndex(max(0, self.base_id.findData(data.get("base_id"))))
        self.tier.setCurrentIndex(max(0, self.tier.findData(data.get("tier", "common"))))
        self.duration.setText(data.get("duration") or "")
        self.charges.setText(data.get("charges") or "")
        self.charges_reading.setText(charges_reading(self.charges.text()))
        self.curse.setText(data.get("curse") or "")
        value = data.get("value_cp")
        self.value.setValue(-1 if value is None else int(value))
        self.effects.setRowCount(0)
        for effect in data.get("effects", []):
            self.add_effect_row(effect)
        self._update_budget()

    def read(self) -> dict[str, Any]:
        effects = []
        for row in range(self.effects.rowCount()):
            item = self.effects.item(row, 0)
            dice = self.effects.cellWidget(row, 1)
            kind = self.effects.cellWidget(row, 2)
            effects.append({
                "text": item.text() if item is not None else "",
                "dice": dice.value() if isinstance(dice, QSpinBox) else 0,
                "die_kind": kind.currentData() if isinstance(kind, QComboBox) else None})
        value = self.value.value()
        return {
            "id": self.entry_id(self.name_edit.text().strip()),
            "name": self.name_edit.text().strip(), "base_type": self.base_type.currentText(),
            "base_id": self.base_id.currentData(),
            "tier": self.tier.currentData(), "effects": effects,
            "duration": self.duration.text().strip() or None,
            "charges": self.charges.text().strip() or None,
            "curse": self.curse.text().strip() or None,
            "value_cp": None if value < 0 else value,
            "text": self.loaded.get("text", ""), "note": self.loaded.get("note", ""),
        }
