"""Encounter → Odds: how deadly is this fight, from the campaign's own rules.

The dialog only gathers the encounter as it stands (``odds.setup_of``; an encounter resolved by
the Melee Round through ``melee_round.sim.melee_setup``, whose fights are played by the Melee
Round's own steps, its policy shown instead of Furnace's), hands chunks of fights
to worker processes (:mod:`gui.encounter.odds_runner`) and shows what came back
(``odds.odds_of``): no rule lives here. Enter runs, Escape cancels a run (or closes), Alt+W runs
the "what if" sweep. It reads the encounter and the sheets and changes nothing, so it records
no campaign operation.
"""

from __future__ import annotations

from collections.abc import Hashable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.encounter import odds
from emberkeep.encounter.combatant import Combatant
from emberkeep.melee_round.sim import POLICY as MELEE_POLICY
from emberkeep.melee_round.sim import melee_setup
from gui.encounter.odds_charts import BarChart, Histogram
from gui.encounter.odds_runner import Job, OddsRunner
from gui.encounter.session import EncounterSession
from gui.plain_text import plain_label, tooltip

__all__ = ["OddsDialog"]

_RUN = "run"
_COLUMNS = ("PC", "Taken out", "Dies", "Flees", "Lingering injury", "Weapon notched",
            "Weapon broken", "HP lost")


class OddsDialog(QDialog):
    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(f"Odds: {session.record.name}")
        self.runner = OddsRunner(self)
        self.runner.progress.connect(self._progress)
        self.runner.finished.connect(self._finished)
        self.runner.cancelled.connect(self._cancelled)
        self.runner.failed.connect(self._failed)
        self.setup: odds.OddsSetup | None = None
        self.odds: odds.Odds | None = None
        self.sweep: dict[int, odds.Chance] = {}
        self._shown = 0  # fights behind the figures shown during a run
        self._build()

    # -- building -----------------------------------------------------------------------------

    def _build(self) -> None:
        self._build_controls()
        self._build_figures()
        self.follow_encounter()
        self._lay_out()
        self.resize(960, 680)

    def _build_controls(self) -> None:
        """How many fights, the seed, from where; Run and Cancel; the progress."""
        self.fights = QSpinBox(self)
        self.fights.setRange(100, 100_000)
        self.fights.setSingleStep(500)
        self.fights.setValue(odds.DEFAULT_FIGHTS)
        self.seed = QSpinBox(self)
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("The same seed gives the same figures")
        self.start_from = QComboBox(self)
        # whose odds: the party's, or in a fight of other sides (a joust of gold against
        # azure) the side the GM picks
        self.side = QComboBox(self)
        self.side.setToolTip("Whose chances the figures tell")
        self.run_button = QPushButton("&Run", self)
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton("Cancel run", self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.runner.cancel)
        self.progress = QProgressBar(self)
        self.progress.setFormat("%v of %m fights")
        self.status = plain_label("", self)  # a refusal names combatants, a side its name
        self.summary = QLabel("Press Enter to simulate this fight.", self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def _build_figures(self) -> None:
        """The table per PC, the charts, the what-if sweep and the policy the sides follow."""
        self.table = QTableWidget(0, len(_COLUMNS), self)
        self.table.setHorizontalHeaderLabels(_COLUMNS)
        self.table.setAccessibleName("Each PC's odds")
        taken_out = self.table.horizontalHeaderItem(1)
        assert taken_out is not None  # made by setHorizontalHeaderLabels just above
        taken_out.setToolTip(
            "Dropped to 0 HP at some moment, or left unable to act at the end (unconscious, "
            "paralysed, out with a Major Wound)")
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.bars = BarChart(self)
        self.rounds = Histogram(self)
        self.kind = QComboBox(self)
        self.kind.setPlaceholderText("no monsters in this fight")
        self.up_to = QSpinBox(self)
        self.up_to.setRange(1, 40)
        self.up_to.setPrefix("1 to ")
        self.up_to.setAccessibleName("What if there were 1 to")
        self.sweep_button = QPushButton("What if… (Alt+W)", self)
        self.sweep_button.setToolTip("The party's win chance as the count of one monster kind "
                                     "goes from 1 to N (Alt+W)")
        self.sweep_button.clicked.connect(self.run_sweep)
        sweep_key = QAction(self)  # a key of its own: a button's mnemonic is not always on
        sweep_key.setShortcut(QKeySequence("Alt+W"))
        sweep_key.triggered.connect(self.sweep_button.click)
        self.addAction(sweep_key)
        self.sweep_chart = Histogram(self)
        self.policy = QPlainTextEdit(odds.POLICY, self)
        self.policy.setReadOnly(True)
        self.policy.setAccessibleName("How each side fights")
        self.policy.setMaximumHeight(120)
        self.policy.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        for label, widget in (("Fights", self.fights), ("Seed", self.seed),
                              ("", self.start_from), ("Odds of", self.side)):
            if label:
                top.addWidget(QLabel(label, self))
                widget.setAccessibleName(label)
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        sweep_row = QHBoxLayout()
        sweep_row.addWidget(QLabel("What if there were", self))
        sweep_row.addWidget(self.kind, 1)
        sweep_row.addWidget(self.up_to)
        sweep_row.addWidget(self.sweep_button)
        grid = QGridLayout()
        grid.addWidget(self.summary, 0, 0)
        grid.addWidget(self.rounds, 0, 1)
        grid.addWidget(self.bars, 1, 0)
        right = QVBoxLayout()
        right.addLayout(sweep_row)
        right.addWidget(self.sweep_chart, 1)
        grid.addLayout(right, 1, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(grid, 1)
        layout.addWidget(self.table)
        layout.addWidget(self.policy)

    def follow_encounter(self) -> None:
        """Offer what the encounter allows now (shown again later, it may have moved on):
        "from here" once it is running, and its monster kinds for the what-if."""
        enc = self.session.enc
        self._show_policy()
        self._follow_sides()
        self.start_from.clear()
        self.start_from.addItem("from the start", "start")
        if enc.state.phase not in ("setup", "over"):
            self.start_from.addItem(f"from here (round {enc.state.round})", "here")
            self.start_from.setCurrentIndex(1)
        self.kind.clear()
        try:
            kinds = self._setup().monster_kinds()
        except odds.OddsError:
            kinds = []
        for kind in kinds:
            self.kind.addItem(kind, kind)
        if kinds:  # (a combo with a placeholder selects nothing by itself)
            self.kind.setCurrentIndex(0)
        have = sum(1 for c in self.session.enc.combatants.values()
                   if c.monster is not None and c.monster.name == (kinds or [""])[0])
        self.up_to.setValue(max(6, 2 * have))
        self.sweep_button.setEnabled(bool(kinds))

    # -- running ------------------------------------------------------------------------------

    def _show_policy(self) -> None:
        """The choices of the fights about to be played: the Melee Round's or Furnace's."""
        policy = MELEE_POLICY if self.session.melee_round() else odds.POLICY
        if self.policy.toPlainText() != policy:
            self.policy.setPlainText(policy)

    def _side(self) -> str:
        return str(self.side.currentData() or "party")

    def _follow_sides(self) -> None:
        """The encounter's sides, the party's first chosen (else the first side with a PC),
        the GM's choice kept while that side is still there."""
        enc = self.session.enc
        kept = self.side.currentData()
        sides = enc.sides()
        with_pcs = [s for s in sides if any(c.kind == "pc" and c.side == s
                                             for c in enc.combatants.values())]
        self.side.clear()
        for side in sides:
            self.side.addItem(side, side)
        fallback = [*with_pcs, *sides, "party"][0]
        chosen = kept if kept in sides else ("party" if "party" in sides else fallback)
        index = self.side.findData(chosen)
        self.side.setCurrentIndex(max(index, 0))

    def _setup(self) -> odds.OddsSetup:
        """The encounter as the GM chose to simulate it: from here, or from its start (the
        combatants as they stood before its first step), the sheets as they stand now."""
        enc = self.session.enc
        start: list[Combatant] | None = None
        if self.start_from.currentData() == "start":
            start = [Combatant.from_json(dict(c)) for c in self.session.record.combatants]
        side = self.side.currentData() or "party"
        if self.session.melee_round():  # played by the Melee Round's own steps
            return melee_setup(enc, start=start, side=side)
        return odds.setup_of(enc, start=start, side=side)

    def run(self) -> None:
        setup = self._setup_or_say()
        if setup is not None:
            self._start([Job(_RUN, setup, self.fights.value())])

    def run_sweep(self) -> None:
        setup = self._setup_or_say()
        kind = self.kind.currentData()
        if setup is None or kind is None:
            return
        per_point = max(200, self.fights.value() // 5)
        jobs = [Job(("sweep", n), odds.sweep_setup(setup, kind, n), per_point)
                for n in range(1, self.up_to.value() + 1)]
        self._start(jobs)

    def _setup_or_say(self) -> odds.OddsSetup | None:
        self._show_policy()  # the resolution may have changed since the dialog opened
        try:
            self.setup = self._setup()
        except odds.OddsError as exc:
            self.status.setText(str(exc))
            return None
        return self.setup

    def _start(self, jobs: list[Job]) -> None:
        self._shown = 0
        self.status.setText("Simulating…")
        self.cancel_button.setEnabled(True)
        self.runner.start(jobs, self.seed.value())

    def _progress(self, done: int, total: int) -> None:
        """The bar, and the figures as they firm up: chunks come back in any order, so what
        is shown before the end is a fair sample of the fights played so far, said as such;
        the figures at the end are the seed's (the same whatever the order)."""
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        so_far = self.runner.so_far(_RUN) if self.runner.running else None
        if so_far is not None and so_far.fights and self.setup is not None \
                and so_far.fights > self._shown:
            self._shown = so_far.fights
            self.show_odds(odds.odds_of(self.setup, so_far))
            self.status.setText(f"Simulating… figures so far, on {so_far.fights} of "
                                f"{total} fights")

    def _cancelled(self) -> None:
        self.status.setText(f"Cancelled: the figures are those of the {self._shown} fights "
                            "played." if self._shown else "Cancelled.")

    def _failed(self, text: str) -> None:
        self.cancel_button.setEnabled(False)
        self.status.setText(text)

    def _finished(self, tallies: dict[Hashable, odds.Tally]) -> None:
        self.cancel_button.setEnabled(False)
        assert self.setup is not None
        if _RUN in tallies:
            self.show_odds(odds.odds_of(self.setup, tallies[_RUN]))
            self.status.setText("Done.")
        else:  # the sweep says its own figures in the status line
            self.show_sweep({key[1]: odds.odds_of(self.setup, t).party_wins  # type: ignore[index]
                             for key, t in tallies.items()})

    # -- showing ------------------------------------------------------------------------------

    def show_odds(self, result: odds.Odds) -> None:
        self.odds = result
        self.summary.setText("\n".join(odds.summary_lines(result, self._side())))
        self.table.setRowCount(len(result.pcs))
        for row, pc in enumerate(result.pcs):
            cells = (pc.name, pc.dropped.text(), pc.died.text(), pc.fled.text(),
                     pc.injured.text(), pc.notched.text(), pc.broken.text(),
                     f"{pc.hp_lost:.1f}")
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.bars.set_rows([(pc.name, pc.dropped.value, pc.died.value) for pc in result.pcs],
                           "bar: taken out · dark: dies")
        self.rounds.set_columns(_round_columns(result.rounds),
                                f"Fights ending in each round (median {result.median_rounds:g})")

    def show_sweep(self, points: dict[int, odds.Chance]) -> None:
        self.sweep = points
        kind = self.kind.currentText()
        best = ", ".join(f"{n}: {c.value:.0%}" for n, c in sorted(points.items()))
        who = odds.side_title(self._side())
        self.sweep_chart.set_columns([(str(n), c.value) for n, c in sorted(points.items())],
                                     f"{who} wins against 1…{max(points)} {kind}", top=1.0)
        self.sweep_chart.setToolTip(tooltip(best))
        self.status.setText(f"What if — {self._side()} wins with {best}")

    def reject(self) -> None:
        """Escape: a run going on is cancelled; otherwise the dialog closes."""
        if self.runner.running:
            self.runner.cancel()
            self.cancel_button.setEnabled(False)
            return
        super().reject()


def _round_columns(rounds: dict[int, int]) -> list[tuple[str, float]]:
    """A column per round up to the one 99% of fights have ended by, then one for the long
    tail ("23+"), so a rare hundred-round fight does not squeeze the columns a GM reads."""
    total = sum(rounds.values())
    seen, last = 0, max(rounds)
    for r in sorted(rounds):
        seen += rounds[r]
        if seen >= 0.99 * total:
            last = r
            break
    columns: list[tuple[str, float]] = [(str(r), rounds.get(r, 0))
                                        for r in range(1, last + 1)]
    tail = sum(n for r, n in rounds.items() if r > last)
    if tail:
        columns.append((f"{last + 1}+", tail))
    return columns


def open_odds(window: QWidget, session: EncounterSession) -> OddsDialog:
    """Show the odds of ``session``'s fight (one dialog per encounter, kept while the main
    window lives; not modal, so the fight can go on while it counts). Its parent is the top
    window, not the encounter tab: the tab's keys (Enter applies, Escape drops) reach its
    children, and must not act on the fight from inside this dialog."""
    top = window.window()
    dialog = next((d for d in top.findChildren(OddsDialog) if d.session is session), None)
    if dialog is None:
        dialog = OddsDialog(session, top)
    elif not dialog.runner.running:
        dialog.follow_encounter()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
