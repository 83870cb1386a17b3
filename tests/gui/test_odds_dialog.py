"""Encounter → Odds by keys: open it on the example party against goblins, run,
cancel, run again with a seed and read the figures, which are the core's for that seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from emberkeep.encounter import odds
from gui.encounter.odds_dialog import OddsDialog, open_odds
from tests.gui.fit import LAPTOPS, assert_fits
from tests.gui.test_encounter_window import Key, key, open_encounter
from tests.gui.test_screen_fit import _fight, _on_laptop


def _cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    return "" if item is None else item.text()


def _type(widget: QWidget, text: str) -> None:
    QTest.keyClick(widget, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(widget, text)


@pytest.mark.slow
def test_odds_dialog_runs_cancels_and_reruns_with_a_seed(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=6)
    key(window, Key.Key_O, Qt.KeyboardModifier.ShiftModifier)
    dialog = window.window().findChild(OddsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.windowHandle().requestActivate()  # the offscreen platform does not on show()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert "nearest standing foe" in dialog.policy.toPlainText()
    assert dialog.fights.value() == odds.DEFAULT_FIGHTS
    dialog.fights.setFocus()
    QTest.keyClick(dialog.fights, Key.Key_Return)  # the default button: Run
    assert dialog.runner.running, dialog.status.text()
    QTest.keyClick(dialog.fights, Key.Key_Escape)  # cancels the run, keeps the dialog
    assert not dialog.runner.running and dialog.isVisible()
    assert dialog.status.text() == "Cancelled." and dialog.odds is None

    _type(dialog.fights, "600")
    dialog.seed.setFocus()
    _type(dialog.seed, "42")
    QTest.keyClick(dialog.seed, Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.status.text() == "Done.", timeout=120_000)
    figures = dialog.odds
    assert figures is not None and figures.fights == 600
    expected = odds.odds_of(dialog.setup, odds.simulate(dialog.setup, 600, seed=42))
    assert figures == expected  # same seed, workers or not: the same figures
    assert "On 600 simulated fights" in dialog.summary.text()
    assert dialog.table.rowCount() == 4
    assert _cell(dialog.table, 0, 0) == "Brannoc Ironhand"
    assert _cell(dialog.table, 0, 1) == figures.pcs[0].dropped.text()
    # the party's flight beside win and loss, and each PC's, in the GM's words
    assert f"Party flees {figures.fled.text()}: its last PCs standing ran" in dialog.summary.text()
    assert f"Party loses {figures.lost.text()}: every PC down" in dialog.summary.text()
    flees = dialog.table.horizontalHeaderItem(3)
    assert flees is not None and flees.text() == "Flees"
    assert [_cell(dialog.table, r, 3) for r in range(4)] == [p.fled.text() for p in figures.pcs]
    assert 0 < figures.fled.hits < 600  # the example's bandits do make some parties run
    assert len(dialog.bars.rows) == 4 and sum(v for _l, v in dialog.rounds.columns) == 600

    dialog.up_to.setValue(3)
    QTest.keyClick(QApplication.focusWidget(), Key.Key_W,
                   Qt.KeyboardModifier.AltModifier)  # the what-if sweep
    assert dialog.runner.running, dialog.status.text()
    qtbot.waitUntil(lambda: dialog.status.text().startswith("What if"), timeout=120_000)
    assert sorted(dialog.sweep) == [1, 2, 3]
    assert dialog.sweep[1].value >= dialog.sweep[3].value
    QTest.keyClick(dialog, Key.Key_Escape)
    QApplication.processEvents()
    assert not dialog.isVisible()
    assert window.enc.state.phase == "setup" and not window.enc.history  # nothing changed

    # the fight begins (I: initiative); opened again, the odds go on "from here"
    top = window.window()
    top.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is top)
    window.table.setFocus()
    key(window, Key.Key_I)
    assert window.enc.state.phase == "fighting"
    key(window, Key.Key_O, Qt.KeyboardModifier.ShiftModifier)
    assert top.findChild(OddsDialog) is dialog and dialog.isVisible()
    assert dialog.start_from.currentData() == "here"
    assert dialog.start_from.currentText() == "from here (round 1)"
    assert dialog._setup().state.round == 1


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
def test_the_figures_with_the_partys_flight_fit_a_laptop(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, laptop: str) -> None:
    """At 1366×768 and 1280×800 the dialog showing every figure (the summary's "Party flees"
    line, the table's Flees column, the charts) lies inside the screen, every column in view."""
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop)
    ew = _fight(window, "group")
    dialog = open_odds(ew, ew.session)
    setup = dialog._setup()
    dialog.setup = setup
    dialog.show_odds(odds.odds_of(setup, odds.simulate(setup, 200, seed=1)))
    QApplication.processEvents()
    assert_fits(dialog)
    assert "Party flees" in dialog.summary.text()
    assert dialog.summary.height() >= dialog.summary.heightForWidth(dialog.summary.width())
    table = dialog.table
    last = table.columnCount() - 1
    assert table.columnViewportPosition(last) + table.columnWidth(last) <= (
        table.viewport().width())
    assert dialog.bars.height() > 0 and dialog.rounds.height() > 0
    dialog.close()


@pytest.mark.slow
def test_the_figures_firm_up_while_the_fights_run(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM reads a first answer long before the last chunk: each poll shows the fights
    played so far, said as such; the end shows the seed's figures."""
    _main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=6)
    dialog = open_odds(window, window.session)
    seen: list[tuple[int, str]] = []
    dialog.runner.progress.connect(
        lambda done, total: seen.append((dialog.odds.fights if dialog.odds else 0,
                                         dialog.status.text())))
    dialog.fights.setValue(3000)
    dialog.run()
    qtbot.waitUntil(lambda: dialog.status.text() == "Done.", timeout=120_000)
    early = [(n, text) for n, text in seen if 0 < n < 3000]
    assert early, seen
    n, text = early[0]
    assert text == f"Simulating… figures so far, on {n} of 3000 fights"
    assert dialog.odds is not None and dialog.odds.fights == 3000 and dialog.setup is not None
    assert dialog.odds == odds.odds_of(dialog.setup, odds.simulate(dialog.setup, 3000, seed=1))
    assert "On 3000 simulated fights" in dialog.summary.text()


def test_the_rounds_chart_gathers_the_long_tail_in_one_column() -> None:
    from gui.encounter.odds_dialog import _round_columns

    assert _round_columns({1: 50, 2: 45, 3: 4, 60: 1}) == [
        ("1", 50), ("2", 45), ("3", 4), ("4+", 1)]
    assert _round_columns({2: 10, 4: 90}) == [("1", 0), ("2", 10), ("3", 0), ("4", 90)]
