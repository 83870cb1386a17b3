"""The player view at the table: Shift+H hides the selected combatant from it (one
undo step), and it goes fullscreen on a chosen screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtTest import QTest

from emberkeep.dice import RandomRoller
from gui.encounter.player_screens import screen_name
from gui.encounter.player_view import PlayerView
from tests.gui.test_encounter_window import key, open_encounter

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.mark.slow
def test_shift_h_hides_the_selected_from_the_players_and_undo_shows_it(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=2)
    view = ew.toggle_player_view()
    qtbot.addWidget(view)
    assert "Goblin 2" in view.texts()
    ew.select("goblin-2")
    key(ew, Qt.Key.Key_H, SHIFT)
    assert ew.enc.combatants["goblin-2"].hidden
    assert "Goblin 2" not in view.texts() and "Goblin 1" in view.texts()
    row = ew.model.row_of("goblin-2")
    assert row is not None
    shown = [str(ew.model.index(row, c).data())
             for c in range(ew.model.columnCount())]
    assert any("hidden from the players" in text for text in shown)  # the GM still sees it
    QTest.keyClick(ew.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not ew.enc.combatants["goblin-2"].hidden and "Goblin 2" in view.texts()
    QTest.keyClick(ew.table, Qt.Key.Key_Z, SHIFT | Qt.KeyboardModifier.ControlModifier)
    assert "Goblin 2" not in view.texts()
    ew.select("goblin-2")
    key(ew, Qt.Key.Key_H, SHIFT)  # revealed again
    assert "Goblin 2" in view.texts()
    assert window.document is not None
    assert window.document.undo_stack.undoText() == "Reveal Goblin 2"


def test_a_hidden_actor_s_turn_is_not_announced(tmp_path: Path, qtbot: Any,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=2)
    view = ew.open_player_view()
    qtbot.addWidget(view)
    key(ew, Qt.Key.Key_I)
    actor = ew.session.current_id()
    assert actor is not None
    name = ew.enc.combatants[actor].name
    assert view.acting.text() == f"{name}'s turn"
    ew.select(actor)
    key(ew, Qt.Key.Key_H, SHIFT)
    assert view.acting.text() == "" and name not in view.texts()


def _press(view: PlayerView, key_: Qt.Key) -> None:
    view.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, key_, Qt.KeyboardModifier.NoModifier))


def test_the_player_view_goes_fullscreen_on_the_chosen_screen(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=1)
    menu = window.menu("encounter.screens")
    menu.aboutToShow.emit()
    screens = QGuiApplication.screens()
    entries = menu.actions()
    assert [a.text() for a in entries] == [screen_name(n, s) for n, s in
                                           enumerate(screens, start=1)]
    assert entries[0].text().startswith("&1 ") and "×" in entries[0].text()
    entries[-1].trigger()
    view = ew.player_view
    assert view is not None
    qtbot.addWidget(view)
    assert view.isVisible() and view.isFullScreen() and view.screen() is screens[-1]
    # the keys as the view gets them once it is the active window; offscreen the main window
    # keeps the activation, so Qt's shortcut map would hand Esc to the encounter's own key
    # whichever widget a test sends it to: the view's handler is called as Qt would call it
    _press(view, Qt.Key.Key_Escape)
    assert not view.isFullScreen() and view.isVisible()
    _press(view, Qt.Key.Key_F11)
    assert view.isFullScreen()
    _press(view, Qt.Key.Key_F11)
    assert not view.isFullScreen()
    window.tabs.setCurrentIndex(0)  # no encounter in front: nothing to show
    menu.aboutToShow.emit()
    assert not menu.menuAction().isEnabled()
    assert not any(a.isEnabled() for a in menu.actions())


def test_monsters_can_come_in_hidden(tmp_path: Path, qtbot: Any,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.encounter.monster_form import MonsterForm

    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=1)
    view = ew.open_player_view()
    qtbot.addWidget(view)
    form = MonsterForm(12, ew)
    qtbot.addWidget(form)
    form.name.setText("Wight")
    form.count.setValue(2)
    form.hidden.setChecked(True)
    ew.add_monsters(form.monsters(RandomRoller(1), set(ew.enc.combatants)))
    wights = [c for c in ew.enc.combatants.values() if c.name.startswith("Wight")]
    assert len(wights) == 2 and all(c.hidden for c in wights)
    assert not any(text.startswith("Wight") for text in view.texts())
    goblin = next(c.name for c in ew.enc.combatants.values() if c.name.startswith("Goblin"))
    assert goblin in view.texts()  # the goblin, not hidden, still shows
