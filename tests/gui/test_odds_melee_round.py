"""Encounter → Odds on a Melee Round encounter: two knights against three bandits,
by keys; the dialog states the Melee Round's policy, runs in its workers, shows the core's
figures for the seed, and the what-if sweep plays the Melee Round too."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller
from emberkeep.encounter import odds
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.melee_round.sim import play_melee_fight
from gui.encounter.odds_dialog import OddsDialog
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import Key, key
from tests.gui.windows import open_campaign_window

BANDIT = MeleeMonster(name="Bandit", max_hp=20, skill=10, armor_points=4, siz=12,
                      damage="3d6", weapon_id="spear")


def _open_bandits(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
                  ) -> tuple[MainWindow, EncounterWindow, list[Character]]:
    """Two knights at yard 0, three bandits at yard 6, in a new Melee Round encounter."""
    campaign = build_example_campaign()
    knights = [c for c in campaign.characters if c.level == 1][:2]
    for ch in knights:
        ch.knight = KnightProfile()
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    window.roller = RandomRoller(3)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    ew = window.encounter_tools.new_encounter("Bandits at the bridge")
    assert ew is not None and window.document is not None
    ew.session.set_setup("Melee Round", resolution=Resolution.MELEE_ROUND)
    document = window.document
    ew.session.add_combatants([*(pc_combatant(document.character(ch.id), position=0)
                                 for ch in knights),
                               *monster_combatants(BANDIT, 3, position=6)], "Add the fight")
    ew.table.setFocus()
    QApplication.processEvents()
    return window, ew, knights


@pytest.mark.slow
def test_the_odds_play_a_melee_round_encounter(tmp_path: Path, qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew, knights = _open_bandits(tmp_path, qtbot, monkeypatch)
    key(ew, Key.Key_O, Qt.KeyboardModifier.ShiftModifier)
    dialog = window.findChild(OddsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert "Melee Round" in dialog.policy.toPlainText()
    assert "divides its weapon skill evenly" in dialog.policy.toPlainText()
    assert dialog.kind.currentText() == "Bandit"

    dialog.fights.setValue(400)
    dialog.seed.setValue(9)
    dialog.fights.setFocus()
    QTest.keyClick(dialog.fights, Key.Key_Return)  # Run
    assert dialog.runner.running, dialog.status.text()
    qtbot.waitUntil(lambda: dialog.status.text() == "Done.", timeout=120_000)
    assert dialog.setup is not None and dialog.setup.fight is play_melee_fight
    figures = dialog.odds
    assert figures is not None and figures.fights == 400
    assert figures == odds.odds_of(dialog.setup, odds.simulate(dialog.setup, 400, seed=9))
    assert figures.won.hits + figures.surrendered.hits + figures.lost.hits > 0
    assert "On 400 simulated fights" in dialog.summary.text()
    assert dialog.table.rowCount() == 2
    assert dialog.table.item(0, 0).text() == knights[0].name  # type: ignore[union-attr]
    assert dialog.table.item(0, 1).text() == figures.pcs[0].dropped.text()  # type: ignore[union-attr]
    assert sum(v for _label, v in dialog.rounds.columns) == 400

    dialog.up_to.setValue(2)
    QTest.keyClick(QApplication.focusWidget() or dialog, Key.Key_W, Qt.KeyboardModifier.AltModifier)
    assert dialog.runner.running, dialog.status.text()
    qtbot.waitUntil(lambda: dialog.status.text().startswith("What if"), timeout=120_000)
    assert sorted(dialog.sweep) == [1, 2]
    two = odds.sweep_setup(dialog.setup, "Bandit", 2)  # the core's figure for two bandits
    assert dialog.sweep[2] == odds.odds_of(two, odds.simulate(two, 200, seed=9)).party_wins
    QTest.keyClick(dialog, Key.Key_Escape)
    QApplication.processEvents()
    assert not dialog.isVisible()
    assert ew.enc.state.phase == "setup" and not ew.enc.history  # nothing changed

    # a new melee round (I); opened again, the odds go on "from here", by the Melee Round still
    top = window.window()
    top.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is top)
    ew.table.setFocus()
    key(ew, Key.Key_I)
    assert ew.enc.state.phase == "fighting" and ew.enc.state.round == 1
    key(ew, Key.Key_O, Qt.KeyboardModifier.ShiftModifier)
    assert top.findChild(OddsDialog) is dialog and dialog.isVisible()
    assert dialog.start_from.currentText() == "from here (round 1)"
    dialog.fights.setValue(200)
    dialog.run()
    qtbot.waitUntil(lambda: dialog.status.text() == "Done.", timeout=120_000)
    assert dialog.setup.state.round == 1 and dialog.setup.fight is play_melee_fight
    assert dialog.odds is not None and dialog.odds.fights == 200


@pytest.mark.slow
def test_a_joust_between_two_sides_of_knights_tells_the_chosen_sides_odds(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A joust has no "party" side (gold against azure): the dialog offers the encounter's
    sides, takes the first with a PC, and the GM picks the other; the figures say whose."""
    campaign = build_example_campaign()
    knights = [c for c in campaign.characters if c.level == 1][:2]
    for ch in knights:
        ch.knight = KnightProfile()
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    ew = window.encounter_tools.new_encounter("The joust")
    assert ew is not None and window.document is not None
    ew.session.set_setup("Melee Round", resolution=Resolution.MELEE_ROUND)
    document = window.document
    ew.session.add_combatants([pc_combatant(document.character(knights[0].id), side="gold",
                                            position=0),
                               pc_combatant(document.character(knights[1].id), side="azure",
                                            position=1)], "Add the knights")
    ew.table.setFocus()
    QApplication.processEvents()
    key(ew, Key.Key_O, Qt.KeyboardModifier.ShiftModifier)
    dialog = window.findChild(OddsDialog)
    assert dialog is not None
    assert [dialog.side.itemText(i) for i in range(dialog.side.count())] == ["gold", "azure"]
    assert dialog.side.currentData() == "gold"
    dialog.side.setCurrentIndex(1)
    dialog.fights.setValue(200)
    dialog.run()
    qtbot.waitUntil(lambda: dialog.status.text() == "Done.", timeout=120_000)
    assert dialog.setup is not None and dialog.setup.side == "azure"
    assert [p.name for p in dialog.odds.pcs] == [knights[1].name]  # type: ignore[union-attr]
    assert dialog.summary.text().startswith("Azure wins ")
