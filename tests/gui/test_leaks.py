"""Opening campaigns one after another keeps no old one alive, and dropping one never crashes.

Each open used to leave its campaign behind: the clock's controller was the main window's child
and held the document, so after 10 opens 11 campaigns were alive (the empty untitled one
included). The counts are taken in a child process (``python -m tests.gui.test_leaks``), so
nothing another test keeps alive is counted, and a crash while Qt and Python tear an old
document down (a Qt object and its Python owner outliving each other) fails the test instead
of killing pytest.
"""

from __future__ import annotations

import gc
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "tests" / "screens.json"


def _child(*args: str, home: Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}",
           "EMBERKEEP_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "tests.gui.test_leaks", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout, check=False)


def _report(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, f"child exited {done.returncode}:\n{done.stderr[-3000:]}"
    last = done.stdout.strip().splitlines()[-1]
    report: dict[str, Any] = json.loads(last)
    return report


def _melee_file(tmp_path: Path) -> Path:
    from emberkeep.campaign import saving
    from tests.core.melee_campaign import melee_campaign

    path = tmp_path / "fights.json"
    saving.save(melee_campaign(), path)
    return path


@pytest.mark.slow
def test_ten_opens_keep_one_campaign_alive(tmp_path: Path) -> None:
    """The file opened ten times, each time with a sheet, the Repairs tab, the timeline and a
    fight open and the clock moved and moved back: one campaign and one document alive."""
    path = _melee_file(tmp_path)
    report = _report(_child("opens", str(path), "10", home=tmp_path / "home"))
    assert report["before"] == {"campaigns": 1, "documents": 1}  # the untitled one
    assert report["after_1"] == {"campaigns": 1, "documents": 1}
    assert report["after_10"] == {"campaigns": 1, "documents": 1}


@pytest.mark.slow
def test_ten_opens_of_a_large_campaign_do_not_grow_memory(tmp_path: Path) -> None:
    """The 500-character campaign of bench/campaign_io.py opened ten times: after the second
    open memory no longer grows (each later open holds two campaigns at its peak, the old one
    until the new one has loaded whole, and the allocator keeps that high-water mark: after
    the first open RSS is ~25 MiB lower, with only one ever loaded)."""
    import importlib.util

    from emberkeep.campaign import saving

    spec = importlib.util.spec_from_file_location("bench_campaign_io",
                                                  ROOT / "bench" / "campaign_io.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    path = tmp_path / "large.json"
    saving.save(bench.make_campaign(), path)
    report = _report(_child("opens", str(path), "10", "--plain", home=tmp_path / "home",
                            timeout=600))
    assert report["after_10"]["campaigns"] == 1
    rss = report["rss_mib"]
    assert max(rss[1:]) - rss[1] < 10, rss  # no open after the second adds to the peak
    assert rss[-1] - rss[0] < 40, rss


@pytest.mark.slow
def test_dropping_documents_after_a_clock_advance_and_its_undo_does_not_crash(
        tmp_path: Path) -> None:
    """Documents dropped, in several states (an advance undone, redone, the timeline over
    them, a fight's step undone), and the garbage collected at once: the child survives."""
    path = _melee_file(tmp_path)
    done = _child("drops", str(path), home=tmp_path / "home")
    report = _report(done)
    assert report["dropped"] >= 12
    assert report["alive"] == 0


# -- the child ------------------------------------------------------------------------------------

def test_opens_leave_no_slot_behind(tmp_path: Path, qtbot: Any,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """PySide6 keeps a weak reference for each method of a plain Python object connected to a
    signal, after the sender is gone (113 bytes each, one a slot each open); a QObject's slots it
    does not keep. The window's tools, connected to each document's signals, are QObjects."""
    import weakref

    from tests.gui.windows import open_campaign_window

    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    parts = {id(part) for part in (window, window.campaign_tools, window.safety_tools,
                                   window.encounter_tools, window.share_tools,
                                   window.settings_tools, window.toolbox)}

    def weak_references() -> int:
        """To the window and its tools, which every document's signals reach."""
        _settle()
        return sum(1 for o in gc.get_objects()
                   if type(o) is weakref.ReferenceType and id(o()) in parts)

    window.open_path(path, ask=False)
    before = weak_references()
    for _ in range(4):
        assert window.open_path(path, ask=False)
    assert weak_references() == before


def _rss_mib() -> float:
    status = Path("/proc/self/status")
    if not status.exists():
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+)", status.read_text())
    return int(found[1]) / 1024 if found else 0.0


def _settle() -> None:
    """Run what deleteLater queued (twice: a deletion may queue another), then collect."""
    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(3):
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def _alive() -> dict[str, int]:
    from emberkeep.campaign.model import Campaign
    from gui.document import CampaignDocument

    _settle()
    objects = gc.get_objects()
    return {"campaigns": sum(1 for o in objects if type(o) is Campaign),
            "documents": sum(1 for o in objects if isinstance(o, CampaignDocument))}


def _use(window: Any) -> None:
    """What a GM does with an open campaign: a sheet, Repairs, the timeline, a fight, the clock
    moved on and back."""
    document = window.document
    window.open_sheet(document.campaign.characters[0].id)
    window.campaign_tools.show_repairs()
    window.campaign_tools.dock.show()
    clock = window.campaign_tools.clock
    clock.confirm = lambda _reason: True  # a fight is running: the GM says advance anyway
    clock.advance("turn")
    clock.advance("hour")
    document.undo_stack.undo()
    if document.campaign.encounters:
        window.encounter_tools.open_encounter(document.campaign.encounters[0].id)


def _no_box(box: Any) -> int:
    raise AssertionError(f"unexpected modal dialog: {box.text()!r}")


def _opens(path: str, times: int, plain: bool) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gui import dialogs
    from gui.encounter.meter import DeadlinessMeter
    from gui.main_window import MainWindow
    from gui.state import AppState

    app = QApplication.instance() or QApplication([])
    # the fight's odds would run ~1000 fights in worker processes per open: CPU this counts
    # nothing with (the meter's own tests run it)
    DeadlinessMeter.pause_ms = 3_600_000
    QMessageBox.exec = _no_box  # type: ignore[method-assign]
    dialogs.ask_save_changes = lambda *a, **k: dialogs.SaveChoice.DISCARD
    window = MainWindow(AppState())
    window.show()
    report: dict[str, Any] = {"before": _alive(), "rss_mib": []}
    for number in range(1, times + 1):
        assert window.open_path(path, ask=False)
        if not plain:
            _use(window)
        _settle()
        report["rss_mib"].append(round(_rss_mib(), 1))
        if number == 1:
            report["after_1"] = _alive()
    report["after_10"] = _alive()
    window.close()
    del app
    return report


def _drops(path: str) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication, QWidget

    from emberkeep.dice import RandomRoller
    from gui.clock import ClockController, TimelineView
    from gui.document import CampaignDocument

    app = QApplication.instance() or QApplication([])
    holder = QWidget()
    dropped = 0
    for parent_kind in ("none", "document", "holder"):
        for redo in (False, True):
            for timeline in (False, True):
                document = CampaignDocument.open(path)
                parent = {"none": None, "document": document, "holder": holder}[parent_kind]
                clock = ClockController(document, RandomRoller(dropped), parent)
                view = TimelineView(clock, holder) if timeline else None
                clock.confirm = lambda _reason: True
                clock.advance("turn")
                clock.advance("hour")
                document.undo_stack.undo()
                if redo:
                    document.undo_stack.redo()
                    document.undo_stack.undo()
                if view is not None:
                    view.deleteLater()
                if parent is holder:
                    clock.deleteLater()  # else the holder keeps it, and it the document
                del document, clock, view, parent
                gc.collect()  # before Qt has run any deferred deletion
                _settle()
                dropped += 1
    alive = _alive()
    del app
    return {"dropped": dropped, "alive": alive["documents"]}


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "opens":
        result = _opens(sys.argv[2], int(sys.argv[3]), plain="--plain" in sys.argv)
    else:
        result = _drops(sys.argv[2])
    print(json.dumps(result), flush=True)
    os._exit(0)  # no teardown of Qt at exit: what is measured is over
