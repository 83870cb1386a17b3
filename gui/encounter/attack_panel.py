"""The attack panel: attacker, target, weapon, EASY/HARD, modifier, the die → roll → outcome
(with the crit or fumble row's text) → apply.

Rolling *previews*: the engine resolves the attack (``attack.attack``, or "Go NEAR and ATK" when
the target is one zone away and the weapon needs CLOSE), the window shows the dice and rows,
and everything is put back; Apply pushes exactly those recorded steps as one undo command, so
the outcome the GM saw is the outcome applied (DESIGN: replay never rolls again). A GM who
rolled a physical d20 types it in the die field (and the damage dice, if wanted).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from emberkeep.character.checks import Difficulty
from emberkeep.dice import Answer, Answers, DiceError, Key, Purpose
from emberkeep.encounter.actions import move_and_attack
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.zones import Band
from emberkeep.optional_rules.advantage import Advantage
from gui.encounter.choice_model import ChoiceModel
from gui.encounter.preview_panel import PreviewPanel
from gui.encounter.session import EncounterSession
from gui.plain_text import plain_label, tooltip

__all__ = ["AttackPanel", "parse_typed", "typed_action", "typed_dice"]

T = TypeVar("T")

DIFFICULTIES = (("normal", ()), ("EASY (−3 to the target number)", (Difficulty.EASY,)),
                ("HARD (+3 to the target number)", (Difficulty.HARD,)))


def parse_typed(text: str) -> Answer | None:
    """ "14" → 14, "3 5" or "3,5" → (3, 5) (every face of one roll), "" → None; ValueError
    when not numbers."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    values = tuple(int(p) for p in parts)
    return values[0] if len(values) == 1 else values


def typed_dice(answers: Mapping[Key, Answers | None]) -> dict[Key, Answers]:
    """The GM's typed dice by purpose (``enc.typed``); an empty field is left out: rolled."""
    return {key: value for key, value in answers.items() if value is not None}


def typed_action(answers: Mapping[Key, Answers | None],
                 action: Callable[[Encounter], T]) -> Callable[[Encounter], T]:
    """``action`` run with the GM's typed dice (``typed_dice``) answering by purpose."""
    dice = typed_dice(answers)

    def run(enc: Encounter) -> T:
        with enc.typed(dice):
            return action(enc)

    return run


class AttackPanel(PreviewPanel):
    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        # the combatants offered: rows updated by what changed, never cleared and refilled
        self.attackers = ChoiceModel(self)
        self.targets = ChoiceModel(self)
        self.attacker = QComboBox(self)
        self.attacker.setModel(self.attackers)
        self.target = QComboBox(self)
        self.target.setModel(self.targets)
        self.weapon = QComboBox(self)
        self.difficulty = QComboBox(self)
        for label, _ in DIFFICULTIES:
            self.difficulty.addItem(label)
        # the GM's advantage/disadvantage (2d20 keep high/low), beside EASY/HARD
        # or with them turned into it, as the campaign's optional rule says
        self.advantage = QComboBox(self)
        for label, value in (("none", Advantage.NONE), ("advantage (2d20 keep high)",
                                                        Advantage.ADVANTAGE),
                             ("disadvantage (2d20 keep low)", Advantage.DISADVANTAGE)):
            self.advantage.addItem(label, value)
        self.modifier = QSpinBox(self)
        self.modifier.setRange(-20, 20)
        self.die = QLineEdit(self)
        self.die.setPlaceholderText("roll for me, or type the d20")
        self.die.setMaxLength(3)
        self.damage = QLineEdit(self)
        self.damage.setPlaceholderText("roll for me, or type the dice: 3 5")
        self.luck = QCheckBox("Luck Die (R29)", self)
        self.luck.setToolTip("Spend a Luck Die if a 6 would hit (R29)")
        # R31: a shield bearer CLOSE to the target may take a volley shot instead (V cycles)
        self.volunteer = QComboBox(self)
        self.volunteer.addItem("nobody", None)
        self.outcome = QPlainTextEdit(self)
        self.outcome.setReadOnly(True)
        self.outcome.setPlaceholderText("A rolls the attack · 1-9, 0 pick the target · Enter "
                                        "applies it · Esc drops it")
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.outcome.setAccessibleName("Attack outcome")
        self._lay_out()
        self.attacker.currentIndexChanged.connect(self.fill_weapons)
        self.attacker.currentIndexChanged.connect(self._fill_targets)
        for signal in (self.attacker.currentIndexChanged, self.target.currentIndexChanged,
                       self.weapon.currentIndexChanged, self.difficulty.currentIndexChanged,
                       self.modifier.valueChanged, self.die.textChanged,
                       self.damage.textChanged, self.luck.toggled,
                       self.volunteer.currentIndexChanged,
                       self.advantage.currentIndexChanged):
            signal.connect(self.drop)
        self.target.currentIndexChanged.connect(self.fill_volunteers)
        for box in (self.attacker, self.target, self.weapon, self.volunteer):
            box.currentIndexChanged.connect(lambda _i, b=box: self._tip(b))
        self.attacker.currentIndexChanged.connect(self.fill_volunteers)
        self.refill()

    def _lay_out(self) -> None:
        """A compact form, two fields a row, above the outcome, which takes the height left: on
        a 768 px laptop the target, weapon, d20 and what A rolled (a crit's row and its
        effects) are seen together, nothing scrolled away."""
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(3)
        # no "&" on Target and Weapon: Alt+T and Alt+W are the clock's Turn and Week, live in
        # every tab; the digits (or F and the arrows) pick the target
        fields = (("Attac&ker", self.attacker, "Attacker"), ("Target", self.target, "Target"),
                  ("Weapon", self.weapon, "Weapon"), ("d&20", self.die, "d20 typed"),
                  ("EASY/HARD", self.difficulty, "EASY or HARD"),
                  ("Ad&vantage", self.advantage, "Advantage"),
                  ("Modifier", self.modifier, "Attack modifier"),
                  ("Damage", self.damage, "Damage dice typed"),
                  ("Volunteer", self.volunteer, "Shield volunteer"))
        for n, (text, field, name) in enumerate(fields):
            label = plain_label(text, self)
            label.setBuddy(field)
            field.setAccessibleName(name)
            row, column = divmod(n, 2)
            grid.addWidget(label, row, 2 * column)
            grid.addWidget(field, row, 2 * column + 1)
        self.luck.setAccessibleName("Spend a Luck Die")
        # the chosen target's AC and the attacker's ATK explain themselves (gui.explain)
        self.target.setProperty("explains", "ac:{data}")
        self.attacker.setProperty("explains", "atk:{data}")
        grid.addWidget(self.luck, 4, 2, 1, 2)
        grid.addWidget(self.outcome, 5, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setRowStretch(5, 1)

    @property
    def enc(self) -> Encounter:
        return self.session.enc

    # -- choices ------------------------------------------------------------------------------

    def refill(self) -> None:
        """Combatants standing; the attacker follows the current actor."""
        enc = self.enc
        keep_target = self.target.currentData()
        standing = enc.standing()
        self.attacker.blockSignals(True)
        self.attackers.set_rows([(f"{c.name} ({c.side})", c.id) for c in standing])
        now = self.session.current_id()
        # nobody's turn: the first standing, as a box filled afresh would show
        self.attacker.setCurrentIndex(max(0, self.attackers.row_of(now)))
        self.attacker.blockSignals(False)
        self._fill_targets(keep=keep_target)
        self.choose_target(keep_target)
        self.fill_weapons()
        self.fill_volunteers()

    def _fill_targets(self, *_: object, keep: object = None) -> None:
        """The attacker's foes first, numbered: the digit picks one (1 the first, 0 the
        tenth); then everyone else standing (an ally, by the mouse or the table)."""
        keep = keep if keep is not None else self.target.currentData()
        a = self.enc.combatants.get(str(self.attacker.currentData()))
        foes = self.enc.enemies(a) if a is not None else []
        foe_ids = {c.id for c in foes}  # by id: comparing combatants compares every field
        rows = [(f"{n % 10} · {c.name} ({c.side})" if n <= 10 else f"{c.name} ({c.side})", c.id)
                for n, c in enumerate(foes, 1)]
        rows += [(f"{c.name} ({c.side})", c.id) for c in self.enc.standing()
                 if c.id not in foe_ids]
        self.target.blockSignals(True)
        self.targets.set_rows(rows)
        self.target.setCurrentIndex(max(0, self.targets.row_of(keep)))
        self.target.blockSignals(False)
        self._tip(self.target)

    def pick_numbered(self, n: int) -> str | None:
        """The digit ``n`` (1-9, 0 the tenth): the attacker's Nth foe as the target; an attack
        already shown is rolled again on it."""
        index = (n - 1) % 10
        a = self.enc.combatants.get(str(self.attacker.currentData()))
        foes = self.enc.enemies(a) if a is not None else []
        if index >= len(foes):
            return f"no foe number {n}: {len(foes)} in the Target list"
        shown = self.pending is not None
        self.target.setCurrentIndex(index)
        return self.roll() if shown else None

    @staticmethod
    def _tip(box: QComboBox) -> None:
        """The whole choice as the tooltip, for when the box is too narrow (escaped: a
        name)."""
        box.setToolTip(tooltip(box.currentText()))

    def choose_target(self, cid: object = None) -> None:
        """The given target if it is a standing foe of the attacker, else the nearest foe."""
        a = self.enc.combatants.get(str(self.attacker.currentData()))
        if a is None:
            return
        foes = self.enc.enemies(a)
        wanted = next((f for f in foes if f.id == cid), None)
        if wanted is None and foes:
            wanted = min(foes, key=lambda f: abs(f.position - a.position))
        if wanted is not None:
            self.target.setCurrentIndex(self.targets.row_of(wanted.id))

    def fill_volunteers(self, *_: object) -> None:
        """The shield bearers CLOSE to the target (R31): a move can bring one or take one away."""
        from gui.encounter.extras import shield_volunteers

        ids = shield_volunteers(self.enc, str(self.attacker.currentData()),
                                str(self.target.currentData()))
        shown = [self.volunteer.itemData(i) for i in range(1, self.volunteer.count())]
        if ids == shown:  # a step that moved nobody near the target leaves the box alone
            return
        keep = self.volunteer.currentData()
        self.volunteer.blockSignals(True)
        self.volunteer.clear()
        self.volunteer.addItem("nobody", None)
        for cid in ids:
            self.volunteer.addItem(self.enc.combatants[cid].name, cid)
        self.volunteer.setCurrentIndex(max(0, self.volunteer.findData(keep)))
        self.volunteer.blockSignals(False)

    def next_volunteer(self) -> str:
        """V: the next shield bearer who may take the shot (then nobody again)."""
        self.fill_volunteers()
        self.volunteer.setCurrentIndex((self.volunteer.currentIndex() + 1)
                                       % self.volunteer.count())
        return f"Shield volunteer: {self.volunteer.currentText()}"

    def fill_weapons(self) -> None:
        self.weapon.blockSignals(True)
        self.weapon.clear()
        self.weapon.addItem("best that reaches", None)
        a = self.enc.combatants.get(str(self.attacker.currentData()))
        if a is not None and a.kind == "pc":
            for w in self.enc.character(a).inventory.weapons:
                state = " (broken)" if w.broken else " (dropped)" if w.dropped else ""
                self.weapon.addItem(f"{w.name}{state}", w.uid)
        elif a is not None and a.monster is not None and a.monster.other_weapons:
            # the GM may pick one of its weapons, by name (the engine's key for it)
            for carried in a.monster.weapons:
                shoots = " (ranged)" if carried.ranged else ""
                self.weapon.addItem(f"{carried.name} {carried.damage}{shoots}", carried.name)
        elif a is not None and a.monster is not None:
            self.weapon.setItemText(0, a.monster.weapon)
        self.weapon.blockSignals(False)
        self._tip(self.weapon)

    # -- roll, apply --------------------------------------------------------------------------

    def _who(self) -> tuple[Combatant, Combatant]:
        a = self.enc.combatants.get(str(self.attacker.currentData()))
        t = self.enc.combatants.get(str(self.target.currentData()))
        if a is None or t is None:
            raise RuleError("choose an attacker and a target")
        return a, t

    def roll(self) -> str | None:
        """Preview the attack; returns the refusal, or None with the outcome shown."""
        try:
            a, t = self._who()
            typed = parse_typed(self.die.text())
            damage = parse_typed(self.damage.text())
        except ValueError as exc:
            return str(exc) if isinstance(exc, RuleError) else "the dice must be numbers"
        if isinstance(typed, tuple):
            return "type one d20"
        dice = typed_dice({Purpose.ATTACK: typed, Purpose.DAMAGE: damage})
        extra = DIFFICULTIES[self.difficulty.currentIndex()][1]
        options = {"weapon_uid": self.weapon.currentData(),
                   "difficulty_extra": extra, "luck": self.luck.isChecked()}
        if self.volunteer.currentData():
            options["volunteer"] = str(self.volunteer.currentData())
        if self.advantage.currentIndex():
            options["advantage"] = Advantage(self.advantage.currentData())
        near = self.enc.band(a, t) == Band.NEAR

        def strike(enc: Encounter) -> object:
            with enc.typed(dice):
                return attack(enc, a.id, t.id, modifier=self.modifier.value(), **options)

        def go_near(enc: Encounter) -> object:  # advantage and volunteer go along
            with enc.typed(dice):
                return move_and_attack(enc, a.id, t.position, t.id, **options)

        # The Melee Round has its own panel (``melee_panel``); the window never shows this one
        # then, so the attack panel keeps no Melee Round branch.
        try:
            steps = self.session.preview(strike)
        except DiceError as exc:  # a face the die cannot show: nothing was changed
            return str(exc)
        except RuleError as exc:
            if not near or self.modifier.value():
                return str(exc)
            try:  # Furnace: "Go NEAR and ATK"
                steps = self.session.preview(go_near)
            except (RuleError, DiceError) as second:
                return str(second)
        self.show_pending(steps, steps[0].summary if steps else "attack")
        return None

    def clear_inputs(self) -> None:
        self.die.blockSignals(True)
        self.damage.blockSignals(True)
        self.die.clear()
        self.damage.clear()
        self.die.blockSignals(False)
        self.damage.blockSignals(False)
