"""The player view, the models' change signals, resuming from the file, the monster form, the
recap export, Help → Shortcuts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QSignalSpy
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import EncounterRecord
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.ruling import SetHp, gm_ruling
from emberkeep.encounter.setup import pc_combatants
from gui.document import CampaignDocument
from gui.encounter.monster_form import MonsterForm, make_monsters
from gui.encounter.session import EncounterSession
from gui.encounter.shortcuts import ShortcutsDialog, shortcuts_for
from gui.encounter.window import EncounterWindow
from tests.gui.test_encounter_window import Key, key, open_encounter

OGRE = MonsterStats(name="Ogre", max_hp=41, room_dc=14, attack_bonus=4, damage="2d6")


def _session(monsters: int = 0, *, extra: int = 0) -> EncounterSession:
    campaign = build_example_campaign()
    record = EncounterRecord(name="Test")
    campaign.encounters.append(record)
    document = CampaignDocument(campaign)
    session = EncounterSession(document, record, RandomRoller(1), document)
    party = [c for c in campaign.characters if c.level == 1]
    combatants = pc_combatants(party)
    stats = OGRE if not extra else OGRE.model_copy(update={"name": "Orc"})
    combatants += make_monsters(stats, monsters)
    session.add_combatants(combatants, "setup")
    return session


def test_the_player_view_never_shows_a_monster_hp_number(qtbot: QtBot) -> None:
    """Monsters show only "unhurt / wounded / bloodied / down", never numbers."""
    session = _session(3)
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    view = window.toggle_player_view()
    assert view.isVisible()
    session.run("hurt", lambda enc: gm_ruling(enc, "hurt", [SetHp("ogre-2", 37),
                                                            SetHp("ogre-3", 19)]))
    session.run("down", lambda enc: gm_ruling(enc, "down", [SetHp("ogre-1", 0)]))
    texts = view.texts()
    words = {view.model.data(view.model.index(r, 2)) for r in range(view.model.rowCount())
             if session.enc.combatants[view.model.rows[r]].kind == "monster"}
    assert words == {"down", "wounded", "bloodied"}
    numbers = {int(n) for t in texts for n in re.findall(r"\d+", t)}
    assert not numbers & {0, 37, 19, 41}, "no monster HP (or max HP) appears anywhere"
    assert any("7/7 HP" in t for t in texts)  # a PC's HP is shown
    session.run("heal", lambda enc: gm_ruling(enc, "heal", [SetHp("ogre-2", 41)]))
    assert "unhurt" in view.texts()


def test_one_hp_change_among_200_repaints_that_row_only(qtbot: QtBot) -> None:
    """With 200 combatants one HP change emits dataChanged for that row only."""
    session = _session(196)
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    model = window.model
    assert model.rowCount() == 200
    spy = QSignalSpy(model.dataChanged)
    resets = QSignalSpy(model.modelReset)
    layouts = QSignalSpy(model.layoutChanged)
    session.run("hurt", lambda enc: gm_ruling(enc, "hurt", [SetHp("ogre-150", 12)]))
    assert spy.count() == 1 and resets.count() == 0 and layouts.count() == 0
    first, last = spy.at(0)[0], spy.at(0)[1]
    assert isinstance(first, QModelIndex)
    assert first.row() == last.row() == model.row_of("ogre-150")
    assert model.data(model.index(first.row(), 2)) == "12/41"


def test_sort_and_filter_in_python_keep_the_selection(qtbot: QtBot) -> None:
    session = _session(5)
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    session.run("hurt", lambda enc: gm_ruling(enc, "hurt", [SetHp("ogre-3", 2)]))
    window.select("ogre-3")
    window.model.sort(2, Qt.SortOrder.AscendingOrder)  # by HP
    assert window.model.rows[0] == "ogre-3"
    assert window.selected() is not None and window.selected().id == "ogre-3"  # type: ignore[union-attr]
    window.model.set_filter("ogre")
    assert window.model.rowCount() == 5


def test_a_half_fought_encounter_resumes_exactly(tmp_path: Path, qtbot: QtBot,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved mid-fight, reopened from the file: the same state, the same log, and it goes on."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11))
    key(ew, Key.Key_I)
    for _ in range(3):
        key(ew, Key.Key_A)
        key(ew, Key.Key_Return)
        key(ew, Key.Key_N)
    assert ew.enc.state.round >= 1 and len(ew.enc.history) >= 4
    state = ew.enc.fingerprint()
    log = [ew.log_model.line(r) for r in range(ew.log_model.rowCount())]
    assert window.save()
    document = window.document
    assert document is not None and document.path is not None
    window.open_path(document.path, ask=False)
    tools = window.encounter_tools
    record = window.document.campaign.encounters[0]  # type: ignore[union-attr]
    again = tools.open_encounter(record.id)
    assert again is not None and again is not ew
    assert again.enc.fingerprint() == state
    assert [again.log_model.line(r) for r in range(again.log_model.rowCount())] == log
    assert again.session.current_id() == ew.session.current_id()
    again.table.setFocus()
    QApplication.processEvents()
    steps = len(again.enc.history)
    key(again, Key.Key_N)
    assert len(again.enc.history) == len(again.session.record.steps) == steps + 1
    window.document.undo_stack.undo()  # type: ignore[union-attr]
    assert again.enc.fingerprint() == state


def test_the_monster_form_derives_ac_and_save_from_the_room_dc(qtbot: QtBot) -> None:
    """R30: AC is the ROOM DC, the save is d20 + (ROOM DC − 10); morale blank: ROOM DC // 2;
    HD rolls each monster's own HP."""
    form = MonsterForm(13)
    qtbot.addWidget(form)
    assert form.derived.text() == "AC 13 · save +3 · morale 6 (R30)"
    form.name.setText("Hobgoblin")
    form.count.setValue(2)
    form.hp.setValue(0)
    form.hd.setValue(2)
    made = form.monsters(ScriptedRoller([3, 5, 8, 8]), {"hobgoblin-1"})
    assert [m.id for m in made] == ["hobgoblin-2", "hobgoblin-3"]
    assert [m.hp for m in made] == [8, 16]
    assert made[0].monster is not None and made[0].monster.armor_class == 13
    assert made[0].monster.save_bonus == 3 and made[0].monster.enemy_morale == 6
    form.damage.setText("banana")
    with pytest.raises(ValueError, match="damage"):
        form.stats()


def test_recap_export_and_shortcuts_help(tmp_path: Path, qtbot: QtBot,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(4))
    key(ew, Key.Key_I)
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    path = ew.export_recap(tmp_path / "fight.md")
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Goblin ambush\n") and "## Round 1" in text
    assert "| Goblin 1 | foes | " in text and "group initiative: 1d6" in text
    shown: list[int] = []

    def exec_(self: ShortcutsDialog) -> int:
        shown.append(self.table.rowCount())
        return 0

    monkeypatch.setattr(QDialog, "exec", exec_)
    key(ew, Key.Key_F1)
    assert shown == [len(shortcuts_for(False))]
    assert isinstance(ShortcutsDialog(), QDialog)


def test_storage_round_trip_keeps_the_steps() -> None:
    session = _session(2)
    session.run("hurt", lambda enc: gm_ruling(enc, "hurt", [SetHp("ogre-1", 30)]))
    campaign = session.document.campaign
    again = storage.loads(campaign.model_dump_json().encode())
    assert again.encounters[0].steps == session.record.steps
    assert again.encounters[0].combatants == session.record.combatants


def test_the_log_filters_by_kind_and_text(qtbot: QtBot) -> None:
    session = _session(2)
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    assert window.roll_initiative() is None
    session.run("hurt", lambda enc: gm_ruling(enc, "the bridge gives way", [SetHp("ogre-1", 9)]))
    log = window.log_model
    everything = log.rowCount()
    log.set_filter(kind="roll")
    assert log.rowCount() >= 2 and all(log.line(r).kind == "roll" for r in range(log.rowCount()))
    log.set_filter("bridge")
    assert {log.line(r).text for r in range(log.rowCount())} == {
        "GM: the bridge gives way", "the bridge gives way"}
    log.set_filter()
    assert log.rowCount() == everything
    session.document.undo_stack.undo()
    # the ruling's summary, its note and the change it made: the ogre's HP
    assert log.rowCount() == everything - 3


def test_a_closed_encounter_still_undoes_and_reopens_as_it_stands(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """One history: closing the tab keeps the session, so Ctrl+Z still undoes its steps."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(9))
    key(ew, Key.Key_I)
    record_id = ew.session.record.id
    window.close_tab(window.tabs.indexOf(ew))
    QApplication.processEvents()
    document = window.document
    assert document is not None
    document.undo_stack.undo()  # the round and the surprise, closed tab or not
    tools = window.encounter_tools
    again = tools.open_encounter(record_id)
    assert again is not None
    assert again.enc.state.phase == "setup" and again.enc.history == []
    tools.delete_current()
    assert document.campaign.encounters == []
    document.undo_stack.undo()
    assert [r.id for r in document.campaign.encounters] == [record_id]


def test_a_recap_that_cannot_be_written_says_so_and_keeps_the_old_one(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recap was once written in place (a failure left half a file) and an error
    escaped as a traceback."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(4))
    shown: list[str] = []
    monkeypatch.setattr("gui.dialogs.show_error",
                        lambda parent, title, text: shown.append(f"{title}: {text}"))
    assert ew.export_recap(tmp_path / "no such folder" / "fight.md") is None
    assert shown and shown[0].startswith("Cannot export the recap: fight.md could not be")
    old = tmp_path / "fight.md"
    old.write_text("last week's recap", encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("emberkeep.campaign.atomic.os.fsync", full_disk)
    assert ew.export_recap(old) is None
    assert old.read_text(encoding="utf-8") == "last week's recap"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".fight")] == []
    assert "No space left on device" in shown[-1]


def test_the_suggested_recap_path_stays_in_the_campaign_folder(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fight named like a path (``../../../../tmp/x``) is suggested as a plain file name in
    the campaign's folder: accepting the dialog as it opens never writes elsewhere."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(4))
    ew.session.record.name = "../../../../tmp/x"
    suggested: list[str] = []

    def accept(parent: object, title: str, suggestion: str, *args: object) -> tuple[str, str]:
        suggested.append(suggestion)
        return suggestion, "Markdown (*.md)"

    monkeypatch.setattr("gui.encounter.window.QFileDialog.getSaveFileName", accept)
    assert window.document is not None and window.document.path is not None
    path = ew.export_recap()
    assert path is not None and path.parent == window.document.path.parent
    assert Path(suggested[0]).name == "tmp x.md" and path.is_file()
