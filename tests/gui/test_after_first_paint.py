"""What the first window does not need (the collector back on, the version read for the log)
runs once the window has painted (gui.app._after_first_paint), or after a wait when no paint
comes: a window opened minimised paints nothing until it is restored."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from gui import app


def test_calls_run_once_after_the_first_paint_not_before(qtbot: Any) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    ran: list[str] = []
    app._after_first_paint(window, lambda: ran.append("first"), lambda: ran.append("second"))
    qtbot.wait(50)
    assert ran == []  # not shown, not painted
    window.show()
    qtbot.waitUntil(lambda: ran == ["first", "second"])
    window.repaint()
    window.update()
    qtbot.wait(50)
    assert ran == ["first", "second"]  # a later paint runs nothing again


def test_a_window_that_never_paints_runs_them_after_the_wait(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "FIRST_PAINT_WAIT_MS", 30)
    window = QWidget()
    qtbot.addWidget(window)
    ran: list[str] = []
    app._after_first_paint(window, lambda: ran.append("done"))
    qtbot.waitUntil(lambda: ran == ["done"], timeout=2000)
    window.show()
    qtbot.wait(50)
    assert ran == ["done"]
