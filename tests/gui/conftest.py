"""GUI tests never block on a modal dialog: an unexpected one fails the test with its text.

Tests that expect a dialog patch ``QMessageBox.exec`` (or the dialogs module) themselves; their
patch wins over this one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMessageBox

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
