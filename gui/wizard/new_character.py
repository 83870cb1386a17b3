"""The New Character wizard: a 1st-level character, or a funnel of 0-level characters.

Pages, in the text's order ("Creating a character"): the path (one 1st-level character or a
funnel of N per player, four by default); 3d6 in order with every die shown, each of which the
GM may overwrite with a physical roll; the race (the Human's swap and chosen skill, R2); the
class and its 1st-level choices with starting equipment. The funnel's page is
:mod:`gui.wizard.funnel`. The wizard only builds characters with the core; the window adds them
as one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from emberkeep.campaign.settings import CampaignSettings
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.creation import create_character, roll_ability_scores
from emberkeep.character.funnel import DEFAULT_FUNNEL_SIZE
from emberkeep.character.model import Character
from emberkeep.character.races import apply_race
from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Answers, Key, Purpose, Roller, RollRecord, TypedRoller, roll
from gui.palette import tone
from gui.wizard.choices import ClassChoicesForm
from gui.wizard.funnel import FunnelPage, campaign_players
from gui.wizard.page_labels import buddy, plain
from gui.wizard.tab_order import tab_in_reading_order

__all__ = ["SUMMARY_PAGE", "NewCharacterWizard"]

PATH_PAGE, SCORES_PAGE, RACE_PAGE, CLASS_PAGE, FUNNEL_PAGE, SUMMARY_PAGE = range(6)


class PathPage(QWizardPage):
    def __init__(self, funnel_size: int) -> None:
        super().__init__()
        self.setTitle("A new character")
        self.setSubTitle("Make one character at 1st level, or a funnel of 0-level characters "
                         "(DCC): the survivors advance to 1st level later.")
        layout = QVBoxLayout(self)
        self.first_level = QRadioButton("&One character at 1st level", self)
        self.first_level.setChecked(True)
        self.funnel = QRadioButton("A f&unnel of 0-level characters", self)
        self.count = QSpinBox(self)
        self.count.setRange(1, 20)
        self.count.setValue(funnel_size)
        layout.addWidget(self.first_level)
        layout.addWidget(self.funnel)
        self.how_many = QFormLayout()
        self.how_many.addRow(buddy("How &many per player", self.count, self), self.count)
        layout.addLayout(self.how_many)
        layout.addStretch(1)
        self.funnel.toggled.connect(self._path_changed)
        self._path_changed()

    def _path_changed(self) -> None:
        """How many applies to a funnel only (a choice that does not apply is hidden)."""
        self.how_many.setRowVisible(self.count, self.funnel.isChecked())

    def nextId(self) -> int:
        return FUNNEL_PAGE if self.funnel.isChecked() else SCORES_PAGE


class ScoresPage(QWizardPage):
    """3d6 in order (STR, DEX, CON, INT, WIS, CHA): each die is shown and may be typed."""

    def __init__(self, roller: Roller) -> None:
        super().__init__()
        self.roller = roller
        self.setTitle("Ability scores: 3d6 in order")
        self.setSubTitle("Roll here, or type what your physical dice show.")
        layout = QGridLayout(self)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText("Name")
        self.player = QLineEdit(self)
        self.player.setPlaceholderText("Player")
        layout.addWidget(buddy("Na&me", self.name, self), 0, 0)
        layout.addWidget(self.name, 0, 1, 1, 3)
        layout.addWidget(buddy("&Player", self.player, self), 1, 0)
        layout.addWidget(self.player, 1, 1, 1, 3)
        self.dice: dict[Ability, list[QSpinBox]] = {}
        self.totals: dict[Ability, QLabel] = {}
        for row, ability in enumerate(ABILITIES, start=2):
            label = plain(ability.value, self)
            layout.addWidget(label, row, 0)
            spins = []
            for column in range(3):
                spin = QSpinBox(self)
                spin.setRange(1, 6)
                spin.setAccessibleName(f"{ability.value} die {column + 1}")
                spin.valueChanged.connect(self._update_totals)
                layout.addWidget(spin, row, column + 1)
                spins.append(spin)
            label.setBuddy(spins[0])
            self.dice[ability] = spins
            self.totals[ability] = plain("", self)
            layout.addWidget(self.totals[ability], row, 4)
        self.roll_button = QPushButton("&Roll 3d6 × 6", self)
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.roll_button, 8, 1, 1, 3)
        self.roll()

    def roll(self) -> None:
        for ability in ABILITIES:
            record = roll("3d6", self.roller)
            for spin, face in zip(self.dice[ability], record.faces, strict=True):
                spin.setValue(face)
        self._update_totals()

    def _update_totals(self) -> None:
        for ability in ABILITIES:
            self.totals[ability].setText(f"= {sum(s.value() for s in self.dice[ability])}")

    def typed(self) -> dict[Key, Answers]:
        """The dice shown, as the GM's typed 3d6 per ability."""
        return {(Purpose.ABILITY, a.value): tuple(s.value() for s in self.dice[a])
                for a in ABILITIES}

    def rolls(self) -> dict[Ability, RollRecord]:
        """Records of the dice shown (typed in: the GM's dice are the record)."""
        return roll_ability_scores(TypedRoller(self.roller, self.typed()))

    def validatePage(self) -> bool:
        if not self.name.text().strip():
            self.setSubTitle("Give the character a name first.")
            return False
        return True


class RacePage(QWizardPage):
    """R2: the race; a Human may swap two scores and is PROF in one chosen skill."""

    def __init__(self, scores: ScoresPage, catalog: Catalog = SHIPPED) -> None:
        super().__init__()
        self.scores = scores
        self.catalog = catalog  # the campaign's own races too
        self.setTitle("Race")
        form = QFormLayout(self)
        self.race = QComboBox(self)
        for race in catalog.races().values():
            self.race.addItem(race.name, race.id)
        self.swap_a, self.swap_b = QComboBox(self), QComboBox(self)
        for combo in (self.swap_a, self.swap_b):
            combo.addItem("— no swap", None)
            for ability in ABILITIES:
                combo.addItem(ability.value, ability.value)
        self.skill = QComboBox(self)
        for skill in Skill:
            self.skill.addItem(skill_name(skill), skill.value)
        self.text = plain("", self)
        self.preview = plain("", self)
        form.addRow("&Race", self.race)
        form.addRow("", self.text)
        form.addRow("&Swap", self.swap_a)
        form.addRow("&with", self.swap_b)
        form.addRow("Chosen s&kill", self.skill)
        form.addRow("Scores", self.preview)
        self.form = form
        for combo in (self.race, self.swap_a, self.swap_b):
            combo.currentIndexChanged.connect(self.update_preview)

    def initializePage(self) -> None:
        self.update_preview()

    def swap(self) -> tuple[Ability, Ability] | None:
        a, b = self.swap_a.currentData(), self.swap_b.currentData()
        if a is None or b is None or a == b:
            return None
        return Ability(a), Ability(b)

    def race_skill(self) -> Skill | None:
        race = self.catalog.race(self.race_id)
        return Skill(self.skill.currentData()) if race.skill_picks else None

    @property
    def race_id(self) -> str:
        return str(self.race.currentData())

    def update_preview(self) -> None:
        race = self.catalog.race(self.race_id)  # the campaign's own races too
        for widget in (self.swap_a, self.swap_b):  # hidden where they do not apply
            widget.setEnabled(race.swap_scores)
            self.form.setRowVisible(widget, race.swap_scores)
        self.skill.setEnabled(bool(race.skill_picks))
        self.form.setRowVisible(self.skill, bool(race.skill_picks))
        self.text.setText(" ".join(race.text))
        try:
            scores = self.final_scores()
        except ValueError as exc:
            self.preview.setText(str(exc))
            return
        self.preview.setText("  ".join(f"{a.value} {scores[a]}" for a in ABILITIES))

    def final_scores(self) -> dict[Ability, int]:
        rolled = {a: r.total for a, r in self.scores.rolls().items()}
        race = self.catalog.race(self.race_id)
        return apply_race(rolled, race, self.swap() if race.swap_scores else None)


class ClassPage(QWizardPage):
    """The class at 1st level, its choices and starting equipment; HP rolled or typed (R5)."""

    def __init__(self, wizard: NewCharacterWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Class at 1st level")
        layout = QVBoxLayout(self)
        self.form = ClassChoicesForm(self, catalog=wizard.catalog)
        layout.addWidget(self.form)
        self.hp_typed = QSpinBox(self)
        self.hp_typed.setRange(0, 12)
        self.hp_typed.setSpecialValueText("roll it")
        self.hp_typed.setToolTip("Type what the physical die shows, or leave it to be rolled")
        hit_die = QFormLayout()
        hit_die.addRow(buddy("Hit &die", self.hp_typed, self), self.hp_typed)
        layout.addLayout(hit_die)
        self.error = plain("", self)
        tone(self.error, "error")
        layout.addWidget(self.error)
        layout.addStretch(1)  # room the hidden choices leave goes below, not into the hint
        # the equipment lines are made after the hit die: Tab goes down the page regardless
        self.form.fields_rebuilt.connect(lambda: tab_in_reading_order(self))

    def initializePage(self) -> None:
        scores = self.owner.race_page.final_scores()
        from emberkeep.character.abilities import modifier

        self.form.set_character_facts(modifier(scores[Ability.INT]), self.owner.race_page.race_id)

    def validatePage(self) -> bool:
        try:
            self.owner.build_first_level()
        except ValueError as exc:
            self.error.setText(f"Not yet: {exc}")
            return False
        self.error.clear()
        return True

    def nextId(self) -> int:
        return SUMMARY_PAGE


class NewCharacterWizard(QWizard):
    def __init__(self, roller: Roller, parent: QWidget | None = None,
                 settings: CampaignSettings | None = None, *, catalog: Catalog,
                 players: Sequence[str] | None = None) -> None:
        super().__init__(parent)
        self.roller = roller
        self.catalog = catalog
        # whom a funnel is for: as given, else the players of the campaign the window has open
        self.players = list(players) if players is not None else campaign_players(parent)
        self.settings = settings or CampaignSettings()
        self.setWindowTitle("New character")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.path_page = PathPage(self.settings.funnel_size or DEFAULT_FUNNEL_SIZE)
        self.scores_page = ScoresPage(roller)
        self.race_page = RacePage(self.scores_page, catalog)
        self.class_page = ClassPage(self)
        self.funnel_page = FunnelPage(self)
        from gui.wizard.summary import SummaryPage

        self.summary_page = SummaryPage(self)
        for number, page in ((PATH_PAGE, self.path_page), (SCORES_PAGE, self.scores_page),
                             (RACE_PAGE, self.race_page), (CLASS_PAGE, self.class_page),
                             (FUNNEL_PAGE, self.funnel_page), (SUMMARY_PAGE, self.summary_page)):
            self.setPage(number, page)
            tab_in_reading_order(page)
        self.built: Character | None = None
        self.resize(760, 640)

    def has_rolls(self) -> bool:
        """Whether closing would throw dice away: the GM has gone past the first page, to
        the rolled scores or the rolled funnel (the path page rolls nothing)."""
        return any(page != PATH_PAGE for page in self.visitedIds())

    def reject(self) -> None:
        """Esc, Cancel and the close button: once dice were rolled, ask once before they are
        thrown away; before any roll, just close."""
        if self.has_rolls() and not self.confirm_discard():
            return
        super().reject()

    def confirm_discard(self) -> bool:
        funnel = self.path_page.funnel.isChecked()
        box = QMessageBox(QMessageBox.Icon.Question, "New character",
                          "Discard these characters?" if funnel
                          else "Discard this character?",
                          QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText("The rolled dice are lost. Cancel goes back to the wizard.")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Discard.value

    def build_first_level(self) -> Character:
        """Build the 1st-level character with the core (raises ValueError with the reason)."""
        race = self.race_page
        hp = self.class_page.hp_typed.value()
        dice = self.scores_page.typed()
        if hp:
            dice[Purpose.HIT_DIE] = hp
        self.built = create_character(
            TypedRoller(self.roller, dice), catalog=self.catalog,
            name=self.scores_page.name.text().strip(),
            player=self.scores_page.player.text().strip(), race=race.race_id,
            choices=self.class_page.form.choices(), swap=race.swap(),
            race_skill=race.race_skill(),
            fixed_first_level_hp=self.settings.rules.fixed_first_level_hp,
            first_level_feature_allowed=self.settings.rules.first_level_archetype_feature)
        return self.built

    def characters(self) -> list[Character]:
        if self.path_page.funnel.isChecked():
            return self.funnel_page.characters()
        return [self.built] if self.built is not None else []
