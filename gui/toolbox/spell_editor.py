"""The spell editor over the spell data: kind (its Spell Die, R9), base effect, the
effect at each Success Level 1-6 (R8) with the dice it spends, casting time in segments (R20),
and an optional own d6 mishap table. *Random name* rolls a name from the word tables."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.catalog import Catalog
from emberkeep.dice import Roller
from emberkeep.magic.spell_effects import EFFECT_MODELS
from emberkeep.magic.spell_names import roll_spell_name
from emberkeep.magic.spells import SPELL_DIE, WONDER_LEVEL, Spell, load_spells
from gui.document import CampaignDocument
from gui.toolbox.catalog_editor import CatalogEditor
from gui.toolbox.effects_list import EffectsList

__all__ = ["SpellEditor"]


class SpellEditor(CatalogEditor[Spell]):
    kind_name = "spell"

    def __init__(self, document: CampaignDocument, roller: Roller,
                 parent: QWidget | None = None) -> None:
        self.roller = roller
        super().__init__(document, parent)

    def entries(self) -> dict[str, Spell]:
        return Catalog(self.document.campaign).spells()

    def own(self) -> list[Spell]:
        return self.document.campaign.spells

    def shipped_ids(self) -> set[str]:
        return {s.id for s in load_spells().spells}

    def model(self) -> type[Spell]:
        return Spell

    def blank(self) -> dict[str, Any]:
        return {"name": "New spell", "kind": "effect", "base_effect":
                "1d4 (1d)", "base_dice": 1, "casting_time": 3, "mishaps": [],
                "levels": [{"level": n, "text": "WONDER" if n == WONDER_LEVEL else f"({n}d)",
                            "dice": None if n == WONDER_LEVEL else n}
                           for n in range(1, WONDER_LEVEL + 1)]}

    def build_form(self, layout: QVBoxLayout) -> None:
        self.loaded: dict[str, Any] = {}
        self._build_head(layout)
        self._build_levels(layout)
        self._build_level_effects(layout)
        self._build_mishaps(layout)

    def _build_head(self, layout: QVBoxLayout) -> None:
        """Name (with Random name; the id is made from it), kind, base effect and dice,
        casting time."""
        head = QFormLayout()
        name_row = QHBoxLayout()
        self.name_edit = QLineEdit(self.form_host)
        self.name_edit.setAccessibleName("Name")  # in a row with its button: no buddy
        self.random_button = QPushButton("Random name", self.form_host)
        self.random_button.setToolTip("Two rolled words: an element and a form (d4, d66, d66)")
        self.random_button.clicked.connect(self.random_name)
        name_row.addWidget(self.name_edit, 1)
        name_row.addWidget(self.random_button)
        self.kind_combo = QComboBox(self.form_host)
        for kind, die in SPELL_DIE.items():
            self.kind_combo.addItem(f"{kind} ({die})", kind)
        self.base_edit = QLineEdit(self.form_host)
        self.base_dice = QSpinBox(self.form_host)
        self.base_dice.setRange(1, 100)
        self.casting = QSpinBox(self.form_host)
        self.casting.setRange(1, 10)
        self.casting.setSuffix(" segments")
        head.addRow("Name", name_row)
        head.addRow("Kind (Spell Die, R9)", self.kind_combo)
        head.addRow("Base effect", self.base_edit)
        head.addRow("Base dice", self.base_dice)
        head.addRow("Casting time (R20)", self.casting)
        layout.addLayout(head)

    def _build_levels(self, layout: QVBoxLayout) -> None:
        """The Success Levels (R8): each one's text, dice, damage and whether it fails."""
        levels = QGroupBox("Success Levels (R8): the effect and the dice it spends", self.form_host)
        grid = QGridLayout(levels)
        self.level_text: list[QPlainTextEdit] = []
        self.level_dice: list[QSpinBox] = []
        self.level_damage: list[QLineEdit] = []
        self.level_fails: list[QCheckBox] = []
        for n in range(1, WONDER_LEVEL + 1):
            grid.addWidget(QLabel("WONDER" if n == WONDER_LEVEL else str(n), levels), n, 0)
            text = QPlainTextEdit(levels)
            text.setMaximumHeight(48)
            dice = QSpinBox(levels)
            dice.setRange(0, 100)
            dice.setSpecialValueText("—")
            dice.setToolTip("Dice spent at this level (the \"(2d)\" notes must add up to it)")
            damage = QLineEdit(levels)
            damage.setPlaceholderText("damage, e.g. 3d6")
            damage.setMaximumWidth(110)
            fails = QCheckBox("fails", levels)
            level = "WONDER" if n == WONDER_LEVEL else f"Level {n}"
            for widget, what in ((text, "effect"), (dice, "dice"), (damage, "damage"),
                                 (fails, "fails")):
                widget.setAccessibleName(f"{level} {what}")
            grid.addWidget(text, n, 1)
            grid.addWidget(dice, n, 2)
            grid.addWidget(damage, n, 3)
            grid.addWidget(fails, n, 4)
            self.level_text.append(text)
            self.level_dice.append(dice)
            self.level_damage.append(damage)
            self.level_fails.append(fails)
        layout.addWidget(levels)

    def _build_level_effects(self, layout: QVBoxLayout) -> None:
        """What each level does, typed, for the engine to apply."""
        pick = QHBoxLayout()
        pick.addWidget(QLabel("Typed effects of level", self.form_host))
        self.level_pick = QComboBox(self.form_host)
        for n in range(1, WONDER_LEVEL + 1):
            self.level_pick.addItem("WONDER" if n == WONDER_LEVEL else str(n), n)
        self.level_pick.currentIndexChanged.connect(self._show_level_effects)
        pick.addWidget(self.level_pick)
        pick.addStretch(1)
        layout.addLayout(pick)
        self.level_effects: list[list[dict[str, Any]]] = [[] for _ in range(WONDER_LEVEL)]
        self.effects_list = EffectsList(
            "What the level does (area, condition and duration, SAVE; the GM's call with "
            "its reason)", EFFECT_MODELS, self.form_host)
        layout.addWidget(self.effects_list)

    def _build_mishaps(self, layout: QVBoxLayout) -> None:
        """The spell's own d6 mishap table, switched on by its group's checkbox."""
        mishaps = QGroupBox("Its own d6 mishap table (instead of the General Mishap table)",
                            self.form_host)
        mishaps.setCheckable(True)
        form = QFormLayout(mishaps)
        self.mishap_box = mishaps
        self.mishaps = [QLineEdit(mishaps) for _ in range(6)]
        for face, edit in enumerate(self.mishaps, start=1):
            form.addRow(f"d6 {face}", edit)
            edit.setAccessibleName(f"Mishap on a {face}")
        layout.addWidget(mishaps)

    def load(self, data: dict[str, Any]) -> None:
        self.loaded = data
        self.name_edit.setText(data.get("name", ""))
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(data.get("kind"))))
        self.base_edit.setText(data.get("base_effect", ""))
        self.base_dice.setValue(int(data.get("base_dice", 1)))
        self.casting.setValue(int(data.get("casting_time", 1)))
        for n, level in enumerate(data.get("levels", [])):
            self.level_text[n].setPlainText(level.get("text", ""))
            self.level_dice[n].setValue(level.get("dice") or 0)
            self.level_damage[n].setText(level.get("damage") or "")
            self.level_fails[n].setChecked(bool(level.get("fails")))
        self.effects_list.commit()
        self.level_effects = [[dict(e) for e in level.get("effects", [])]
                              for level in data.get("levels", [])]
        self.level_effects += [[] for _ in range(WONDER_LEVEL - len(self.level_effects))]
        self._show_level_effects()
        rows = list(data.get("mishaps", []))
        self.mishap_box.setChecked(bool(rows))
        for n, edit in enumerate(self.mishaps):
            edit.setText(rows[n] if n < len(rows) else "")

    def _show_level_effects(self) -> None:
        n = max(0, self.level_pick.currentIndex())
        self.effects_list.show_effects(self.level_effects[n])

    def read(self) -> dict[str, Any]:
        self.effects_list.commit()
        levels = []
        for n in range(WONDER_LEVEL):
            dice = self.level_dice[n].value()
            levels.append({"level": n + 1, "text": self.level_text[n].toPlainText(),
                           "dice": dice or None,
                           "damage": self.level_damage[n].text().strip() or None,
                           "fails": self.level_fails[n].isChecked(),
                           "effects": [dict(e) for e in self.level_effects[n]]})
        return {
            "id": self.entry_id(self.name_edit.text().strip()),
            "name": self.name_edit.text().strip(), "kind": self.kind_combo.currentData(),
            "source": "house",
            "base_effect": self.base_edit.text(), "base_dice": self.base_dice.value(),
            "casting_time": self.casting.value(),
            "mishap_table": self.loaded.get("mishap_table"),
            "mishaps": [e.text() for e in self.mishaps] if self.mishap_box.isChecked() else [],
            "levels": levels,
        }

    def random_name(self) -> str:
        rolled = roll_spell_name(self.roller)
        self.name_edit.setText(rolled.name)
        self.message.setText(f"Rolled {rolled.name}: d4 {rolled.faces[0]}, "
                             f"d66 {rolled.faces[1]}{rolled.faces[2]} and "
                             f"{rolled.faces[3]}{rolled.faces[4]}.")
        return rolled.name
