"""Running the odds' chunks of fights in worker processes, polled from the Qt event loop.

The chunks are ``emberkeep.encounter.odds.run_chunk`` calls (the engine's rules, nothing of
Qt) submitted to a ``ProcessPoolExecutor``; a ``QTimer`` polls the futures, so the window never
waits on a worker. One pool serves the whole app (its workers stay warm between runs). Workers
come from a fork server, not a fork of this process: a forked copy of a running Qt application
(its threads, its display connection) is not safe, and the fork server, started once, forks
clean workers quickly (a PyInstaller bundle spawns them: ``packaging/launch.py`` calls
``freeze_support``). Cancel drops the chunks not started and ignores those running.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.context import BaseContext

from PySide6.QtCore import QObject, QTimer, Signal

from emberkeep.encounter.odds import OddsSetup, Tally, chunks, run_chunk

__all__ = ["Job", "OddsRunner", "pool"]

_POOL: ProcessPoolExecutor | None = None


def pool() -> ProcessPoolExecutor:
    """The app's one pool of odds workers (two on a two-core machine, at most four)."""
    global _POOL
    if _POOL is None:
        context: BaseContext
        if getattr(sys, "frozen", False):  # a PyInstaller bundle: its workers are spawned
            context = multiprocessing.get_context("spawn")
        else:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["emberkeep.encounter.odds",
                                            "emberkeep.melee_round.sim"])
        workers = max(1, min(4, os.cpu_count() or 1))
        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                    initializer=_watch_app, initargs=(os.getpid(),))
    return _POOL


def _watch_app(app_pid: int) -> None:
    """In each worker: end when the app is gone. An app that exits normally shuts the pool
    down itself; one killed outright would leave its idle workers waiting forever."""

    def watch() -> None:
        while True:
            time.sleep(2)
            try:
                os.kill(app_pid, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


@dataclass(frozen=True)
class Job:
    """``fights`` fights of ``setup`` counted under ``key`` (the run itself, or a what-if)."""

    key: Hashable
    setup: OddsSetup
    fights: int


class OddsRunner(QObject):
    """Runs jobs chunk by chunk; ``progress(done, total)`` in fights, then ``finished`` with
    each key's :class:`Tally` (or ``cancelled``, or ``failed`` with the reason)."""

    progress = Signal(int, int)
    finished = Signal(object)  # dict[key, Tally]
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._futures: list[tuple[Hashable, int, Future[Tally]]] = []
        self._tallies: dict[Hashable, Tally] = {}
        self._total = 0
        self._timer = QTimer(self)
        self._timer.setInterval(25)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        return bool(self._futures)

    def so_far(self, key: Hashable) -> Tally | None:
        """What the chunks of ``key`` that came back counted so far (a copy), or ``None``."""
        tally = self._tallies.get(key)
        if tally is None:
            return None
        copy = Tally()
        copy.add(tally)
        return copy

    def start(self, jobs: list[Job], seed: int) -> None:
        self.cancel(quiet=True)
        executor = pool()
        self._tallies = {job.key: Tally() for job in jobs}
        self._total = sum(job.fights for job in jobs)
        for job in jobs:
            for index, count in chunks(job.fights):
                future = executor.submit(run_chunk, job.setup, seed, index, count)
                self._futures.append((job.key, count, future))
        self.progress.emit(0, self._total)
        self._timer.start()

    def cancel(self, *, quiet: bool = False) -> None:
        if not self._futures:
            return
        for _key, _count, future in self._futures:
            future.cancel()  # those already running finish in their worker, unread
        self._futures = []
        self._timer.stop()
        if not quiet:
            self.cancelled.emit()

    def _poll(self) -> None:
        still = []
        for key, count, future in self._futures:
            if not future.done():
                still.append((key, count, future))
                continue
            try:
                self._tallies[key].add(future.result())
            except Exception as exc:  # a worker's error: say it, stop the run
                self.cancel(quiet=True)
                self.failed.emit(f"the simulation stopped: {exc}")
                return
        self._futures = still
        self.progress.emit(sum(t.fights for t in self._tallies.values()), self._total)
        if not still:
            self._timer.stop()
            self.finished.emit(self._tallies)
