"""Saving a campaign atomically, keeping what the GM set, never over work it did not know of.

- Another copy of Emberkeep may save the same campaign at the same moment: the check below, the
  backup and the swap happen under the campaign's save lock (:mod:`save_lock`), so the second
  save sees the first one's file. A save told what the file held when the session last read or
  wrote it (``expect_sha256``) refuses with :class:`CampaignChangedOnDisk` when the file holds
  anything else by then, writing nothing: the GM is asked, never silently overwritten.
- Only a file this user may write is saved over. Saving replaces the file with a new one, which
  the saving user owns: over another user's file that would quietly take it over (root passes
  every permission check, so root would even replace a file its mode forbids). So the file must
  belong to this user, carry its owner's write bit, and the system (ACLs, a read-only attribute)
  must agree; else a plain message suggests Save As, the file untouched.
- The file keeps its permission bits (a ``chmod 600`` campaign stays 600).
- A symbolic link is written through: the file it points at gets the new version and the link
  stays a link (``os.replace`` on the link itself would put a plain file in its place).
- The previous version goes to the backups (or ``NAME.bak``) first; when that cannot be written
  the campaign is saved all the same and :attr:`Saved.backup_error` says why and where, for the
  GM to fix: a broken backups folder must never cost the session.
- A save that changes nothing (the file already holds exactly these bytes) writes nothing and
  rotates no backup.
- A killed save leaves temporaries (of the file, of its ``NAME.bak``) and its lock file beside
  the campaign; :func:`clean_leftovers` removes them when the campaign is next opened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from emberkeep.campaign.atomic import atomic_write, clean_stray_temporaries, link_or_copy
from emberkeep.campaign.errors import CampaignSaveError
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.save_lock import clean_stale_lock, save_lock
from emberkeep.campaign.storage import dumps
from emberkeep.digests import sha256_hex

__all__ = ["NO_FILE", "CampaignChangedOnDisk", "Saved", "backup_path", "clean_leftovers", "save",
           "save_advice", "save_campaign", "sha256_of"]

NO_FILE = "no file"
"""The expectation of a save where there was no file: one that appeared since is a change."""


class CampaignChangedOnDisk(CampaignSaveError):
    """The file no longer holds what the save expected (another program or another copy of
    Emberkeep wrote it since); nothing was written. ``found_sha256`` is what it holds now
    (:data:`NO_FILE` when it is gone): saving again with it as the expectation overwrites
    exactly that version, and refuses again if it changed once more."""

    def __init__(self, path: Path | str, found_sha256: str) -> None:
        self.found_sha256 = found_sha256
        reason = ("was deleted or moved" if found_sha256 == NO_FILE else "was changed")
        super().__init__(path, f"{reason} by another program (or another copy of Emberkeep) "
                               "since it was opened, so it was not saved over; the file on "
                               "disk is unchanged and your changes are still open.")


@dataclass(frozen=True, slots=True)
class Saved:
    data: bytes
    written: bool = True
    """False when the file already held exactly these bytes."""
    backup: Path | None = None
    """Where the replaced version was kept (None: nothing replaced, or it could not be kept)."""
    backup_error: str = ""
    """Why the replaced version could not be kept, and where: the save itself succeeded."""


@dataclass(frozen=True, slots=True)
class _Keeping:
    keep_backup: bool
    backups: Path | None
    keep_last: int
    keep_days: int


def sha256_of(data: bytes | None) -> str:
    """What a save expects of a file holding ``data`` (None: no file)."""
    return NO_FILE if data is None else sha256_hex(data)


def save_campaign(campaign: Campaign, path: Path | str, *, keep_backup: bool = True,
                  backups: Path | None = None, keep_last: int = 10, keep_days: int = 14,
                  expect_sha256: str | None = None, wait: float | None = None) -> Saved:
    """Write ``campaign`` to ``path`` atomically (see :func:`saving.save`).

    ``expect_sha256``: the SHA-256 of the file as the session last knew it (:data:`NO_FILE`: it
    knew of none); checked under the save lock, :class:`CampaignChangedOnDisk` when the file
    holds anything else. None saves whatever the file holds (Save As, after the GM chose a file
    to overwrite). ``wait``: how long to wait for another copy's save before
    :class:`~emberkeep.campaign.save_lock.CampaignBusy` (None: a few seconds).
    """
    path = Path(os.path.realpath(path))
    data = dumps(campaign)
    keeping = _Keeping(keep_backup, backups, keep_last, keep_days)
    try:
        with save_lock(path, wait=wait):
            return _save_locked(path, data, keeping, expect_sha256)
    except OSError as exc:
        raise CampaignSaveError(path, f"could not be saved ({exc.strerror or exc}); "
                                      f"the file on disk is unchanged. {save_advice(exc)}") from exc


def _save_locked(path: Path, data: bytes, keeping: _Keeping, expect: str | None) -> Saved:
    existing = _existing(path)
    if existing is not None:
        refusal = _write_refusal(path, existing)
        if refusal is not None:
            raise CampaignSaveError(path, refusal)
    if expect is not None:
        current = path.read_bytes() if existing is not None else None
        if current == data:
            return Saved(data, written=False)
        if sha256_of(current) != expect:
            raise CampaignChangedOnDisk(path, sha256_of(current))
    elif existing is not None and existing.st_size == len(data) and _holds(path, data):
        return Saved(data, written=False)
    kept: list[Path] = []
    problems: list[str] = []
    atomic_write(path, data, lambda: _keep_previous(path, existing, keeping, kept, problems))
    if kept and keeping.backups is not None:
        with contextlib.suppress(OSError):  # the old inode is the backup's alone from now on
            kept[0].chmod(0o600)
    return Saved(data, backup=kept[0] if kept else None,
                 backup_error=problems[0] if problems else "")


def _keep_previous(path: Path, existing: os.stat_result | None, keeping: _Keeping,
                   kept: list[Path], problems: list[str]) -> None:
    if not keeping.keep_backup or existing is None:
        return
    target = backup_path(path) if keeping.backups is None else keeping.backups
    try:
        if keeping.backups is None:
            link_or_copy(path, target)
            kept.append(target)
        else:
            from emberkeep.campaign.backups import keep

            kept.append(keep(path, keeping.backups, keep_last=keeping.keep_last,
                             keep_days=keeping.keep_days))
    except OSError as exc:
        problems.append(f"The previous version could not be kept as a backup in {target} "
                        f"({exc.strerror or exc}): {save_advice(exc)}")


def _write_refusal(path: Path, existing: os.stat_result) -> str | None:
    """Why this user may not save over the file (see the module's notes), or None."""
    euid = os.geteuid() if hasattr(os, "geteuid") else None  # Windows: no owners to keep
    if euid is not None and existing.st_uid != euid:
        return (f"belongs to {_owner(existing.st_uid)}, so it was not saved: saving replaces "
                "the file, which would make it yours. The file on disk is unchanged. Use Save "
                "As to save your version somewhere else.")
    if not existing.st_mode & stat.S_IWUSR:
        return ("is write-protected (read-only), so it was not saved; the file on disk is "
                "unchanged. Use Save As to save elsewhere, or make the file writable again.")
    effective = os.access in os.supports_effective_ids
    if not os.access(path, os.W_OK, effective_ids=effective):
        return ("is one you are not allowed to change, so it was not saved; the file on disk "
                "is unchanged. Use Save As to save elsewhere, or ask whoever owns the file.")
    return None


def _owner(uid: int) -> str:
    try:
        import pwd

        return f"another user (“{pwd.getpwuid(uid).pw_name}”)"
    except (ImportError, KeyError):
        return "another user"


def clean_leftovers(path: Path | str) -> list[Path]:
    """Remove what killed saves left beside the campaign ``path``: the temporaries of the file
    and of its ``NAME.bak`` that no live save holds, and a lock file no live save holds."""
    path = Path(os.path.realpath(path))  # a save writes beside the file a link points at
    return (clean_stray_temporaries(path) + clean_stray_temporaries(backup_path(path))
            + clean_stale_lock(path))


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


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")



def save_advice(exc: OSError) -> str:
    """What the GM can do about a failed save, by its cause."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "The disk is full: free some space, or use Save As to save somewhere else."
    if exc.errno == errno.EROFS:
        return "That disk or folder is read-only: use Save As to save somewhere else."
    if exc.errno in (errno.EACCES, errno.EPERM):
        return ("You are not allowed to write to that folder: use Save As to save somewhere "
                "else, or ask whoever owns the folder.")
    if exc.errno == errno.ENOENT:
        return "The folder no longer exists: use Save As to choose another."
    return "Your changes are still open: try again, or use Save As to save somewhere else."

def save(campaign: Campaign, path: Path | str, *, keep_backup: bool = True,
         backups: Path | None = None, keep_last: int = 10, keep_days: int = 14) -> bytes:
    """Write ``campaign`` to ``path`` atomically.

    The previous version is kept: in ``backups`` (rotated: the last ``keep_last`` saves plus one
    a day for ``keep_days`` days) when a folder is given, else as ``NAME.bak`` beside the file.
    Returns the bytes written. A failure raises :class:`CampaignSaveError` saying what happened
    and what to do, with the file byte-for-byte as it was and no temporary file left. What else
    a save keeps (permissions, symlinks, a backup that could not be kept) is in
    :func:`save_campaign`, which also tells what happened.
    """
    return save_campaign(campaign, path, keep_backup=keep_backup, backups=backups,
                         keep_last=keep_last, keep_days=keep_days).data
