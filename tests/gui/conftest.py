"""GUI tests never block on a modal dialog: an unexpected one fails the test with its text; and a
test's widgets are gone before the next test starts.

Tests that expect a dialog patch ``QMessageBox.exec`` (or the dialogs module) themselves; their
patch wins over this one.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.document import drop_all_histories


@pytest.fixture(autouse=True)
def _no_unexpected_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected modal dialog in a test: {box.text()!r}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


@pytest.fixture(autouse=True)
def _histories_dropped_at_the_end() -> Iterator[None]:
    """A test's documents lose their undo steps when it ends, while all they refer to lives:
    left to a later garbage collection, PySide can free a command twice (see
    ``CampaignDocument.drop_history``)."""
    yield
    drop_all_histories()


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    """A test's windows are deleted when it ends. pytest-qt closes the widgets given to
    ``qtbot.addWidget`` with ``deleteLater``, which only an event loop carries out (and
    ``processEvents`` is none), and a window a test made itself is only closed: left alone,
    every window of every earlier test stayed alive, so each application-wide change (the
    palette retones ``allWidgets()``) went through thousands of widgets and a late test took
    15 s instead of 0.5 s. Run after the test's fixtures: its documents' histories are dropped
    first, and a window is deleted without closing, so no "save changes?" question comes up.
    Only windows made from Python go: Qt's own (a tooltip) are left to Qt."""
    result = yield
    if QApplication.instance() is not None:
        for widget in QApplication.topLevelWidgets():
            if widget.parent() is None and shiboken6.createdByPython(widget):
                widget.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return result
