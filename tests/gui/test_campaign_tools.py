"""The clock and the Repairs tab in the main window."""

from __future__ import annotations

from pathlib import Path

from emberkeep.dice import ScriptedRoller
from gui.main_window import MainWindow
from tests.gui.windows import open_campaign_window


def _window(tmp_path: Path, qtbot: object, monkeypatch: object) -> MainWindow:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)  # type: ignore[arg-type]
    return window


def test_the_date_is_shown_and_a_day_advances_with_one_key(tmp_path: Path, qtbot: object,
                                                           monkeypatch: object) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    tools = window.campaign_tools
    assert tools.date_label.text() == "Day 14 of Month 3, year 1023, 08:00"
    day = window.action("campaign.advance.day")
    assert day.shortcut().toString() == "Alt+D" and day in window.menu("campaign.advance").actions()
    day.trigger()
    assert tools.date_label.text() == "Day 15 of Month 3, year 1023, 08:00"
    assert window.isWindowModified()
    assert window.document is not None
    window.document.undo_stack.undo()
    assert tools.date_label.text() == "Day 14 of Month 3, year 1023, 08:00"


def test_repairs_tab_opens_closes_and_reopens(tmp_path: Path, qtbot: object,
                                              monkeypatch: object) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    tools = window.campaign_tools
    repairs = tools.show_repairs()
    assert window.tabs.currentWidget() is repairs
    window.close_tab(window.tabs.indexOf(repairs))
    again = tools.show_repairs()
    assert window.tabs.indexOf(again) > 0


def test_a_rest_from_the_menu_heals(tmp_path: Path, qtbot: object, monkeypatch: object) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    window.roller = ScriptedRoller([4])
    tools = window.campaign_tools
    assert window.document is not None
    tools.follow(window.document)  # the clock takes the window's roller
    fighter = next(c for c in window.document.campaign.characters if c.class_id == "fighter")
    fighter.hp = 1
    assert window.action("campaign.advance.short").text() == "Short Rest"
    window.trigger("campaign.advance.short")
    assert fighter.hp == 5
