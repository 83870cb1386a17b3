"""The bestiary's count and Add by keys from its search field (Alt+digit, Ctrl+Up/Down, Enter),
and what was done said in a quiet tone, never the error tone that refusals use."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from gui.bestiary.window import BestiaryWindow
from gui.palette import tones
from tests.gui.test_encounter_window import Key, open_encounter

Mod = Qt.KeyboardModifier


def _text_colour(beasts: BestiaryWindow) -> str:
    return beasts.message.palette().color(QPalette.ColorRole.WindowText).name()


@pytest.mark.slow
def test_count_and_add_from_the_search_field(tmp_path: Path, qtbot: QtBot,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    main, window = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    beasts = main.encounter_tools.show_bestiary()
    assert isinstance(beasts, BestiaryWindow)
    beasts.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is beasts)
    assert beasts.search.hasFocus()
    QTest.keyClicks(beasts.search, "ogre")
    QTest.keyClick(beasts.search, Key.Key_3, Mod.AltModifier)
    assert beasts.count.value() == 3 and beasts.search.text() == "ogre"
    QTest.keyClick(beasts.search, Key.Key_Up, Mod.ControlModifier)
    assert beasts.count.value() == 4
    QTest.keyClick(beasts.search, Key.Key_Down, Mod.ControlModifier)
    QTest.keyClick(beasts.search, Key.Key_Down, Mod.ControlModifier)
    assert beasts.count.value() == 2
    QTest.keyClick(beasts.search, Key.Key_0, Mod.AltModifier)
    assert beasts.count.value() == 10
    QTest.keyClick(beasts.search, Key.Key_2, Mod.AltModifier)
    QTest.keyClick(beasts.search, Key.Key_Return)
    assert [c.name for c in window.enc.combatants.values()
            if c.name.startswith("Ogre")] == ["Ogre 1", "Ogre 2"]
    assert beasts.message.text() == "Added 2 × Ogre to Goblin ambush"
    palette = tones()
    assert _text_colour(beasts) == palette.muted.name() != palette.error.name()

    beasts.hp_mode.setCurrentIndex(beasts.hp_mode.findData("typed"))
    beasts.typed.setText("40 12")  # 4d8 cannot show 40: refused, in the error tone
    QTest.keyClick(beasts.search, Key.Key_Return)
    assert "cannot show 40" in beasts.message.text()
    assert _text_colour(beasts) == palette.error.name()
