"""Start-up: the first painted main window with the example campaign against a bare PySide6
``QMainWindow``, in the same environment, in alternated runs.

Each run is a fresh interpreter (``python bench/startup.py --child emberkeep|bare``). The
``emberkeep`` child starts the app as the ``emberkeep`` console script does (``gui.cli.main``),
on a home folder where the example campaign was already copied by a warm-up start, so it
reopens it as a GM's later start does; the ``bare`` child shows an empty ``QMainWindow``. In
both, the first paint event of a top-level main window prints a line and quits: the time is
from launching the process to reading that line, so the interpreter's own start counts on both
sides. CPU time and peak RSS are the child's own, from ``os.wait4``.

``PYTHONDONTWRITEBYTECODE`` (exported on this machine) is unset for the measured runs, after a
warm-up run of each side has written the ``.pyc`` files: an installed app or the bundle has
them. Qt's offscreen platform is used unless ``QT_QPA_PLATFORM`` says otherwise.

Goal: time ≤ 1.5× the bare window's, peak RSS ≤ the bare window's + 40 MiB.
Run: ``uv run python bench/startup.py [--runs 9]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAINTED = "first paint"


def _child(kind: str) -> int:
    """In the child: start ``kind``, say when a main window first paints, and quit."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow)
                    and watched.isWindow()):
                print(PAINTED, flush=True)
                QApplication.quit()
            return False

    watcher = FirstPaint()
    exec_ = QApplication.exec

    def exec_watched(*_args: object) -> int:  # app.exec() or QApplication.exec()
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(watcher)
        return exec_()

    QApplication.exec = exec_watched  # type: ignore[method-assign]
    if kind == "bare":
        app = QApplication(sys.argv)
        window = QMainWindow()
        window.resize(1024, 700)
        window.show()
        return app.exec()
    sys.path.insert(0, str(ROOT))
    from gui.cli import main

    return main([])


def _run(kind: str, env: dict[str, str]) -> tuple[float, float, float]:
    """(seconds to the first paint, CPU seconds, peak RSS in MiB) of one child."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, __file__, "--child", kind], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    painted = None
    for line in child.stdout:
        if line.strip() == PAINTED and painted is None:
            painted = time.perf_counter() - start
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if painted is None:
        raise SystemExit(f"the {kind} child never painted (exit {child.returncode})")
    return painted, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _spread(values: list[float], unit: str, scale: float = 1.0) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low * scale:7.0f} {mid * scale:7.0f} {high * scale:7.0f} {unit}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="measured runs of each side")
    parser.add_argument("--child", choices=("emberkeep", "bare"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return _child(options.child)

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "EMBERKEEP_HOME": home}
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        for kind in ("bare", "emberkeep"):  # .pyc written, the example copied and opened once
            _run(kind, env)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for kind in ("bare", "emberkeep"):  # now with PYTHONDONTWRITEBYTECODE unset
            _run(kind, env)
        results: dict[str, list[tuple[float, float, float]]] = {"bare": [], "emberkeep": []}
        for number in range(options.runs):
            order = ("bare", "emberkeep") if number % 2 == 0 else ("emberkeep", "bare")
            for kind in order:
                results[kind].append(_run(kind, env))

    print(f"{options.runs} alternated runs each, min / median / max "
          f"(QT_QPA_PLATFORM={env['QT_QPA_PLATFORM']})")
    for kind in ("bare", "emberkeep"):
        times, cpus, rss = (list(column) for column in zip(*results[kind], strict=True))
        print(f"{kind:10} first paint {_spread(times, 'ms', 1000)}   "
              f"CPU {_spread(cpus, 'ms', 1000)}   peak RSS {_spread(rss, 'MiB')}")
    ours, bare = results["emberkeep"], results["bare"]
    ratios = sorted(a[0] / b[0] for a, b in zip(ours, bare, strict=True))
    time_ratio = statistics.median(o[0] for o in ours) / statistics.median(b[0] for b in bare)
    cpu_ratio = statistics.median(o[1] for o in ours) / statistics.median(b[1] for b in bare)
    rss_over = statistics.median(o[2] for o in ours) - statistics.median(b[2] for b in bare)
    print(f"first paint: {time_ratio:.2f}x the bare window (pairs {ratios[0]:.2f}-"
          f"{ratios[-1]:.2f}x; goal <= 1.5x)")
    print(f"start-up CPU: {cpu_ratio:.2f}x")
    print(f"peak RSS: bare + {rss_over:.1f} MiB (goal <= +40 MiB)")
    return 0 if time_ratio <= 1.5 and rss_over <= 40 else 1


if __name__ == "__main__":
    sys.exit(main())
