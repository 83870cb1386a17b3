"""Share with Players remembers the GM's choices: the port, the address and the log lines for
the app, the sheets shared for each campaign file; never the players' key (a new one each time).
A port taken on the next start is refused and the next free one offered; a character since
removed is dropped. A campaign's first save and a Save As take its sheets to the new file; files
gone are forgotten when the dialog opens, and only the most recently shared are kept."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from emberkeep.campaign.example import build_example_campaign
from gui import dialogs, paths, share_tools
from gui.document import CampaignDocument
from gui.main_window import MainWindow
from gui.share_dialog import ShareDialog
from gui.state import MAX_SHARE_FILES, AppState, share_files_gone
from tests.gui.test_share_dialog import _free_port, start_sharing
from tests.gui.windows import open_campaign_window


def _ticked(dialog: ShareDialog) -> list[str]:
    return [str(item.data(Qt.ItemDataRole.UserRole)) for row in range(dialog.sheets.count())
            if (item := dialog.sheets.item(row)).checkState() == Qt.CheckState.Checked]


def _reopen(qtbot: Any, path: Path) -> MainWindow:
    """A new start on the same home: the state as saved on disk, the same campaign file."""
    window = MainWindow(AppState.load())
    qtbot.addWidget(window)
    window.open_path(path, ask=False)
    window.show()
    return window


def test_the_choices_come_back_in_the_dialog_and_after_a_restart(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    dialog = start_sharing(window)
    port = dialog.port.value()
    dialog.log.setValue(4)
    dialog.sheets.item(1).setCheckState(Qt.CheckState.Checked)
    chosen = _ticked(dialog)
    assert len(chosen) == 1
    first_url = window.share_tools.url
    dialog.stop.click()
    dialog.close()

    dialog = window.share_tools.open_dialog()  # the same window, the dialog again
    assert (dialog.port.value(), dialog.log.value(), _ticked(dialog)) == (port, 4, chosen)
    assert dialog.chosen_address() is not None
    assert dialog.chosen_address().host == "127.0.0.1"  # type: ignore[union-attr]
    dialog.close()
    window.close()

    again = _reopen(qtbot, path)
    dialog = again.share_tools.open_dialog()
    assert (dialog.port.value(), dialog.log.value(), _ticked(dialog)) == (port, 4, chosen)
    assert dialog.chosen_address().host == "127.0.0.1"  # type: ignore[union-attr]
    dialog.start.click()
    assert again.share_tools.sharing, dialog.state.text()
    url = again.share_tools.url
    assert url.startswith(f"http://127.0.0.1:{port}/")
    token = url.rstrip("/").rsplit("/", 1)[-1]
    assert url != first_url  # the players' key is new each time
    assert token not in paths.state_file().read_text(encoding="utf-8")  # and never remembered
    again.share_tools.stop()


def test_another_campaign_does_not_inherit_the_sheets(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    dialog = window.share_tools.open_dialog()
    dialog.sheets.item(0).setCheckState(Qt.CheckState.Checked)
    assert _ticked(dialog)
    other = tmp_path / "other.json"
    other.write_bytes(path.read_bytes())
    window.open_path(other, ask=False)
    assert window.share_tools.sheet_ids == []
    window.open_path(path, ask=False)
    assert window.share_tools.sheet_ids == _ticked(window.share_tools.open_dialog())
    assert len(window.share_tools.sheet_ids) == 1


def test_a_remembered_character_no_longer_there_is_dropped(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    real = window.document.campaign.characters[0].id
    window.state.share_sheets[str(window.document.path)] = ["no_such_character", real]
    window.state.save()
    window.close()
    again = _reopen(qtbot, path)
    assert again.share_tools.sheet_ids == [real]
    assert _ticked(again.share_tools.open_dialog()) == [real]


def test_a_taken_port_is_refused_with_the_reason_and_the_next_free_one_offered(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", _free_port()))
        taken.listen()
        port = int(taken.getsockname()[1])
        window.state.share_port, window.state.share_host = port, "127.0.0.1"
        window.share_tools.port, window.share_tools.host = port, "127.0.0.1"
        dialog = window.share_tools.open_dialog()
        assert dialog.port.value() == port
        dialog.start.click()
        assert not window.share_tools.sharing
        assert f"Cannot share on 127.0.0.1:{port}" in dialog.state.text()
        offered = dialog.port.value()
        assert offered > port and f"Port {offered} is free" in dialog.state.text()
        dialog.start.click()
        assert window.share_tools.sharing, dialog.state.text()
        assert window.share_tools.url.startswith(f"http://127.0.0.1:{offered}/")
        window.share_tools.stop()


def test_a_state_file_from_before_loads_with_the_defaults(tmp_path: Path) -> None:
    old = tmp_path / "state.json"
    old.write_text(json.dumps({"recent": ["/x/c.json"], "autosave_seconds": 90}),
                   encoding="utf-8")
    state = AppState.load(old)
    assert state.recent == ["/x/c.json"] and state.autosave_seconds == 90  # not reset
    assert (state.share_port, state.share_host, state.share_log_lines, state.share_sheets) \
        == (None, None, 0, {})


def _tick(dialog: ShareDialog, *rows: int) -> list[str]:
    for row in rows:
        dialog.sheets.item(row).setCheckState(Qt.CheckState.Checked)
    return _ticked(dialog)


def _saving_as(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """The GM's answer in the Save As file dialog."""
    monkeypatch.setattr(dialogs, "ask_save_path", lambda _parent, _suggestion: target)


def test_an_unsaved_campaigns_sheets_go_with_its_first_save(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.set_document(CampaignDocument(build_example_campaign()))  # never saved: no file
    assert window.document is not None and window.document.path is None
    chosen = _tick(window.share_tools.open_dialog(), 0, 2)
    assert len(chosen) == 2
    assert window.state.share_sheets == {}  # no file to remember them for yet
    target = tmp_path / "new campaign.json"
    _saving_as(monkeypatch, target)
    assert window.save()  # Save on a new campaign asks where, as Save As
    key = str(target.resolve())
    assert window.state.share_sheets == {key: chosen}
    assert AppState.load().share_sheets == {key: chosen}  # on disk, not only in memory
    window.close()

    again = _reopen(qtbot, target)
    assert _ticked(again.share_tools.open_dialog()) == chosen  # the dialog preselects them


def test_save_as_carries_the_sheets_to_the_new_file_and_the_old_keeps_its_own(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    chosen = _tick(window.share_tools.open_dialog(), 1)
    copy = tmp_path / "copy.json"
    _saving_as(monkeypatch, copy)
    assert window.save_as()
    assert window.document is not None and window.document.path == copy.resolve()
    assert AppState.load().share_sheets == {str(path.resolve()): chosen,
                                            str(copy.resolve()): chosen}
    window.close()

    for reopened in (copy, path):
        again = _reopen(qtbot, reopened)
        assert _ticked(again.share_tools.open_dialog()) == chosen
        again.close()


def test_save_as_over_a_file_replaces_the_choice_remembered_for_it(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    ids = [c.id for c in window.document.campaign.characters]
    over = tmp_path / "over.json"
    over.write_bytes(path.read_bytes())
    window.state.set_share_sheets(over, [ids[0], ids[1]])  # what over.json held had two
    chosen = _tick(window.share_tools.open_dialog(), 2)
    assert chosen == [ids[2]]
    _saving_as(monkeypatch, over)
    assert window.save_as()
    assert AppState.load().share_sheets[str(over.resolve())] == chosen

    window.share_tools.open_dialog().sheets.item(2).setCheckState(Qt.CheckState.Unchecked)
    other = tmp_path / "other.json"
    window.state.set_share_sheets(other, [ids[0]])
    _saving_as(monkeypatch, other)
    assert window.save_as()  # nothing ticked: the file's old choice is forgotten
    assert str(other.resolve()) not in AppState.load().share_sheets


def test_files_gone_are_pruned_when_the_dialog_opens(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    kept, deleted = tmp_path / "kept.json", tmp_path / "deleted.json"
    kept.write_bytes(path.read_bytes())
    unplugged = tmp_path / "usb stick" / "away.json"  # its whole folder missing: a drive away?
    for name in (kept, deleted, unplugged):
        window.state.set_share_sheets(name, ["someone"])
    window.state.save()
    window.share_tools.open_dialog()
    expected = {str(kept.resolve()), str(unplugged.resolve())}
    qtbot.waitUntil(lambda: set(AppState.load().share_sheets) == expected)
    assert set(window.state.share_sheets) == expected


def test_a_file_check_that_hangs_does_not_hold_the_dialog(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A remembered file on a network share that stopped answering: its stat may block for
    minutes; the dialog opens meanwhile and the file is forgotten once the answer comes."""
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    far = tmp_path / "far.json"
    window.state.set_share_sheets(far, ["someone"])
    answer = threading.Event()

    def hung(names: list[str], keep: Path | None = None) -> list[str]:
        answer.wait(10)
        return share_files_gone(names, keep)

    monkeypatch.setattr(share_tools, "share_files_gone", hung)
    dialog = window.share_tools.open_dialog()
    assert dialog.isVisible()
    assert window.state.share_sheets_of(far) == ["someone"]  # not yet answered
    answer.set()
    qtbot.waitUntil(lambda: window.state.share_sheets_of(far) == [])


def test_pruning_keeps_the_open_file_even_if_deleted_under_it(tmp_path: Path) -> None:
    state = AppState()
    open_file, gone = tmp_path / "open.json", tmp_path / "gone.json"
    state.set_share_sheets(open_file, ["a"])
    state.set_share_sheets(gone, ["b"])
    found = share_files_gone(list(state.share_sheets), keep=open_file)
    assert found == [str(gone.resolve())]
    assert state.forget_share_files(found)
    assert state.share_sheets == {str(open_file.resolve()): ["a"]}
    assert share_files_gone(list(state.share_sheets), keep=open_file) == []  # nothing more
    assert not state.forget_share_files(found)


def test_the_sheets_of_the_most_recently_shared_files_are_kept_up_to_the_cap(
        tmp_path: Path) -> None:
    state = AppState()
    files = [tmp_path / f"c{number}.json" for number in range(MAX_SHARE_FILES + 2)]
    for number, name in enumerate(files[:MAX_SHARE_FILES]):
        state.set_share_sheets(name, [f"pc{number}"])
    state.set_share_sheets(files[0], ["pc0", "again"])  # shared again: the most recent now
    state.set_share_sheets(files[MAX_SHARE_FILES], ["new"])
    state.set_share_sheets(files[MAX_SHARE_FILES + 1], ["newer"])
    assert len(state.share_sheets) == MAX_SHARE_FILES
    assert state.share_sheets_of(files[1]) == [] and state.share_sheets_of(files[2]) == []
    assert state.share_sheets_of(files[0]) == ["pc0", "again"]
    assert state.share_sheets_of(files[3]) == ["pc3"]
    assert list(state.share_sheets)[-3:] == [str(files[0].resolve()),
                                             str(files[MAX_SHARE_FILES].resolve()),
                                             str(files[MAX_SHARE_FILES + 1].resolve())]
    state.set_share_sheets(files[3], [])  # nothing shared: the file is forgotten
    assert str(files[3].resolve()) not in state.share_sheets
