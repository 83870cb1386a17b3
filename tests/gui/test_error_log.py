"""An exception escaping a window's action shows a plain dialog, keeps the document
and writes the traceback to a log in the app's data folder (Help → Open Log Folder)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from gui import dialogs, error_log
from gui.error_log import LOG_NAME
from gui.main_window import MainWindow
from gui.state import AppState


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_an_action_that_raises_shows_a_dialog_logs_and_keeps_the_document(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.add_character()
    assert window.document is not None
    document, before = window.document, window.document.campaign.model_copy(deep=True)
    shown: list[str] = []

    def box(b: QMessageBox) -> int:
        assert b.textFormat() == Qt.TextFormat.PlainText
        shown.append(b.text())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", box)
    monkeypatch.setattr(sys, "excepthook", error_log.ErrorReporter())

    def broken(*_: object) -> None:
        raise RuntimeError("the dice fell off the table <b>")

    monkeypatch.setattr("gui.main_window.funnel_character", broken)
    window.trigger("edit.add_character")

    assert len(shown) == 1
    assert "RuntimeError: the dice fell off the table <b>" in shown[0]
    assert "Your campaign is still open" in shown[0]
    log = home / "data" / "logs" / error_log.LOG_NAME
    assert str(log) in shown[0]
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "in broken" in text
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700
    assert window.document is document and document.campaign == before  # nothing lost


def test_a_log_that_cannot_be_written_is_still_a_dialog(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, text: shown.append(text))
    try:
        raise ValueError("boom")
    except ValueError as exc:
        error_log.ErrorReporter(folder=blocked / "logs")(ValueError, exc, exc.__traceback__)
    assert "could not be written to a log" in shown[0]


def test_help_opens_the_log_folder(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                   home: Path) -> None:
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    opened: list[QUrl] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    assert window.action("help.log_folder") in window.menu("help").actions()
    window.trigger("help.log_folder")
    assert [u.toLocalFile() for u in opened] == [str(home / "data" / "logs")]
    assert window.menuBar().actions()[-1].text().replace("&", "") == "Help"


def test_an_autosave_job_that_raises_is_logged_and_told(qtbot: Any, home: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from emberkeep.campaign import recovery
    from emberkeep.campaign.scope import Scope
    from gui.autosave import Autosaver
    from gui.document import CampaignDocument

    autosaver = Autosaver(folder=home / "recovery")
    told: list[str] = []
    autosaver.failed.connect(told.append)
    document = CampaignDocument.new()
    autosaver.follow(document)
    document.run("Rename", lambda campaign: setattr(campaign, "name", "Renamed"),
                 scope=Scope.of(fields=("name",)))
    assert document.is_modified

    def broken(*_: object, **__: object) -> None:
        raise ValueError("the header would not serialize")

    monkeypatch.setattr(recovery, "write_recovery", broken)
    assert autosaver.save_now()
    with pytest.raises(ValueError):
        autosaver.wait()
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert told[0].startswith("Autosave failed: ValueError: the header would not serialize")
    log = home / "data" / "logs" / error_log.LOG_NAME
    assert "in broken" in log.read_text(encoding="utf-8")
    autosaver.shutdown()


def test_a_native_crash_leaves_its_trace_in_the_log(tmp_path: Path) -> None:
    """A segfault kills the process before any Python handler runs: faulthandler, pointed at
    the app's log at start, is what leaves the bug report something to read."""
    script = ("import faulthandler, pathlib, sys\n"
              "from gui import error_log\n"
              "error_log.install(pathlib.Path(sys.argv[1]))\n"
              "faulthandler._sigsegv()\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "EMBERKEEP_HOME": str(tmp_path)})
    assert done.returncode != 0
    log = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in log and "<module>" in log
    assert stat.S_IMODE((tmp_path / LOG_NAME).stat().st_mode) == 0o600
