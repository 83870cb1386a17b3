"""The deadliness meter in the encounter window's header: the party's odds while the GM sets the
fight up, followed after each change, the window turning all the while; in a fight it waits to
be asked; the player view never shows it."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.encounter.meter import DeadlinessMeter
from gui.encounter.monster_form import make_monsters
from gui.encounter.odds_runner import Job
from gui.encounter.window import EncounterWindow
from tests.gui.test_encounter_window import Key, key, open_encounter

DRAGON = MonsterStats(name="Red dragon", max_hp=160, room_dc=18, attack_bonus=10,
                      damage="4d10")


def _settled(meter: DeadlinessMeter) -> bool:
    """Figures of the encounter as it stands, firmed up, nothing running."""
    return (meter.odds is not None and not meter.stale and not meter.running
            and meter.odds.fights == meter.firm)


def _meter(window: EncounterWindow) -> DeadlinessMeter:
    meter = window.meter
    meter.firm = 400  # a smaller firm figure: the test waits on it
    return meter


@pytest.mark.slow
def test_the_meter_shows_the_odds_of_the_fight_set_up_and_follows_a_new_monster(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=2)
    meter = _meter(window)
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    before = meter.odds
    assert before is not None
    assert meter.text.startswith("Odds: Party wins ")
    assert before.party_wins.text() in meter.text and before.lost.text() in meter.text
    assert "flees" in meter.text and "–" in meter.text  # the range of each chance
    assert "On 400 simulated fights" in meter.label.toolTip()

    ticks: list[int] = []
    clock = QTimer(window)
    clock.setInterval(20)
    clock.timeout.connect(lambda: ticks.append(1))
    clock.start()
    window.add_monsters(make_monsters(DRAGON, 1, taken=set(window.enc.combatants)))
    ran = False

    def updated() -> bool:
        nonlocal ran
        ran = ran or meter.running
        return meter.odds is not None and meter.odds is not before and not meter.stale

    qtbot.waitUntil(updated, timeout=5_000)  # the first figure on the new fight, quickly
    assert ran and len(ticks) >= 5  # the event loop turned while the fights were played
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    clock.stop()
    after = meter.odds
    assert after is not None and after is not before
    # a red dragon joining the goblins does not make the party likelier to win
    assert after.party_wins.value < before.party_wins.value - 0.2


@pytest.mark.slow
def test_a_burst_of_changes_makes_one_run_and_a_stale_run_is_cancelled(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=2)
    meter = _meter(window)
    qtbot.waitUntil(lambda: meter.running, timeout=5_000)
    starts: list[list[Hashable]] = []
    original_start = meter.runner.start

    def start(jobs: list[Job], seed: int) -> None:
        starts.append([job.key for job in jobs])
        original_start(jobs, seed)

    monkeypatch.setattr(meter.runner, "start", start)
    for _ in range(3):  # three goblins in a row, before the pause is over
        window.add_monsters(make_monsters(make_goblin(), 1, taken=set(window.enc.combatants)))
    qtbot.waitUntil(lambda: bool(starts), timeout=5_000)
    qtbot.wait(meter.pause_ms * 2)
    # the pause gathered the burst into one run (its first figure, then the firming up)
    assert starts[0] == ["first"] and all(keys == ["firm"] for keys in starts[1:])
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    assert meter.setup is not None
    assert sum(c.kind == "monster" for c in meter.setup.combatants) == 5


def make_goblin() -> MonsterStats:
    return MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


@pytest.mark.slow
def test_in_a_fight_the_meter_waits_to_be_asked_and_greys_the_figures_before_it(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=3)
    meter = _meter(window)
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    shown = meter.odds
    key(window, Key.Key_I)  # the fight begins
    assert window.enc.state.phase == "fighting"
    qtbot.wait(meter.pause_ms * 3)
    assert not meter.running and meter.odds is shown and meter.stale
    assert meter.text.startswith("Odds before the fight: Party wins ")
    assert "–" not in meter.text  # short in a fight: the ranges are in the tooltip
    assert shown is not None and shown.party_wins.text() in meter.label.toolTip()
    for _ in range(3):  # turns go by: still nothing runs
        key(window, Key.Key_N)
        qtbot.wait(meter.pause_ms * 2)
        assert not meter.running

    key(window, Key.Key_O, Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.ShiftModifier)  # asked: a fresh estimate from here
    assert meter.running
    round_now = window.enc.state.round
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    assert meter.odds is not shown
    assert meter.text.startswith(f"Odds at round {round_now}: Party wins ")


@pytest.mark.slow
def test_the_player_view_has_no_meter(tmp_path: Path, qtbot: QtBot,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=2)
    meter = _meter(window)
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    view = window.toggle_player_view()
    qtbot.waitExposed(view)
    assert not view.findChildren(DeadlinessMeter)
    texts = [w.text() for w in view.findChildren(QLabel)]
    assert texts and not any("wins" in t or "Odds" in t for t in texts)
    assert meter.text.split(":")[1].strip() not in " ".join(texts)


@pytest.mark.slow
def test_the_first_figure_of_four_pcs_against_six_goblins_comes_within_seconds(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example party against six goblins: a first figure soon after the last change (the
    pause, then the first fights; a cold pool of workers adds its start). The time is kept on
    the meter (``first_after``) and printed for a report (pytest -s)."""
    import time

    started = time.perf_counter()
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=6)
    meter = window.meter
    qtbot.waitUntil(lambda: meter.odds is not None and not meter.stale, timeout=20_000)
    first = meter.first_after
    assert first is not None and first < 10
    shown = time.perf_counter() - started
    qtbot.waitUntil(lambda: _settled(meter), timeout=60_000)
    firm = time.perf_counter() - started
    print(f"\nmeter, 4 PCs vs 6 goblins: first figure {first:.2f} s after its run began "
          f"(+{meter.pause_ms} ms pause), {shown:.2f} s after the encounter was opened; "
          f"firm ({meter.firm} fights) {firm:.2f} s")


@pytest.mark.slow
def test_out_of_sight_the_meter_runs_nothing_and_follows_when_shown_again(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=2)
    meter = _meter(window)
    qtbot.waitUntil(lambda: meter.running, timeout=5_000)
    main.tabs.setCurrentIndex(0)  # the roster in front: the fight's tab out of sight
    assert not window.isVisible() and not meter.running
    window.add_monsters(make_monsters(DRAGON, 1, taken=set(window.enc.combatants)))
    qtbot.wait(meter.pause_ms * 3)
    assert not meter.running
    main.tabs.setCurrentWidget(window)
    qtbot.waitUntil(lambda: _settled(meter), timeout=30_000)
    assert meter.setup is not None
    assert any(c.name.startswith("Red dragon") for c in meter.setup.combatants)


@pytest.mark.slow
def test_a_melee_round_encounter_is_played_by_the_melee_rounds_own_steps(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from emberkeep.melee_round.sim import play_melee_fight
    from tests.gui.test_odds_melee_round import _open_bandits

    _main, window, _knights = _open_bandits(tmp_path, qtbot, monkeypatch)
    meter = _meter(window)
    qtbot.waitUntil(lambda: _settled(meter), timeout=60_000)
    assert meter.setup is not None and meter.setup.fight is play_melee_fight
    assert meter.text.startswith("Odds: Party wins ")
