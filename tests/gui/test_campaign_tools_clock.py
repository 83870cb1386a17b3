"""The status bar's date needs no clock: the clock is made when first asked for, follows the
open campaign, and moves the date as it did when it was made with the window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from emberkeep.campaign.calendar import Calendar
from emberkeep.dice import ScriptedRoller
from tests.gui.windows import open_campaign_window


def _date(campaign: Any) -> str:
    return Calendar(campaign.settings.time).format(campaign.time)


def test_the_date_shows_before_the_clock_is_made_and_moves_with_it(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    tools = window.campaign_tools
    document = window.document
    assert document is not None
    started = document.campaign.time
    assert tools._clock is None  # nothing asked for it yet
    assert tools.date_label.text() == _date(document.campaign)

    window.roller = ScriptedRoller([1] * 50)
    tools.advance("hour")
    clock = tools._clock
    assert clock is not None and clock.document is document
    assert document.campaign.time == started + 3600
    assert tools.date_label.text() == _date(document.campaign) == clock.now_text()

    document.undo_stack.undo()
    assert tools.date_label.text() == _date(document.campaign)

    window.open_path(path, ask=False)  # another document: the old clock stays with the old one
    assert tools._clock is None
    assert tools.clock is not None and tools.clock.document is window.document


def test_who_rests_reaches_a_clock_made_later(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from emberkeep.character.groups import CharacterGroup

    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    groups = frozenset({CharacterGroup.PARTY})
    window.campaign_tools.rest_who(groups)
    clock = window.campaign_tools.clock
    assert clock is not None and clock.rest_groups == groups
    window.campaign_tools.rest_who(None)
    assert clock.rest_groups is None
