"""Level Up, and Advance to 1st level for a funnel survivor, as one dialog.

The dialog gathers the choices the new level asks for (R6: an archetype feature from its menu at
2nd, 5th and 7th; +1 to an ability score at 4th, 6th, 8th and 10th; at 1st the class and its
choices) and the hit die, rolled or typed from a physical die. The core does the rest on a copy
of the sheet (``level_up`` / ``advance_to_first``: R5's floor, the new PROF, the HD pool), and
the copy replaces the sheet in one undo command, so undo restores exactly the sheet before.

Two steps: Next works the new level out on the copy and shows its summary (HP and
the numbers, what changed); Finish puts that same copy on the sheet, Back goes back to the
choices (and Next works it out again, the hit die rolled anew unless typed).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
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
from gui.document import CampaignDocument
from gui.palette import tone
from gui.wizard.choices import ClassChoicesForm
from gui.wizard.summary import SummaryView, summary_rows
from gui.wizard.tab_order import tab_in_reading_order

__all__ = ["LevelUpDialog", "describe_hp", "feature_choice_text"]


def feature_choice_text(name: str, text: str) -> str:
    """An archetype feature as its menu offers it, its name once: the seed's words often
    start with the name ("Enchant: Can store a spell in an item") or are the name itself."""
    if text.casefold().startswith(name.casefold()):
        return text
    return f"{name}: {text}" if text else name


class LevelUpDialog(QDialog):
    def __init__(self, document: CampaignDocument, character_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.roller = roller
        self.level_result: LevelUpResult | None = None
        self.summary = ""
        self.worked: tuple[Character, str] | None = None  # the previewed copy and its text
        character = document.character(character_id)
        self.level = character.level + 1
        advancing = character.level == 0
        name = character.name
        self.setWindowTitle(f"Advance {name} to 1st level" if advancing
                            else f"Level up {name}")
        outer = QVBoxLayout(self)
        self.pages = QStackedWidget(self)
        outer.addWidget(self.pages)
        choose = QWidget(self.pages)
        self.pages.addWidget(choose)
        self.summary_view = SummaryView(self.pages)
        self.pages.addWidget(self.summary_view)
        layout = QVBoxLayout(choose)
        layout.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(choose)
        self.intro = intro
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        # what the level will change, before Next; the summary shows what was rolled
        self.preview_label = QLabel(choose)
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label.setWordWrap(True)
        if not advancing:
            self.preview_label.setText("\n".join(level_up_preview(character,
                                                                   Catalog(document.campaign))))
        layout.addWidget(self.preview_label)
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
            form.addRow("Hit &die", self.hp_typed)
        else:
            self.hp_typed.hide()  # levels 6-10: a fixed gain, nothing to roll (R5)
        self._finish_layout(outer, choose)

    def _finish_layout(self, outer: QVBoxLayout, choose: QWidget) -> None:
        """The refusal line and the buttons under the steps; Tab in reading order."""
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        tone(self.error, "error")
        outer.addWidget(self.error)
        outer.addLayout(self._buttons())
        self._show_step(0)
        tab_in_reading_order(choose)  # the class's equipment lines are built after the rest
        if self.choices is not None:
            self.choices.fields_rebuilt.connect(lambda: tab_in_reading_order(choose))

    def _buttons(self) -> QHBoxLayout:
        """Back, Next (works the level out, shows its summary), Finish (applies it), Cancel:
        in a QWizard's order, left to right. A QDialogButtonBox orders by role and, on some
        desktops, put Finish (an accept) left of Back."""
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.back_button = QPushButton("< &Back", self)
        self.next_button = QPushButton("&Next >", self)
        self.finish_button = QPushButton("&Finish", self)
        self.cancel_button = QPushButton("Cancel", self)
        for button in (self.back_button, self.next_button, self.finish_button,
                       self.cancel_button):
            buttons.addWidget(button)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.preview)
        self.finish_button.clicked.connect(self.apply)
        self.cancel_button.clicked.connect(self.reject)
        return buttons

    def _first_level(self, character: Character, intro: QLabel) -> None:
        """Out of the funnel (R5): the class's choices, its gear, a Human's skill."""
        name, form, document = character.name, self.form, self.document
        intro.setText(f"{name} survived the funnel. R5: the 1st-level hit die is added to "
                      f"the {character.max_hp} HP of the 1d4; occupation PROF and gear "
                      "are kept.")
        self.choices = ClassChoicesForm(self, catalog=Catalog(document.campaign))
        self.choices.set_character_facts(character.modifier(Ability.INT), character.race)
        form.addRow(self.choices)
        self.take_gear = QCheckBox("&Also take the class's starting equipment", self)
        form.addRow(self.take_gear)
        # the equipment picks apply only when the gear is taken (hidden otherwise: nothing moot)
        picks = self.choices
        picks.form.setRowVisible(picks.equipment_box, False)
        self.take_gear.toggled.connect(
            lambda taken: picks.form.setRowVisible(picks.equipment_box, taken))
        race = Catalog(document.campaign).race(character.race)  # the campaign's own too
        if race.skill_picks and character.race_skill is None:
            self.race_skill = QComboBox(self)
            for skill in Skill:
                if skill not in character.skill_proficiencies:
                    self.race_skill.addItem(skill_name(skill), skill.value)
            form.addRow("H&uman's chosen skill", self.race_skill)

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
                form.addRow("Arc&hetype", self.archetype)
            self.feature = QComboBox(self)
            form.addRow("Archetype fea&ture", self.feature)
            self._fill_features()
        if LevelFeature.ABILITY_INCREASE in features:
            self.increase = QComboBox(self)
            for ability in ABILITIES:
                self.increase.addItem(
                    f"{ability.value} ({character.scores.get(ability).base})",
                    ability.value)
            form.addRow("+&1 to", self.increase)

    def _show_step(self, step: int) -> None:
        self.pages.setCurrentIndex(step)
        self.back_button.setVisible(step == 1)
        self.next_button.setVisible(step == 0)
        self.finish_button.setVisible(step == 1)
        (self.next_button if step == 0 else self.finish_button).setDefault(True)

    def back(self) -> None:
        self.worked = None
        self.error.clear()
        self._show_step(0)

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
                self.feature.addItem(feature_choice_text(feature.name, feature.text),
                                     feature.id)

    def _work(self) -> tuple[Character, str]:
        """The new level on a copy of the sheet, by the core (raises ValueError: why not)."""
        before = self.document.character(self.character_id)
        work = before.model_copy(deep=True)
        typed = self.hp_typed.value() or None
        roller = TypedRoller(self.roller, {Purpose.HIT_DIE: typed} if typed else None)
        if self.choices is not None:
            choices = self.choices.choices()
            if self.take_gear is not None and not self.take_gear.isChecked():
                choices = choices.model_copy(update={"equipment": None})
            skill = (Skill(str(self.race_skill.currentData()))
                     if self.race_skill is not None else None)
            self.level_result = advance_to_first(
                work, Catalog(self.document.campaign), choices, roller, race_skill=skill)
            return work, (f"Advance {before.name} to 1st level "
                          f"({describe_hp(self.level_result.hp)})")
        if self.archetype is not None:
            work.archetype = self._archetype_id()
        feature = (str(self.feature.currentData()) if self.feature is not None
                   and self.feature.currentData() is not None else None)
        increase = (Ability(str(self.increase.currentData()))
                    if self.increase is not None else None)
        self.level_result = level_up(
            work, Catalog(self.document.campaign), roller,
            archetype_feature=feature, ability_increase=increase)
        return work, f"Level up {before.name} to {self.level} ({describe_hp(self.level_result.hp)})"

    def preview(self) -> bool:
        """Next: work the level out and show its summary; False (and why) when refused."""
        try:
            self.worked = self._work()
        except ValueError as exc:
            self.error.setText(f"Not yet: {exc}")
            return False
        self.error.clear()
        before = self.document.character(self.character_id)
        self.summary_view.show_rows(summary_rows(self.worked[0],
                                                 Catalog(self.document.campaign), before))
        self._show_step(1)
        self.adjustSize()  # the summary's lines, wrapped, at their height
        return True

    def apply(self) -> None:
        """Finish: the previewed copy (worked out now if Next was skipped) replaces the sheet,
        one undo step."""
        kept = self.document.character(self.character_id).model_copy()  # changed in place
        try:
            work, text = self.worked if self.worked is not None else self._work()
            self.document.replace_character(work, text)
        except (ValueError, Refused) as exc:
            self.error.setText(f"Not yet: {exc}")
            return
        assert self.level_result is not None
        self.summary = level_up_outcome(kept, work, self.level_result.hp)
        self.accept()
