"""Furnace's optional table rules in one window, each switchable per campaign:
advantage and disadvantage (beside or instead of EASY/HARD), contested roll-under CHECKs, effort
(ICRPG) shown as progress, skill challenges with every attempt logged, and 1d4-turn timers on
the game clock. Changes go through one undoable command each; rolls use the window's roller
and are echoed in the dice tray."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.model import Campaign, new_id
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.settings import OptionalRules
from emberkeep.dice import Roller
from emberkeep.optional_rules.advantage import AdvantageMode
from emberkeep.optional_rules.contested import BothFail, Contestant, ContestResult, contest
from emberkeep.optional_rules.effort import EffortTask, attempt_effort
from emberkeep.optional_rules.skill_challenge import SkillChallenge, attempt_challenge
from emberkeep.optional_rules.timers import roll_timer
from gui.document import CampaignDocument
from gui.plain_text import plain_label
from gui.settings_labels import choice_label

__all__ = ["TableRulesDialog"]

SWITCHES = (("advantage_disadvantage", "Advantage and disadvantage [5e]"),
            ("contested_checks", "Contested CHECKs, roll-under [OSR]"),
            ("effort", "Effort [ICRPG]"), ("skill_challenges", "Skill challenges [4e]"),
            ("timers", "Timers! [ICRPG]"))


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


class TableRulesDialog(QDialog):
    def __init__(self, document: CampaignDocument, roller: Roller,
                 echo: Callable[[str], None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Table rules")
        self.document = document
        self.roller = roller
        self.echo = echo or (lambda _text: None)
        self.resize(760, 560)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        layout.addWidget(self.tabs)
        self.message = QLabel("", self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self._rules_tab()
        self._contest_tab()
        self._effort_tab()
        self._challenge_tab()
        self._timer_tab()
        self.refresh()

    @property
    def campaign(self) -> Campaign:
        return self.document.campaign

    def _run(self, text: str, run: Callable[[Campaign], Any], *fields: str) -> Any:
        """``run`` as one undo step that may change only the campaign's ``fields``."""
        command = self.document.run(text, run, lambda _result: self.refresh(),
                                    scope=Scope.of(fields=fields))
        if command.error is not None:
            self.message.setText(f"Refused: {command.error}")
            return None
        return command.result

    # -- the switches --------------------------------------------------------------------------

    def _rules_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.switches: dict[str, QCheckBox] = {}
        for name, label in SWITCHES:
            box = QCheckBox(label, page)
            box.toggled.connect(lambda on, n=name: self.set_rule(n, on))
            form.addRow(box)
            self.switches[name] = box
        self.adv_mode = QComboBox(page)
        self.adv_mode.addItem("beside EASY and HARD", AdvantageMode.BESIDE.value)
        self.adv_mode.addItem("instead of EASY and HARD", AdvantageMode.INSTEAD.value)
        self.adv_mode.activated.connect(
            lambda _i: self.set_rule("advantage_mode", self.adv_mode.currentData()))
        form.addRow("Advantage is used", self.adv_mode)
        self.both_fail = QComboBox(page)
        for choice in BothFail:
            self.both_fail.addItem(choice_label(choice), choice.value)  # as Settings says it
        self.both_fail.activated.connect(
            lambda _i: self.set_rule("contested_both_fail", self.both_fail.currentData()))
        form.addRow("When both sides fail a contest", self.both_fail)
        self.tabs.addTab(page, "Rules")

    def set_rule(self, name: str, value: object) -> None:
        rules = self.campaign.settings.rules
        if getattr(rules, name) == value or getattr(getattr(rules, name), "value", None) == value:
            return

        def run(campaign: Campaign) -> None:
            data = campaign.settings.rules.model_dump()
            data[name] = value
            campaign.settings.rules = OptionalRules.model_validate(data)

        self._run(f"Table rule: {name}", run, "settings")

    # -- contested -------------------------------------------------------------------------

    def _contest_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.side_a = QLineEdit("Brannoc", page)
        self.score_a = _spin(0, 20, 14)
        self.side_b = QLineEdit("Ogre", page)
        self.score_b = _spin(0, 20, 16)
        for label, edit, score in (("Side A", self.side_a, self.score_a),
                                   ("Side B", self.side_b, self.score_b)):
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(QLabel("score", page))
            row.addWidget(score)
            form.addRow(label, row)
        roll = QPushButton("Roll the contest (d20 under the score)", page)
        roll.clicked.connect(self.roll_contest)
        form.addRow(roll)
        self.contest_result = QLabel("", page)
        self.contest_result.setTextFormat(Qt.TextFormat.PlainText)
        self.contest_result.setWordWrap(True)
        form.addRow(self.contest_result)
        self.contest_page = page
        self.tabs.addTab(page, "Contested")

    def roll_contest(self) -> ContestResult:
        result = contest(self.roller, Contestant(self.side_a.text() or "A", self.score_a.value()),
                         Contestant(self.side_b.text() or "B", self.score_b.value()),
                         both_fail=self.campaign.settings.rules.contested_both_fail)
        self.contest_result.setText(result.describe())
        self.echo(result.describe())
        return result

    # -- effort --------------------------------------------------------------------------------

    def _effort_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        new = QHBoxLayout()
        self.effort_name = QLineEdit("Force the gate", page)
        self.effort_dc = _spin(1, 40, 12)
        self.effort_needed = _spin(1, 1000, 12)
        add = QPushButton("New task", page)
        add.clicked.connect(self.new_effort)
        for w in (self.effort_name, QLabel("DC"), self.effort_dc, QLabel("effort"),
                  self.effort_needed, add):
            new.addWidget(w)
        layout.addLayout(new)
        self.effort_list = QListWidget(page)
        self.effort_list.currentRowChanged.connect(lambda _r: self._show_effort())
        layout.addWidget(self.effort_list)
        self.effort_bar = QProgressBar(page)
        layout.addWidget(self.effort_bar)
        row = QHBoxLayout()
        self.effort_who = QLineEdit("Brannoc", page)
        self.effort_mod = _spin(-5, 5, 1)
        self.effort_prof = _spin(0, 6, 1)
        self.effort_proficient = QCheckBox("PROF (1d8, else 1d4)", page)
        attempt = QPushButton("Attempt", page)
        attempt.clicked.connect(self.attempt_effort)
        widgets: list[QWidget] = [self.effort_who, QLabel("mod"), self.effort_mod,
                                  QLabel("PROF"), self.effort_prof, self.effort_proficient,
                                  attempt]
        for widget in widgets:
            row.addWidget(widget)
        layout.addLayout(row)
        self.effort_log = QListWidget(page)
        layout.addWidget(self.effort_log)
        self.tabs.addTab(page, "Effort")

    def new_effort(self) -> None:
        task = EffortTask(id=new_id(), name=self.effort_name.text() or "Task",
                          attempt_dc=self.effort_dc.value(),
                          effort_needed=self.effort_needed.value())
        self._run(f"New effort task {task.name}", lambda c: c.efforts.append(task), "efforts")
        self.effort_list.setCurrentRow(len(self.campaign.efforts) - 1)

    def attempt_effort(self) -> None:
        row = self.effort_list.currentRow()
        if row < 0:
            self.message.setText("Choose or make an effort task first.")
            return

        def run(campaign: Campaign) -> str:
            entry = attempt_effort(campaign.efforts[row], self.roller,
                                   who=self.effort_who.text() or "?",
                                   ability_mod=self.effort_mod.value(),
                                   prof_bonus=self.effort_prof.value(),
                                   proficient=self.effort_proficient.isChecked())
            return (f"{entry.who}: {entry.check_total} vs DC {entry.dc}, "
                    + (f"+{entry.effort} effort ({entry.effort_dice})" if entry.success
                       else "no effort"))

        text = self._run("Effort attempt", run, "efforts")
        if text:
            self.echo(text)
        self.effort_list.setCurrentRow(row)

    def _show_effort(self) -> None:
        row = self.effort_list.currentRow()
        self.effort_log.clear()
        if not 0 <= row < len(self.campaign.efforts):
            self.effort_bar.setValue(0)
            return
        task = self.campaign.efforts[row]
        self.effort_bar.setRange(0, task.effort_needed)
        self.effort_bar.setValue(min(task.progress, task.effort_needed))
        self.effort_bar.setFormat(f"{task.progress} / {task.effort_needed}"
                                  + (" — done" if task.done else ""))
        for entry in task.log:
            self.effort_log.addItem(
                f"{entry.who}: {entry.check_total} vs DC {entry.dc} → "
                + (f"+{entry.effort} ({entry.effort_dice})" if entry.success else "failed"))

    # -- skill challenges ----------------------------------------------------------------------

    def _challenge_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        new = QHBoxLayout()
        self.challenge_name = QLineEdit("Cross the marsh", page)
        self.challenge_dc = _spin(1, 40, 12)
        self.challenge_needed = _spin(1, 50, 4)
        self.challenge_limit = _spin(1, 50, 3)
        add = QPushButton("New challenge", page)
        add.clicked.connect(self.new_challenge)
        for w in (self.challenge_name, QLabel("DC"), self.challenge_dc, QLabel("successes"),
                  self.challenge_needed, QLabel("failures"), self.challenge_limit, add):
            new.addWidget(w)
        layout.addLayout(new)
        self.challenge_list = QListWidget(page)
        self.challenge_list.currentRowChanged.connect(lambda _r: self._show_challenge())
        layout.addWidget(self.challenge_list)
        self.challenge_state = plain_label("", page)  # the challenge's name
        layout.addWidget(self.challenge_state)
        row = QHBoxLayout()
        self.challenge_who = QLineEdit("Wren", page)
        self.challenge_skill = QLineEdit("Survival", page)
        self.challenge_bonus = _spin(-10, 20, 2)
        attempt = QPushButton("Attempt", page)
        attempt.clicked.connect(self.attempt_challenge)
        for w in (self.challenge_who, self.challenge_skill, QLabel("bonus"),
                  self.challenge_bonus, attempt):
            row.addWidget(w)
        layout.addLayout(row)
        self.challenge_log = QListWidget(page)
        layout.addWidget(self.challenge_log)
        self.tabs.addTab(page, "Skill challenge")

    def new_challenge(self) -> None:
        challenge = SkillChallenge(id=new_id(), name=self.challenge_name.text() or "Challenge",
                                   dc=self.challenge_dc.value(),
                                   successes_needed=self.challenge_needed.value(),
                                   failure_limit=self.challenge_limit.value())
        self._run(f"New skill challenge {challenge.name}",
                  lambda c: c.skill_challenges.append(challenge), "skill_challenges")
        self.challenge_list.setCurrentRow(len(self.campaign.skill_challenges) - 1)

    def attempt_challenge(self) -> None:
        row = self.challenge_list.currentRow()
        if row < 0:
            self.message.setText("Choose or make a skill challenge first.")
            return

        def run(campaign: Campaign) -> str:
            entry = attempt_challenge(campaign.skill_challenges[row], self.roller,
                                      who=self.challenge_who.text() or "?",
                                      skill=self.challenge_skill.text(),
                                      bonus=self.challenge_bonus.value())
            return f"{entry.who} ({entry.skill}): {entry.total} vs DC {entry.dc}"

        text = self._run("Skill challenge attempt", run, "skill_challenges")
        if text:
            self.echo(text)
        self.challenge_list.setCurrentRow(row)

    def _show_challenge(self) -> None:
        row = self.challenge_list.currentRow()
        self.challenge_log.clear()
        if not 0 <= row < len(self.campaign.skill_challenges):
            self.challenge_state.clear()
            return
        ch = self.campaign.skill_challenges[row]
        self.challenge_state.setText(
            f"{ch.name}: {ch.successes}/{ch.successes_needed} successes, "
            f"{ch.failures}/{ch.failure_limit} failures — {ch.state}")
        for a in ch.log:
            self.challenge_log.addItem(f"{a.who} ({a.skill}): {a.total} vs DC {a.dc} → "
                                       + ("success" if a.success else "failure"))

    # -- timers --------------------------------------------------------------------------------

    def _timer_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.timer_label = QLineEdit("The ceiling collapses", page)
        self.timer_combat = QCheckBox("turns are combat rounds (R27)", page)
        self.timer_combat.setChecked(True)
        start = QPushButton("Roll 1d4 and start the timer", page)
        start.clicked.connect(self.start_timer)
        self.timer_result = plain_label("", page)  # the GM's words for what happens
        form.addRow("What happens", self.timer_label)
        form.addRow(self.timer_combat)
        form.addRow(start)
        form.addRow(self.timer_result)
        self.tabs.addTab(page, "Timer")

    def start_timer(self) -> None:
        rolled = self._run("Start a timer", lambda c: roll_timer(
            c, self.roller, self.timer_label.text() or "Timer",
            in_combat=self.timer_combat.isChecked()), "timeline")
        if rolled is not None:
            self.timer_result.setText(f"{rolled.entry.label}: 1d4 showed {rolled.turns}")
            self.echo(rolled.entry.label)

    # -- everything shown follows the campaign ------------------------------------------------

    def refresh(self) -> None:
        rules = self.campaign.settings.rules
        for name, box in self.switches.items():
            box.blockSignals(True)
            box.setChecked(bool(getattr(rules, name)))
            box.blockSignals(False)
        self.adv_mode.setCurrentIndex(self.adv_mode.findData(rules.advantage_mode.value))
        self.both_fail.setCurrentIndex(self.both_fail.findData(rules.contested_both_fail.value))
        for index, name in ((1, "contested_checks"), (2, "effort"), (3, "skill_challenges"),
                            (4, "timers")):
            self.tabs.setTabEnabled(index, bool(getattr(rules, name)))
        for widget, items, row_of in (
                (self.effort_list, [f"{t.name} ({t.progress}/{t.effort_needed})"
                                    for t in self.campaign.efforts], self._show_effort),
                (self.challenge_list, [f"{c.name} ({c.state})"
                                       for c in self.campaign.skill_challenges],
                 self._show_challenge)):
            row = widget.currentRow()
            widget.blockSignals(True)
            widget.clear()
            widget.addItems(items)
            widget.setCurrentRow(min(max(row, 0), len(items) - 1) if items else -1)
            widget.blockSignals(False)
            row_of()
