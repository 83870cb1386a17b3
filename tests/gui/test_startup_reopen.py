"""Reopening the campaign the app last saved or opened: the same bytes load without the strict
parse they already passed (the digest is kept in the app's state); a file changed since, by a
hand edit or a sync, is parsed whole and its faults refused as ever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from gui import dialogs
from gui.main_window import MainWindow
from gui.state import AppState
from tests.gui.windows import open_campaign_window


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the strict parse read."""
    seen: list[Path] = []
    real = storage._strict_scan

    def scan(text: str, path: Path) -> Any:
        seen.append(path)
        return real(text, path)

    monkeypatch.setattr(storage, "_strict_scan", scan)
    return seen


def _window(qtbot: QtBot, state: AppState) -> MainWindow:
    window = MainWindow(state)
    qtbot.addWidget(window)
    return window


def test_the_file_as_last_saved_reopens_without_the_strict_parse(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        scans: list[Path]) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    window.document.edit_character(window.document.campaign.characters[0].id, "hp", 1)
    assert window.save()
    state = window.state
    assert state.sha256_of(path) == window.document.disk_sha256
    scans.clear()
    again = _window(qtbot, state)
    assert again.open_path(path, ask=False)
    assert scans == []
    assert again.document is not None
    assert again.document.campaign.characters[0].hp == 1


def test_a_file_changed_since_is_parsed_whole_and_its_fault_refused(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        scans: list[Path]) -> None:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    state = window.state
    assert state.sha256_of(path) is not None  # opened whole: remembered
    data = path.read_bytes()
    path.write_bytes(data.replace(b'"name": ', b'"name": "twice",\n "name": ', 1))
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _p, _t, message: shown.append(message))
    monkeypatch.setattr(dialogs, "ask_open_backup", lambda *a, **k: False, raising=False)
    scans.clear()
    again = _window(qtbot, state)
    opened = again.open_path(path, ask=False)
    assert scans == [path]
    assert not opened
    assert any("'name' appears twice" in message for message in shown), shown
