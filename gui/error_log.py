"""Any exception that escapes a window's action: a plain dialog, the document kept,
the traceback written to the app's log (:mod:`gui.logging_setup`); Help → Open Log Folder.

Qt calls ``sys.excepthook`` for an exception a slot raises and then goes on with the event loop,
so the window, its campaign and its undo history are all still there: the GM is told, and can
save. The log is the GM's to send with a bug report; it is private (0600 in a 0700 folder) and
holds the traceback's frames and the exception's type (its message, which may quote the
campaign, only under ``--debug``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QWidget

from gui import dialogs, logging_setup
from gui.action_registry import ActionSpec, Place

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "LOG_NAME", "ErrorReporter", "enable_crash_log", "install", "log_dir",
           "write_log"]

LOG_NAME = logging_setup.LOG_NAME

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]

log_dir = logging_setup.log_dir
enable_crash_log = logging_setup.enable_crash_log
_log = logging.getLogger(__name__)


def write_log(exc_type: type[BaseException], exc: BaseException,
              tb: TracebackType | None, folder: Path | None = None) -> Path:
    """Log the traceback, dated; raises ``OSError`` when the log cannot be opened."""
    handler = logging_setup.file_handler(folder)
    _log.error("uncaught %s", exc_type.__name__, exc_info=(exc_type, exc, tb))
    handler.flush()
    return Path(handler.baseFilename)


class ErrorReporter:
    """The hook: log, then one plain dialog (an exception while it shows is only logged)."""

    def __init__(self, previous: Hook | None = None, folder: Path | None = None) -> None:
        self.previous = previous
        self.folder = folder
        self.showing = False

    def __call__(self, exc_type: type[BaseException], exc: BaseException,
                 tb: TracebackType | None) -> None:
        if self.previous is not None:
            self.previous(exc_type, exc, tb)  # still on stderr, for whoever started the app
        try:
            where = f"The details were written to {write_log(exc_type, exc, tb, self.folder)}."
        except OSError as error:
            where = f"The details could not be written to a log ({error.strerror or error})."
        if self.showing or issubclass(exc_type, KeyboardInterrupt):
            return
        self.showing = True
        try:
            dialogs.show_error(_parent(), "Something went wrong",
                               f"That action failed: {exc_type.__name__}: {exc}\n\n"
                               "Your campaign is still open and nothing was lost: save it to "
                               f"keep your changes.\n\n{where} Help → Open Log Folder "
                               "shows it.")
        finally:
            self.showing = False


def _parent() -> QWidget | None:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return None
    return app.activeWindow()


def install(folder: Path | None = None) -> ErrorReporter:
    """Make every escaping exception a dialog and a log entry (the app's start, not tests),
    and a native crash (a segfault in Qt, an abort) a Python traceback of every thread in the
    same log: without it such a crash leaves nothing for the bug report."""
    reporter = ErrorReporter(sys.excepthook, folder)
    sys.excepthook = reporter
    enable_crash_log(folder if folder is not None else log_dir())
    return reporter


def open_log_folder() -> bool:
    folder = log_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("help.log_folder", "Open &Log Folder", lambda _w: open_log_folder(),
               tip="Show the folder where Emberkeep writes what went wrong",
               places=(Place("help", 0, 1),)),
)
