"""Rotating backups: before a save replaces a file, the previous version goes to a
backups folder, kept as the last 10 saves plus one per day for 14 days."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from emberkeep.campaign import atomic, backups, saving, storage
from emberkeep.campaign.model import Campaign

NOW = datetime(2024, 6, 10, 21, 14)


def _rewrite(source: Path, number: int) -> None:
    """A new version as a save makes it: a new file swapped in (the backups are hard links of
    the old one, which must keep its bytes)."""
    fresh = source.with_name("fresh")
    fresh.write_text(f'{{"save": {number}}}')
    fresh.replace(source)


def test_each_save_keeps_the_replaced_version_in_the_folder(tmp_path: Path) -> None:
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    saving.save(Campaign(name="One"), path, backups=folder)
    assert backups.list_backups(folder) == []  # nothing replaced yet
    first = path.read_bytes()
    saving.save(Campaign(name="Two"), path, backups=folder)
    second = path.read_bytes()
    saving.save(Campaign(name="Three"), path, backups=folder)
    kept = backups.list_backups(folder)
    assert [b.path.read_bytes() for b in kept] == [second, first]  # newest first
    assert [b.size for b in kept] == [len(second), len(first)]
    assert not saving.backup_path(path).exists()  # no NAME.bak beside it when a folder is given


def test_the_backup_outlives_the_next_save_even_when_hard_linked(tmp_path: Path) -> None:
    """A hard link shares the old inode; the atomic replace gives the file a new inode, so the
    backup still holds the old bytes."""
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    saving.save(Campaign(name="Old"), path)
    saving.save(Campaign(name="New"), path, backups=folder)
    (backup,) = backups.list_backups(folder)
    assert storage.load(backup.path).name == "Old"
    assert storage.load(path).name == "New"


def test_rotation_keeps_the_last_ten_and_one_a_day_for_fourteen_days(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    source = tmp_path / "party.json"
    source.write_text("{}")
    stamps = [NOW - timedelta(days=day, hours=hour) for day in range(20) for hour in (1, 2)]
    stamps += [NOW - timedelta(minutes=m) for m in range(1, 13)]  # twelve saves today
    for number, stamp in enumerate(sorted(stamps)):
        _rewrite(source, number)  # each a different version
        backups.keep(source, folder, now=stamp)
    kept = [b.saved_at for b in backups.list_backups(folder)]
    today = [NOW - timedelta(minutes=m) for m in range(1, 11)]
    older_days = [NOW - timedelta(days=day, hours=1) for day in range(1, 14)]
    assert kept == today + older_days  # the last 10, then each earlier day's newest, 14 days


def test_settings_change_how_many_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    source = tmp_path / "party.json"
    source.write_text("{}")
    for minutes in range(5):
        _rewrite(source, minutes)
        backups.keep(source, folder, keep_last=2, keep_days=0,
                     now=NOW + timedelta(minutes=minutes))
    assert len(backups.list_backups(folder)) == 2


def test_two_campaigns_with_one_name_get_their_own_folders(tmp_path: Path) -> None:
    one = backups.backup_folder_for(tmp_path / "a" / "party.json", tmp_path / "root")
    two = backups.backup_folder_for(tmp_path / "b" / "party.json", tmp_path / "root")
    assert one != two and one.name.startswith("party-") and one.parent == tmp_path / "root"


def test_foreign_files_in_the_folder_are_neither_listed_nor_deleted(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.json").write_text("mine")
    source = tmp_path / "party.json"
    source.write_text("{}")
    for minutes in range(3):
        _rewrite(source, minutes)
        backups.keep(source, folder, keep_last=1, keep_days=0,
                     now=NOW + timedelta(minutes=minutes))
    assert len(backups.list_backups(folder)) == 1
    assert (folder / "notes.json").read_text() == "mine"


def test_stray_temporaries_in_a_folder_are_cleaned_whatever_their_age(tmp_path: Path) -> None:
    """Cleaned by age alone, a save killed a minute ago left its temporary for good (the
    next start came too soon); now every one no live writer holds goes at once."""
    old = tmp_path / ".20240610-211400-000000.json.0123abcd.link.tmp"
    young = tmp_path / ".party.json.89abcdef.tmp"
    held = tmp_path / ".party.json.fedcba98.tmp"
    mine = tmp_path / "keep.tmp"
    for path in (old, young, held, mine):
        path.write_text("x")
    import fcntl
    import os

    os.utime(old, (0, 0))
    os.utime(mine, (0, 0))
    with held.open("rb") as writer:  # another copy of the app, saving right now
        fcntl.flock(writer, fcntl.LOCK_EX)
        assert sorted(atomic.clean_folder_temporaries(tmp_path)) == sorted([old, young])
    assert held.exists() and mine.exists()


