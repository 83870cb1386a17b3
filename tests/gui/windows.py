"""A main window with a campaign open, as the GUI tests build it, and a table cell read with the
check that it is there (helpers shared, not one per file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from gui import dialogs
from gui.main_window import MainWindow
from gui.state import AppState


def open_campaign_window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                         campaign: Campaign | None = None) -> tuple[MainWindow, Path]:
    """``campaign`` (the example campaign by default) saved as ``tmp_path/c.json`` and opened in
    a new main window; the app's home is under ``tmp_path`` and closing at teardown must not wait
    on the "save changes?" question."""
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(dialogs, "ask_save_changes",
                        lambda *args, **kwargs: dialogs.SaveChoice.DISCARD)
    path = tmp_path / "c.json"
    saving.save(campaign if campaign is not None else build_example_campaign(), path)
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.open_path(path, ask=False)
    return window, path


def cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The item at ``row``, ``column``; a test fails here if the table left the cell empty."""
    item = table.item(row, column)
    assert item is not None, f"no item at ({row}, {column})"
    return item
