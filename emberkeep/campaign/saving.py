"""Saving a campaign so it keeps what the GM set (issue #20), atomically (issue #10).

- The file keeps its permission bits (a ``chmod 600`` campaign stays 600); a write-protected
  file (no write bit, ``chmod 444``) is refused with a plain message, not silently replaced.
- A symbolic link is written through: the file it points at gets the new version and the link
  stays a link (``os.replace`` on the link itself would put a plain file in its place).
- The previous version goes to the backups (or ``NAME.bak``) first; when that cannot be written
  the campaign is saved all the same and :attr:`Saved.backup_error` says why and where, for the
  GM to fix: a broken backups folder must never cost the session.
- A save that changes nothing (the file already holds exactly these bytes) writes nothing and
  rotates no backup.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from emberkeep.campaign.atomic import atomic_write, link_or_copy
from emberkeep.campaign.errors import CampaignSaveError
from emberkeep.campaign.model import Campaign

__all__ = ["Saved", "save_campaign"]


@dataclass(frozen=True, slots=True)
class Saved:
    data: bytes
    written: bool = True
    """False when the file already held exactly these bytes."""
    backup: Path | None = None
    """Where the replaced version was kept (None: nothing replaced, or it could not be kept)."""
    backup_error: str = ""
    """Why the replaced version could not be kept, and where: the save itself succeeded."""


def save_campaign(campaign: Campaign, path: Path | str, *, keep_backup: bool = True,
                  backups: Path | None = None, keep_last: int = 10,
                  keep_days: int = 14) -> Saved:
    """Write ``campaign`` to ``path`` atomically (see :func:`storage.save`)."""
    from emberkeep.campaign.storage import backup_path, dumps, save_advice

    path = Path(os.path.realpath(path))
    data = dumps(campaign)
    existing = _existing(path)
    if existing is not None and not existing.st_mode & (stat.S_IWUSR | stat.S_IWGRP
                                                        | stat.S_IWOTH):
        raise CampaignSaveError(path, "is write-protected (read-only), so it was not saved; "
                                      "the file on disk is unchanged. Use Save As to save "
                                      "elsewhere, or make the file writable again.")
    if existing is not None and existing.st_size == len(data) and _holds(path, data):
        return Saved(data, written=False)
    kept: list[Path] = []
    problems: list[str] = []

    def keep_previous() -> None:
        if not keep_backup or existing is None:
            return
        target = backup_path(path) if backups is None else backups
        try:
            if backups is None:
                link_or_copy(path, target)
                kept.append(target)
            else:
                from emberkeep.campaign.backups import keep

                kept.append(keep(path, backups, keep_last=keep_last, keep_days=keep_days))
        except OSError as exc:
            problems.append(f"The previous version could not be kept as a backup in {target} "
                            f"({exc.strerror or exc}): {save_advice(exc)}")

    try:
        atomic_write(path, data, keep_previous)
    except OSError as exc:
        raise CampaignSaveError(path, f"could not be saved ({exc.strerror or exc}); "
                                      f"the file on disk is unchanged. {save_advice(exc)}") from exc
    if kept and backups is not None:
        with contextlib.suppress(OSError):  # the old inode is the backup's alone from now on
            kept[0].chmod(0o600)
    return Saved(data, backup=kept[0] if kept else None,
                 backup_error=problems[0] if problems else "")


def _existing(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return None  # the write says why, with its advice


def _holds(path: Path, data: bytes) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False
