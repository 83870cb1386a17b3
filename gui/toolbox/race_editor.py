"""The race editor: the seed's "create your own" races, kept in the campaign.

R2's two shapes, which the core's :class:`~emberkeep.character.races.Race` enforces: the
Human's (swap two scores after rolling, PROF in one chosen skill), or +1 to one ability and -1
to another with exactly one minor feature (CHECKs EASY in a situation, or PROF in one chosen
skill). The new character wizard, the sheet and the roster offer the campaign's races by name.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.races import Race, races
from emberkeep.character.skills import Skill, skill_name
from gui.document import CampaignDocument
from gui.toolbox.catalog_editor import CatalogEditor

__all__ = ["RaceEditor"]

_NONE = "—"


class RaceEditor(CatalogEditor[Race]):
    kind_name = "race"

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setWindowTitle("Race editor")

    def entries(self) -> dict[str, Race]:
        return Catalog(self.document.campaign).races()

    def own(self) -> list[Race]:
        return self.document.campaign.races

    def shipped_ids(self) -> set[str]:
        return set(races())

    def model(self) -> type[Race]:
        return Race

    def blank(self) -> dict[str, Any]:
        return {"id": "", "name": "New race", "text": ["+1 STR, -1 CHA"],
                "adjustments": {"STR": 1, "CHA": -1},
                "easy_check": {"skills": ["survival"], "situation": "in the wilds"}}

    def build_form(self, layout: QVBoxLayout) -> None:
        host = self.form_host
        form = QFormLayout()
        self.name_edit = QLineEdit(host)
        self.name_edit.setAccessibleName("name")
        self.text_edit = QPlainTextEdit(host)
        self.text_edit.setMaximumHeight(60)
        self.human = QRadioButton("the Human's: swap two scores, PROF in one chosen skill", host)
        self.adjusted = QRadioButton("+1 / -1 with one minor feature (R2)", host)
        self.plus, self.minus = QComboBox(host), QComboBox(host)
        for combo in (self.plus, self.minus):
            for ability in ABILITIES:
                combo.addItem(ability.value, ability.value)
        self.easy = QRadioButton("CHECKs EASY in a situation", host)
        self.skill_pick = QRadioButton("PROF in one chosen skill", host)
        # two separate choices: the shape, and the +1/-1 race's one feature
        self.shape_group, self.feature_group = QButtonGroup(host), QButtonGroup(host)
        self.shape_group.addButton(self.human)
        self.shape_group.addButton(self.adjusted)
        self.feature_group.addButton(self.easy)
        self.feature_group.addButton(self.skill_pick)
        self.skills = QListWidget(host)
        self.skills.setMaximumHeight(110)
        for skill in Skill:
            item = QListWidgetItem(skill_name(skill))
            item.setData(Qt.ItemDataRole.UserRole, skill.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self.easy_ability = QComboBox(host)
        self.easy_ability.addItem(_NONE, None)
        for ability in ABILITIES:
            self.easy_ability.addItem(ability.value, ability.value)
        self.situation = QLineEdit(host)
        self.situation.setPlaceholderText("e.g. in the dark, with stonework")
        form.addRow("Name", self.name_edit)
        form.addRow("Text (one line each)", self.text_edit)
        form.addRow("Shape", self.human)
        form.addRow("", self.adjusted)
        form.addRow("+1 to", self.plus)
        form.addRow("-1 to", self.minus)
        form.addRow("Feature", self.easy)
        form.addRow("", self.skill_pick)
        form.addRow("EASY skills", self.skills)
        form.addRow("or EASY ability", self.easy_ability)
        form.addRow("Situation", self.situation)
        layout.addLayout(form)
        layout.addStretch(1)
        for button in (self.human, self.adjusted, self.easy, self.skill_pick):
            button.toggled.connect(self._enable)

    def _enable(self) -> None:
        adjusted = self.adjusted.isChecked()
        for choice in (self.plus, self.minus, self.easy, self.skill_pick):
            choice.setEnabled(adjusted)
        easy = adjusted and self.easy.isChecked()
        for field in (self.skills, self.easy_ability, self.situation):
            field.setEnabled(easy)

    def load(self, data: dict[str, Any]) -> None:
        self.name_edit.setText(data.get("name", ""))
        self.text_edit.setPlainText("\n".join(data.get("text", [])))
        adjustments = dict(data.get("adjustments") or {})
        (self.adjusted if adjustments else self.human).setChecked(True)
        for combo, sign in ((self.plus, 1), (self.minus, -1)):
            found = next((a for a, d in adjustments.items() if d == sign), None)
            combo.setCurrentIndex(max(0, combo.findData(found)))
        easy = data.get("easy_check")
        (self.easy if easy else self.skill_pick).setChecked(True)
        chosen = set((easy or {}).get("skills", []))
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                               in chosen else Qt.CheckState.Unchecked)
        self.easy_ability.setCurrentIndex(max(0, self.easy_ability.findData(
            (easy or {}).get("ability"))))
        self.situation.setText((easy or {}).get("situation", ""))
        self._enable()

    def read(self) -> dict[str, Any]:
        name = self.name_edit.text().strip()
        data: dict[str, Any] = {
            "id": self.entry_id(name), "name": name,
            "text": [t for t in self.text_edit.toPlainText().splitlines() if t.strip()]}
        if self.human.isChecked():
            return data | {"swap_scores": True, "skill_picks": 1}
        data["adjustments"] = {self.plus.currentData(): 1, self.minus.currentData(): -1}
        if self.skill_pick.isChecked():
            return data | {"skill_picks": 1}
        skills = [self.skills.item(r).data(Qt.ItemDataRole.UserRole)
                  for r in range(self.skills.count())
                  if self.skills.item(r).checkState() == Qt.CheckState.Checked]
        return data | {"easy_check": {"skills": skills,
                                      "ability": self.easy_ability.currentData(),
                                      "situation": self.situation.text().strip()}}

    def duplicate(self) -> None:
        data = self.read()
        data["name"] = f"{data.get('name', '')} (copy)"
        self.current = None
        self.load(data)
        self.message.setText("A copy: rename it, then save it to the campaign.")
