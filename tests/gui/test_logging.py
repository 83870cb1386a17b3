"""The app's log (gui.logging_setup): start, open, save, backup, recovery, refused files and
caught errors are written to a rotating file in the data folder, by file name only: the
campaign's names and notes never reach it, nor an error's message unless --debug."""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from emberkeep.campaign import recovery, storage
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import Scope
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui import error_log, logging_setup
from gui.main_window import MainWindow
from gui.recovery_dialog import RecoveryDialog
from gui.state import AppState

# Strings found nowhere but in the campaign: none may reach the log
SECRETS = ("Zyxquorbeth Vantablade", "Qwelmira Ostrogoth-Pike", "Plinthwhistle Campaign",
           "the vault code is 7731")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: int(QMessageBox.StandardButton.Ok))
    yield tmp_path / "home"
    logging_setup.configure(debug=False)  # the next test's home, no console handler


def campaign() -> Campaign:
    scores = AbilityScores.from_bases({a: 11 for a in ABILITIES})
    return Campaign(name=SECRETS[2], notes=SECRETS[3], characters=[
        Character(name=SECRETS[0], race="human", hp=4, max_hp=4, scores=scores),
        Character(name=SECRETS[1], race="elf", hp=3, max_hp=3, scores=scores)])


def log_text(home: Path) -> str:
    for handler in logging.getLogger("gui").handlers:
        handler.flush()
    return (home / "data" / "logs" / "emberkeep.log").read_text(encoding="utf-8")


def assert_private(text: str) -> None:
    for secret in SECRETS:
        assert secret not in text


def test_open_save_backup_and_refusal_are_logged_by_file_name_only(
        qtbot: Any, home: Path, tmp_path: Path) -> None:
    where = logging_setup.configure()
    assert where == home / "data" / "logs" / "emberkeep.log"
    good = tmp_path / "plinth.json"
    good.write_bytes(storage.dumps(campaign()))
    bad = tmp_path / "broken-one.json"
    bad.write_text('{"schema_version": 4, "name": "' + SECRETS[0] + '", "characters": [}',
                   encoding="utf-8")

    window = MainWindow(AppState())
    qtbot.addWidget(window)
    assert window.open_path(good, ask=False)
    assert window.document is not None
    window.document.run("Rename", lambda c: setattr(c, "name", SECRETS[2] + " II"),
                        scope=Scope.of(fields=("name",)))
    assert window.save()  # the first save over the file keeps the old one as a backup
    assert not window.open_path(bad, ask=False)

    text = log_text(home)
    assert f"opened {good}" in text
    assert f"saved {good}" in text
    assert "backup kept: " in text
    assert f"refused to open {bad}: CampaignFileError" in text
    assert "error shown: Cannot open campaign" in text
    assert_private(text)
    log = home / "data" / "logs" / "emberkeep.log"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700


def test_a_recovery_is_logged(qtbot: Any, home: Path, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    logging_setup.configure()
    original = tmp_path / "plinth.json"
    original.write_bytes(storage.dumps(campaign()))
    work = recovery.recovery_file_for(home / "data" / "recovery", original, "abcdef")
    recovery.write_recovery(work, storage.dumps(campaign()), original=original,
                            campaign_name=SECRETS[2])

    def restore(dialog: RecoveryDialog) -> int:
        dialog.restore_button.click()
        return int(dialog.result())

    monkeypatch.setattr(RecoveryDialog, "exec", restore)
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    assert window.safety_tools.offer_recovery()

    text = log_text(home)
    assert "1 recovery file(s) offered" in text
    assert f"recovered unsaved work for {original}" in text
    assert_private(text)


def test_an_uncaught_error_logs_its_frames_and_type_not_its_message(home: Path) -> None:
    logging_setup.configure()
    try:
        raise ValueError(f"no such character {SECRETS[0]}")
    except ValueError as exc:
        path = error_log.write_log(ValueError, exc, exc.__traceback__)
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and __name__.rpartition(".")[2] in text
    assert "builtins.ValueError (its message is logged only with --debug)" in text
    assert_private(text)


def test_debug_logs_messages_and_details_to_the_console_too(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logging_setup.configure(debug=True)
    logging.getLogger("gui.autosave").debug("autosaved to recovery file %s", "r.json")
    try:
        raise ValueError("the message")
    except ValueError as exc:
        error_log.write_log(ValueError, exc, exc.__traceback__)
    text = log_text(home)
    assert "DEBUG gui.autosave: autosaved to recovery file r.json" in text
    assert "ValueError: the message" in text
    assert "autosaved to recovery file r.json" in capsys.readouterr().err


def test_the_file_rotates(home: Path) -> None:
    logging_setup.configure()
    handler = logging_setup.file_handler()
    assert handler.maxBytes == 1024 * 1024 and handler.backupCount == 3  # type: ignore[attr-defined]
    handler.maxBytes = 2000  # type: ignore[attr-defined]
    for number in range(200):
        logging.getLogger("gui.test").info("line %d of the rotation test", number)
    logs = home / "data" / "logs"
    assert sorted(p.name for p in logs.iterdir()) == [
        "emberkeep.log", "emberkeep.log.1", "emberkeep.log.2", "emberkeep.log.3"]  # 3 kept
    for file in logs.iterdir():
        assert stat.S_IMODE(file.stat().st_mode) == 0o600
        assert file.stat().st_size < 2000  # each rotated before it passed the limit
    text = {p.name: p.read_text(encoding="utf-8") for p in logs.iterdir()}
    assert "line 199 of" in text["emberkeep.log"]  # the newest in the file, the older in .1
    last_old = [line for line in text["emberkeep.log.1"].splitlines() if "rotation" in line][-1]
    first_new = next(line for line in text["emberkeep.log"].splitlines() if "rotation" in line)
    assert int(last_old.split("line ")[1].split()[0]) + 1 == \
        int(first_new.split("line ")[1].split()[0])  # nothing lost between the files


@pytest.mark.slow
def test_the_app_logs_its_start(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EMBERKEEP_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "gui", "--smoke-test"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "data" / "logs" / "emberkeep.log").read_text(encoding="utf-8")
    assert "INFO gui.app: Emberkeep " in text and " starting (Python " in text
    assert "opened " in text and "example_campaign.json" in text
    assert "DEBUG" not in text and "gui.app" not in done.stderr  # no console log without --debug


def test_the_version_is_logged_on_a_line_of_its_own(home: Path) -> None:
    import emberkeep

    logging_setup.configure(debug=False)
    logging_setup.log_start()
    logging_setup.log_version()
    lines = log_text(home).splitlines()
    assert "Emberkeep starting (Python " in lines[-2]
    assert lines[-1].endswith(f"INFO gui.app: Emberkeep version {emberkeep.__version__}")


def test_the_start_names_the_system_as_platform_does_without_a_process() -> None:
    import platform

    name = logging_setup.system_name()
    system = os.uname()
    assert name.startswith(f"{system.sysname}-{system.release}-{system.machine}")
    if platform.libc_ver()[0] == "glibc":  # platform reads the binary; the kernel's answer
        assert name.endswith(f"-with-glibc{platform.libc_ver()[1]}")
