"""Actions that cannot apply are disabled: the encounter's actions with no encounter
in front, Cast with nobody selected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest

from tests.gui.windows import open_campaign_window


def test_encounter_actions_follow_the_tab_in_front(tmp_path: Path, qtbot: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    tools = window.encounter_tools
    current = [window.action("encounter.delete"), window.action("encounter.player_view"),
               window.menu("encounter.screens").menuAction(), window.action("encounter.award_xp"),
               window.action("encounter.recap")]
    names = [a.text() for a in current]
    assert names == ["&Delete This Encounter", "&Player View", "Player View Full&screen On",
                     "&Award XP…", "Export &Recap (Markdown)…"]
    assert not any(a.isEnabled() for a in current)
    ew = tools.new_encounter("Ambush")
    assert window.tabs.currentWidget() is ew
    assert all(a.isEnabled() for a in current)
    window.tabs.setCurrentIndex(0)  # the roster in front: nothing to delete or show
    assert not any(a.isEnabled() for a in current)
    window.tabs.setCurrentWidget(ew)
    window.trigger("encounter.delete")  # the encounter goes, and its tab with it
    assert tools.current() is None
    assert not any(a.isEnabled() for a in current)


@pytest.mark.slow
def test_cast_needs_someone_selected_or_a_sheet_in_front(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    window.roster.clearSelection()
    assert not window.action("edit.cast").isEnabled()
    window.roster.setFocus()
    QTest.keyClick(window.roster, Qt.Key.Key_Down)  # the keyboard selects the first row
    assert window.selected_character_ids() and window.action("edit.cast").isEnabled()
    window.roster.selectionModel().clearSelection()
    assert not window.action("edit.cast").isEnabled()
    assert window.document is not None
    window.open_sheet(window.document.campaign.characters[2].id)
    assert window.action("edit.cast").isEnabled()
    window.tabs.setCurrentIndex(0)
    assert not window.action("edit.cast").isEnabled()
    window.roster.selectionModel().select(
        window.roster.model().index(1, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)
    assert window.action("edit.cast").isEnabled()
