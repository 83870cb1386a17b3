"""The lock a save holds on a campaign file, so that two copies of Emberkeep never save it at once.

A save checks that the file still holds what the session last knew, keeps the replaced version as
a backup and swaps the new one in. Two copies of the app saving the same campaign a moment apart
could both pass the check before either swapped: one session's work was then in neither the file
nor any backup, and both windows said "saved". So the check, the backup and the swap happen while
the save holds the lock file ``.NAME.lock`` beside the campaign.

- POSIX: an advisory ``flock`` on the lock file. The kernel drops it when its process dies, so
  a lock a killed save left behind holds nothing: the next save takes the file over at once.
- Windows (no ``flock``): the lock file is created exclusively (``O_EXCL``) and kept open, which
  also stops anyone removing it; one whose process is gone (on this computer) or that is older
  than :data:`STALE_SECONDS` is taken over.

The lock file holds the saving process's id, computer and start time, only for the message a
second copy shows while it waits. It is removed when the save ends, so the GM's folder (often a
synced one, where a leftover file would travel to other computers) holds only their own files.
Removing it is safe because whoever takes the lock then checks that the file it locked is still
the one at that name (the save before may just have removed it) and starts again if not; only
the holder removes it.

A save waits up to :data:`WAIT_SECONDS` for another copy's save to end (a save takes
milliseconds), then gives up with :class:`CampaignBusy`, the file untouched. A file system that
cannot lock at all (some network shares) saves unlocked, as before: the content check still
runs, only without the lock around it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from emberkeep.campaign.atomic import remove_quietly, stem_within_limit
from emberkeep.campaign.errors import CampaignSaveError

try:
    import fcntl
except ImportError:  # Windows: exclusive creation instead
    fcntl = None  # type: ignore[assignment]

__all__ = ["STALE_SECONDS", "WAIT_SECONDS", "CampaignBusy", "Holder", "clean_stale_lock",
           "lock_path_for", "save_lock"]

WAIT_SECONDS = 3.0
STALE_SECONDS = 60.0
"""Windows only: a lock file this old is a killed save's, whatever process id it names."""
_POLL = 0.02
_HOLDER_BYTES = 512
_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class CampaignBusy(CampaignSaveError):
    """Another copy of Emberkeep held the campaign's save lock the whole time this save waited;
    nothing was written."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lock, as its lock file says (untrusted: any program may write that file)."""

    pid: int
    host: str
    since: float

    @classmethod
    def me(cls) -> Holder:
        return cls(os.getpid(), socket.gethostname(), time.time())

    def encode(self) -> bytes:
        return json.dumps({"pid": self.pid, "host": self.host, "since": self.since}).encode()

    @classmethod
    def decode(cls, data: bytes) -> Holder | None:
        try:
            found = json.loads(data.decode("utf-8"))
            pid, host, since = found["pid"], found["host"], found["since"]
        except (ValueError, TypeError, KeyError):
            return None
        if not (isinstance(pid, int) and isinstance(host, str)
                and isinstance(since, int | float)) or isinstance(pid, bool) or pid <= 0 \
                or not 0 <= since < 2**33:
            return None
        return cls(pid, host, float(since))

    def here(self) -> bool:
        return self.host == socket.gethostname()

    def words(self) -> str:
        """``process 4242 on this computer, since 21:14:03``, for the GM."""
        where = "this computer" if self.here() else f"the computer “{_plain(self.host)}”"
        since = time.strftime("%H:%M:%S", time.localtime(self.since))
        return f"process {self.pid} on {where}, since {since}"


def _plain(text: str) -> str:
    return "".join(c for c in text if c.isprintable())[:64] or "?"


def lock_path_for(path: Path) -> Path:
    """``.NAME.lock`` beside the campaign file (within the file system's name limit)."""
    return path.with_name(f".{stem_within_limit(path.name)}.lock")


@contextlib.contextmanager
def save_lock(path: Path, *, wait: float | None = None) -> Iterator[None]:
    """Hold the save lock of the campaign file ``path`` (already resolved) inside the block.

    Raises :class:`CampaignBusy` when another process held it for ``wait`` seconds (None:
    :data:`WAIT_SECONDS`), and ``OSError`` when the lock file cannot be made (a read-only or
    forbidden folder: the save itself could not have been written there either).
    """
    lock = lock_path_for(path)
    deadline = time.monotonic() + (WAIT_SECONDS if wait is None else wait)
    if fcntl is None:
        fd = _take_exclusive(lock, path, deadline)
        try:
            yield
        finally:
            os.close(fd)
            remove_quietly(lock)
        return
    fd = _take_flock(lock, path, deadline)
    try:
        yield
    finally:
        if _still_at(lock, fd):
            remove_quietly(lock)  # while holding it: see the module's notes
        os.close(fd)


def clean_stale_lock(path: Path) -> list[Path]:
    """Remove the lock file a killed save left beside ``path``, unless a live save holds it."""
    lock = lock_path_for(path)
    if fcntl is None:
        if lock.exists() and _stale(lock):
            with contextlib.suppress(OSError):
                lock.unlink()
                return [lock]
        return []
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | _FLAGS)
    except OSError:
        return []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return []
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if _still_at(lock, fd):
            lock.unlink()
            return [lock]
        return []
    except OSError:
        return []  # a live save holds it
    finally:
        os.close(fd)


# -- POSIX: flock ---------------------------------------------------------------------------------


def _take_flock(lock: Path, campaign: Path, deadline: float) -> int:
    while True:
        fd = _open_lock(lock, campaign)
        try:
            if not _flock_until(fd, deadline):
                raise CampaignBusy(campaign, _busy_reason(_read_holder(fd)))
            if _still_at(lock, fd):
                _write_holder(fd)
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # the save before removed the file we locked: lock the one there now


def _write_holder(fd: int) -> None:
    """Only words for a message: a full disk must not stop the save here. Written over what a
    killed save left, then cut to length: a truncation to zero first would make ext4 flush the
    file at close (its guard for replace-by-truncate), a millisecond or more for nothing."""
    data = Holder.me().encode()
    with contextlib.suppress(OSError):
        os.pwrite(fd, data, 0)
        os.ftruncate(fd, len(data))


def _open_lock(lock: Path, campaign: Path) -> int:
    try:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | _FLAGS, 0o644)
        except PermissionError:
            if not lock.exists():
                raise
            # another user's lock file (a shared folder): it locks all the same, unwritten
            fd = os.open(lock, os.O_RDONLY | _FLAGS)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise _not_a_lock(lock, campaign) from exc
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _not_a_lock(lock, campaign)
    return fd


def _not_a_lock(lock: Path, campaign: Path) -> CampaignSaveError:
    return CampaignSaveError(campaign, f"was not saved: “{lock.name}” beside it is not a lock "
                                       "file Emberkeep made (a folder, a link or a device). The "
                                       "file on disk is unchanged. Remove that item, or use Save "
                                       "As to save somewhere else.")


def _flock_until(fd: int, deadline: float) -> bool:
    """True once this process holds the lock (or the file system cannot lock at all)."""
    assert fcntl is not None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(_POLL)
        except OSError as exc:
            if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
                return True
            raise


def _still_at(lock: Path, fd: int) -> bool:
    try:
        there = os.stat(lock, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)


def _read_holder(fd: int) -> Holder | None:
    try:
        return Holder.decode(os.pread(fd, _HOLDER_BYTES, 0))
    except OSError:
        return None


def _busy_reason(holder: Holder | None) -> str:
    who = f" ({holder.words()})" if holder is not None else ""
    return (f"was not saved: another copy of Emberkeep is saving this campaign{who}. The file "
            "on disk is unchanged and your changes are still open: try again in a moment.")


# -- Windows: exclusive creation ------------------------------------------------------------------


def _take_exclusive(lock: Path, campaign: Path, deadline: float) -> int:
    while True:
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAGS, 0o644)
        except FileExistsError:
            if _stale(lock):
                with contextlib.suppress(OSError):  # a live holder keeps it open: not removable
                    lock.unlink()
                    continue
            if time.monotonic() >= deadline:
                raise CampaignBusy(campaign, _busy_reason(_holder_in(lock))) from None
            time.sleep(_POLL)
            continue
        with contextlib.suppress(OSError):
            os.write(fd, Holder.me().encode())
        return fd


def _holder_in(lock: Path) -> Holder | None:
    try:
        with lock.open("rb") as handle:
            return Holder.decode(handle.read(_HOLDER_BYTES))
    except OSError:
        return None


def _stale(lock: Path) -> bool:
    """A killed save's lock: its process is gone, or it is older than any save takes. One
    that names no process may be a lock created a moment ago and not yet written: age only."""
    try:
        age = time.time() - lock.stat().st_mtime
    except OSError:
        return False
    if age >= STALE_SECONDS:
        return True
    holder = _holder_in(lock)
    return holder is not None and holder.here() and not _alive(holder.pid)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return _alive_on_windows(pid)
    try:
        os.kill(pid, 0)  # signal 0: asks, sends nothing
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: it exists
    return True


if sys.platform == "win32":  # os.kill(pid, 0) would end the process there: ask the kernel
    import ctypes

    def _alive_on_windows(pid: int) -> bool:
        kernel32 = ctypes.windll.kernel32
        synchronize, query = 0x00100000, 0x1000
        handle = kernel32.OpenProcess(synchronize | query, False, pid)
        if not handle:
            return bool(kernel32.GetLastError() == 5)  # access denied: it exists
        try:
            return bool(kernel32.WaitForSingleObject(handle, 0) == 0x102)  # still running
        finally:
            kernel32.CloseHandle(handle)
