"""The archetype editor: prerequisite, basic PROFs, and a menu of features whose
effects are typed data the sheet and the engine honour (Rage, crit range, hit die, rerolls...).

The left list holds every archetype in play; the form edits one: its class and prerequisite race,
the skills it makes proficient, its text, and its features. Each feature has an id, a name, the
seed's wording and a list of effects; an effect is edited with a form built from its model.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from emberkeep.campaign.custom import fresh_id
from emberkeep.character.archetypes import Archetype, shipped_archetypes
from emberkeep.character.catalog import Catalog
from emberkeep.character.classes import classes
from emberkeep.character.feature_effects import EFFECT_KINDS, EFFECT_LABELS
from emberkeep.character.skills import Skill, skill_name
from gui.toolbox.catalog_editor import CatalogEditor
from gui.toolbox.model_form import ModelForm

__all__ = ["ArchetypeEditor", "effect_summary"]

_NONE = "—"


def effect_summary(effect: dict[str, Any]) -> str:
    """One line for the effects list: the kind in words and its set fields ("Crit range:
    low 19"), never the data's keys."""
    rest = ", ".join(f"{k.replace('_', ' ')} {v if not isinstance(v, dict) else _bonus(v)}"
                     for k, v in effect.items()
                     if k != "kind" and v not in (None, False)
                     and not (isinstance(v, dict) and not any(v.values())))
    kind = str(effect["kind"])
    label = EFFECT_LABELS.get(kind, kind.replace("_", " "))
    return f"{label}: {rest}" if rest else label


def _bonus(value: dict[str, Any]) -> str:
    parts = [f"{value.get('prof', 0):+d}×PROF" if value.get("prof") else "",
             f"{value.get('flat', 0):+d}" if value.get("flat") else ""]
    return " ".join(p for p in parts if p) or "0"


class ArchetypeEditor(CatalogEditor[Archetype]):
    kind_name = "archetype"

    def entries(self) -> dict[str, Archetype]:
        return Catalog(self.document.campaign).archetypes()

    def own(self) -> list[Archetype]:
        return self.document.campaign.archetypes

    def shipped_ids(self) -> set[str]:
        return set(shipped_archetypes())

    def model(self) -> type[Archetype]:
        return Archetype

    def blank(self) -> dict[str, Any]:
        feature = {"id": "feature", "name": "Feature", "text": "", "effects": []}
        self.fresh_features.append(feature)
        return {"name": "New archetype", "class_id": "fighter",
                "skill_proficiencies": [], "text": [], "features": [feature]}

    # -- the form ---------------------------------------------------------------------------

    def build_form(self, layout: QVBoxLayout) -> None:
        # features added since the entry was loaded: their ids follow their names
        self.fresh_features: list[dict[str, Any]] = []
        self.data: dict[str, Any] = self.blank()
        self.feature_row = -1
        self.effect_row = -1
        self.effect_form: ModelForm | None = None
        self._head(layout)
        self._features_box(layout)

    def _head(self, layout: QVBoxLayout) -> None:
        """The archetype's own fields: name (its id is made from it), class, race, PROFs,
        text."""
        head = QFormLayout()
        self.name_edit = QLineEdit(self.form_host)
        self.class_combo = QComboBox(self.form_host)
        for cls in classes().values():  # names shown, ids kept as data
            self.class_combo.addItem(cls.name, cls.id)
        self.race_combo = QComboBox(self.form_host)
        self.race_combo.addItem(_NONE, None)
        for race in Catalog(self.document.campaign).races().values():
            self.race_combo.addItem(race.name, race.id)
        self.skills = QListWidget(self.form_host)
        self.skills.setMaximumHeight(110)
        for skill in Skill:
            item = QListWidgetItem(skill_name(skill))
            item.setData(Qt.ItemDataRole.UserRole, skill.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self.text_edit = QPlainTextEdit(self.form_host)
        self.text_edit.setMaximumHeight(60)
        head.addRow("Name", self.name_edit)
        head.addRow("Class", self.class_combo)
        head.addRow("Prerequisite race", self.race_combo)
        head.addRow("Basic archetype PROF", self.skills)
        head.addRow("Text (one line each)", self.text_edit)
        layout.addLayout(head)

    def _features_box(self, layout: QVBoxLayout) -> None:
        """The features list (add, remove) beside the chosen feature's detail."""
        box = QGroupBox("Features (picked at 2nd, 5th and 7th level, R6)", self.form_host)
        row = QHBoxLayout(box)
        left = QVBoxLayout()
        self.features = QListWidget(box)
        self.features.currentRowChanged.connect(self._feature_selected)
        left.addWidget(self.features)
        buttons = QHBoxLayout()
        add_feature = QPushButton("Add feature", box)
        add_feature.clicked.connect(self.add_feature)
        remove_feature = QPushButton("Remove", box)
        remove_feature.clicked.connect(self.remove_feature)
        buttons.addWidget(add_feature)
        buttons.addWidget(remove_feature)
        left.addLayout(buttons)
        row.addLayout(left, 1)

        row.addLayout(self._feature_detail(box), 2)
        layout.addWidget(box, 1)

    def _feature_detail(self, box: QGroupBox) -> QVBoxLayout:
        """The chosen feature's name and words, and its effects (each its own form)."""
        detail = QVBoxLayout()
        form = QFormLayout()
        self.feature_name = QLineEdit(box)
        self.feature_text = QLineEdit(box)
        self.feature_gm_call = QLineEdit(box)  # why the GM rules what no effect does
        self.feature_gm_call.setPlaceholderText("why it is the GM's call (where no effect does it)")
        form.addRow("Feature name", self.feature_name)
        form.addRow("Seed's words", self.feature_text)
        form.addRow("GM's call", self.feature_gm_call)
        detail.addLayout(form)
        self.effects = QListWidget(box)
        self.effects.setMaximumHeight(90)
        self.effects.currentRowChanged.connect(self._effect_selected)
        detail.addWidget(self.effects)
        effect_buttons = QHBoxLayout()
        self.effect_kind = QComboBox(box)
        for kind in EFFECT_KINDS:
            self.effect_kind.addItem(EFFECT_LABELS.get(kind, kind), kind)
        add_effect = QPushButton("Add effect", box)
        add_effect.clicked.connect(self.add_effect)
        remove_effect = QPushButton("Remove effect", box)
        remove_effect.clicked.connect(self.remove_effect)
        effect_buttons.addWidget(self.effect_kind, 1)
        effect_buttons.addWidget(add_effect)
        effect_buttons.addWidget(remove_effect)
        detail.addLayout(effect_buttons)
        self.effect_host = QVBoxLayout()
        detail.addLayout(self.effect_host)
        detail.addStretch(1)
        return detail

    # -- moving between the working copy and the widgets -----------------------------------------

    def load(self, data: dict[str, Any]) -> None:
        self.data = data
        self.fresh_features = [f for f in self.fresh_features
                               if any(f is g for g in data.get("features", []))]
        self.name_edit.setText(data.get("name", ""))
        self.class_combo.setCurrentIndex(max(0, self.class_combo.findData(
            data.get("class_id", "fighter"))))
        self.race_combo.setCurrentIndex(max(0, self.race_combo.findData(
            data.get("prerequisite_race"))))
        chosen = set(data.get("skill_proficiencies", []))
        for i in range(self.skills.count()):
            item = self.skills.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                               in chosen else Qt.CheckState.Unchecked)
        self.text_edit.setPlainText("\n".join(data.get("text", [])))
        self.feature_row = -1
        self._fill_features(0)

    def _fill_features(self, select: int) -> None:
        self.features.blockSignals(True)
        self.features.clear()
        for feature in self.data["features"]:
            self.features.addItem(feature.get("name") or feature.get("id", "?"))
        self.features.blockSignals(False)
        self.feature_row = -1
        if self.data["features"]:
            self.features.setCurrentRow(min(select, len(self.data["features"]) - 1))
        self._feature_selected(self.features.currentRow())

    def _commit_effect(self) -> None:
        if self.effect_form is not None and self.feature_row >= 0 and self.effect_row >= 0:
            effects = self.data["features"][self.feature_row]["effects"]
            if self.effect_row < len(effects):
                effects[self.effect_row] = self.effect_form.value()

    def _commit_feature(self) -> None:
        self._commit_effect()
        if 0 <= self.feature_row < len(self.data["features"]):
            feature = self.data["features"][self.feature_row]
            feature["name"] = self.feature_name.text().strip()
            if any(feature is f for f in self.fresh_features):
                others = {f["id"] for f in self.data["features"] if f is not feature}
                feature["id"] = fresh_id(feature["name"], others, "feature")
            feature["text"] = self.feature_text.text()
            feature["gm_call"] = self.feature_gm_call.text().strip()

    def _feature_selected(self, row: int) -> None:
        self._commit_feature()
        self.feature_row = row
        self.effect_row = -1
        feature = self.data["features"][row] if 0 <= row < len(self.data["features"]) else None
        for edit, key in ((self.feature_name, "name"),
                          (self.feature_text, "text"), (self.feature_gm_call, "gm_call")):
            edit.setText("" if feature is None else feature.get(key, ""))
        self._fill_effects(0)

    def _fill_effects(self, select: int) -> None:
        self.effects.blockSignals(True)
        self.effects.clear()
        effects = self._current_effects()
        for effect in effects:
            self.effects.addItem(effect_summary(effect))
        self.effects.blockSignals(False)
        self.effect_row = -1
        if effects:
            self.effects.setCurrentRow(min(select, len(effects) - 1))
        self._effect_selected(self.effects.currentRow())

    def _current_effects(self) -> list[dict[str, Any]]:
        if 0 <= self.feature_row < len(self.data["features"]):
            effects: list[dict[str, Any]] = self.data["features"][self.feature_row]["effects"]
            return effects
        return []

    def _effect_selected(self, row: int) -> None:
        self._commit_effect()
        if self.effect_form is not None:
            self.effect_form.setParent(None)
            self.effect_form.deleteLater()
            self.effect_form = None
        self.effect_row = row
        effects = self._current_effects()
        if 0 <= row < len(effects):
            effect = effects[row]
            self.effect_form = ModelForm(EFFECT_KINDS[effect["kind"]], effect, self.form_host)
            self.effect_host.addWidget(self.effect_form)

    def add_feature(self) -> None:
        self._commit_feature()
        number = len(self.data["features"]) + 1
        name = f"Feature {number}"
        taken = {f["id"] for f in self.data["features"]}
        feature = {"id": fresh_id(name, taken, "feature"), "name": name, "text": "",
                   "effects": []}
        self.fresh_features.append(feature)
        self.data["features"].append(feature)
        self._fill_features(number - 1)

    def remove_feature(self) -> None:
        row = self.feature_row
        if 0 <= row < len(self.data["features"]):
            self.effect_row = -1  # the open effect form belongs to the feature going away
            del self.data["features"][row]
            self.feature_row = -1
            self._fill_features(max(0, row - 1))

    def add_effect(self, kind: str | None = None) -> None:
        if not 0 <= self.feature_row < len(self.data["features"]):
            return
        self._commit_effect()
        chosen = kind or str(self.effect_kind.currentData())
        effect = EFFECT_KINDS[chosen]().model_dump(mode="json")
        effects = self._current_effects()
        effects.append(effect)
        self._fill_effects(len(effects) - 1)

    def remove_effect(self) -> None:
        effects = self._current_effects()
        row = self.effect_row
        if 0 <= row < len(effects):
            self.effect_row = -1
            del effects[row]
            self._fill_effects(max(0, row - 1))

    def read(self) -> dict[str, Any]:
        self._commit_feature()
        self._fill_features(max(0, self.feature_row))
        return {
            "id": self.entry_id(self.name_edit.text().strip()),
            "name": self.name_edit.text().strip(), "class_id": self.class_combo.currentData(),
            "prerequisite_race": self.race_combo.currentData(),
            "skill_proficiencies": [
                self.skills.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.skills.count())
                if self.skills.item(i).checkState() == Qt.CheckState.Checked],
            "text": [t for t in self.text_edit.toPlainText().splitlines() if t.strip()],
            "features": [dict(f) for f in self.data["features"]],
        }
