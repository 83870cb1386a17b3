"""The Melee Round's exchange panel: both combatants' declared actions and both rolls
in one step, each phase's result shown, applied with one key.

Shown instead of the attack panel when the encounter resolves blows by the Melee Round (R23:
opposed d20 roll-under). A rolls: the exchange is *previewed* (``engine_bridge.melee_exchange``
through :meth:`EncounterSession.preview`), the window shows the dice and the Resolution,
Winner's and Loser's phases (the step's notes, :mod:`emberkeep.melee_round.report`); Enter
pushes exactly those steps as one undo command, so the outcome seen is the outcome applied.
A GM who rolled physical dice types each side's d20, the damage and the knockdown roll.
Mounting, re-arming and the Movement Phase are one undo step each too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import names
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.melee_round.catalog import catalog
from emberkeep.melee_round.engine_bridge import (
    MOUNTED,
    Declared,
    mount,
    movement_phase,
    rearm,
)
from gui.encounter.choice_model import ChoiceModel
from gui.encounter.melee_tactics import TACTICS, engaged_foes, tactic_action
from gui.encounter.preview_panel import PreviewPanel
from gui.encounter.session import EncounterSession
from gui.plain_text import plain_label
from gui.screen_fit import narrow_panel, scrolling

__all__ = ["FLAGS", "MeleePanel"]

# The Determination Phase's declarations and situations (R25's modifiers), per side.
FLAGS: tuple[tuple[str, str], ...] = (
    ("charge", "Lance charge (+5, 6+ yards)"),
    ("rebated", "Rebated / pulled blows"),
    ("brawl", "Brawling (−1 Honor)"),
    ("cover", "In cover (−5 against)"),
    ("higher_ground", "Higher ground (+5)"),
    ("immobilized", "Immobilized"),
    ("poor_visibility", "Poor visibility (−10)"),
)


def _int_or_none(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise RuleError(f"{what} must be a whole number") from None


class MeleePanel(PreviewPanel):
    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(3)  # as the attack panel: the outcome's height, on a laptop
        title = QLabel("Melee Round: both declare, both roll (R23)", self)
        title.setStyleSheet("font-weight: bold;")
        grid.addWidget(title, 0, 0, 1, 3)
        self.tactic = QComboBox(self)  # the tactic steps; W / Shift+W cycle it
        for key, label in TACTICS:
            self.tactic.addItem(label, key)
        self.tactic.setAccessibleName("tactic")
        self.fighter: list[QComboBox] = []
        self.weapon: list[QComboBox] = []
        self.die: list[QLineEdit] = []
        self.flags: list[dict[str, QCheckBox]] = [{}, {}]
        row = 1
        # no "&" mnemonic: Alt+T is the clock's "Turn" (gui.clock); W / Shift+W reach the tactic
        tactic_label = QLabel("Tactic", self)
        tactic_label.setBuddy(self.tactic)  # read with its box (screen readers)
        grid.addWidget(tactic_label, row, 0)
        grid.addWidget(self.tactic, row, 1, 1, 2)
        row += 1
        row = self._sides(grid, row)
        # the rarer inputs (situations, typed dice, Glory, the buttons) scroll in their own
        # box; who, the weapons, the d20s and the outcome never scroll away on a laptop
        more = QWidget(self)
        more_grid = QGridLayout(more)
        more_grid.setContentsMargins(0, 0, 0, 0)
        more_row = self._situations(more_grid, 0)
        more_row = self._typed_dice(more_grid, more_row)
        more_row = self._glory(more_grid, more_row)
        self._buttons(more_grid, more_row)
        narrow_panel(more, letters=8)
        self.situation = scrolling(more, self)
        line = self.tactic.sizeHint().height()  # a row of the box, as tall as a field
        self.situation.setMinimumHeight(2 * line)
        self.situation.setMaximumHeight(3 * line + 12)
        grid.addWidget(self.situation, row, 0, 1, 3)
        row += 1
        self.outcome = QPlainTextEdit(self)
        self.outcome.setReadOnly(True)
        self.outcome.setMinimumHeight(4 * self.outcome.fontMetrics().lineSpacing())
        self.outcome.setAccessibleName("Melee Round outcome")
        self.outcome.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.outcome.setPlaceholderText("I: a new melee round · W picks the tactic · A rolls it"
                                        " · Enter applies it · Esc drops it")
        grid.addWidget(self.outcome, row, 0, 1, 3)
        grid.setRowStretch(row, 1)
        self._drop_on_any_edit()
        self.refill()

    def _sides(self, grid: QGridLayout, row: int) -> int:
        """Each side's combatant, weapon and d20 (A and B)."""
        grid.addWidget(QLabel("Who", self), row, 0)
        for side in (0, 1):
            box = QComboBox(self)
            box.setModel(ChoiceModel(box))  # updated by what changed (``refill``)
            box.setAccessibleName(f"combatant {'AB'[side]}")
            self.fighter.append(box)
            grid.addWidget(box, row, side + 1)
        row += 1
        grid.addWidget(QLabel("Weapon", self), row, 0)
        for side in (0, 1):
            box = QComboBox(self)
            box.addItem("usual", None)
            box.setAccessibleName(f"weapon {'AB'[side]}")
            for w in catalog().weapons:
                box.addItem(w.name, w.id)
            self.weapon.append(box)
            grid.addWidget(box, row, side + 1)
        row += 1
        grid.addWidget(QLabel("d20", self), row, 0)
        for side in (0, 1):
            edit = QLineEdit(self)
            edit.setPlaceholderText("roll, or type")
            edit.setAccessibleName(f"d20 {'AB'[side]}")
            edit.setMaxLength(2)
            self.die.append(edit)
            grid.addWidget(edit, row, side + 1)
        row += 1
        return row

    def _situations(self, grid: QGridLayout, row: int) -> int:
        """Each side's declared situation (A and B) and the height of a wall it stands on."""
        for key, label in FLAGS:
            grid.addWidget(QLabel(label, self), row, 0)
            for side in (0, 1):
                check = QCheckBox(self)
                check.setAccessibleName(f"{label} {'AB'[side]}")
                self.flags[side][key] = check
                grid.addWidget(check, row, side + 1, Qt.AlignmentFlag.AlignHCenter)
            row += 1
        # a knight on a wall or rampart: "if he ... fumbles the DEX roll, he plummets over the
        # edge" (R33: 1d6 per 3 yards)
        self.wall_height: list[QSpinBox] = []
        grid.addWidget(QLabel("Wall height", self), row, 0)
        for side in (0, 1):
            spin = QSpinBox(self)
            spin.setRange(0, 100)
            spin.setSuffix(" yd")
            spin.setAccessibleName(f"wall height {'AB'[side]}")
            self.wall_height.append(spin)
            grid.addWidget(spin, row, side + 1)
        row += 1
        return row

    def _typed_dice(self, grid: QGridLayout, row: int) -> int:
        """The GM's typed dice for the exchange's later rolls, and the shares."""
        self.damage = QLineEdit(self)
        self.damage.setPlaceholderText("the winner's damage total, or roll")
        self.knockdown = QLineEdit(self)
        self.knockdown.setPlaceholderText("DEX / Horsemanship d20, or roll")
        self.fall = QLineEdit(self)
        self.fall.setPlaceholderText("the fall d20 (falling off a horse, clumsily), or roll")
        self.gentle = QLineEdit(self)
        self.gentle.setPlaceholderText("the gentle-fall d20 (DEX / Horsemanship), or roll")
        self.shares = QLineEdit(self)
        self.shares.setPlaceholderText("several foes: A's skill shares, e.g. 10 5 · dodge: "
                                       "A's DEX share")
        self.goal = QLineEdit(self)
        self.goal.setPlaceholderText("J: the yard A moves to (Shift+J: toward B)")
        for label, edit in (("Damage", self.damage), ("Knockdown d20", self.knockdown),
                            ("Fall d20", self.fall), ("Gentle fall d20", self.gentle),
                            ("Shares", self.shares), ("A's goal", self.goal)):
            edit.setAccessibleName(label)
            grid.addWidget(QLabel(label, self), row, 0)
            grid.addWidget(edit, row, 1, 1, 2)
            row += 1
        return row

    def _glory(self, grid: QGridLayout, row: int) -> int:
        """The Several-foes order, and what a foe's defeat is worth."""
        self.engaged = plain_label("", self)  # the Several-foes order: the foes' names
        grid.addWidget(self.engaged, row, 1, 1, 2)
        row += 1
        self.glory = QSpinBox(self)
        self.glory.setRange(0, 10_000)
        self.glory.setAccessibleName("Glory")
        self.glory.setToolTip("Glory the foe is worth (surprise, ranged, Glory)")
        self.ranged_kill = QCheckBox("ranged kill (1/10, R33)", self)
        self.gm_approves = QCheckBox("GM approves the evasion", self)
        grid.addWidget(QLabel("Glory", self), row, 0)
        grid.addWidget(self.glory, row, 1)  # two rows: the column stays narrow
        grid.addWidget(self.ranged_kill, row, 2)
        row += 1
        grid.addWidget(self.gm_approves, row, 1, 1, 2)
        row += 1
        return row

    def _buttons(self, grid: QGridLayout, row: int) -> int:
        """Mounting, re-arming and the Movement Phase."""
        buttons = QHBoxLayout()
        self.mount_buttons = [QPushButton("Mount A", self), QPushButton("Mount B", self)]
        self.rearm_button = QPushButton("Re-arm A", self)
        self.movement_button = QPushButton("Movement phase", self)
        for b in (*self.mount_buttons, self.rearm_button, self.movement_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            buttons.addWidget(b)
        self.mount_buttons[0].clicked.connect(lambda: self._report(self.toggle_mount(0)))
        self.mount_buttons[1].clicked.connect(lambda: self._report(self.toggle_mount(1)))
        self.rearm_button.clicked.connect(lambda: self._report(self.rearm()))
        self.movement_button.clicked.connect(lambda: self._report(self.movement()))
        grid.addLayout(buttons, row, 0, 1, 3)
        row += 1
        return row

    def _drop_on_any_edit(self) -> None:
        """A changed choice drops the previewed exchange (it was rolled for the old one)."""
        for side in (0, 1):
            self.fighter[side].currentIndexChanged.connect(self.drop)
            self.weapon[side].currentIndexChanged.connect(self.drop)
            self.die[side].textChanged.connect(self.drop)
            for check in self.flags[side].values():
                check.toggled.connect(self.drop)
        for edit in (self.damage, self.knockdown, self.fall, self.gentle, self.shares,
                     self.goal):
            edit.textChanged.connect(self.drop)
        for spin in self.wall_height:
            spin.valueChanged.connect(self.drop)
        self.tactic.currentIndexChanged.connect(self.drop)
        self.glory.valueChanged.connect(self.drop)
        self.ranged_kill.toggled.connect(self.drop)
        self.gm_approves.toggled.connect(self.drop)

    @property
    def enc(self) -> Encounter:
        return self.session.enc

    def _report(self, error: str | None) -> None:
        if error:
            self.outcome.setPlainText(error)

    # -- choices ------------------------------------------------------------------------------

    def refill(self) -> None:
        """Those standing; A keeps its choice (at first: the one acting, if any), B defaults
        to A's nearest standing foe (the first of the nearest), else to anyone but A: a knight
        is never paired with himself while another stands."""
        standing = self.enc.standing()
        rows = [(f"{c.name} ({c.side})", c.id) for c in standing]
        actor = self.session.current_id()
        for side, box in enumerate(self.fighter):
            keep = box.currentData()
            model = self._choices(side)
            box.blockSignals(True)
            model.set_rows(rows)
            found = model.row_of(keep)
            if found < 0 and side == 0 and actor is not None:
                found = model.row_of(actor)
            box.setCurrentIndex(max(0, found))
            box.blockSignals(False)
        a = self.chosen(0)
        if a is not None:
            foes = self.enc.enemies(a)
            b = self.chosen(1)
            pick: Combatant | None = None
            if foes and (b is None or b.side == a.side):
                pick = min(foes, key=lambda f: abs(f.position - a.position))
            elif b is None or b.id == a.id:
                pick = next((c for c in standing if c.id != a.id), None)
            if pick is not None:
                self.fighter[1].setCurrentIndex(self._choices(1).row_of(pick.id))
        self._label_buttons()

    def _choices(self, side: int) -> ChoiceModel:
        model = self.fighter[side].model()
        assert isinstance(model, ChoiceModel)
        return model

    def _label_buttons(self) -> None:
        for side, button in enumerate(self.mount_buttons):
            c = self.chosen(side)
            up = c is not None and MOUNTED in names(c.conditions)
            button.setText(f"{'Dismount' if up else 'Mount'} {'AB'[side]}")
        a = self.chosen(0)
        foes = engaged_foes(self.enc, a) if a is not None else []
        self.engaged.setText("Engaged with A: " + (", ".join(f.name for f in foes) or "nobody"))

    def chosen(self, side: int) -> Combatant | None:
        return self.enc.combatants.get(str(self.fighter[side].currentData()))

    def choose(self, a_id: str | None = None, b_id: str | None = None) -> None:
        for side, cid in ((0, a_id), (1, b_id)):
            if cid is not None:
                self.fighter[side].setCurrentIndex(self.fighter[side].findData(cid))
        self._label_buttons()

    def declared(self, side: int) -> Declared:
        f = {key: box.isChecked() for key, box in self.flags[side].items()}
        return Declared(weapon=self.weapon[side].currentData(),
                        charge=f["charge"], rebated=f["rebated"], brawl=f["brawl"],
                        cover=f["cover"], higher_ground=f["higher_ground"],
                        immobilized=f["immobilized"], poor_visibility=f["poor_visibility"],
                        height_yards=self.wall_height[side].value())

    # -- roll, apply --------------------------------------------------------------------------

    @staticmethod
    def typed(edit: QLineEdit, what: str) -> int | None:
        return _int_or_none(edit.text(), what)

    def cycle_tactic(self, step: int = 1) -> None:
        """W / Shift+W: the next or previous tactic."""
        self.tactic.setCurrentIndex((self.tactic.currentIndex() + step) % self.tactic.count())

    def choose_tactic(self, key: str) -> None:
        self.tactic.setCurrentIndex(self.tactic.findData(key))

    def roll(self) -> str | None:
        """Preview the chosen tactic (the exchange by default); returns the refusal, or None
        with every phase shown. Enter applies exactly the previewed steps as one undo step."""
        a, b = self.chosen(0), self.chosen(1)
        if a is None or b is None:
            return "choose both combatants"
        try:
            text, action = tactic_action(self, a, b)
            steps = self.session.preview(action)
        except (RuleError, ValueError) as exc:
            return str(exc)
        self.show_pending(steps, steps[0].summary if len(steps) == 1 and steps[0].summary
                          else text)
        return None

    def line_namer(self) -> Callable[[str], str]:
        """A step's lines with combatants by name (the log keeps ids)."""
        ids = {f"{c.id}:": f"{c.name}:" for c in self.enc.combatants.values()}

        def name(line: str) -> str:
            head, sep, rest = line.partition(" ")
            return f"{ids.get(head, head)}{sep}{rest}"
        return name

    def clear_inputs(self) -> None:
        widgets = (*self.die, self.damage, self.knockdown, self.fall, self.gentle, self.shares)
        for w in widgets:
            w.blockSignals(True)
            w.clear()
            w.blockSignals(False)
        for side in (0, 1):
            check = self.flags[side]["charge"]
            check.blockSignals(True)
            check.setChecked(False)  # a charge is one round's declaration
            check.blockSignals(False)

    def apply(self) -> bool:
        applied = super().apply()
        if applied:
            self._label_buttons()
        return applied

    def drop(self, *_: object) -> None:
        self._label_buttons()
        super().drop()

    # -- the round's other steps --------------------------------------------------------------

    def toggle_mount(self, side: int) -> str | None:
        c = self.chosen(side)
        if c is None:
            return "choose who mounts"
        up = MOUNTED not in names(c.conditions)
        error = self.session.run(f"{c.name} {'mounts' if up else 'dismounts'}",
                                 lambda enc: mount(enc, c.id, up))
        self._label_buttons()
        return error

    def rearm(self, side: int = 0) -> str | None:
        c = self.chosen(side)
        if c is None:
            return "choose who re-arms"
        return self.session.run(f"{c.name} re-arms", lambda enc: rearm(enc, c.id))

    def movement(self, goals: dict[str, int] | None = None) -> str | None:
        """The Movement Phase: the fallen regain their footing; movers go yard by yard. With A's
        goal typed (or ``goals``), the phase is previewed and Enter applies it; with no mover
        it is applied at once (nothing is rolled or chosen)."""
        chosen = dict(goals or {})
        a = self.chosen(0)
        if not chosen and self.goal.text().strip() and a is not None:
            try:
                chosen[a.id] = int(self.goal.text().strip())
            except ValueError:
                return "A's goal is a yard: a whole number"
        if not chosen:
            return self.session.run("Movement phase", lambda enc: movement_phase(enc, chosen))
        try:
            steps = self.session.preview(lambda enc: movement_phase(enc, chosen))
        except RuleError as exc:
            return str(exc)
        self.show_pending(steps, steps[0].summary if steps else "Movement phase")
        return None

    def move_toward(self) -> str | None:
        """Shift+J: A moves toward B (it stops on engaging, at its rate, or there)."""
        a, b = self.chosen(0), self.chosen(1)
        if a is None or b is None:
            return "choose A, who moves, and B, whom it moves toward"
        return self.movement({a.id: b.position})
