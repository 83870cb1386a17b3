"""The Qt binding in use does not leak references to None (PySide6 6.12.0 on Python 3.11
dropped one on every call to a method returning nothing, killing a long session with
"none_dealloc"; pyproject.toml excludes it)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPoint


def test_void_calls_keep_none_alive() -> None:
    point = QPoint()
    before = sys.getrefcount(None)
    for _ in range(10_000):
        point.setX(1)
    assert abs(sys.getrefcount(None) - before) < 50
