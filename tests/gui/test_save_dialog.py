"""Saving from the window when another copy of Emberkeep (or another program) has the file.

The refusal comes from the core, under the save lock; the window turns it into the outside-change
question (the real dialog here, its buttons clicked) and an overwrite replaces exactly the version
the GM was told of. A save that finds the lock held says another copy is saving; a file of
another user is refused with Save As advice; opening a campaign cleans what a killed save left.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from emberkeep.campaign import save_lock, saving, storage
from emberkeep.campaign.backups import backup_folder_for, list_backups
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.save_lock import Holder, lock_path_for
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui import app, paths
from gui.main_window import MainWindow
from gui.state import AppState


def make_campaign() -> Campaign:
    scores = AbilityScores.from_bases({a: 12 for a in ABILITIES})
    return Campaign(name="The Ember Road", characters=[
        Character(name="Brannoc", race="dwarf", hp=5, max_hp=6, scores=scores)])


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "ember.json"
    saving.save(make_campaign(), path)
    return path


@pytest.fixture
def windows(qtbot: Any) -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.safety_tools.autosaver.shutdown()


def opened(windows: list[MainWindow], path: Path) -> MainWindow:
    window = MainWindow(AppState())
    windows.append(window)
    assert window.open_path(path)
    return window


def rename(window: MainWindow, name: str) -> None:
    assert window.document is not None
    window.document.edit_character(window.document.campaign.characters[0].id, "name", name)


class Boxes:
    """Every message box shown: its text; a question is answered by clicking the button named
    next in ``answers`` (after ``meanwhile``, what another program does while the GM reads)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.answers: list[str] = []
        self.meanwhile: Callable[[], object] | None = None

    def exec(self, box: QMessageBox) -> int:
        self.texts.append(f"{box.text()}\n{box.informativeText()}")
        if self.meanwhile is not None:
            self.meanwhile()
            self.meanwhile = None
        if self.answers:
            wanted = self.answers.pop(0)
            (button,) = [b for b in box.buttons() if b.text() == wanted]
            button.click()
        return 0


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    fake = Boxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: fake.exec(box))
    return fake


def first_name(path: Path) -> str:
    return storage.load(path).characters[0].name


@pytest.mark.slow
def test_two_windows_on_one_file_the_second_save_asks(campaign_file: Path, boxes: Boxes,
                                                      windows: list[MainWindow]) -> None:
    mine, theirs = opened(windows, campaign_file), opened(windows, campaign_file)
    rename(mine, "Brannoc the Bold")
    rename(theirs, "Brannoc the Grim")
    assert mine.save() and boxes.texts == []
    boxes.answers = ["Cancel"]
    assert not theirs.save()
    assert "“ember.json” was changed by another program" in boxes.texts[0]
    assert first_name(campaign_file) == "Brannoc the Bold"
    assert theirs.document is not None and theirs.document.is_modified
    boxes.answers = ["Overwrite"]
    assert theirs.save()
    assert first_name(campaign_file) == "Brannoc the Grim"
    assert not theirs.document.is_modified
    assert "Saved ember.json" in theirs.statusBar().currentMessage()
    kept = list_backups(backup_folder_for(campaign_file, paths.backups_dir()))
    assert storage.load(kept[0].path).characters[0].name == "Brannoc the Bold"  # not lost
    assert len(boxes.texts) == 2
    rename(mine, "Brannoc the Twice Bold")  # the first window's file is now stale in turn
    boxes.answers = ["Cancel"]
    assert not mine.save() and len(boxes.texts) == 3
    assert sorted(p.name for p in campaign_file.parent.iterdir()) == ["ember.json", "home"]


@pytest.mark.slow
def test_an_overwrite_replaces_only_the_version_the_gm_was_told_of(
        campaign_file: Path, boxes: Boxes, windows: list[MainWindow]) -> None:
    window = opened(windows, campaign_file)
    rename(window, "Mine")
    saving.save(make_campaign().model_copy(update={"name": "Synced"}), campaign_file)
    later = make_campaign().model_copy(update={"notes": "synced again while the GM read"})
    boxes.meanwhile = lambda: saving.save(later, campaign_file)
    boxes.answers = ["Overwrite", "Cancel"]
    assert not window.save()
    assert len(boxes.texts) == 2  # the second change since was asked about too
    assert storage.load(campaign_file).notes == "synced again while the GM read"
    boxes.answers = ["Overwrite"]
    assert window.save() and first_name(campaign_file) == "Mine"


@pytest.mark.slow
def test_a_save_while_another_copy_saves_says_so(campaign_file: Path, boxes: Boxes,
                                                 windows: list[MainWindow],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_lock, "WAIT_SECONDS", 0.2)
    window = opened(windows, campaign_file)
    rename(window, "Mine")
    before = campaign_file.read_bytes()
    fd = os.open(lock_path_for(campaign_file), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, Holder(4242, Holder.me().host, time.time()).encode())
        assert not window.save()
    finally:
        os.close(fd)
    (text,) = boxes.texts
    assert "another copy of Emberkeep is saving this campaign (process 4242" in text
    assert "try again in a moment" in text
    assert campaign_file.read_bytes() == before
    assert window.document is not None and window.document.is_modified
    assert window.save() and first_name(campaign_file) == "Mine"  # once it is done


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user needs root")
def test_another_user_s_file_is_refused_with_save_as_advice(campaign_file: Path, boxes: Boxes,
                                                           windows: list[MainWindow]) -> None:
    window = opened(windows, campaign_file)
    rename(window, "Mine")
    os.chown(campaign_file, 12345, 12345)
    assert not window.save()
    (text,) = boxes.texts
    assert "ember.json: belongs to another user" in text and "Save As" in text
    assert campaign_file.stat().st_uid == 12345 and first_name(campaign_file) == "Brannoc"
    assert window.document is not None and window.document.is_modified


def leftovers(path: Path) -> list[Path]:
    made = [path.with_name(".ember.json.0123abcd.tmp"),
            path.with_name(".ember.json.bak.89abcdef.link.tmp"), lock_path_for(path)]
    for stray in made:
        stray.write_text("left by a killed save")
    return made


@pytest.mark.slow
def test_opening_a_campaign_cleans_what_a_killed_save_left(campaign_file: Path,
                                                           windows: list[MainWindow]) -> None:
    made = leftovers(campaign_file)
    opened(windows, campaign_file)
    assert not any(p.exists() for p in made)


@pytest.mark.slow
def test_the_start_cleans_what_a_killed_save_left_beside_recent_files(
        campaign_file: Path, windows: list[MainWindow]) -> None:
    AppState(recent=[str(campaign_file)], example_copied=True).save()
    made = leftovers(campaign_file)
    window = app.open_window(None, AppState.load())
    windows.append(window)
    assert not any(p.exists() for p in made)
