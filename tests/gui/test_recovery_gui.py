"""Never lose a session, in the window: autosave and recovery (twice in a row), backups, outside
changes, failed saves and broken files. A crash is simulated by dropping the window without
closing it (no close prompt, no save), then starting again with :func:`gui.app.open_window`."""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument, QUndoCommand
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox, QTableWidgetItem

from emberkeep.campaign import recovery, saving, storage
from emberkeep.campaign.backups import backup_folder_for, list_backups
from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui import app, autosave, backups_dialog, dialogs, file_watch, paths
from gui.main_window import MainWindow
from gui.recovery_dialog import RecoveryDialog
from gui.safety_tools import SafetyTools
from gui.state import AppState


def make_campaign() -> Campaign:
    scores = AbilityScores.from_bases({a: 12 for a in ABILITIES})
    return Campaign(name="The Ember Road", characters=[
        Character(name="Brannoc", race="dwarf", hp=5, max_hp=6, scores=scores)])


class Boxes:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.answer = QMessageBox.StandardButton.Ok

    def exec(self, box: QMessageBox) -> int:
        assert box.textFormat() == Qt.TextFormat.PlainText
        self.texts.append(f"{box.text()}\n{box.informativeText()}")
        return int(self.answer.value)


class Offers:
    """Stands in for the recovery dialog: records what it offered and answers ``button``."""

    def __init__(self) -> None:
        self.seen: list[list[str]] = []
        self.titles: list[str] = []
        self.button = "restore_button"

    def exec(self, dialog: RecoveryDialog) -> int:
        self.seen.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        self.titles.append(dialog.findChildren(type(dialog.list))[0].item(0).text())
        getattr(dialog, self.button).click()
        return int(dialog.result())


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    fake = Boxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: fake.exec(box))
    return fake


@pytest.fixture
def offers(monkeypatch: pytest.MonkeyPatch) -> Offers:
    fake = Offers()
    monkeypatch.setattr(RecoveryDialog, "exec", lambda dialog: fake.exec(dialog))
    return fake


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "ember.json"
    saving.save(make_campaign(), path)
    AppState(last_opened=str(path), recent=[str(path)], example_copied=True).save()
    return path


def tools(window: MainWindow) -> SafetyTools:
    return window.safety_tools


def start() -> MainWindow:
    return app.open_window(None, AppState.load())


def crash(window: MainWindow) -> None:
    """The process dies: the autosave worker finishes what it was given, nothing else runs."""
    tools(window).autosaver.wait()
    tools(window).autosaver.stop()
    window.hide()
    window.setParent(None)  # no closeEvent, no prompt, no save


def rename(window: MainWindow, name: str) -> None:
    assert window.document is not None
    window.document.edit_character(window.document.campaign.characters[0].id, "name", name)


@pytest.fixture
def windows(qtbot: Any) -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in made:
        tools(window).autosaver.shutdown()


def test_edit_crash_restore_twice_in_a_row(campaign_file: Path, offers: Offers, qtbot: Any,
                                          windows: list[MainWindow]) -> None:
    original = campaign_file.read_bytes()
    first = start()
    windows.append(first)
    assert offers.seen == []  # nothing to recover on a clean start
    rename(first, "Brannoc the Bold")
    autosaver = tools(first).autosaver
    autosaver.timer.setInterval(20)  # the setting is whole seconds; the timer is what runs
    spot = autosaver.recovery_file()
    assert spot is not None and spot.parent == paths.recovery_dir()
    qtbot.waitUntil(spot.exists, timeout=5000)
    crash(first)
    assert campaign_file.read_bytes() == original  # autosave never writes the GM's file

    second = start()
    windows.append(second)
    assert len(offers.seen) == 1 and "Brannoc" not in offers.seen[0][0]
    assert offers.seen[0][0].startswith("The Ember Road (ember.json): 1 character changed\n"
                                        "Unsaved work from ")
    document = second.document
    assert document is not None and document.path == campaign_file.resolve()
    assert document.campaign.characters[0].name == "Brannoc the Bold"  # the edit is back
    assert document.is_modified and second.isWindowModified()  # restored work is unsaved
    assert spot.exists()  # kept until a save
    rename(second, "Brannoc the Twice Bold")
    assert tools(second).autosaver.save_now()
    crash(second)

    third = start()
    windows.append(third)
    assert len(offers.seen) == 2
    assert third.document is not None
    assert third.document.campaign.characters[0].name == "Brannoc the Twice Bold"
    assert campaign_file.read_bytes() == original
    assert third.save()
    tools(third).autosaver.wait()
    assert not spot.exists()  # a successful save removes it
    assert storage.load(campaign_file).characters[0].name == "Brannoc the Twice Bold"
    (kept,) = list_backups(backup_folder_for(campaign_file, paths.backups_dir()))
    assert kept.path.read_bytes() == original  # the replaced version went to the backups


@pytest.mark.slow
def test_later_keeps_the_offer_and_discard_removes_it(campaign_file: Path, offers: Offers,
                                                      windows: list[MainWindow]) -> None:
    first = start()
    windows.append(first)
    rename(first, "Brannoc the Bold")
    assert tools(first).autosaver.save_now()
    crash(first)
    offers.button = "later_button"
    for _ in range(2):
        again = start()
        windows.append(again)
        assert again.document is not None and not again.document.is_modified
        crash(again)
    assert len(offers.seen) == 2  # declined twice, offered twice
    offers.button = "discard_button"
    windows.append(start())
    assert recovery.find_offers(paths.recovery_dir()) == []
    windows.append(start())
    assert len(offers.seen) == 3


def test_untitled_work_is_recovered_too(offers: Offers, windows: list[MainWindow],
                                        qtbot: Any) -> None:
    AppState(example_copied=True).save()
    first = start()
    windows.append(first)
    assert first.document is not None and first.document.path is None
    first.add_character()
    first.roster.closePersistentEditor(first.roster.currentIndex())
    assert tools(first).autosaver.save_now()
    crash(first)
    second = start()
    windows.append(second)
    assert second.document is not None and len(second.document.campaign.characters) == 1
    assert second.document.path is None and second.document.is_modified


def test_discarding_on_close_removes_the_recovery_file(campaign_file: Path, boxes: Boxes,
                                                       windows: list[MainWindow]) -> None:
    window = start()
    windows.append(window)
    rename(window, "Brannoc the Bold")
    assert tools(window).autosaver.save_now()
    tools(window).autosaver.wait()
    spot = tools(window).autosaver.recovery_file()
    assert spot is not None and spot.exists()
    boxes.answer = QMessageBox.StandardButton.Discard
    assert window.close()
    tools(window).autosaver.wait()
    assert not spot.exists()


def test_undoing_back_to_the_saved_state_withdraws_the_recovery_file(
        campaign_file: Path, offers: Offers, qtbot: Any, windows: list[MainWindow],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The undone edits stayed in the recovery file, and the next start offered them as newer
    work, with Restore the default."""
    monkeypatch.setattr(autosave, "DEBOUNCE_MS", 50)
    window = start()
    windows.append(window)
    saver = tools(window).autosaver
    document = window.document
    assert document is not None
    rename(window, "Brannoc the Bold")
    assert saver.save_now()
    spot = saver.recovery_file()
    assert spot is not None
    document.undo_stack.undo()  # queued after the write: the write lands, then the removal
    assert not document.is_modified
    saver.wait()
    assert not spot.exists()
    assert recovery.find_offers(paths.recovery_dir()) == []
    document.undo_stack.redo()  # unsaved work again: written soon, not in a minute
    qtbot.waitUntil(spot.exists, timeout=3000)
    saver.wait()
    (offer,) = recovery.find_offers(paths.recovery_dir())
    assert offer.campaign.characters[0].name == "Brannoc the Bold"
    crash(window)
    windows.append(start())
    assert len(offers.seen) == 1 and "Newer than the saved file" in offers.seen[0][0]


def test_a_save_then_undo_to_the_saved_state_leaves_no_offer(
        campaign_file: Path, offers: Offers, windows: list[MainWindow]) -> None:
    window = start()
    windows.append(window)
    saver = tools(window).autosaver
    rename(window, "Brannoc the Bold")
    assert window.save()
    rename(window, "Brannoc the Bolder")
    assert saver.save_now()
    assert window.document is not None
    window.document.undo_stack.undo()  # back to what was saved
    crash(window)
    windows.append(start())
    assert offers.seen == []


def test_undoing_to_the_saved_state_after_the_worker_is_gone_still_withdraws(
        campaign_file: Path, windows: list[MainWindow]) -> None:
    window = start()
    windows.append(window)
    saver = tools(window).autosaver
    rename(window, "Brannoc the Bold")
    assert saver.save_now()
    saver.shutdown()  # quitting: the queued write lands first
    spot = saver.recovery_file()
    assert spot is not None and spot.exists()
    assert window.document is not None
    window.document.undo_stack.undo()
    assert not spot.exists()


def test_writes_happen_off_the_ui_thread(campaign_file: Path, windows: list[MainWindow],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real = recovery.write_recovery

    def spy(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(recovery, "write_recovery", spy)
    window = start()
    windows.append(window)
    rename(window, "Brannoc the Bold")
    assert tools(window).autosaver.save_now()
    tools(window).autosaver.wait()
    assert threads and threads[0].startswith("autosave")
    assert threads[0] != threading.main_thread().name


class EncounterStep(QUndoCommand):
    def redo(self) -> None:
        pass

    def undo(self) -> None:
        pass


EncounterStep.__module__ = "gui.encounter.steps"


def test_an_encounter_step_autosaves_soon_and_debounced(campaign_file: Path, qtbot: Any,
                                                        windows: list[MainWindow],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "DEBOUNCE_MS", 50)
    window = start()
    windows.append(window)
    saver = tools(window).autosaver
    assert saver.timer.interval() == 60_000  # the setting's default: 60 s
    calls: list[bool] = []

    def counted() -> bool:
        calls.append(True)
        return True

    monkeypatch.setattr(saver, "save_now", counted)
    saver.debounce.timeout.disconnect()
    saver.debounce.timeout.connect(saver.save_now)
    assert window.document is not None
    for _ in range(5):  # a burst of steps ...
        window.document.undo_stack.push(EncounterStep("Attack"))
    qtbot.waitUntil(lambda: bool(calls), timeout=3000)
    qtbot.wait(150)
    assert calls == [True]  # ... makes one write


def test_failed_save_as_another_uid_keeps_work_and_says_what_to_do(
        boxes: Boxes, windows: list[MainWindow]) -> None:
    """Permission denied for real: root drops to uid 65534 for the save (root ignores modes)."""
    folder = Path(tempfile.mkdtemp(prefix="ek-gui-perm-"))
    os.chmod(folder, 0o755)
    path = folder / "ember.json"
    saving.save(make_campaign(), path)
    before = path.read_bytes()
    window = MainWindow(AppState())
    windows.append(window)
    assert window.open_path(path)
    rename(window, "Brannoc the Bold")
    os.seteuid(65534)
    try:
        saved = window.save()
    finally:
        os.seteuid(0)
    assert saved is False
    assert window.document is not None and window.document.is_modified
    assert path.read_bytes() == before and sorted(os.listdir(folder)) == ["ember.json"]
    assert "Saved" not in window.statusBar().currentMessage()
    (text,) = boxes.texts
    assert "Permission denied" in text and "the file on disk is unchanged" in text
    assert "use Save As to save somewhere else" in text
    path.unlink()
    folder.rmdir()


def test_outside_change_asks_before_saving(campaign_file: Path, boxes: Boxes, qtbot: Any,
                                           windows: list[MainWindow],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(AppState())
    windows.append(window)
    assert window.open_path(campaign_file)
    watcher = tools(window).watcher
    assert str(campaign_file.resolve()) in watcher.watched()
    rename(window, "Mine")
    theirs = make_campaign().model_copy(update={"name": "Synced from elsewhere"})
    saving.save(theirs, campaign_file)  # a sync tool rewrites the file
    qtbot.waitUntil(lambda: "changed on disk" in window.statusBar().currentMessage(),
                    timeout=5000)
    answers = [file_watch.OutsideChoice.CANCEL]
    monkeypatch.setattr(file_watch, "ask_outside_change", lambda parent, path: answers.pop())
    assert not window.save()
    assert storage.load(campaign_file).name == "Synced from elsewhere"
    answers.append(file_watch.OutsideChoice.SAVE_AS)
    elsewhere = campaign_file.with_name("mine.json")
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggestion: elsewhere)
    assert window.save()
    assert storage.load(elsewhere).characters[0].name == "Mine"
    assert storage.load(campaign_file).name == "Synced from elsewhere"
    # now the open file is mine.json; change it outside and reload
    rename(window, "Mine again")
    saving.save(theirs, elsewhere)
    answers.append(file_watch.OutsideChoice.RELOAD)
    assert not window.save()
    assert window.document is not None and window.document.campaign.name == "Synced from elsewhere"
    assert not window.document.is_modified
    rename(window, "Overwritten")
    saving.save(make_campaign(), elsewhere)
    answers.append(file_watch.OutsideChoice.OVERWRITE)
    assert window.save()
    assert storage.load(elsewhere).characters[0].name == "Overwritten"
    assert not window.document.changed_on_disk()  # our own save is no outside change


def test_a_broken_file_offers_its_newest_backup_and_is_never_written(
        campaign_file: Path, windows: list[MainWindow],
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(AppState())
    windows.append(window)
    assert window.open_path(campaign_file)
    rename(window, "Second")
    assert window.save()
    rename(window, "Third")
    assert window.save()  # the backups now hold the first and second versions
    broken = b'{"schema_version": 1, "name": "cut sh'
    campaign_file.write_bytes(broken)
    asked: list[tuple[str, str]] = []
    answer = [False, True]

    def ask(parent: Any, error: str, newest: Any) -> bool:
        asked.append((error, newest.path.name))
        return answer.pop(0)

    monkeypatch.setattr(backups_dialog, "ask_open_backup", ask)
    assert not window.open_path(campaign_file, ask=False)  # declined: nothing changes
    assert window.open_path(campaign_file, ask=False)
    assert "ember.json (line 1, column" in asked[0][0] and "is cut short" in asked[0][0]
    document = window.document
    assert document is not None and document.campaign.characters[0].name == "Second"
    assert document.is_modified and document.path == campaign_file.resolve()
    assert campaign_file.read_bytes() == broken  # never written by opening
    assert window.save()  # saving keeps the broken file as a backup in turn
    kept = list_backups(backup_folder_for(campaign_file, paths.backups_dir()))
    assert kept[0].path.read_bytes() == broken


def test_restore_from_backup_lists_date_and_size(campaign_file: Path, windows: list[MainWindow],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(AppState())
    windows.append(window)
    assert window.open_path(campaign_file)
    for name in ("Second", "Third"):
        rename(window, name)
        assert window.save()
    menu_texts = [a.text() for m in window.menuBar().findChildren(QMenu) for a in m.actions()]
    assert "Restore from &Backup…" in menu_texts
    shown: list[list[str]] = []

    def choose_oldest(dialog: backups_dialog.BackupsDialog) -> int:
        table = dialog.table
        shown.extend([(table.item(r, c) or QTableWidgetItem()).text() for c in range(2)]
                     for r in range(table.rowCount()))
        table.selectRow(table.rowCount() - 1)
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(backups_dialog.BackupsDialog, "exec", choose_oldest)
    window.trigger("file.restore_backup")
    assert len(shown) == 2 and all(row[1].endswith(("bytes", "KB")) for row in shown)
    assert shown[0][0] >= "" and shown[0][0][:3] in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
                                                     "Sun")
    assert window.document is not None
    assert window.document.campaign.characters[0].name == "Brannoc"
    assert window.document.is_modified
    assert storage.load(campaign_file).characters[0].name == "Third"  # nothing written yet


def test_stray_temporaries_are_cleaned_on_the_next_start(campaign_file: Path, offers: Offers,
                                                         windows: list[MainWindow]) -> None:
    stray = campaign_file.with_name(".ember.json.0123abcd.tmp")
    stray.write_bytes(b'{"half": ')
    os.utime(stray, (0, 0))
    in_recovery = paths.recovery_dir() / ".x.recovery.89abcdef.tmp"
    in_recovery.parent.mkdir(parents=True)
    in_recovery.write_bytes(b"half")
    os.utime(in_recovery, (0, 0))
    windows.append(start())
    assert not stray.exists() and not in_recovery.exists()
    assert storage.load(campaign_file).name == "The Ember Road"


def test_work_put_off_later_survives_another_session_editing_and_saving(
        campaign_file: Path, offers: Offers, boxes: Boxes, windows: list[MainWindow]) -> None:
    """Recovery files named by campaign path alone let the next session's autosave overwrite
    the deferred work and its Save (or Don't Save) delete it."""
    first = start()
    windows.append(first)
    rename(first, "Brannoc the Bold")
    assert tools(first).autosaver.save_now()
    crash(first)
    deferred = recovery.find_offers(paths.recovery_dir())
    assert [o.campaign.characters[0].name for o in deferred] == ["Brannoc the Bold"]

    offers.button = "later_button"
    second = start()
    windows.append(second)
    rename(second, "Brannoc the Other")
    assert tools(second).autosaver.save_now()
    tools(second).autosaver.wait()
    assert deferred[0].path.exists()  # not overwritten by this session's autosave
    assert second.save()
    tools(second).autosaver.wait()
    assert deferred[0].path.exists()  # nor removed by this session's save
    rename(second, "Brannoc the Third")
    assert tools(second).autosaver.save_now()
    tools(second).autosaver.wait()
    own = tools(second).autosaver.recovery_file()
    assert own is not None and own.exists() and own != deferred[0].path
    boxes.answer = QMessageBox.StandardButton.Discard
    assert second.close()
    tools(second).autosaver.wait()
    assert not own.exists()  # Don't Save removes this session's own file only
    (still,) = recovery.find_offers(paths.recovery_dir())
    assert still.campaign.characters[0].name == "Brannoc the Bold"
    assert still.changes == "1 character changed"  # against the file the second one saved


def test_the_dialog_lists_every_offer_newest_first_and_escape_keeps_them(
        campaign_file: Path, qtbot: Any, tmp_path: Path) -> None:
    folder = paths.recovery_dir()
    for hour, token in ((20, "aaaaaaaaaaaa"), (22, "bbbbbbbbbbbb")):
        recovery.write_recovery(recovery.recovery_file_for(folder, campaign_file, token),
                                storage.dumps(Campaign(name=f"Work of {hour}")),
                                original=campaign_file,
                                now=datetime(2024, 6, 10, hour, 0, tzinfo=UTC))
    offers = recovery.find_offers(folder)
    dialog = RecoveryDialog(offers)
    qtbot.addWidget(dialog)
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert [t.split(" (")[0] for t in texts] == ["Work of 22", "Work of 20"]
    assert all("renamed the campaign" in t for t in texts)
    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.choice.value == "later"
    assert len(recovery.find_offers(folder)) == 2


def test_the_tooltip_shows_a_file_name_literally(qtbot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    odd = tmp_path / "<b>party<i> & co.json"
    saving.save(Campaign(name="Odd"), odd)
    recovery.write_recovery(recovery.recovery_file_for(folder, odd, "cccccccccccc"),
                            storage.dumps(Campaign(name="Odd work")), original=odd)
    dialog = RecoveryDialog(recovery.find_offers(folder))
    qtbot.addWidget(dialog)
    shown = QTextDocument()
    shown.setHtml(dialog.list.item(0).toolTip())
    assert shown.toPlainText().splitlines() == [str(odd), f"Written by process {os.getpid()}"]


def test_a_backups_folder_that_cannot_be_written_saves_then_says_where(
        campaign_file: Path, boxes: Boxes, offers: Offers, windows: list[MainWindow]) -> None:
    """A backups folder that cannot be written must never cost the GM the save itself."""
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    paths.backups_dir().write_text("a file where the folder should be")
    window = start()
    windows.append(window)
    rename(window, "Brannoc the Bold")
    assert window.save()
    assert storage.load(campaign_file).characters[0].name == "Brannoc the Bold"
    assert window.document is not None and not window.document.is_modified
    (said,) = boxes.texts
    assert said.startswith("The campaign was saved. The previous version could not be kept")
    assert str(paths.backups_dir()) in said
