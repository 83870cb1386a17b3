"""Rotating backups: before a save replaces a file, the previous version goes to a folder.

Kept: the last ``keep_last`` saves, plus the newest save of each of the last ``keep_days`` days.
A backup is a hard link of the replaced file where possible (no copy: the old inode simply lives
on under the backup's name), else a synced copy. Names sort by time:
``YYYYMMDD-HHMMSS-ffffff.json``.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from emberkeep.campaign.atomic import NAME_MAX, link_or_copy, private_folder, sync_folder
from emberkeep.digests import sha1_hex

__all__ = ["Backup", "backup_folder_for", "keep", "list_backups", "rotate"]

_FORMAT = "%Y%m%d-%H%M%S-%f"


@dataclass(frozen=True, slots=True)
class Backup:
    path: Path
    saved_at: datetime
    size: int


def backup_folder_for(campaign_path: Path, root: Path) -> Path:
    """One folder per campaign file under ``root``, named for the file and its full path (two
    campaigns called ``party.json`` in different folders keep apart)."""
    digest = sha1_hex(str(campaign_path.resolve()).encode("utf-8"))[:10]
    stem = campaign_path.stem.encode("utf-8", "surrogateescape")
    # within the name limit (shorter names keep the folder they always had)
    short = stem[:NAME_MAX - len(digest) - 1].decode("utf-8", "ignore")
    return root / f"{short}-{digest}"


def keep(path: Path, folder: Path, *, keep_last: int = 10, keep_days: int = 14,
         now: datetime | None = None) -> Path:
    """Put the current ``path`` into ``folder`` as the newest backup, then rotate; a version
    the newest backup already holds is not kept twice. The folder is the GM's
    alone (0700)."""
    private_folder(folder)
    found = list_backups(folder)
    if found and _same_bytes(path, found[0].path):
        return found[0].path
    stamp = (now or datetime.now()).strftime(_FORMAT)
    target = folder / f"{stamp}.json"
    link_or_copy(path, target)
    sync_folder(folder)
    rotate(folder, keep_last=keep_last, keep_days=keep_days, now=now)
    return target


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def list_backups(folder: Path) -> list[Backup]:
    """Newest first; files that don't carry a backup's name are left out."""
    found = []
    with contextlib.suppress(FileNotFoundError):
        for path in folder.glob("*.json"):
            try:
                saved_at = datetime.strptime(path.stem, _FORMAT)
                found.append(Backup(path, saved_at, path.stat().st_size))
            except (ValueError, OSError):
                continue
    return sorted(found, key=lambda b: b.saved_at, reverse=True)


def rotate(folder: Path, *, keep_last: int = 10, keep_days: int = 14,
           now: datetime | None = None) -> list[Path]:
    """Delete backups beyond the last ``keep_last`` and one a day for ``keep_days`` days."""
    backups = list_backups(folder)
    today = (now or datetime.fromtimestamp(time.time())).date()
    keep_paths = {b.path for b in backups[:keep_last]}
    seen_days = set()
    for backup in backups:  # newest first: the first of each day is that day's newest
        day = backup.saved_at.date()
        if (today - day).days < keep_days and day not in seen_days:
            seen_days.add(day)
            keep_paths.add(backup.path)
    removed = []
    for backup in backups:
        if backup.path not in keep_paths:
            with contextlib.suppress(OSError):
                backup.path.unlink()
                removed.append(backup.path)
    return removed
