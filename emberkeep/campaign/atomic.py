"""Writing a file so that at every instant the old version or the new one is on disk, whole.

A temporary file in the same folder is written, flushed and fsynced; then whatever must happen
before the swap (a backup of the old version) happens; ``os.replace`` swaps it in and the folder is
fsynced. Any failure removes the temporary file and leaves the old file byte-for-byte as it was.

The new file keeps the old one's permission bits (a ``chmod 600`` campaign stays 600: what the
GM set), or takes the ``mode`` asked for (0600 for the app's own recovery and backup files). The
temporary name stays within the file system's name limit however long the file's name, and the
writer holds an advisory lock on it until the swap (POSIX), so the next start removes every
stray temporary no live writer holds, whatever its age.

:data:`CHECKPOINT` is a test seam: fault tests set it in a child process to stop the write at a
named step ("after_write", "after_fsync", "before_replace", "after_replace"; "link_staged" when
:func:`link_or_copy` has its staging file but not yet its target) and kill it there.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import time
import uuid
from collections.abc import Callable
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; stray temporaries go by age there
    fcntl = None  # type: ignore[assignment]

__all__ = ["CHECKPOINT", "NAME_MAX", "atomic_write", "clean_folder_temporaries",
           "clean_stray_temporaries", "link_or_copy", "private_folder", "remove_quietly",
           "stem_within_limit", "sync_folder", "temporary_for"]

CHECKPOINT: Callable[[str], None] | None = None
_TMP_SUFFIX = ".tmp"
NAME_MAX = 255
"""Bytes in one file name on the common file systems (ext4, APFS, NTFS in UTF-16 units)."""
_TAG = len(".") + len(".01234567") + len(".link") + len(_TMP_SUFFIX)


def _checkpoint(step: str) -> None:
    if CHECKPOINT is not None:
        CHECKPOINT(step)


def temporary_for(path: Path, kind: str = "") -> Path:
    return path.with_name(f".{stem_within_limit(path.name)}.{uuid.uuid4().hex[:8]}{kind}"
                          f"{_TMP_SUFFIX}")


def stem_within_limit(name: str) -> str:
    """``name``, cut (on a character boundary) so a hidden name made of it with a tag of up to
    19 bytes (``.NAME.xxxxxxxx.link.tmp``, ``.NAME.lock``) fits in NAME_MAX bytes."""
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) + _TAG <= NAME_MAX:
        return name
    return encoded[:NAME_MAX - _TAG].decode("utf-8", "ignore")


def private_folder(folder: Path) -> Path:
    """Create ``folder`` (and its parents) for the app's own files: 0700, only the GM reads it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if os.name != "nt" and stat.S_IMODE(folder.stat().st_mode) != 0o700:
        with contextlib.suppress(OSError):
            folder.chmod(0o700)
    return folder


def atomic_write(path: Path, data: bytes,
                 before_replace: Callable[[], None] | None = None, *,
                 mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` atomically; raises ``OSError`` with the file unchanged.

    The new file gets ``mode``, else the permission bits of the file it replaces, else the
    usual 0644 less the umask.
    """
    if mode is None:
        with contextlib.suppress(FileNotFoundError):
            mode = stat.S_IMODE(os.stat(path).st_mode)
    tmp = temporary_for(path)
    fd = -1
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o600 if mode is not None else 0o644)
        holding = _lock(fd)
        if mode is not None and os.name != "nt":
            os.fchmod(fd, mode)  # exactly these bits: the umask is not applied twice
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        _checkpoint("after_write")
        os.fsync(fd)
        if not holding:  # Windows cannot replace a file that is open
            os.close(fd)
            fd = -1
        _checkpoint("after_fsync")
        if before_replace is not None:
            before_replace()
        _checkpoint("before_replace")
        os.replace(tmp, path)
        _checkpoint("after_replace")
        sync_folder(path.parent)
    except BaseException:
        remove_quietly(tmp)
        raise
    finally:
        if fd >= 0:
            os.close(fd)


def _lock(fd: int) -> bool:
    """Hold an advisory lock on our own temporary: another start sees it is in use."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def link_or_copy(source: Path, target: Path) -> None:
    """Make ``target`` hold ``source``'s bytes, atomically: a hard link where the file system
    allows (the old inode lives on, no copy), else a synced copy."""
    staging = temporary_for(target, ".link")
    try:
        try:
            os.link(source, staging)
        except OSError:
            shutil.copyfile(source, staging)
            fsync_file(staging)
        _checkpoint("link_staged")
        os.replace(staging, target)
    except BaseException:
        remove_quietly(staging)
        raise
    # rename(2) between two links of one file does nothing and succeeds: a target that already
    # was this file (NAME.bak after a save that failed or was killed past its backup) leaves
    # the staging link behind
    remove_quietly(staging)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_folder(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a folder for fsync; its replace is durable
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def clean_stray_temporaries(path: Path, older_than: float = 60.0) -> list[Path]:
    """Remove temporary files a killed save left beside ``path`` (``.NAME.xxxxxxxx*.tmp``).

    Every one no live writer holds, whatever its age (a killed save's temporary is garbage the
    moment its writer dies); where there are no advisory locks (Windows), only those older than
    ``older_than`` seconds, as a younger one may be another copy of the app saving right now.
    Names are matched literally: ``party[1].json`` is no glob pattern. What else a killed save
    leaves (the temporary of its ``NAME.bak``, its lock file) is cleaned by
    :func:`emberkeep.campaign.saving.clean_leftovers`.
    """
    prefix = re.escape(f".{stem_within_limit(path.name)}.")
    pattern = re.compile(rf"^{prefix}[0-9a-f]{{8}}(\.link)?\.tmp$")
    return _clean(path.parent, pattern, older_than)


_TEMPORARY = re.compile(r"^\..+\.[0-9a-f]{8}(\.link)?\.tmp$")


def clean_folder_temporaries(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Remove every temporary file a killed write left in ``folder`` (the recovery and backups
    folders, where file names are not known in advance); same rule as above."""
    return _clean(folder, _TEMPORARY, older_than)


def _clean(folder: Path, pattern: re.Pattern[str], older_than: float) -> list[Path]:
    removed = []
    with contextlib.suppress(OSError):
        for candidate in folder.iterdir():
            if pattern.match(candidate.name) and _stray(candidate, older_than):
                with contextlib.suppress(OSError):
                    candidate.unlink()
                    removed.append(candidate)
    return removed


def _stray(candidate: Path, older_than: float) -> bool:
    if fcntl is None:
        with contextlib.suppress(OSError):
            return time.time() - candidate.stat().st_mtime >= older_than
        return False
    try:
        fd = os.open(candidate, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True
    except OSError:
        return False  # a live writer holds it
    finally:
        os.close(fd)
