"""Saving keeps what the GM set: permission bits, symlinks, a write-protected file;
a broken backups folder never blocks a save; no backup of a save that changed nothing; names
near the file system's limit and with glob characters."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from emberkeep.campaign import atomic, backups, recovery, saving, storage
from emberkeep.campaign.errors import CampaignSaveError
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.saving import save_campaign


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_private_campaign_stays_private(tmp_path: Path) -> None:
    path, folder = tmp_path / "party.json", tmp_path / "data" / "backups" / "party"
    saving.save(Campaign(name="One"), path)
    path.chmod(0o600)
    saving.save(Campaign(name="Two"), path, backups=folder)
    assert mode(path) == 0o600
    path.chmod(0o640)
    saving.save(Campaign(name="Three"), path, backups=folder)
    assert mode(path) == 0o640
    found = backups.list_backups(folder)
    assert len(found) == 2 and all(mode(b.path) == 0o600 for b in found)
    assert mode(folder) == 0o700


def test_recovery_files_are_0600_in_a_0700_folder(tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    spot = recovery.recovery_file_for(folder, None, "abc")
    recovery.write_recovery(spot, storage.dumps(Campaign(name="Work")), original=None)
    assert mode(spot) == 0o600 and mode(folder) == 0o700


def test_a_write_protected_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    saving.save(Campaign(name="Kept"), path)
    path.chmod(0o444)
    before = path.read_bytes()
    with pytest.raises(CampaignSaveError, match="write-protected") as caught:
        saving.save(Campaign(name="Changed"), path)
    assert "Save As" in str(caught.value)
    assert path.read_bytes() == before and mode(path) == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["party.json"]


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "synced" / "party.json"
    real.parent.mkdir()
    saving.save(Campaign(name="Old"), real)
    link = tmp_path / "party.json"
    link.symlink_to(real)
    saving.save(Campaign(name="New"), link)
    assert link.is_symlink()
    assert storage.load(real).name == "New"


def test_a_backups_folder_that_cannot_be_written_never_blocks_the_save(tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    saving.save(Campaign(name="Old"), path)
    blocked = tmp_path / "backups"
    blocked.write_text("a file where the folder should be")
    saved = save_campaign(Campaign(name="New"), path, backups=blocked / "party")
    assert storage.load(path).name == "New"
    assert saved.backup is None
    assert str(blocked / "party") in saved.backup_error
    assert "could not be kept" in saved.backup_error
    assert saving.save(Campaign(name="Newer"), path, backups=blocked / "party")  # no raise


def test_a_save_with_nothing_changed_keeps_no_backup(tmp_path: Path) -> None:
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    saving.save(Campaign(name="One"), path, backups=folder)
    saving.save(Campaign(name="Two"), path, backups=folder)
    assert len(backups.list_backups(folder)) == 1
    inode = path.stat().st_ino
    again = save_campaign(Campaign(name="Two"), path, backups=folder)
    assert not again.written and path.stat().st_ino == inode
    assert len(backups.list_backups(folder)) == 1


def test_an_identical_backup_is_not_kept_twice(tmp_path: Path) -> None:
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    saving.save(Campaign(name="One"), path)
    first = backups.keep(path, folder)
    assert backups.keep(path, folder) == first
    assert len(backups.list_backups(folder)) == 1


@pytest.mark.parametrize("length", [200, 240, 250, 255])
def test_a_name_near_the_limit_still_saves(tmp_path: Path, length: int) -> None:
    """A temporary ``.NAME.xxxxxxxx.tmp`` over 255 bytes once left the file opened, never saved."""
    path = tmp_path / ("é" * ((length - 5) // 2) + "x" * ((length - 5) % 2) + ".json")
    assert len(path.name.encode()) == length
    folder = backups.backup_folder_for(path, tmp_path / "backups")
    saving.save(Campaign(name="One"), path)
    saving.save(Campaign(name="Two"), path, backups=folder)
    assert storage.load(path).name == "Two"
    assert len(backups.list_backups(folder)) == 1
    assert len(atomic.temporary_for(path, ".link").name.encode()) <= atomic.NAME_MAX
    stray = atomic.temporary_for(path)
    stray.write_text("half")
    assert atomic.clean_stray_temporaries(path) == [stray]


def test_glob_characters_in_a_name_do_not_stop_the_cleaning(tmp_path: Path) -> None:
    path = tmp_path / "party[1].json"
    saving.save(Campaign(name="One"), path)
    stray = atomic.temporary_for(path)
    stray.write_text("half")
    other = tmp_path / ".party1.json.0123abcd.tmp"  # what the glob [1] would have matched
    other.write_text("someone else's")
    assert atomic.clean_stray_temporaries(path) == [stray]
    assert other.exists() and storage.load(path).name == "One"


def test_a_young_stray_is_removed_unless_a_writer_holds_it(tmp_path: Path) -> None:
    import fcntl

    path = tmp_path / "party.json"
    saving.save(Campaign(name="One"), path)
    young, held = atomic.temporary_for(path), atomic.temporary_for(path)
    young.write_text("killed a second ago")
    held.write_text("being written")
    with held.open("rb") as writer:
        fcntl.flock(writer, fcntl.LOCK_EX)
        assert atomic.clean_stray_temporaries(path) == [young]
    assert held.exists()
    os.utime(held, (0, 0))
    assert atomic.clean_stray_temporaries(path) == [held]
