"""The gear editor: the campaign's own weapons, armor, shields and items, with the
shipped catalog as the start (R13: prices and numbers the rules leave to the GM).

Weapons: damage, hands (kind), length (R31), quality (R17: cheap 1 notch, standard 2, fine 3
before the next breaks it) and tags (ROF 2/3 for R20's segments, Thrown, Heavy, Recoil, tiny...);
armor: AC, DEX, stealth and weight class (R31's fumble die); shields: the bonus; items: the
value and the bulk, how many make one load (R14, R34). A piece owned before an edit keeps its
own numbers; new ones are given from the edited entry. The GM sees names only: a new entry's id
is made from its name and never shown.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.catalog import Catalog
from emberkeep.gear.catalog import gear_catalog
from emberkeep.gear.damage import DEFAULT_NOTCH_ALLOWANCE
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from gui.document import CampaignDocument
from gui.toolbox.catalog_editor import CatalogEditor

__all__ = ["KNOWN_TAGS", "GearEditor"]

Spec = WeaponSpec | ArmorSpec | ShieldSpec | ItemSpec

KINDS: dict[str, tuple[str, type[BaseModel], str]] = {
    "weapon": ("Weapons", WeaponSpec, "weapons"),
    "armor": ("Armor", ArmorSpec, "armor"),
    "shield": ("Shields", ShieldSpec, "shields"),
    "item": ("Items", ItemSpec, "items"),
}
"""kind → (shown, model, the campaign's list and the gear catalog's dict)."""

KNOWN_TAGS = ("ROF 2", "ROF 3", "Thrown", "Heavy", "Recoil", "Low-range", "Mounted", "tiny")
"""The seed's ICRPG tags and R20's rates of fire; any other tag is typed under "Other tags"."""

_HANDS = {"one_handed": "one-handed", "two_handed": "two-handed", "ranged": "ranged",
          "fist": "fist"}
_ITEM_CATEGORIES = ("gear", "tool", "supply", "light", "ammunition", "container", "focus")


class GearEditor(CatalogEditor[Any]):
    kind_name = "gear"

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        self.kind = "weapon"
        super().__init__(document, parent)
        self.setWindowTitle("Gear editor")

    # -- what the frame asks ---------------------------------------------------------------

    def _group(self) -> str:
        return KINDS[self.kind][2]

    def entries(self) -> dict[str, Any]:
        return dict(getattr(Catalog(self.document.campaign).gear(), self._group()))

    def own(self) -> list[Any]:
        return list(getattr(self.document.campaign, self._group()))

    def shipped_ids(self) -> set[str]:
        return set(getattr(gear_catalog(), self._group()))

    def model(self) -> type[Any]:
        return KINDS[self.kind][1]

    def blank(self) -> dict[str, Any]:
        common = {"id": "", "value_cp": 100}
        return {
            "weapon": {**common, "name": "New weapon", "category": "simple",
                       "kind": "one_handed", "damage": "1d6", "length_ft": 3},
            "armor": {**common, "name": "New armor", "ac_base": 12, "adds_dex": True,
                      "stealth_hard": False, "weight": "light"},
            "shield": {**common, "name": "New shield", "bonus": 2},
            "item": {**common, "name": "New item", "category": "gear", "bulk": 1},
        }[self.kind]

    # -- the form --------------------------------------------------------------------------

    def build_form(self, layout: QVBoxLayout) -> None:
        self.loaded: dict[str, Any] = {}
        self._build_common(layout)
        self._build_weapon(layout)
        self._build_armor(layout)
        self._build_shield(layout)
        self._build_item(layout)
        layout.addStretch(1)
        self._show_kind()

    def _build_common(self, layout: QVBoxLayout) -> None:
        """Every kind's fields: the kind shown, the name and the price (R13)."""
        host = self.form_host
        top = QFormLayout()
        self.kind_combo = QComboBox(host)
        self.kind_combo.setAccessibleName("kind of gear")
        for key, (shown, _, _) in KINDS.items():
            self.kind_combo.addItem(shown, key)
        self.kind_combo.currentIndexChanged.connect(self._kind_chosen)
        self.name_edit = QLineEdit(host)
        self.name_edit.setAccessibleName("name")
        self.value = QSpinBox(host)
        self.value.setRange(0, 10**9)
        self.value.setSuffix(" cp")
        self.value.setToolTip("The price in copper pieces (100 cp = 1 gp), R13")
        top.addRow("Kind", self.kind_combo)
        top.addRow("Name", self.name_edit)
        top.addRow("Price", self.value)
        layout.addLayout(top)

    def _build_weapon(self, layout: QVBoxLayout) -> None:
        """A weapon's damage, hands, length (R31), quality (R17) and tags."""
        host = self.form_host
        self.weapon_box = QWidget(host)
        weapon = QFormLayout(self.weapon_box)
        self.category = QComboBox(host)
        self.category.addItems(["simple", "martial"])
        self.hands = QComboBox(host)
        for key, shown in _HANDS.items():
            self.hands.addItem(shown, key)
        self.damage = QLineEdit(host)
        self.damage.setToolTip("Dice notation, e.g. 1d8 (the seed's table by category and kind)")
        self.versatile = QLineEdit(host)
        self.versatile.setPlaceholderText("held in two hands, e.g. 1d10 (blank: not versatile)")
        self.length = QSpinBox(host)
        self.length.setRange(-1, 100)
        self.length.setSpecialValueText("— (ranged)")
        self.length.setSuffix(" ft")
        self.length.setToolTip("R31: the weapon's length for WDD's segment initiative")
        self.quality = QComboBox(host)
        for quality, notches in DEFAULT_NOTCH_ALLOWANCE.items():
            self.quality.addItem(f"{quality} ({notches} notch{'es' if notches > 1 else ''} "
                                 "before it breaks, R17)", quality)
        tags = QGridLayout()
        self.tag_boxes: dict[str, QCheckBox] = {}
        for n, tag in enumerate(KNOWN_TAGS):
            box = QCheckBox(tag, host)
            self.tag_boxes[tag] = box
            tags.addWidget(box, n // 4, n % 4)
        self.other_tags = QLineEdit(host)
        self.other_tags.setPlaceholderText("other tags, separated by commas")
        self.other_tags.setAccessibleName("Other tags")
        weapon.addRow("Category", self.category)
        weapon.addRow("Hands", self.hands)
        weapon.addRow("Damage", self.damage)
        weapon.addRow("Two hands", self.versatile)
        weapon.addRow("Length", self.length)
        weapon.addRow("Quality", self.quality)
        weapon.addRow("Tags", tags)
        weapon.addRow("", self.other_tags)
        layout.addWidget(self.weapon_box)

    def _build_armor(self, layout: QVBoxLayout) -> None:
        """Armor's AC, DEX, stealth and weight class (R31)."""
        host = self.form_host
        self.armor_box = QWidget(host)
        armor = QFormLayout(self.armor_box)
        self.ac_base = QSpinBox(host)
        self.ac_base.setRange(10, 30)
        self.adds_dex = QCheckBox("adds DEX (light armor)", host)
        self.stealth_hard = QCheckBox("Stealth is HARD in it", host)
        self.weight = QComboBox(host)
        self.weight.addItems(["light", "medium", "heavy"])
        self.weight.setToolTip("R31: the weight class picks the fumble die")
        armor.addRow("AC", self.ac_base)
        armor.addRow("", self.adds_dex)
        armor.addRow("", self.stealth_hard)
        armor.addRow("Weight", self.weight)
        layout.addWidget(self.armor_box)

    def _build_shield(self, layout: QVBoxLayout) -> None:
        """A shield's AC bonus."""
        host = self.form_host
        self.shield_box = QWidget(host)
        shield = QFormLayout(self.shield_box)
        self.bonus = QSpinBox(host)
        self.bonus.setRange(1, 20)
        self.bonus.setPrefix("+")
        shield.addRow("AC bonus", self.bonus)
        layout.addWidget(self.shield_box)

    def _build_item(self, layout: QVBoxLayout) -> None:
        """An item's category, bulk (R14, R34) and what it burns as a light."""
        host = self.form_host
        self.item_box = QWidget(host)
        item = QFormLayout(self.item_box)
        self.item_category = QComboBox(host)
        self.item_category.addItems(list(_ITEM_CATEGORIES))
        self.bulk = QSpinBox(host)
        self.bulk.setRange(1, 100_000)
        self.bulk.setSuffix(" to a load")
        self.bulk.setToolTip("R14, R34: how many make one load (torches 5, rations 5, coins "
                             "1000); 1 for a piece that is a load by itself")
        self.burns = QSpinBox(host)
        self.burns.setRange(0, 100_000)
        self.burns.setSpecialValueText("not a light")
        self.burns.setSuffix(" minutes")
        self.burns.setToolTip("How long a light burns on the game clock (torch 60, lantern 360)")
        self.fuel = QComboBox(host)
        self.fuel.setToolTip("What it burns instead of itself (a lantern: a flask of oil)")
        item.addRow("Category", self.item_category)
        item.addRow("Bulk", self.bulk)
        item.addRow("Burns", self.burns)
        item.addRow("Fuel", self.fuel)
        layout.addWidget(self.item_box)

    def _show_kind(self) -> None:
        for kind, box in (("weapon", self.weapon_box), ("armor", self.armor_box),
                          ("shield", self.shield_box), ("item", self.item_box)):
            box.setVisible(kind == self.kind)

    def _kind_chosen(self, index: int) -> None:
        kind = str(self.kind_combo.itemData(index))
        if kind == self.kind:
            return
        self.kind = kind
        self.current = None
        self._show_kind()
        self.refresh()

    def choose_kind(self, kind: str) -> None:
        """Show the weapons, armor, shields or items (the Kind combo, by code)."""
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind))

    def load(self, data: dict[str, Any]) -> None:
        self.loaded = data
        self.name_edit.setText(data.get("name", ""))
        self.value.setValue(int(data.get("value_cp", 0)))
        if self.kind == "weapon":
            self.category.setCurrentText(data.get("category", "simple"))
            self.hands.setCurrentIndex(max(0, self.hands.findData(data.get("kind"))))
            self.damage.setText(data.get("damage", ""))
            self.versatile.setText(data.get("versatile_damage") or "")
            length = data.get("length_ft")
            self.length.setValue(-1 if length is None else int(length))
            self.quality.setCurrentIndex(max(0, self.quality.findData(
                data.get("quality", "standard"))))
            tags = list(data.get("tags", ()))
            for tag, box in self.tag_boxes.items():
                box.setChecked(tag in tags)
            self.other_tags.setText(", ".join(t for t in tags if t not in self.tag_boxes))
        elif self.kind == "armor":
            self.ac_base.setValue(int(data.get("ac_base", 10)))
            self.adds_dex.setChecked(bool(data.get("adds_dex")))
            self.stealth_hard.setChecked(bool(data.get("stealth_hard")))
            self.weight.setCurrentText(data.get("weight", "light"))
        elif self.kind == "shield":
            self.bonus.setValue(int(data.get("bonus", 2)))
        else:
            self.item_category.setCurrentText(data.get("category", "gear"))
            self.bulk.setValue(int(data.get("bulk", 1)))
            self.burns.setValue(int(data.get("burns_minutes") or 0))
            self.fuel.clear()
            self.fuel.addItem("— itself", None)
            for item_id, spec in sorted(Catalog(self.document.campaign).gear().items.items(),
                                        key=lambda kv: kv[1].name):
                self.fuel.addItem(spec.name, item_id)
            self.fuel.setCurrentIndex(max(0, self.fuel.findData(data.get("fuel"))))

    def read(self) -> dict[str, Any]:
        name = self.name_edit.text().strip()
        data: dict[str, Any] = {"id": self.entry_id(name), "name": name,
                                "value_cp": self.value.value(),
                                "text": self.loaded.get("text", ""),
                                "note": self.loaded.get("note", "")}
        if self.kind == "weapon":
            tags = [t for t, box in self.tag_boxes.items() if box.isChecked()]
            tags += [t.strip() for t in self.other_tags.text().split(",") if t.strip()]
            length = self.length.value()
            data |= {"category": self.category.currentText(), "kind": self.hands.currentData(),
                     "damage": self.damage.text().strip(),
                     "versatile_damage": self.versatile.text().strip() or None,
                     "length_ft": None if length < 0 else length,
                     "quality": self.quality.currentData(), "tags": tags}
        elif self.kind == "armor":
            data |= {"ac_base": self.ac_base.value(), "adds_dex": self.adds_dex.isChecked(),
                     "stealth_hard": self.stealth_hard.isChecked(),
                     "weight": self.weight.currentText()}
        elif self.kind == "shield":
            data |= {"bonus": self.bonus.value()}
        else:
            data |= {"category": self.item_category.currentText(), "bulk": self.bulk.value(),
                     "burns_minutes": self.burns.value() or None,
                     "fuel": self.fuel.currentData()}
        return data

    def duplicate(self) -> None:
        """A copy under a new name (its id is made from that name on saving)."""
        data = self.read()
        data["name"] = f"{data.get('name', '')} (copy)"
        self.current = None
        self.load(data)
        self.message.setText("A copy: rename it if you like, then save it to the campaign.")
