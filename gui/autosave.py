"""Autosave: the open campaign's unsaved work, copied to a recovery file every N seconds.

Never over the GM's own file: recovery files live in the app's recovery folder
(:func:`gui.paths.recovery_dir`, :mod:`emberkeep.campaign.recovery`). While the campaign has
unsaved changes a timer writes every ``interval`` seconds (the ``autosave_seconds`` setting,
default 60); an encounter step asks for one soon (:meth:`Autosaver.poke`, debounced, so a burst
of steps makes one write). Serializing the campaign happens on the UI thread (pydantic's Rust
serializer holds the GIL for a moment); the write, fsyncs included, happens on one worker thread,
so the UI never waits for the disk. The worker runs jobs in order, so a discard queued after a
save always comes after the last write.

The recovery file is removed only after a successful save, an undo back to the saved state, or
an explicit discard: a crash, a quit without saving by accident, or a failed save leaves it for
the next start to offer. Undoing back to the saved state withdraws the claim (there is no unsaved
work left to offer, and the undone edits must not come back as "newer" work); redoing away from
it writes again soon. Each session writes its own file, so that a save or a discard removes only
that one: another session's work the GM put off "Later" stays until it is restored and saved, or
discarded. Every file names this session (its start, the app's version) so that the next start
can tell two sessions' work apart.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from emberkeep.campaign import recovery, storage
from gui import paths
from gui.document import CampaignDocument

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

__all__ = ["DEBOUNCE_MS", "MAX_DELAY_MS", "Autosaver"]

DEBOUNCE_MS = 1500
"""After an encounter step, write this long after the last step of a burst ..."""
MAX_DELAY_MS = 10_000
"""... but never later than this after the first one."""


class Autosaver(QObject):
    written = Signal(object)  # Path of the recovery file
    failed = Signal(str)  # why, for the status bar (an autosave never opens a dialog)

    def __init__(self, interval_seconds: int = 60, folder: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder if folder is not None else paths.recovery_dir()
        self.document: CampaignDocument | None = None
        self._pool: ThreadPoolExecutor | None = None  # started by the first job (_submit)
        self._pending: list[Future[None]] = []
        self._changes = 0  # edits since the last autosave
        self._targets: set[Path] = set()  # recovery files this document's work went to
        self._first_poke = 0.0
        self._withdrawn = False  # undone back to the saved state after a write: write soon again
        self._closed = False  # the worker is gone (shutdown): jobs run in place
        self.session_started = datetime.now().astimezone().replace(microsecond=0)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_seconds * 1000)
        self.timer.timeout.connect(self.save_now)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.timeout.connect(self.save_now)
        self._done = _Relay(self)

    # -- following the window's campaign --------------------------------------------------------

    def follow(self, document: CampaignDocument) -> None:
        self.debounce.stop()
        self.document = document
        self._targets = set()
        self._withdrawn = False
        self._changes = 1 if document.is_modified else 0  # restored work is written again soon
        document.undo_stack.indexChanged.connect(self._changed)
        document.modifiedChanged.connect(self._modified_changed)
        document.saved.connect(self._saved)
        self._run_timer(document.is_modified)

    def adopt(self, path: Path) -> None:
        """Restored work owns the recovery file it came from: the next save removes it (one
        named by campaign path alone, as early versions did, carries no session token to find
        it by)."""
        self._targets.add(path)

    def set_interval(self, seconds: int) -> None:
        self.timer.setInterval(seconds * 1000)

    def recovery_file(self) -> Path | None:
        if self.document is None:
            return None
        return recovery.recovery_file_for(self.folder, self.document.path,
                                          self.document.recovery_token)

    def _changed(self, index: int) -> None:
        if self.sender() is not (self.document.undo_stack if self.document else None):
            return  # a signal from a document the window no longer shows
        self._changes += 1
        assert self.document is not None
        command = self.document.undo_stack.command(index - 1) if index > 0 else None
        if command is not None and type(command).__module__.startswith("gui.encounter"):
            self.poke()  # an encounter step: soon, not in a minute

    def _modified_changed(self, modified: bool) -> None:
        document = self.document
        if document is None or self.sender() is not document:
            return  # a signal from a document the window no longer shows
        self._run_timer(modified)
        if not modified:
            self._withdraw(document)
        elif self._withdrawn:
            self._withdrawn = False
            self.poke()  # the redone work had a recovery file a moment ago: not a minute unsaved

    def _run_timer(self, modified: bool) -> None:
        if modified:
            if not self.timer.isActive():
                self.timer.start()
        else:
            self.timer.stop()

    def _withdraw(self, document: CampaignDocument) -> None:
        """The stack is clean again (an undo back to the saved state, or a save): the recovery
        file no longer holds unsaved work, so it goes, after any write already queued."""
        self.debounce.stop()
        self._changes = 0
        self._withdrawn = bool(self._targets)
        self._discard_all(document)

    # -- writing --------------------------------------------------------------------------------

    def poke(self) -> None:
        """Autosave soon: DEBOUNCE_MS after the last poke, at most MAX_DELAY_MS after the first."""
        now = time.monotonic()
        if not self.debounce.isActive():
            self._first_poke = now
        elif (now - self._first_poke) * 1000 + DEBOUNCE_MS > MAX_DELAY_MS:
            return  # keep the running countdown: a long burst still gets its write
        self.debounce.start(DEBOUNCE_MS)

    def save_now(self) -> bool:
        """Serialize now and hand the write to the worker; False when there is nothing new."""
        self.debounce.stop()
        document = self.document
        if document is None or not document.is_modified or self._changes == 0:
            return False
        target = self.recovery_file()
        assert target is not None
        data = storage.dumps(document.campaign)  # on the UI thread: the model is not shared
        self._changes = 0
        self._targets.add(target)
        self._submit(self._write, target, data, document.path, document.campaign.name,
                     document.disk_sha256)
        return True

    def _write(self, target: Path, data: bytes, original: Path | None, name: str,
               base: str | None) -> None:
        try:
            recovery.write_recovery(target, data, original=original, campaign_name=name,
                                    base_sha256=base, session_started=self.session_started)
        except OSError as exc:
            logging.getLogger(__name__).warning("autosave to %s failed: %s", target,
                                                type(exc).__name__)
            self._done.failed.emit(f"Autosave failed ({exc.strerror or exc}); your work is "
                                   "still open: save it when you can.")
            return
        logging.getLogger(__name__).debug("autosaved to recovery file %s", target)
        self._done.written.emit(target)

    def _saved(self, path: Path) -> None:
        """A save wrote the whole campaign: its recovery files (under the old name as well,
        after a Save As) are no longer needed."""
        document = self.document
        if document is None or self.sender() is not document:
            return
        self._changes = 0
        self.debounce.stop()
        self._withdrawn = False
        self._discard_all(document)

    def discard(self, document: CampaignDocument) -> None:
        """The GM threw the unsaved work away on purpose: remove its recovery files."""
        self._discard_all(document)

    def _discard_all(self, document: CampaignDocument) -> None:
        targets = {recovery.recovery_file_for(self.folder, document.path,
                                              document.recovery_token),
                   recovery.recovery_file_for(self.folder, None, document.recovery_token)}
        if document is self.document:
            targets |= self._targets
            self._targets = set()
        for target in sorted(targets):
            self._submit(recovery.discard, target)

    def _submit(self, job: Callable[..., None], *args: object) -> None:
        # concurrent.futures (~5 ms with its threads and queue) waits for the first job: the
        # first window writes nothing.
        from concurrent.futures import Future, ThreadPoolExecutor

        if self._closed:  # quitting: the worker finished its queue, so in place is still in order
            done: Future[None] = Future()
            try:
                job(*args)
                done.set_result(None)
            except Exception as exc:  # told like a worker's, never lost
                done.set_exception(exc)
            self._check(done)
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        future: Future[None] = self._pool.submit(job, *args)
        future.add_done_callback(self._check)
        self._pending = [f for f in self._pending if not f.done()] + [future]

    def _check(self, future: Future[None]) -> None:
        """On the worker: an exception a job raised is logged and told, never lost in its
        future (a lost one would leave the GM believing the work was kept)."""
        exc = future.exception()
        if exc is None:
            return
        from gui import error_log

        try:
            where = f" (details in {error_log.write_log(type(exc), exc, exc.__traceback__)})"
        except OSError:
            where = ""
        self._done.failed.emit(f"Autosave failed: {type(exc).__name__}: {exc}{where}; your "
                               "work is still open: save it when you can.")

    def wait(self, timeout: float = 10.0) -> None:
        """Block until every queued write and discard is done (tests, quitting)."""
        for future in list(self._pending):
            future.result(timeout)
        self._pending = []

    def stop(self) -> None:
        self.timer.stop()
        self.debounce.stop()

    def shutdown(self) -> None:
        """Finish queued writes (they are the GM's work), then let the worker go."""
        self.stop()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        self._closed = True


class _Relay(QObject):
    """Signals emitted on the worker thread, delivered to the Autosaver's slots on the UI
    thread by Qt's queued connections."""

    written = Signal(object)
    failed = Signal(str)

    def __init__(self, owner: Autosaver) -> None:
        super().__init__(owner)
        self.written.connect(owner.written)
        self.failed.connect(owner.failed)
