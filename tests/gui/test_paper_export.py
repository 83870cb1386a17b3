"""File → Export Play Sheets…, Party Sheet…, GM Screen…: the paper PDFs from the open campaign,
under a name the file dialog suggests inside the campaign's folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tests.gui.windows import open_campaign_window


def test_file_menu_exports_each_paper_sheet(qtbot: QtBot, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    window, campaign_path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    suggested: list[str] = []

    def accept(_parent: object, _title: str, suggestion: str, _filter: str) -> tuple[str, str]:
        suggested.append(suggestion)
        return suggestion, "PDF (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(accept))
    assert window.document is not None
    everyone = len(window.document.campaign.characters)
    window.trigger("file.export_play_sheets")  # nothing selected: every character
    window.trigger("file.export_party_sheet")
    window.trigger("file.export_gm_screen")
    assert [Path(s).parent for s in suggested] == [campaign_path.parent] * 3
    pages = [len(PdfReader(s).pages) for s in suggested]
    assert pages == [everyone, 1, 2]
    assert all(Path(s).suffix == ".pdf" for s in suggested)


def test_one_file_menu_entry_writes_the_play_sheets(qtbot: QtBot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Export All Sheets… wrote the same fillable play sheets as Export Play Sheets… with
    nothing selected; only the latter is left, and it took over the former's Ctrl+Shift+P."""
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    texts = [a.text() for a in window.menu("file").actions()]
    assert "Export P&lay Sheets…" in texts
    assert not any("Export All" in t.replace("&", "") for t in texts)
    with pytest.raises(KeyError):
        window.action("file.export_all")
    assert window.action("file.export_play_sheets").shortcut().toString() == "Ctrl+Shift+P"


def test_export_to_an_unwritable_folder_says_so(qtbot: QtBot, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    blocked = tmp_path / "a file"
    blocked.write_text("x")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
        lambda *args, **kwargs: (str(blocked / "screen.pdf"), "PDF (*.pdf)")))
    shown: list[str] = []
    monkeypatch.setattr("gui.dialogs.show_error",
                        lambda parent, title, text: shown.append(f"{title}: {text}"))
    window.trigger("file.export_gm_screen")
    (said,) = shown
    assert said.startswith("Cannot export the GM screen: screen.pdf could not be written")


def test_the_main_window_starts_without_reportlab(tmp_path: Path) -> None:
    """Start-up time: the paper modules and reportlab load when a sheet is first written."""
    code = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from gui.main_window import MainWindow\nfrom gui.state import AppState\n"
            "window = MainWindow(AppState())\n"
            "loaded = [m for m in sys.modules if m.startswith(('reportlab', 'emberkeep.paper'))]\n"
            "assert not loaded, loaded\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EMBERKEEP_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
