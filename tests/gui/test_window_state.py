"""The main window's layout comes back at the next start: docks (shown, where), the toolbar,
and an encounter tab's splitters, per screen with the geometry (gui.window_layout)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter

from gui.main_window import MainWindow
from gui.screen_fit import screen_key
from gui.state import AppState
from gui.window_layout import MAIN, splitters_of
from tests.gui.windows import open_campaign_window


def restart(qtbot: Any, window: MainWindow) -> MainWindow:
    """Close the window as the GM does (the state saved), then start again from the file."""
    assert window.close()
    again = MainWindow(AppState.load())
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    return again


def test_docks_and_the_toolbar_come_back_as_left(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    timeline, tray = window.campaign_tools.dock, window.toolbox.dock
    toolbar = window.commands.toolbar("roster")
    assert not timeline.isVisible() and not tray.isVisible() and toolbar.isVisible()
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, timeline)
    timeline.show()
    toolbar.hide()

    again = restart(qtbot, window)
    assert again.campaign_tools.dock.isVisible()
    assert again.dockWidgetArea(again.campaign_tools.dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert not again.toolbox.dock.isVisible()
    assert not again.commands.toolbar("roster").isVisible()
    key = screen_key(again.screen())
    assert " " in key and "x" in key.rpartition(" ")[2]  # the screen's name and its size
    assert set(AppState.load().window_layout) == {key}


def test_a_dice_tray_left_open_comes_back_with_its_tray(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tray is made when its dock first shows: a restored layout shows it
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    window.toolbox.dock.show()
    again = restart(qtbot, window)
    qtbot.waitUntil(again.toolbox.dock.isVisible)
    assert again.toolbox._tray is not None and again.toolbox.dock.widget() is again.toolbox.tray


def test_a_layout_kept_for_another_screen_is_not_forced_on_this_one(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    window.campaign_tools.dock.show()
    assert window.close()
    state = AppState.load()
    kept = state.window_layout.pop(screen_key(window.screen()))
    state.window_layout["HDMI-9 3840x2160"] = kept  # the big monitor at home
    state.window_screen = "HDMI-9 3840x2160"  # not connected now
    state.save()
    again = MainWindow(AppState.load())
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert not again.campaign_tools.dock.isVisible()  # this screen's default


def test_an_encounter_tab_s_splitters_come_back(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.resize(1300, 740)
    window.show()
    qtbot.waitExposed(window)
    fight = window.encounter_tools.new_encounter("Fight")
    assert fight is not None
    qtbot.waitUntil(lambda: fight.isVisible())
    splitters = splitters_of(fight)
    assert set(splitters) == {"EncounterWindow/0", "EncounterWindow/1"}
    log_split = next(s for s in splitters.values()
                     if s.orientation() == Qt.Orientation.Vertical)
    total = sum(log_split.sizes())
    log_split.setSizes([total - 260, 260])  # the GM drags the log taller
    wanted = log_split.sizes()

    window.close_tab(window.tabs.indexOf(fight))  # remembered as the tab closes
    second = window.encounter_tools.new_encounter("Second fight")
    assert second is not None
    qtbot.waitUntil(lambda: second.isVisible())
    again = next(s for s in second.findChildren(QSplitter)
                 if s.orientation() == Qt.Orientation.Vertical)
    assert again.sizes() == wanted

    assert window.close()  # and kept for the next start
    state = AppState.load()
    layout = state.window_layout[screen_key(window.screen())]
    assert {MAIN, "EncounterWindow/0", "EncounterWindow/1"} <= set(layout)
