"""The app's log: the standard library's :mod:`logging`, to a rotating file in the data folder.

What a bug report needs and nothing of the GM's campaign: the start (version, Python, platform),
each open, save, backup, recovery and refused file by its file name, every error the GM is
shown, and the traceback of any exception that escapes an action. A campaign's names and notes
never reach the log: events name files only, and an error is logged by its type (an exception's
message may quote the campaign, so it is written only under ``--debug``, which the GM turns on
for a bug they are chasing; the dialog shows it either way).

The file is ``<data folder>/logs/emberkeep.log`` (:func:`gui.paths.data_dir`), private (0600 in
a 0700 folder), rotated at 1 MiB with three older files kept. :mod:`faulthandler` writes a
native crash's trace of every thread into the same file (it keeps its own descriptor, moved to
the new file at each rotation).

Handlers go on the ``emberkeep`` and ``gui`` loggers, so each module logs to
``logging.getLogger(__name__)``. No Qt here: :func:`configure` runs before Qt is imported.
"""

from __future__ import annotations

import faulthandler
import io
import logging
import os
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import IO

from gui import paths

__all__ = ["LOG_NAME", "configure", "enable_crash_log", "error_kind", "file_handler", "log_dir",
           "log_file", "log_start"]

LOG_NAME = "emberkeep.log"
MAX_BYTES = 1024 * 1024
KEEP_OLD = 3
LOGGERS = ("emberkeep", "gui")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_state = {"debug": False}
_crash_log: IO[bytes] | None = None

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


def log_dir() -> Path:
    return paths.data_dir() / "logs"


def log_file(folder: Path | None = None) -> Path:
    return (folder if folder is not None else log_dir()) / LOG_NAME


def debugging() -> bool:
    return _state["debug"]


def error_kind(error: BaseException) -> str:
    """How a caught error is logged: its type (its message, which may quote the campaign, only
    under ``--debug``)."""
    kind = type(error).__name__
    return f"{kind}: {error}" if debugging() else kind


class _PrivateFormatter(logging.Formatter):
    """A traceback's frames (code, never data) and the exception's type; its message only under
    ``--debug``."""

    def formatException(self, ei: ExcInfo | tuple[None, None, None]) -> str:
        if debugging() or ei[1] is None:
            return super().formatException(ei)
        return "".join(_frames(ei[1], set())).rstrip("\n")


def _frames(error: BaseException, seen: set[int]) -> list[str]:
    seen.add(id(error))
    lines: list[str] = []
    cause = error.__cause__
    context = None if error.__suppress_context__ else error.__context__
    if cause is not None and id(cause) not in seen:
        lines += [*_frames(cause, seen), "\nThe above exception was the direct cause of the "
                                         "following exception:\n\n"]
    elif context is not None and id(context) not in seen:
        lines += [*_frames(context, seen), "\nDuring handling of the above exception, another "
                                           "exception occurred:\n\n"]
    lines.append("Traceback (most recent call last):\n")
    lines += traceback.format_tb(error.__traceback__)
    kind = type(error)
    lines.append(f"{kind.__module__}.{kind.__qualname__} (its message is logged only with "
                 "--debug)\n")
    return lines


class _PrivateFileHandler(logging.FileHandler):
    """Created 0600, rotated at ``maxBytes`` keeping ``backupCount`` older files (``.1`` the
    newest), and the crash trace follows it to each new file.

    The rotation :class:`logging.handlers.RotatingFileHandler` does, without its module: that
    imports :mod:`socket`, :mod:`pickle` and :mod:`queue` for its other handlers, 1.2 MiB of the
    first window's peak (bench/startup.py)."""

    def __init__(self, filename: Path, *, maxBytes: int, backupCount: int) -> None:
        self.maxBytes = maxBytes
        self.backupCount = backupCount
        super().__init__(filename, encoding="utf-8", delay=False)

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return io.TextIOWrapper(os.fdopen(fd, "ab"), encoding=self.encoding or "utf-8",
                                errors="replace", line_buffering=True)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full(record):
                self.doRollover()
        except Exception:  # as logging's own handlers: reported, never raised
            self.handleError(record)
            return
        super().emit(record)

    def _full(self, record: logging.LogRecord) -> bool:
        if self.maxBytes <= 0:
            return False
        if self.stream is None:
            self.stream = self._open()
        if not os.path.isfile(self.baseFilename):  # a device or a pipe is never rotated
            return False
        written = self.stream.seek(0, io.SEEK_END)
        return written + len(f"{self.format(record)}{self.terminator}") >= self.maxBytes

    def doRollover(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.backupCount > 0:
            for number in range(self.backupCount - 1, 0, -1):
                older = f"{self.baseFilename}.{number}"
                if os.path.exists(older):
                    os.replace(older, f"{self.baseFilename}.{number + 1}")
            os.replace(self.baseFilename, f"{self.baseFilename}.1")
        else:
            os.truncate(self.baseFilename, 0)
        self.stream = self._open()
        if _crash_log is not None:
            enable_crash_log(Path(self.baseFilename).parent)


def _handlers() -> list[_PrivateFileHandler]:
    return [h for h in logging.getLogger(LOGGERS[0]).handlers
            if isinstance(h, _PrivateFileHandler)]


def file_handler(folder: Path | None = None) -> logging.FileHandler:
    """The log file's handler on the app's loggers, pointed at ``folder`` (the data folder's
    ``logs`` by default; moved there if it wrote elsewhere). Raises ``OSError`` when the file
    cannot be opened."""
    target = log_file(folder)
    for handler in _handlers():
        if Path(handler.baseFilename) == target.absolute():
            return handler
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handler = _PrivateFileHandler(target, maxBytes=MAX_BYTES, backupCount=KEEP_OLD)
    handler.setFormatter(_PrivateFormatter(FORMAT))
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in _handlers():
            logger.removeHandler(old)
        logger.addHandler(handler)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
    for old in {h for h in _handlers() if h is not handler}:
        old.close()
    return handler


def configure(*, debug: bool = False, folder: Path | None = None) -> Path | None:
    """Log to the file (every step in detail, and to the console too, with ``debug``); returns
    the file, or None when it cannot be opened (the app starts all the same, logging to the
    console)."""
    _state["debug"] = debug
    level = logging.DEBUG if debug else logging.INFO
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(level)
        for old in [h for h in logger.handlers if getattr(h, "_emberkeep_console", False)]:
            logger.removeHandler(old)
    try:
        where: Path | None = Path(file_handler(folder).baseFilename)
    except OSError as error:
        where = None
        debug = True  # nowhere else to say it
        reason = error.strerror or str(error)
    if debug:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(_PrivateFormatter(FORMAT))
        console._emberkeep_console = True  # type: ignore[attr-defined]
        for name in LOGGERS:
            logging.getLogger(name).addHandler(console)
    if where is None:
        logging.getLogger(__name__).warning("the log file %s cannot be written (%s)",
                                            log_file(folder), reason)
    return where


def log_start() -> None:
    """The first line of a run: Emberkeep on which Python, Qt and system. Its version follows
    once the first window is shown (:func:`log_version`): reading it parses the package's
    metadata, which the first window does not wait for."""
    qt = ""
    if "PySide6.QtCore" in sys.modules:
        import PySide6
        from PySide6 import QtCore

        qt = f", Qt {QtCore.qVersion()}, PySide6 {PySide6.__version__}"
    logging.getLogger("gui.app").info(
        "Emberkeep starting (Python %s%s, %s, frozen: %s)", sys.version.split()[0], qt,
        system_name(), bool(getattr(sys, "frozen", False)))


def system_name() -> str:
    """The system, much as ``platform.platform()`` names it. On Linux and macOS that call starts
    a ``uname -p`` process and reads the interpreter's binary for its C library's version (7 ms
    and 1.2 MiB at start): the kernel's own answer says the same."""
    if not hasattr(os, "uname"):  # Windows: platform answers from the registry
        import platform

        return platform.platform()
    system = os.uname()
    name = f"{system.sysname}-{system.release}-{system.machine}"
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION")  # "glibc 2.36"; macOS has no such name
    except (ValueError, OSError):
        libc = None
    return f"{name}-with-{libc.replace(' ', '')}" if libc else name


def log_version() -> None:
    """Which Emberkeep this run is (after :func:`log_start`)."""
    from emberkeep import __version__

    logging.getLogger("gui.app").info("Emberkeep version %s", __version__)


def enable_crash_log(folder: Path) -> Path | None:
    """Point :mod:`faulthandler` at the log; None when the log cannot be opened (the app
    starts all the same, and faulthandler keeps writing to stderr)."""
    global _crash_log
    target = log_file(folder)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    except OSError:
        return None
    previous = _crash_log
    _crash_log = os.fdopen(fd, "ab", buffering=0)  # kept open: a crash cannot open files
    faulthandler.enable(file=_crash_log, all_threads=True)
    if previous is not None:
        previous.close()
    return target
