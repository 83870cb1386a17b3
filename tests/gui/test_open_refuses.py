"""In the window, File → Open refuses what is no campaign file at once, with where it
is broken, and keeps the campaign that was open."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from gui.main_window import MainWindow
from gui.state import AppState
from tests.core.melee_campaign import write_melee_campaign


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []

    def box(b: QMessageBox) -> int:
        texts.append(b.text())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", box)
    return texts


def test_a_fifo_is_refused_at_once_and_the_open_campaign_stays(
        qtbot: Any, tmp_path: Path, shown: list[str]) -> None:
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    before = window.document
    fifo = tmp_path / "party.json"
    os.mkfifo(fifo)
    assert not window.open_path(fifo, ask=False)
    assert shown == ["party.json: is not a regular file (a pipe, a socket or a device), so it "
                     "is not read"]
    assert window.document is before


def test_a_fight_that_cannot_be_replayed_is_refused_with_its_place(
        qtbot: Any, tmp_path: Path, shown: list[str]) -> None:
    """It used to open, and Encounter → Open then raised with nothing shown."""
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["encounters"][0]["steps"][0]["events"][0] = {
        "set": ["c", "ghost"], "field": "hp", "before": 1, "after": 0}
    path.write_text(json.dumps(document), encoding="utf-8")
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    assert not window.open_path(path, ask=False)
    (said,) = shown
    assert said.startswith("melee.json (at encounters[0].steps[0]): Joust at the ford: its "
                           "steps do not fit its combatants")
