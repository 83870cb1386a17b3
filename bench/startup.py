"""Start-up: the first painted main window with the example campaign against a bare PySide6
``QMainWindow``, in the same environment, in rotated runs.

Each run is a fresh interpreter (``python bench/startup.py --child emberkeep|bare|floor``). The
``emberkeep`` child starts the app as the ``emberkeep`` console script does (``gui.cli.main``),
on a home folder where the example campaign was already copied by a warm-up start, so it
reopens it as a GM's later start does; the ``bare`` child shows an empty ``QMainWindow``. In
each, the first paint event of a top-level main window prints a line and quits: the time is
from launching the process to reading that line, so the interpreter's own start counts on every
side. The watcher goes in as PySide6.QtWidgets loads, so nothing is imported earlier than the
side itself imports it. CPU time and peak RSS are the child's own, from ``os.wait4``.

More sides, each against the same bare window in the same run:

- ``--floor``: the least this design can do before its first paint: the campaign's model and
  loader imported (before Qt, spared what :mod:`gui.lean_start` spares the app), the example
  loaded and validated by the app's loader, its names in a ``QTableWidget``, nothing else of
  the app; and ``floor unvalidated``, the same table from the file's JSON alone: what a first
  paint that did not wait for pydantic would cost.
- ``--tree DIR``: the app of another checkout (a worktree of an older commit: before and after
  in one run), started by this script's child.
- ``--bundle PATH``: a PyInstaller bundle's executable (``dist/emberkeep/emberkeep``), timed to
  the line ``--smoke-test`` prints at its main window's first paint; ``--no-source`` leaves this
  checkout's app out.

``PYTHONDONTWRITEBYTECODE`` (exported on this machine) is unset for the measured runs, after a
warm-up run of each side has written the ``.pyc`` files: an installed app or the bundle has
them. Qt's offscreen platform is used unless ``QT_QPA_PLATFORM`` says otherwise.

Goal: time ≤ 1.5× the bare window's, peak RSS ≤ the bare window's + 40 MiB.
Run: ``uv run python bench/startup.py [--runs 9] [--floor] [--tree DIR] [--bundle PATH]``.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
import types
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAINTED = "first paint"


def _child(kind: str, root: Path) -> int:
    """In the child: start ``kind``, say when a main window first paints, and quit.

    Nothing is imported before the side's own code would import it: the watcher is put in
    place as PySide6.QtWidgets loads (PySide6 reads the source of every module imported after
    it, so when Qt comes first is part of what is measured)."""
    sys.path.insert(0, str(root))
    _watch_first_paint()
    if kind == "emberkeep":
        from gui.cli import main

        return main([])
    if kind in ("floor", "unvalidated"):
        return _floor(validated=kind == "floor")
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv)
    window = QMainWindow()
    window.resize(1024, 700)
    window.show()
    return app.exec()


def _watch_first_paint() -> None:
    """Once PySide6.QtWidgets is imported, ``QApplication.exec`` installs an event filter that
    prints :data:`PAINTED` at the first paint of a top-level main window and quits."""

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, path: object, target: object = None
                      ) -> importlib.machinery.ModuleSpec | None:
            if name != "PySide6.QtWidgets":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            assert spec is not None and spec.loader is not None
            loader = spec.loader
            exec_module = loader.exec_module

            def exec_and_watch(module: types.ModuleType) -> None:
                exec_module(module)
                _install_watcher(module)

            loader.exec_module = exec_and_watch  # type: ignore[method-assign]
            return spec

    sys.meta_path.insert(0, Finder())


def _install_watcher(widgets: types.ModuleType) -> None:
    from PySide6.QtCore import QEvent, QObject

    application, main_window = widgets.QApplication, widgets.QMainWindow

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (event.type() == QEvent.Type.Paint and isinstance(watched, main_window)
                    and watched.isWindow()):
                print(PAINTED, flush=True)
                application.quit()
            return False

    watcher = FirstPaint()
    exec_ = application.exec

    def exec_watched(*_args: object) -> int:  # app.exec() or QApplication.exec()
        app = application.instance()
        assert app is not None
        app.installEventFilter(watcher)
        return int(exec_())

    application.exec = exec_watched


def _floor(*, validated: bool) -> int:
    """The least this design can do: the campaign's model and loader imported, the example
    loaded and validated by the app's own loader as a later start does (the digest the app
    remembered spares the strict scan), its names in a table. Not ``validated``: the same
    table from the file's JSON alone, what a first paint before pydantic would cost."""
    import importlib
    import json

    home = Path(os.environ["EMBERKEEP_HOME"])
    path = home / "campaigns" / "example_campaign.json"
    if validated:
        # spared what the app spares itself (OpenSSL, pydantic's plugin search); before Qt,
        # PySide6 then reads none of their sources (the app tells it not to read any,
        # gui.lean_start.skip_pyside_source_scan)
        lean_start = importlib.import_module("gui.lean_start")
        lean_start.defer_secrets()
        lean_start.skip_pydantic_plugin_scan()
        storage = importlib.import_module("emberkeep.campaign.storage")
    widgets = importlib.import_module("PySide6.QtWidgets")
    QApplication, QMainWindow = widgets.QApplication, widgets.QMainWindow
    QTableWidget, QTableWidgetItem = widgets.QTableWidget, widgets.QTableWidgetItem

    app = QApplication(sys.argv)
    if validated:
        state = json.loads((home / "config" / "state.json").read_text(encoding="utf-8"))
        campaign = storage.load(path,
                                saved_sha256=state.get("loaded_sha256", {}).get(str(path)))
        names = [character.name for character in campaign.characters]
    else:
        names = [str(character["name"]) for character in json.loads(path.read_bytes())
                 ["characters"]]
    window = QMainWindow()
    table = QTableWidget(len(names), 1, window)
    for row, name in enumerate(names):
        table.setItem(row, 0, QTableWidgetItem(name))
    window.setCentralWidget(table)
    window.resize(1024, 700)
    window.show()
    return int(app.exec())


SMOKE = "smoke test:"
"""What ``emberkeep --smoke-test`` prints at its main window's first paint (``gui.app.run``):
the bundle's side, where no event filter can be slipped in."""


@dataclass(frozen=True)
class Side:
    label: str
    command: tuple[str, ...]


def _source(label: str, root: Path, kind: str = "emberkeep") -> Side:
    """A side run by this script's child on the checkout at ``root``."""
    return Side(label, (sys.executable, __file__, "--child", kind, "--root", str(root)))


def _run(side: Side, env: dict[str, str]) -> tuple[float, float, float]:
    """(seconds to the first paint, CPU seconds, peak RSS in MiB) of one child."""
    start = time.perf_counter()
    child = subprocess.Popen(side.command, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    painted = None
    for line in child.stdout:
        if (line.strip() == PAINTED or line.startswith(SMOKE)) and painted is None:
            painted = time.perf_counter() - start
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if painted is None:
        raise SystemExit(f"{side.label} never painted (exit {child.returncode})")
    return painted, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _spread(values: list[float], unit: str, scale: float = 1.0) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low * scale:7.0f} {mid * scale:7.0f} {high * scale:7.0f} {unit}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="measured runs of each side")
    parser.add_argument("--child", choices=("emberkeep", "bare", "floor", "unvalidated"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--floor", action="store_true",
                        help="add the floor: the example loaded by the app's loader, its names "
                             "in a table, nothing else of the app; and the same table from the "
                             "file's JSON alone, unvalidated")
    parser.add_argument("--tree", type=Path, action="append", default=[],
                        help="add another checkout's emberkeep (a worktree of an older commit, "
                             "for before and after in one run)")
    parser.add_argument("--bundle", type=Path, action="append", default=[],
                        help="add a PyInstaller bundle's executable (dist/emberkeep/emberkeep), "
                             "timed to its --smoke-test line")
    parser.add_argument("--no-source", action="store_true",
                        help="leave this checkout's emberkeep out (bundles or trees only)")
    options = parser.parse_args()
    if options.child:
        return _child(options.child, options.root)

    bare = _source("bare", ROOT, "bare")
    sides = [bare]
    if not options.no_source:
        sides.append(_source("emberkeep", ROOT))
    if options.floor:
        sides.append(_source("floor", ROOT, "floor"))
        sides.append(_source("floor unvalidated", ROOT, "unvalidated"))
    sides += [_source(f"tree {tree}", tree.resolve()) for tree in options.tree]
    sides += [Side(f"bundle {path}", (str(path.resolve()), "--smoke-test"))
              for path in options.bundle]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "EMBERKEEP_HOME": home}
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        for side in sides:  # .pyc written, the example copied and opened once
            _run(side, env)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for side in sides:  # now with PYTHONDONTWRITEBYTECODE unset
            _run(side, env)
        results: dict[str, list[tuple[float, float, float]]] = {s.label: [] for s in sides}
        for number in range(options.runs):
            shift = number % len(sides)  # each side goes first in turn
            for side in sides[shift:] + sides[:shift]:
                results[side.label].append(_run(side, env))

    print(f"{options.runs} rotated runs each, min / median / max "
          f"(QT_QPA_PLATFORM={env['QT_QPA_PLATFORM']})")
    for side in sides:
        times, cpus, rss = (list(column) for column in zip(*results[side.label], strict=True))
        print(f"{side.label}\n    first paint {_spread(times, 'ms', 1000)}   "
              f"CPU {_spread(cpus, 'ms', 1000)}   peak RSS {_spread(rss, 'MiB')}")
    met = True
    base = results[bare.label]
    for side in sides[1:]:
        ours = results[side.label]
        ratios = sorted(a[0] / b[0] for a, b in zip(ours, base, strict=True))
        time_ratio = (statistics.median(o[0] for o in ours)
                      / statistics.median(b[0] for b in base))
        cpu_ratio = (statistics.median(o[1] for o in ours)
                     / statistics.median(b[1] for b in base))
        rss_over = (statistics.median(o[2] for o in ours)
                    - statistics.median(b[2] for b in base))
        print(f"{side.label}: first paint {time_ratio:.2f}x the bare window (pairs "
              f"{ratios[0]:.2f} / {statistics.median(ratios):.2f} / {ratios[-1]:.2f}x; goal "
              f"<= 1.5x), CPU {cpu_ratio:.2f}x, peak RSS bare + {rss_over:.1f} MiB "
              "(goal <= +40 MiB)")
        met = met and time_ratio <= 1.5 and rss_over <= 40
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
