"""Reopen where you left off: the fights a campaign showed in tabs when it was closed come back
as tabs on the next start, each on its round and turn, its log on its latest line; a fight no
longer in the file is skipped without a word, one that cannot be rebuilt is named once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign.model import EncounterRecord
from emberkeep.dice import RandomRoller, Roller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.persist import EncounterFileError
from gui import dialogs
from gui.app import open_window
from gui.document import CampaignDocument
from gui.encounter import session as session_module
from gui.encounter.session import EncounterSession
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.state import AppState
from tests.gui.windows import open_campaign_window

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _fight(window: MainWindow, name: str) -> EncounterWindow:
    from gui.encounter.monster_form import make_monsters

    ew = window.encounter_tools.new_encounter(name)
    assert ew is not None and window.document is not None
    ew.add_pcs([c.id for c in window.document.campaign.characters if c.level == 1])
    ew.add_monsters(make_monsters(GOBLIN, 3, taken=set(ew.enc.combatants)))
    return ew


def _restart(qtbot: QtBot) -> MainWindow:
    """The start path as the app takes it: the state as saved on disk, the last campaign."""
    window = open_window(None, AppState.load(), offer_recovery=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    return window


@pytest.mark.slow
def test_a_fight_open_at_close_reopens_on_its_round_and_turn_with_the_log_at_the_end(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.roller = RandomRoller(11)
    window.resize(1366, 768)
    window.show()
    ew = _fight(window, "Goblin ambush")
    ew.roll_initiative()
    for _ in range(12):  # a few rounds: more log lines than the pane shows at once
        if ew.enc.state.phase == "over":
            break
        ew.next_turn()
    record_id = ew.session.record.id
    where = (ew.enc.state.round, ew.session.current_id(), len(ew.enc.history))
    assert where[0] >= 2 and where[1] is not None
    assert window.save()
    window.close()
    QApplication.processEvents()

    again = _restart(qtbot)
    assert again.document is not None and again.document.path == path.resolve()
    qtbot.waitUntil(lambda: again.encounter_tools.current() is not None)
    back = again.encounter_tools.current()
    assert back is not None and back.session.record.id == record_id
    assert again.tabs.count() == 2 and again.tabs.tabText(1) == "⚔ Goblin ambush"
    assert (back.enc.state.round, back.session.current_id(), len(back.enc.history)) == where
    bar = back.log_view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)  # the log is longer than its pane
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())
    last = back.log_model.rowCount() - 1
    assert back.log_view.rowAt(back.log_view.viewport().height() - 2) in (last, -1)


@pytest.mark.slow
def test_a_closed_tab_is_not_reopened(tmp_path: Path, qtbot: QtBot,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    ew = _fight(window, "Over already")
    assert window.save()
    assert window.state.fights_of(_path) == [ew.session.record.id]
    window.tabs.tabCloseRequested.emit(window.tabs.indexOf(ew))  # the tab's ✕
    assert window.state.fights_of(_path) == []
    window.close()

    again = _restart(qtbot)
    QApplication.processEvents()
    QApplication.processEvents()
    assert again.tabs.count() == 1 and again.encounter_tools.current() is None


@pytest.mark.slow
def test_a_gone_fight_is_skipped_and_a_broken_one_is_reported_once(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    gone = _fight(window, "Deleted since").session.record.id
    _fight(window, "Broken keep")
    kept = _fight(window, "Still fine")
    kept.roll_initiative()
    assert window.save()
    window.close()
    QApplication.processEvents()
    # the file changed outside: one fight removed
    data = json.loads(path.read_text(encoding="utf-8"))
    data["encounters"] = [r for r in data["encounters"] if r["id"] != gone]
    broken = next(r for r in data["encounters"] if r["name"] == "Broken keep")
    path.write_text(json.dumps(data), encoding="utf-8")
    # the loader refuses a fight it cannot resume, so a file that opens rebuilds its fights:
    # the refusal here stands in for one it could not foresee
    def session(document: CampaignDocument, record: EncounterRecord, roller: Roller,
                parent: QObject | None = None) -> EncounterSession:
        if record.name == "Broken keep":
            raise EncounterFileError(f"{record.name}: its steps do not fit its combatants",
                                     "steps[0]")
        return EncounterSession(document, record, roller, parent)

    # the encounter tools import the session when a fight opens: they find this one
    monkeypatch.setattr(session_module, "EncounterSession", session)
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda _parent, title, message: shown.append((title, message)))

    again = _restart(qtbot)
    qtbot.waitUntil(lambda: again.encounter_tools.current() is not None)
    QApplication.processEvents()
    assert [again.tabs.tabText(i) for i in range(again.tabs.count())] == [
        "Roster", "⚔ Still fine"]
    assert len(shown) == 1
    title, message = shown[0]
    assert title == "Some fights could not be reopened"
    assert "Broken keep: its steps do not fit its combatants" in message
    assert "Deleted since" not in message
    assert gone not in message and broken["id"] not in message  # ids never reach the screen
    again.close()
    QApplication.processEvents()

    third = _restart(qtbot)
    qtbot.waitUntil(lambda: third.encounter_tools.current() is not None)
    QApplication.processEvents()
    assert len(shown) == 1  # reported once: the broken fight is forgotten, not retried
