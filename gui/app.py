"""Starting the application: which campaign to open, then the window and the event loop.

The choice of campaign (:func:`startup_path`) is plain Python, tested without an event loop:
the file named on the command line; else the last campaign opened; else, on the very first start,
a copy of the bundled example in the documents folder (the bundled file is never saved in place).
Qt is imported inside :func:`run` only, so ``gui.cli`` stays quick for ``emberkeep check``.
"""

from __future__ import annotations

import gc
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from emberkeep.resources import ResourceError, resource_path
from gui import paths
from gui.lean_start import skip_pyside_source_scan
from gui.state import AppState

if TYPE_CHECKING:  # Qt stays out of import time
    from collections.abc import Callable

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QWidget

    from gui.main_window import MainWindow

__all__ = ["EXAMPLE_NAME", "copy_example", "run", "startup_path", "window_icon"]

EXAMPLE_NAME = "example_campaign.json"
DESKTOP_ID = "io.github.emberkeep.Emberkeep"
"""The app's reverse-DNS id: its .desktop file's name, its AppStream id (packaging/)."""


def copy_example(state: AppState) -> Path | None:
    """Copy the bundled example into the campaigns folder once; None if there is none to copy.

    A file of that name already in the folder is the GM's (perhaps an earlier copy they edited):
    it is opened, never overwritten.
    """
    try:
        source = resource_path(EXAMPLE_NAME)
    except ResourceError:
        return None
    if not source.is_file():
        return None
    target = paths.campaigns_dir() / EXAMPLE_NAME
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            shutil.copyfile(source, target)
    except OSError:
        return None
    state.example_copied = True
    return target


def startup_path(file: str | None, state: AppState) -> Path | None:
    """The campaign to open at start, or None for a new, empty one."""
    if file:
        return Path(file)
    if state.last_opened and Path(state.last_opened).is_file():
        return Path(state.last_opened)
    if not state.example_copied:
        return copy_example(state)
    return None


def window_icon() -> QIcon:
    """The app's icon for its windows: the PNGs drawn from its SVG (packaging/window_icons.py),
    each size as drawn. Given the SVG itself, Qt would load its SVG module and icon plugin at
    every start (1.3 MiB of the first window's memory) for a picture that never changes; the
    SVG is still used where no PNG is found."""
    from PySide6.QtGui import QIcon

    folder = resource_path("icons")
    drawn = sorted(folder.glob("emberkeep-*.png"))
    if not drawn:
        return QIcon(str(folder / "emberkeep.svg"))
    icon = QIcon()
    for png in drawn:
        icon.addFile(str(png))
    return icon


def run(file: str | None, *, smoke_test: bool = False) -> int:
    """Start the application. ``smoke_test`` (``emberkeep --smoke-test``) prints what the first
    window shows at its first paint and quits: how the bundle test knows a build really starts,
    and how bench/startup.py times a bundle's start.
    """
    # Start-up builds some hundred thousand objects (pydantic's schemas, Qt's wrappers) and
    # frees almost none: the cyclic collector would walk them dozens of times for nothing, a
    # tenth of the CPU before the first window (bench/startup.py). On again once it is painted.
    gc.disable()
    import PySide6.QtCore  # noqa: F401  (loaded first: skip_pyside_source_scan needs it)

    skip_pyside_source_scan()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName(paths.APP_NAME)
    app.setOrganizationName(paths.APP_NAME)
    app.setWindowIcon(window_icon())
    app.setDesktopFileName(DESKTOP_ID)  # Wayland matches the window to its .desktop entry

    from gui import error_log, logging_setup

    logging_setup.log_start()
    error_log.install()  # an escaping exception is a dialog and a log entry; a crash a trace
    from gui.text_keys import install_text_keys

    install_text_keys(app)  # Ctrl+E and the like work from a text field under X11 too
    state = AppState.load()
    from gui.color_scheme import apply_scheme, follow_system

    apply_scheme(app, state.color_scheme)  # before the first window, so it opens in its colours
    follow_system(app, lambda: state.color_scheme)
    from gui.app_filters import hold_until_released

    start_filtering = hold_until_released()
    window = open_window(file, state, offer_recovery=not smoke_test)
    if smoke_test:
        _report_first_paint(window)
    # the version read for the log (the start's line goes without it: see log_start)
    _after_first_paint(window, start_filtering, gc.enable, logging_setup.log_version)
    window.show()
    return app.exec()


FIRST_PAINT_WAIT_MS = 3000
"""How long :func:`_after_first_paint` waits for a paint (a window opened minimised has none)."""


def _after_first_paint(window: QWidget, *calls: Callable[[], object]) -> None:
    """Run ``calls`` once ``window`` has painted, or after :data:`FIRST_PAINT_WAIT_MS`.

    A zero timer set before ``show`` runs before the first paint (Qt's timers come before the
    expose and paint that showing queues): what the first window does not need waits here."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class AfterPaint(QObject):
        ran = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.done()
            return False

        def done(self) -> None:
            if self.ran:  # once, the paint or the wait, whichever comes first
                return
            self.ran = True
            window.removeEventFilter(self)
            for call in calls:
                QTimer.singleShot(0, call)

    after = AfterPaint(window)
    window.installEventFilter(after)
    wait = QTimer(after)  # dropped with the window
    wait.setSingleShot(True)
    wait.timeout.connect(after.done)
    wait.start(FIRST_PAINT_WAIT_MS)


def _report_first_paint(window: MainWindow) -> None:
    """At the window's first paint, print what it shows and quit."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class Report(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if watched is window and event.type() == QEvent.Type.Paint:
                window.removeEventFilter(self)
                document = window.document
                count = len(document.campaign.characters) if document is not None else 0
                print(f"smoke test: window {window.windowTitle()!r} shows {count} characters",
                      flush=True)
                QTimer.singleShot(0, QApplication.quit)
            return False

    window.installEventFilter(Report(window))


def open_window(file: str | None, state: AppState, *,
                offer_recovery: bool = True) -> MainWindow:
    """The main window with the start-up campaign open (or a new one if it fails to load),
    then what a crash left: stray temporaries cleaned, unsaved work offered."""
    from gui.main_window import MainWindow
    from gui.safety_tools import start_up

    path = startup_path(file, state)
    state.save()  # remembers example_copied even if the GM never saves
    # a broken file: its message (and its backup offered), then an empty window
    window = MainWindow(state, open_first=path)
    start_up(window, offer=offer_recovery)
    return window
