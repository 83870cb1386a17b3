"""The deadliness meter in the encounter window's header: the party's chance to win, flee and
lose, with their 95% ranges, from fights simulated in the background while the GM sets up.

It plays the Odds dialog's fights (``odds.setup_of``, or ``melee_round.sim.melee_setup`` for a
Melee Round encounter) in the same worker pool (:mod:`gui.encounter.odds_runner`), so the window
never waits on it. A change to the sides, HP, gear or rules is followed after a short pause (a
burst of edits makes one run, and a run made stale by a change is cancelled); a first figure on
:attr:`DeadlinessMeter.first` fights shows fast, then more fights firm it up. Once the fight has
begun it runs only when asked (Ctrl+Shift+O or its button): the last figures stay, greyed and
dated ("before the fight"). Out of sight (another tab in front) it runs nothing. The player
view never shows it: the odds are the GM's.
"""

from __future__ import annotations

import pickle
import time
from collections.abc import Hashable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from emberkeep.encounter import odds
from emberkeep.melee_round.sim import melee_setup
from gui.encounter.odds_runner import Job, OddsRunner
from gui.encounter.session import EncounterSession
from gui.palette import tone
from gui.plain_text import tooltip
from gui.screen_fit import ElidedLabel, elastic

__all__ = ["DeadlinessMeter", "meter_text"]

_FIRST, _FIRM = "first", "firm"


def meter_text(result: odds.Odds, side: str, *, ranges: bool = True) -> str:
    """One line a GM reads at a glance: win, flee, lose, each with its range (or without,
    shorter: in a fight the banner beside it needs the room, and the tooltip has them)."""
    def said(chance: odds.Chance) -> str:
        return chance.text() if ranges else f"{chance.value:.0%}"

    return (f"{odds.side_title(side)} wins {said(result.party_wins)} · flees "
            f"{said(result.fled)} · loses {said(result.lost)}")


class DeadlinessMeter(QWidget):
    """The meter: a line of figures and a button that asks for a fresh estimate."""

    first = 200  # fights behind the first figure: shown in well under a second
    firm = 1_000  # fights behind the figure once firmed up (its range about ±3%)
    pause_ms = 250  # the pause after a change before a run starts (a burst makes one run)
    seed = 1  # the same encounter gives the same figures

    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.label = elastic(ElidedLabel(self))  # plain text: a side's name is the campaign's
        self.label.setAccessibleName("Deadliness meter")
        self.button = QToolButton(self)
        self.button.setText("Estimate")
        self.button.setToolTip("Estimate the party's chances again, from where the fight "
                               "stands (Ctrl+Shift+O); Shift+O opens the full odds")
        self.button.clicked.connect(self.estimate)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        self.runner = OddsRunner(self)
        self.runner.progress.connect(self._progress)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(self.pause_ms)
        self._pause.timeout.connect(self._follow)
        self.odds: odds.Odds | None = None  # the figures shown (greyed when stale)
        self.stale = False
        self.when = ""  # what the figures shown are of: "" (now), "before the fight"…
        self.started_at = 0.0  # perf_counter of the run's start, for the time to a figure
        self.first_after: float | None = None  # seconds from a run's start to its figure
        self.setup: odds.OddsSetup | None = None  # the fight the figures are of
        self._key: bytes | None = None  # the setup run or shown, to skip a change of nothing
        self._side = "party"
        self._base: odds.Tally | None = None  # the first fights' tally, while firming up
        session.combatantsReset.connect(self.changed)
        session.combatantsChanged.connect(self.changed)
        session.stateChanged.connect(self.changed)
        session.document.campaignChanged.connect(self.changed)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.changed()  # the encounter may have moved on while out of sight

    def hideEvent(self, event: QHideEvent) -> None:
        """Out of sight (another tab in front, the window closed): nothing runs for it."""
        super().hideEvent(event)
        self._pause.stop()
        self.runner.cancel(quiet=True)

    @property
    def running(self) -> bool:
        return self.runner.running

    def changed(self, *_: object) -> None:
        """Something the fights depend on may have changed: the run going on may be stale, so
        it stops now, and the encounter is followed after the pause."""
        self.runner.cancel(quiet=True)
        self._pause.start()

    def _follow(self) -> None:
        if not self.isVisible():
            return  # followed when shown again
        if self.session.enc.state.phase == "setup":
            self._run("")
            return
        # in a fight: no run unless asked; what is shown is of another moment now
        self.runner.cancel(quiet=True)
        self._key = None  # back in setup (an undo), the setup is run again
        if self.odds is not None:
            self._grey(f"Odds {self.when or 'before the fight'}: ")
        else:
            self._say("Odds: Ctrl+Shift+O estimates them from here")

    def estimate(self) -> str | None:
        """A fresh estimate from where the encounter stands (a refusal said, as a key's)."""
        enc = self.session.enc
        self._pause.stop()  # a change just before is part of what is asked for
        when = "" if enc.state.phase == "setup" else f"at round {enc.state.round}"
        self._key = None  # asked: run even if nothing changed
        return self._run(when)

    def _run(self, when: str) -> str | None:
        try:
            setup = self._make_setup()
        except odds.OddsError as exc:
            self.runner.cancel(quiet=True)
            self._key = None
            self.odds = None
            self._say(f"Odds: {exc}")
            return str(exc)
        key = pickle.dumps(setup)
        if key == self._key:  # the same fight after all: go on where the change stopped it
            self._resume()
            return None
        self._key, self.setup, self._base, self.when = key, setup, None, when
        self.started_at = time.perf_counter()
        self.first_after = None
        if self.odds is not None:
            self._grey("Odds, updating: ")
        else:
            self._say("Odds: simulating…")
        self.runner.start([Job(_FIRST, setup, self.first)], self.seed)
        return None

    def _resume(self) -> None:
        if self.odds is not None:
            self._show(self.odds)
        if self.setup is None or self.runner.running:
            return
        if self._base is None:
            self.runner.start([Job(_FIRST, self.setup, self.first)], self.seed)
        elif self.odds is not None and self.odds.fights < self.firm:
            self._firm_up()

    def _firm_up(self) -> None:
        """More fights on another seed (fights the first ones did not play)."""
        assert self.setup is not None
        self.runner.start([Job(_FIRM, self.setup, self.firm - self.first)], self.seed + 1)

    def _make_setup(self) -> odds.OddsSetup:
        enc = self.session.enc
        sides = enc.sides()
        with_pcs = [s for s in sides if any(c.kind == "pc" and c.side == s
                                             for c in enc.combatants.values())]
        self._side = "party" if "party" in sides else [*with_pcs, *sides, "party"][0]
        if self.session.melee_round():  # played by the Melee Round's own steps
            return melee_setup(enc, side=self._side)
        return odds.setup_of(enc, side=self._side)

    # -- the runner's news ---------------------------------------------------------------------

    def _progress(self, _done: int, _total: int) -> None:
        """While firming up: the first fights and those back so far, shown as they grow."""
        if self._base is None or self.setup is None:
            return
        so_far = self.runner.so_far(_FIRM)
        if so_far is not None and so_far.fights:
            so_far.add(self._base)
            if self.odds is None or so_far.fights > self.odds.fights:
                self._show(odds.odds_of(self.setup, so_far))

    def _finished(self, tallies: dict[Hashable, odds.Tally]) -> None:
        assert self.setup is not None
        if _FIRST in tallies:
            self._base = tallies[_FIRST]
            self.first_after = time.perf_counter() - self.started_at
            self._show(odds.odds_of(self.setup, self._base))
            if self.firm > self.first:
                self._firm_up()
            return
        total = odds.Tally()
        total.add(tallies[_FIRM])
        if self._base is not None:
            total.add(self._base)
        self._show(odds.odds_of(self.setup, total))

    def _failed(self, text: str) -> None:
        self._key = None
        self._say(f"Odds: {text}")

    # -- showing -------------------------------------------------------------------------------

    def _show(self, result: odds.Odds) -> None:
        self.odds = result
        self.stale = False
        lead = f"Odds {self.when}: " if self.when else "Odds: "
        self._put(lead, result)
        tone(self.label, None)

    def _put(self, lead: str, result: odds.Odds) -> None:
        """The line, and the whole figures in its tooltip."""
        self.label.setText(lead + meter_text(result, self._side, ranges=self._roomy()))
        self.label.setToolTip(tooltip("\n".join([lead.rstrip(" :"),
                                                 *odds.summary_lines(result, self._side),
                                                 "Shift+O: the full odds"])))

    def _roomy(self) -> bool:
        """Ranges shown while setting up; in a fight the banner beside the meter says the
        morale and the dying, and needs the room more."""
        return self.session.enc.state.phase == "setup"

    def _grey(self, lead: str) -> None:
        """The figures shown, said to be of another moment, in the muted tone."""
        assert self.odds is not None
        self.stale = True
        self._put(lead, self.odds)
        tone(self.label, "muted")

    def _say(self, text: str) -> None:
        self.stale = True
        self.label.setText(text)
        self.label.setToolTip(tooltip(text))
        tone(self.label, "muted")

    @property
    def text(self) -> str:
        return self.label.text()
