"""Level Up, and Advance to 1st level for a funnel survivor, as one dialog.

The dialog gathers the choices the new level asks for (R6: an archetype feature from its menu at
2nd, 5th and 7th; +1 to an ability score at 4th, 6th, 8th and 10th; at 1st the class and its
choices) and the hit die, rolled or typed from a physical die. The core does the rest on a copy
of the sheet (``level_up`` / ``advance_to_first``: R5's floor, the new PROF, the HD pool), and
the copy replaces the sheet in one undo command, so undo restores exactly the sheet before.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.advancement import LevelFeature, features_at, prof_bonus
from emberkeep.character.catalog import Catalog
from emberkeep.character.funnel import advance_to_first
from emberkeep.character.hit_points import LAST_ROLLED_LEVEL
from emberkeep.character.level_preview import describe_hp, level_up_outcome, level_up_preview
from emberkeep.character.leveling import LevelUpResult, level_up
from emberkeep.character.model import Character
from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Purpose, Roller, TypedRoller
from gui.document import CampaignDocument, EditRefused
from gui.palette import tone
from gui.wizard.choices import ClassChoicesForm

__all__ = ["LevelUpDialog", "describe_hp"]


class LevelUpDialog(QDialog):
    def __init__(self, document: CampaignDocument, character_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.roller = roller
        self.level_result: LevelUpResult | None = None
        self.summary = ""
        character = document.character(character_id)
        self.level = character.level + 1
        advancing = character.level == 0
        name = character.name
        self.setWindowTitle(f"Advance {name} to 1st level" if advancing
                            else f"Level up {name}")
        layout = QVBoxLayout(self)
        intro = QLabel(self)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        # issue #18: what the level will change, before Enter; what was rolled, after
        self.preview = QLabel(self)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setWordWrap(True)
        if not advancing:
            self.preview.setText("\n".join(level_up_preview(character,
                                                             Catalog(document.campaign))))
        layout.addWidget(self.preview)
        form = QFormLayout()
        layout.addLayout(form)
        self.form = form
        self.choices: ClassChoicesForm | None = None
        self.take_gear: QCheckBox | None = None
        self.race_skill: QComboBox | None = None
        self.feature: QComboBox | None = None
        self.archetype: QComboBox | None = None
        self.increase: QComboBox | None = None
        if advancing:
            self._first_level(character, intro)
        else:
            self._next_level(character, intro)
        self.hp_typed = QSpinBox(self)
        self.hp_typed.setRange(0, 12)
        self.hp_typed.setSpecialValueText("roll it")
        self.hp_typed.setAccessibleName("hit die typed")
        if self.level <= LAST_ROLLED_LEVEL:
            form.addRow("Hit die", self.hp_typed)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        tone(self.error, "error")
        layout.addWidget(self.error)
        self.rolled = QLabel(self)
        self.rolled.setTextFormat(Qt.TextFormat.PlainText)
        self.rolled.setWordWrap(True)
        self.rolled.setStyleSheet("font-weight: bold;")
        self.rolled.setAccessibleName("what was rolled")
        layout.addWidget(self.rolled)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def _first_level(self, character: Character, intro: QLabel) -> None:
        """Out of the funnel (R5): the class's choices, its gear, a Human's skill."""
        name, form, document = character.name, self.form, self.document
        intro.setText(f"{name} survived the funnel. R5: the 1st-level hit die is added to "
                      f"the {character.max_hp} HP of the 1d4; occupation PROF and gear "
                      "are kept.")
        self.choices = ClassChoicesForm(self, catalog=Catalog(document.campaign))
        self.choices.set_character_facts(character.modifier(Ability.INT), character.race)
        form.addRow(self.choices)
        self.take_gear = QCheckBox("Also take the class's starting equipment", self)
        form.addRow(self.take_gear)
        race = Catalog(document.campaign).race(character.race)  # the campaign's own too (#18)
        if race.skill_picks and character.race_skill is None:
            self.race_skill = QComboBox(self)
            for skill in Skill:
                if skill not in character.skill_proficiencies:
                    self.race_skill.addItem(skill_name(skill), skill.value)
            form.addRow("Human's chosen skill", self.race_skill)

    def _next_level(self, character: Character, intro: QLabel) -> None:
        """A level up (R6): the archetype and its feature, or an ability increase, if due."""
        form, document = self.form, self.document
        features = features_at(self.level)
        intro.setText(f"Level {self.level}: PROF {prof_bonus(self.level):+d} "
                      f"(was {character.prof:+d}, R6). "
                      + ("Roll the hit die (R5)." if self.level <= LAST_ROLLED_LEVEL
                         else "A fixed HP gain, no roll (R5)."))
        if LevelFeature.ARCHETYPE_FEATURE in features:
            if character.archetype is None:
                self.archetype = QComboBox(self)
                assert character.class_id is not None
                for archetype in Catalog(document.campaign).archetypes_for(
                        character.class_id, character.race):
                    self.archetype.addItem(archetype.name, archetype.id)
                self.archetype.currentIndexChanged.connect(self._fill_features)
                form.addRow("Archetype", self.archetype)
            self.feature = QComboBox(self)
            form.addRow("Archetype feature", self.feature)
            self._fill_features()
        if LevelFeature.ABILITY_INCREASE in features:
            self.increase = QComboBox(self)
            for ability in ABILITIES:
                self.increase.addItem(
                    f"{ability.value} ({character.scores.get(ability).base})",
                    ability.value)
            form.addRow("+1 to", self.increase)

    def _archetype_id(self) -> str | None:
        if self.archetype is not None:
            value = self.archetype.currentData()
            return None if value is None else str(value)
        return self.document.character(self.character_id).archetype

    def _fill_features(self) -> None:
        assert self.feature is not None
        self.feature.clear()
        archetype_id = self._archetype_id()
        if archetype_id is None:
            return
        chosen = {c.feature_id for c in self.document.character(
            self.character_id).archetype_features}
        for feature in Catalog(self.document.campaign).archetype(archetype_id).features:
            if feature.id not in chosen:
                self.feature.addItem(f"{feature.name}: {feature.text}", feature.id)

    def apply(self) -> None:
        """Level up a copy with the core; on success it replaces the sheet (one undo step) and
        the dialog stays open to show what was rolled; Enter again closes it."""
        if self.level_result is not None:
            self.accept()
            return
        before = self.document.character(self.character_id)
        work = before.model_copy(deep=True)
        kept = before.model_copy()  # the stored sheet changes in place: keep its numbers
        typed = self.hp_typed.value() or None
        roller = TypedRoller(self.roller, {Purpose.HIT_DIE: typed} if typed else None)
        try:
            if self.choices is not None:
                choices = self.choices.choices()
                if self.take_gear is not None and not self.take_gear.isChecked():
                    choices = choices.model_copy(update={"equipment": None})
                skill = (Skill(str(self.race_skill.currentData()))
                         if self.race_skill is not None else None)
                self.level_result = advance_to_first(
                    work, Catalog(self.document.campaign), choices, roller, race_skill=skill)
                text = (f"Advance {before.name} to 1st level "
                        f"({describe_hp(self.level_result.hp)})")
            else:
                if self.archetype is not None:
                    work.archetype = self._archetype_id()
                feature = (str(self.feature.currentData()) if self.feature is not None
                           and self.feature.currentData() is not None else None)
                increase = (Ability(str(self.increase.currentData()))
                            if self.increase is not None else None)
                self.level_result = level_up(
                    work, Catalog(self.document.campaign), roller,
                    archetype_feature=feature, ability_increase=increase)
                text = (f"Level up {before.name} to {self.level} "
                        f"({describe_hp(self.level_result.hp)})")
            self.document.replace_character(work, text)
        except (ValueError, EditRefused) as exc:
            self.level_result = None
            self.error.setText(f"Not yet: {exc}")
            return
        self.error.clear()
        self.summary = level_up_outcome(kept, work, self.level_result.hp)
        self.rolled.setText(self.summary)
        for kind in (QComboBox, QSpinBox, QCheckBox):
            for child in self.findChildren(kind):
                child.setEnabled(False)  # applied: the choices are on the sheet now
        if self.choices is not None:
            self.choices.setEnabled(False)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Close")
        ok.setFocus()
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).hide()
