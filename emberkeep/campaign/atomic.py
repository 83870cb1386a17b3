"""Writing a file so that at every instant the old version or the new one is on disk, whole.

A temporary file in the same folder is written, flushed and fsynced; then whatever must happen
before the swap (a backup of the old version) happens; ``os.replace`` swaps it in and the folder is
fsynced. Any failure removes the temporary file and leaves the old file byte-for-byte as it was.

:data:`CHECKPOINT` is a test seam: fault tests set it in a child process to stop the write at a
named step ("after_write", "after_fsync", "before_replace", "after_replace") and kill it there.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
import uuid
from collections.abc import Callable
from pathlib import Path

__all__ = ["CHECKPOINT", "atomic_write", "clean_folder_temporaries", "clean_stray_temporaries",
           "link_or_copy", "remove_quietly", "sync_folder"]

CHECKPOINT: Callable[[str], None] | None = None
_TMP_SUFFIX = ".tmp"


def _checkpoint(step: str) -> None:
    if CHECKPOINT is not None:
        CHECKPOINT(step)


def temporary_for(path: Path, kind: str = "") -> Path:
    return path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}{kind}{_TMP_SUFFIX}")


def atomic_write(path: Path, data: bytes,
                 before_replace: Callable[[], None] | None = None) -> None:
    """Replace ``path`` with ``data`` atomically; raises ``OSError`` with the file unchanged."""
    tmp = temporary_for(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            _checkpoint("after_write")
            os.fsync(fd)
        finally:
            os.close(fd)
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
        os.replace(staging, target)
    except BaseException:
        remove_quietly(staging)
        raise


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

    Only those older than ``older_than`` seconds: a younger one may be another copy of the app
    saving right now.
    """
    removed = []
    now = time.time()
    with contextlib.suppress(OSError):
        for candidate in path.parent.glob(f".{path.name}.*{_TMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                if now - candidate.stat().st_mtime >= older_than:
                    candidate.unlink()
                    removed.append(candidate)
    return removed


_TEMPORARY = re.compile(r"^\..+\.[0-9a-f]{8}(\.link)?\.tmp$")


def clean_folder_temporaries(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Remove every temporary file a killed write left in ``folder`` (the recovery and backups
    folders, where file names are not known in advance); same age rule as above."""
    removed = []
    now = time.time()
    with contextlib.suppress(OSError):
        for candidate in folder.iterdir():
            if not _TEMPORARY.match(candidate.name):
                continue
            with contextlib.suppress(OSError):
                if now - candidate.stat().st_mtime >= older_than:
                    candidate.unlink()
                    removed.append(candidate)
    return removed
