"""Help → About Emberkeep: the version, where the files are (plain, selectable), and the
licences of what the bundle ships, as each package's metadata states them."""

from __future__ import annotations

import importlib.util
import shutil
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gui import about_dialog
from gui.about_dialog import AboutDialog
from gui.main_window import MainWindow
from gui.state import AppState

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "<b>home</b>"))
    return tmp_path / "<b>home</b>"


def test_about_shows_the_version_and_the_folders_as_selectable_plain_text(
        qtbot: Any, home: Path) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert dialog.heading.text() == f"Emberkeep {metadata.version('emberkeep')}"
    shown = {title: label.text() for title, label in dialog.folder_labels.items()}
    assert shown == {"Campaigns": str(home / "campaigns"),
                     "Backups": str(home / "data" / "backups"),
                     "Unsaved work (recovery)": str(home / "data" / "recovery"),
                     "Logs": str(home / "data" / "logs"),
                     "Settings": str(home / "config")}
    for label in dialog.folder_labels.values():
        assert label.textFormat() == Qt.TextFormat.PlainText  # the folder is called <b>home</b>
        assert label.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByKeyboard
    assert dialog.licences.isReadOnly()


def test_the_licences_are_what_each_package_s_metadata_says() -> None:
    text = about_dialog.licence_text()
    expected = {"PySide6_Essentials": "LGPL-3.0", "pydantic": "MIT", "platformdirs": "MIT",
                "reportlab": "BSD", "segno": "BSD"}
    for name, licence in expected.items():
        meta = metadata.metadata(name)
        stated = " ".join([*(meta.get_all("License-Expression") or []),
                           *(meta.get_all("License") or [])])
        classifiers = " ".join(meta.get_all("Classifier") or [])
        assert licence in stated or licence in classifiers, name  # the metadata says so
        entry = text.split(f"\n{name} {meta['Version']}\n", 1)[1].split("\n\n", 1)[0]
        assert licence in entry, name
    assert "https://download.qt.io/official_releases/qt/" in text  # where Qt's source is
    texts = ROOT / "resources" / "licences"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (texts / "LGPL-3.0.txt").read_text()
    assert "GNU GENERAL PUBLIC LICENSE" in (texts / "GPL-3.0.txt").read_text()


@pytest.mark.skipif(shutil.which("uv") is None, reason="uv lists the runtime dependencies")
def test_the_licence_notices_are_up_to_date() -> None:
    """packaging/licences.py wrote them from the locked runtime dependencies' metadata: a
    dependency added or upgraded since needs them written again."""
    spec = importlib.util.spec_from_file_location("licences", ROOT / "packaging" / "licences.py")
    assert spec is not None and spec.loader is not None
    licences = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(licences)
    assert licences.stale() == [], "run: uv run python packaging/licences.py"


def test_help_has_about_and_the_log_folder(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    help_menu = window.menu("help").actions()
    assert window.action("help.about") in help_menu
    assert window.action("help.log_folder") in help_menu
    shown: list[str] = []

    def exec_(dialog: QDialog) -> int:
        shown.append(dialog.windowTitle())
        return 0

    monkeypatch.setattr(AboutDialog, "exec", exec_)
    window.trigger("help.about")
    assert shown == ["About Emberkeep"]
