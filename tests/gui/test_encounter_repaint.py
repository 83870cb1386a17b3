"""What a step repaints in a crowded fight: the lines and cells it changed, each view once, and
nothing the GM does not see."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.encounter.turns import start
from gui.encounter.attack_panel import typed_action
from gui.encounter.window import EncounterWindow
from tests.gui.test_encounter_views import _session


class PaintSpy(QObject):
    """The paint events a widget gets, with the region each repaints."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self.regions: list[QRegion] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Paint:
            self.regions.append(QRegion(event.region()))  # type: ignore[attr-defined]
        return False

    def painted(self) -> QRect:
        whole = QRegion()
        for region in self.regions:
            whole = whole.united(region)
        return whole.boundingRect()


@contextmanager
def spied(*widgets: QWidget) -> Iterator[list[PaintSpy]]:
    """Spies on ``widgets`` from a settled window through the step's repaint."""
    for _ in range(3):  # whatever an earlier step left to paint, and its layout timers
        QApplication.processEvents()
    spies = [PaintSpy(w) for w in widgets]
    yield spies
    for _ in range(3):
        QApplication.processEvents()
    for spy in spies:
        spy.widget.removeEventFilter(spy)


def _fight(qtbot: QtBot, monsters: int = 56) -> EncounterWindow:
    session = _session(monsters, extra=1)
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    session.run("start", typed_action({("initiative", "party"): 6, ("initiative", "foes"): 1},
                                      lambda enc: start(enc, surprise=[])))
    return window


def test_a_turn_moving_on_repaints_two_lines_of_the_order(qtbot: QtBot) -> None:
    """The order list repaints the line that was acting and the one acting now, never every
    line in sight (a list view lays itself out again on any change, unless told not to)."""
    ew = _fight(qtbot)
    view = ew.order_view
    line = view.visualRect(ew.order_model.index(0)).height()
    assert view.viewport().height() > 10 * line  # a crowd in sight
    for _ in range(3):
        before = ew.enc.state.turn
        with spied(view.viewport()) as (spy,):
            assert ew.next_turn() is None
        now = ew.enc.state.turn
        assert now == before + 1
        painted = spy.painted()
        assert 0 < painted.height() <= 2 * line, painted
        for row in (before, now):
            assert painted.intersects(view.visualRect(ew.order_model.index(row)))
        font = ew.order_model.index(now).data(Qt.ItemDataRole.FontRole)
        assert font.bold()
