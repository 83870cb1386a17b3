"""GUI tests never block on a modal dialog: an unexpected one fails the test with its text.

Tests that expect a dialog patch ``QMessageBox.exec`` (or the dialogs module) themselves; their
patch wins over this one.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox


@pytest.fixture(autouse=True)
def _no_unexpected_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected modal dialog in a test: {box.text()!r}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)
