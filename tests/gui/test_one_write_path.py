"""One write path: every change a window makes to a campaign is one operation on the undo stack.

The document watches the whole campaign while these tests drive the windows by their keys and
public actions: a change made around the undo stack (a widget writing into a core object) fails
the next step, and an operation whose Change leaves out a part it changed fails at once (the
recorder's check, on in every test). A preview, dropped, leaves no trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation, Refused
from emberkeep.campaign.scope import Scope, ScopeError
from emberkeep.campaign.steps import Rows
from emberkeep.dice import RandomRoller
from gui.clock import ClockController
from gui.document import CampaignDocument
from gui.sheet import CharacterSheet
from tests.gui.test_encounter_window import Key, key, open_encounter


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CampaignDocument, "watch_outside_changes", True)


@pytest.mark.slow
@pytest.mark.usefixtures("watched")
def test_a_fight_a_sheet_and_the_clock_write_only_through_operations(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11))
    document = window.document
    assert document is not None
    key(ew, Key.Key_I)
    for _ in range(6):
        key(ew, Key.Key_A)
        if ew.panel.pending is not None:
            key(ew, Key.Key_Return)
        if ew.enc.state.morale_pending:
            key(ew, Key.Key_M)
        key(ew, Key.Key_N)
    fighter = document.campaign.characters[0]
    sheet = CharacterSheet(document, fighter.id)
    qtbot.addWidget(sheet)
    edit = sheet.fields["name"]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "Brannoc the Bold")
    qtbot.mouseClick(sheet.gear.add_button, Qt.MouseButton.LeftButton)
    steps = document.undo_stack.count()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert document.undo_stack.count() == steps
    assert document.character(fighter.id).name == "Brannoc the Bold"


@pytest.mark.usefixtures("watched")
def test_a_write_around_the_undo_stack_is_caught(qtbot: QtBot) -> None:
    from emberkeep.campaign.example import build_example_campaign

    document = CampaignDocument(build_example_campaign())
    document.edit_character(document.campaign.characters[0].id, "xp", 5)
    document.campaign.characters[1].xp = 99  # what no widget may do
    with pytest.raises(AssertionError, match="changed outside an operation"):
        document.edit_character(document.campaign.characters[0].id, "xp", 6)


@dataclass
class _Silent:
    """An undoable that changes a sheet's HP and names nothing."""

    campaign: Campaign

    @property
    def change(self) -> Change:
        return Change()

    def redo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        campaign.characters[0].hp -= 1
        return self.change

    def undo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        campaign.characters[0].hp += 1
        return self.change

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True)
class _Unnamed:
    text: str = "Hurt someone quietly"

    def execute(self, campaign: Campaign) -> tuple[None, _Silent]:
        done = _Silent(campaign)
        done.redo(campaign)
        return None, done


def test_an_operation_whose_change_leaves_out_what_it_changed_fails(qtbot: QtBot) -> None:
    from emberkeep.campaign.example import build_example_campaign

    document = CampaignDocument(build_example_campaign())
    before = document.campaign.model_dump()
    with pytest.raises(ScopeError, match=r"Change does not name: pc .*hp"):
        document.execute(_Unnamed())
    assert document.campaign.model_dump() == before
    assert document.undo_stack.count() == 0


def test_a_refusal_is_one_type_with_the_reason_and_changes_nothing(qtbot: QtBot) -> None:
    from emberkeep.campaign.example import build_example_campaign

    document = CampaignDocument(build_example_campaign())
    before = document.campaign.model_dump()

    def refuse(campaign: Campaign) -> None:
        campaign.characters[0].xp = 1000
        raise KeyError("no such torch")

    command = document.execute(Operation("Light a torch", refuse, Scope.of(
        [document.campaign.characters[0].id])))
    assert isinstance(command.error, Refused) and str(command.error) == "no such torch"
    assert document.campaign.model_dump() == before and document.undo_stack.count() == 0


def test_a_dropped_preview_leaves_no_trace(tmp_path: Path, qtbot: QtBot,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(5))
    document = window.document
    assert document is not None
    key(ew, Key.Key_I)
    campaign_before = document.campaign.model_dump_json()
    engine_before = ew.enc.fingerprint()
    key(ew, Key.Key_A)  # the attack panel previews what Enter will do
    assert ew.panel.pending is not None
    assert document.campaign.model_dump_json() == campaign_before
    assert ew.enc.fingerprint() == engine_before
    controller = ClockController(document, RandomRoller(5))
    from emberkeep.clock.operations import advance_clock

    start = document.campaign.time
    prepared = document.preview(advance_clock(3600, controller.roller))
    assert document.campaign.model_dump_json() == campaign_before
    document.execute(prepared)  # what the preview showed, applied as it was
    assert document.campaign.time == start + 3600
