"""The clock in the GUI: advance a day, see what changed and the sheets; undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving
from emberkeep.campaign.calendar import DAY, HOUR
from emberkeep.campaign.example import build_example_campaign
from emberkeep.clock.schedule import add_condition, start_timer
from emberkeep.dice import ScriptedRoller
from gui.clock import AdvanceToDialog, ClockController, TimelineView, summarize
from gui.document import CampaignDocument


@pytest.fixture
def document(tmp_path: Path, qtbot: QtBot) -> CampaignDocument:
    campaign = build_example_campaign()
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    add_condition(campaign, fighter, "FRIGHTENED", seconds=2 * HOUR, source="a banshee's wail")
    start_timer(campaign, "the torches gutter", 30 * 60)
    fighter.caster = fighter.caster.record_healed(1)
    path = tmp_path / "clock.json"
    saving.save(campaign, path)
    return CampaignDocument.open(path)


def test_advancing_a_day_lists_the_changes_updates_sheets_and_undoes(
        document: CampaignDocument, qtbot: QtBot) -> None:
    controller = ClockController(document, ScriptedRoller([]))
    view = TimelineView(controller)
    qtbot.addWidget(view)
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    assert view.model.rowCount() == 2
    changed: list[str] = []
    document.campaignChanged.connect(lambda change: changed.extend(change.characters))
    start = document.campaign.time
    controller.advance("day")
    assert document.campaign.time == start + DAY
    assert fighter.conditions == [] and fighter.caster.healed_hd_today == 0
    assert view.model.rowCount() == 0
    texts = [view.changes.item(i).text() for i in range(view.changes.count())]
    assert any("the torches gutter ended" in t for t in texts)
    assert any("FRIGHTENED" in t for t in texts)
    assert "1 condition(s) ended" in view.heading.text()
    assert fighter.id in changed and document.is_modified
    document.undo_stack.undo()
    assert document.campaign.time == start
    assert [c.name for c in fighter.conditions] == ["FRIGHTENED"]
    assert fighter.caster.healed_hd_today == 1 and view.model.rowCount() == 2
    document.undo_stack.redo()
    assert document.campaign.time == start + DAY and fighter.conditions == []


def test_a_timeline_made_after_an_advance_lists_what_it_changed(
        document: CampaignDocument, qtbot: QtBot) -> None:
    """The timeline's dock is built when first shown, often after the clock moved."""
    controller = ClockController(document, ScriptedRoller([]))
    controller.advance("day")
    view = TimelineView(controller)
    qtbot.addWidget(view)
    texts = [view.changes.item(i).text() for i in range(view.changes.count())]
    assert any("the torches gutter ended" in t for t in texts)
    assert "1 condition(s) ended" in view.heading.text()
    document.undo_stack.undo()  # an undo says nothing changed
    assert view.changes.count() == 0 and controller.last_changes == []


def test_a_short_rest_through_the_controller(document: CampaignDocument) -> None:
    controller = ClockController(document, ScriptedRoller([3]))
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")
    fighter.hp = 2
    controller.advance("short")
    assert fighter.hp == 5 and fighter.hit_dice == 0
    assert document.undo_stack.undoText() == "Short rest"


def test_advance_to_refuses_the_past(document: CampaignDocument, qtbot: QtBot) -> None:
    controller = ClockController(document, ScriptedRoller([]))
    dialog = AdvanceToDialog(controller)
    qtbot.addWidget(dialog)
    dialog.year.setValue(dialog.year.value() - 1)
    dialog.accept()
    assert "already past" in dialog.error.text() and dialog.result() == 0
    with pytest.raises(ValueError):
        controller.advance_to(document.campaign.time - 1)


def test_summary_counts_kinds() -> None:
    from emberkeep.clock.advance import Happening

    assert summarize([Happening(0, "condition", "a"), Happening(0, "condition", "b"),
                      Happening(0, "repair", "c")]) == "2 condition(s) ended, 1 repair(s) done"
    assert summarize([]) == "nothing else changed"
