"""The sheet's gear block: load (R14), how the AC is made (R12, R15), the inventory table,
the purse, and adding, using, lighting and removing gear.

It reads the character through its :class:`CharacterSheet` and edits it through the document
(one undo command per change); it holds no copy of the character.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.character.catalog import Catalog
from emberkeep.character.giving import gear_choices, give_gear, use_carried
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import armor_class_parts, load_and_limit
from emberkeep.clock.lights import light_up
from emberkeep.gear.catalog import GearError
from emberkeep.gear.purse import format_coins
from gui.plain_text import plain_label
from gui.sheet.explained import mark
from gui.sheet.fields import int_text, set_choices
from gui.sheet.models import InventoryModel, UidRole

if TYPE_CHECKING:
    from gui.sheet.reads import Watches
    from gui.sheet.widget import CharacterSheet

__all__ = ["GearPanel"]


class GearPanel(QGroupBox):
    """Load (R14) and how the AC is made (R12, R15); the inventory table (worn/held, quantity,
    damage), coins, add and remove gear."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Gear and coins", parent)
        from gui.sheet.header import bold, caption
        from gui.sheet.widget import table_view

        self.sheet = sheet
        layout = QVBoxLayout(self)
        load = QHBoxLayout()
        load.addWidget(caption("Load", self))
        carried = sheet.label("load", self, load_text,
                              lambda c: "Load carried / the limit, 10 + STR (R14)")
        bold(carried)
        mark(carried, "load")
        load.addWidget(carried)
        load.addSpacing(12)
        load.addWidget(caption("Armor", self))
        parts = sheet.label("ac_parts", self, lambda c: ac_parts_text(c, sheet.catalog))
        parts.setWordWrap(True)
        load.addWidget(parts, 1)
        layout.addLayout(load)
        self.model = InventoryModel(sheet.document, sheet.character_id, self)
        self.model.editRefused.connect(sheet.status)
        self.view = table_view(self.model, self, 6)
        self.view.setMaximumHeight(self.view.minimumHeight() * 2)  # 12 rows, then it scrolls
        self.view.setAccessibleName("inventory")
        self.view.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        layout.addWidget(caption("Inventory", self))
        layout.addWidget(self.view)
        coins = QHBoxLayout()
        for coin in ("gp", "sp", "cp"):
            field = sheet.field(
                coin, coin, partial(_coin_text, coin=coin), partial(_write_coin_of, coin=coin),
                self, width=80, tip=f"{coin} in the purse (1000 coins are one load, R14)")
            coins.addWidget(caption("Purse gp" if coin == "gp" else coin, self))
            coins.addWidget(field)
        self.worth = plain_label("", self)
        coins.addWidget(self.worth, 1)
        layout.addLayout(coins)
        row = QHBoxLayout()
        # the campaign's own gear and magic items over the shipped, names only;
        # the combo keeps a modest width (long names elide) so the column does not grow
        self.add_combo = QComboBox(self)
        self.add_combo.setAccessibleName("gear to add")
        self.add_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.add_combo.setMinimumContentsLength(14)
        row.addWidget(self.add_combo, 1)
        self.add_button = QPushButton("Add", self)
        self.add_button.clicked.connect(self.add_selected)
        row.addWidget(self.add_button)
        self.use_button = QPushButton("Use", self)
        self.use_button.setToolTip("Use the selected item: one of a stack, or one of a magic "
                                   "item's charges (back only as its charges text says)")
        self.use_button.clicked.connect(self.use_selected)
        row.addWidget(self.use_button)
        self.light_button = QPushButton("Light", self)
        self.light_button.setToolTip("Light the selected torch, candle or lantern: it burns on "
                                     "the game clock and goes out by itself")
        self.light_button.clicked.connect(self.light_selected)
        row.addWidget(self.light_button)
        self.remove_button = QPushButton("Remove", self)
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.remove_button)
        for button in (self.add_button, self.use_button, self.light_button, self.remove_button):
            button.setMinimumWidth(0)
            button.setMaximumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 24)
        layout.addLayout(row)

    def add_selected(self) -> None:
        gear_id = str(self.add_combo.currentData())
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        try:
            _, record = give_gear(inventory, Catalog(self.sheet.document.campaign), gear_id,
                                  self.sheet.roller)
            rolled = f", charges {record.describe()}" if record is not None else ""
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label=f"gear (add {self.add_combo.currentText()}"
                                                     f"{rolled})")
        except (GearError, Refused) as exc:
            self.sheet.status.emit(f"Not added: {exc}")

    def light_selected(self) -> None:
        """The core's ``light_up`` as one recorded step (the timeline ends it)."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            self.sheet.status.emit("Select the torch, candle or lantern to light")
            return
        uid = str(self.model.data(rows[0], UidRole))
        cid = self.sheet.character_id
        name = self.sheet.character.inventory.find(uid).name
        command = self.sheet.document.run(f"Light {name}",
                                          lambda c: light_up(c, cid, uid),
                                          scope=Scope.of([cid], ("timeline",)))
        if command.error is not None:
            self.sheet.status.emit(f"Not lit: {command.error}")
        else:
            self.sheet.status.emit(f"{name} lit: it burns on the timeline")

    def use_selected(self) -> None:
        """Out of a fight: the core's use (a fight's use is the encounter's ``use_item``)."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            self.sheet.status.emit("Select the item to use")
            return
        uid = str(self.model.data(rows[0], UidRole))
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        try:
            text = use_carried(inventory, uid)
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label=f"gear ({text})")
        except (ValueError, Refused) as exc:
            self.sheet.status.emit(f"Not used: {exc}")
            return
        self.sheet.status.emit(text)

    def remove_selected(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        for index in rows:
            inventory.remove(str(self.model.data(index, UidRole)))
        try:
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label="gear (remove)")
        except Refused as exc:
            self.sheet.status.emit(f"Not removed: {exc}")

    def watch(self, watches: Watches) -> None:
        """The purse's worth follows the inventory; the gear to add only the catalogs."""
        watches.add("purse worth", self._show_worth)
        watches.add("gear to add", self._fill_choices)

    def _show_worth(self, character: Character) -> None:
        self.worth.setText(f"= {format_coins(character.inventory.purse.total_cp)}")

    def _fill_choices(self, _character: Character) -> None:
        """The campaign's gear over the shipped (reads no field of the character: refilled
        when the catalogs change)."""
        set_choices(self.add_combo, gear_choices(Catalog(self.sheet.document.campaign)))


def _write_coin(character: Character, coin: str, text: str) -> tuple[str, Any]:
    inventory = character.inventory.model_dump()
    inventory["purse"][coin] = int_text(text)
    return "inventory", inventory



def _coin_text(character: Character, *, coin: str) -> str:
    return str(getattr(character.inventory.purse, coin))


def _write_coin_of(character: Character, text: str, *, coin: str) -> tuple[str, Any]:
    return _write_coin(character, coin, text)


def ac_parts_text(character: Character, catalog: Catalog) -> str:
    parts = armor_class_parts(character, catalog)
    words = [f"{parts.armor_name or 'no armor'} {parts.armor_base}"]
    if parts.armor_damage:
        words.append(f"−{parts.armor_damage} damage" + (" (BROKEN)" if parts.armor_broken
                                                          else ""))
    if parts.dex_applied:
        words.append(f"DEX {parts.dex_applied:+d}")
    if parts.shield_bonus or parts.shield_damage:
        words.append(f"shield +{parts.shield_bonus}"
                     + (f" (−{parts.shield_damage} damage)" if parts.shield_damage else ""))
    if parts.style_bonus:
        words.append(f"Defense +{parts.style_bonus}")
    text = ", ".join(words)
    if parts.stealth_hard:
        text += ". Stealth is HARD in this armor."
    if parts.magic:
        text += " Magic: " + "; ".join(parts.magic)
    return text


def load_text(character: Character) -> str:
    carried, limit = load_and_limit(character)
    return f"{carried} / {limit}" + ("  ENCUMBERED" if carried > limit else "")
