"""Share with Players remembers the GM's choices: the port, the address and the log lines for
the app, the sheets shared for each campaign file; never the players' key (a new one each time).
A port taken on the next start is refused and the next free one offered; a character since
removed is dropped."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gui import paths
from gui.main_window import MainWindow
from gui.share_dialog import ShareDialog
from gui.state import AppState
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
