"""The roster says "ready to level up" in the guide's green, readable in light and dark (R32)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.resources import resource_path
from gui.color_scheme import apply_scheme
from gui.contrast import AA, contrast
from gui.document import CampaignDocument
from gui.palette import tones
from gui.roster_model import COLUMNS, RosterModel
from gui.roster_view import RosterView

XP = next(n for n, c in enumerate(COLUMNS) if c.title == "XP")
Role = QPalette.ColorRole


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    before = QPalette(qapp.palette())
    apply_scheme(qapp, request.param)
    yield str(request.param)
    qapp.setPalette(before)


@pytest.mark.slow
def test_xp_enough_for_the_next_level_is_green_and_says_so(qtbot: QtBot, scheme: str) -> None:
    """Brannoc (1st level, 14 XP) is 36 short of 2nd; at 60 XP his XP cell reads "60, ready
    to level up" in a green with AA contrast on the roster's rows; a level later it is plain."""
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    model = RosterModel(document)
    view = RosterView()
    qtbot.addWidget(view)
    view.setModel(model)
    row = next(r for r in range(model.rowCount())
               if model.character_at(r).name.startswith("Brannoc"))
    index = model.index(row, XP)
    assert index.data() == "14" and index.data(Qt.ItemDataRole.ForegroundRole) is None
    document.edit_character(model.character_at(row).id, "xp", 60)
    assert index.data() == "60, ready to level up"
    assert index.data(Qt.ItemDataRole.EditRole) == 60  # the field still edits the number
    green = index.data(Qt.ItemDataRole.ForegroundRole)
    assert isinstance(green, QColor) and green == tones().good
    assert green.green() > max(green.red(), green.blue())
    palette = view.palette()
    for background in (palette.color(Role.Base), palette.color(Role.AlternateBase)):
        assert contrast(green, background) >= AA
    assert "enough for level 2" in index.data(Qt.ItemDataRole.ToolTipRole)
