"""The application's one Python event filter: each filter behind it sees only the event classes
it asked for, in Qt's order (the last added first, the first to take an event ends it), and one
that dies with its owner is dropped."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from gui.app_filters import AppFilter, app_filters, install_once


def _app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


class Tips(AppFilter):
    EVENTS = frozenset({QHelpEvent})

    def __init__(self, parent: QObject | None = None, takes: bool = False) -> None:
        super().__init__(parent)
        self.takes = takes
        self.seen: list[QEvent.Type] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.seen.append(event.type())
        return self.takes


class Presses(Tips):
    EVENTS = frozenset({QMouseEvent})


def _tooltip(widget: QWidget) -> None:
    QApplication.sendEvent(widget, QHelpEvent(QEvent.Type.ToolTip, QPoint(1, 1),
                                              widget.mapToGlobal(QPoint(1, 1))))


def test_a_filter_sees_only_the_events_of_its_classes(qtbot: Any) -> None:
    label = QLabel("AC 14")
    qtbot.addWidget(label)
    tips, presses = Tips(label), Presses(label)
    app_filters(_app()).add(tips)
    app_filters(_app()).add(presses)
    label.show()
    label.repaint()  # paint, show, polish, resize: none of theirs
    assert tips.seen == [] and presses.seen == []
    _tooltip(label)
    QTest.mouseClick(label, Qt.MouseButton.LeftButton)
    assert tips.seen == [QEvent.Type.ToolTip]
    assert presses.seen == [QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease]


def test_the_last_added_sees_an_event_first_and_taking_it_ends_it(qtbot: Any) -> None:
    label = QLabel("R22")
    qtbot.addWidget(label)
    first, second = Tips(label), Tips(label, takes=True)
    app_filters(_app()).add(first)
    app_filters(_app()).add(second)
    _tooltip(label)
    assert second.seen == [QEvent.Type.ToolTip] and first.seen == []
    app_filters(_app()).remove(second)
    _tooltip(label)
    assert first.seen == [QEvent.Type.ToolTip] and len(second.seen) == 1


def test_a_filter_dies_with_its_owner(qtbot: Any) -> None:
    owner = QWidget()
    label = QLabel("1d8+1")
    qtbot.addWidget(label)
    dying = Tips(owner)
    app_filters(_app()).add(dying)
    seen = dying.seen
    _tooltip(label)
    assert seen == [QEvent.Type.ToolTip]
    owner.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    _tooltip(label)
    assert seen == [QEvent.Type.ToolTip]  # no call into the deleted filter


def test_install_once_gives_the_same_named_filter_again() -> None:
    found = install_once(_app(), Tips, "testTips")
    try:
        assert install_once(_app(), Tips, "testTips") is found
        assert found.objectName() == "testTips" and found.parent() is _app()
    finally:
        app_filters(_app()).remove(found)
        found.deleteLater()


HELD = """
import json
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel
from gui.app_filters import AppFilter, app_filters, hold_until_released

app = QApplication([])
seen = []

class Tips(AppFilter):
    EVENTS = frozenset({QHelpEvent})

    def eventFilter(self, watched, event):
        seen.append(event.type() == QEvent.Type.ToolTip)
        return False

release = hold_until_released()
filters = app_filters(app)
filters.add(Tips(app))
label = QLabel("x")
tip = QHelpEvent(QEvent.Type.ToolTip, QPoint(1, 1), QPoint(1, 1))
QApplication.sendEvent(label, tip)
before = list(seen)
release()
release()  # a second call installs nothing twice
QApplication.sendEvent(label, tip)
after_release = list(seen)
again = hold_until_released()  # held again: the filter made already stays on
QApplication.sendEvent(label, tip)
print(json.dumps({"held": before, "released": after_release, "kept": seen,
                  "same": app_filters(app) is filters}))
"""


def test_the_application_filter_waits_until_released_then_filters() -> None:
    """At start-up the app's filter goes on only once the first window has painted
    (gui.app.run releases it then); made while held, it sees nothing until released."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", HELD], cwd=Path(__file__).parents[2],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown == {"held": [], "released": [True], "kept": [True, True], "same": True}
