"""What a step repaints in a crowded fight: the lines and cells it changed, each view once, and
nothing the GM does not see."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.ruling import AddCondition, SetHp, gm_ruling
from emberkeep.encounter.turns import start
from gui.encounter.attack_panel import typed_action
from gui.encounter.order import SegmentTimeline
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


def _texts(ew: EncounterWindow, row: int) -> list[str]:
    model = ew.model
    return [str(model.index(row, column).data()) for column in range(model.columnCount())]


def test_an_attack_repaints_the_cells_it_changed(qtbot: QtBot) -> None:
    """The cells whose text changed (the one hit: its HP; the attacker: its status), every
    one of them in sight, and no other: not their whole rows, nothing of anyone else."""
    ew = _fight(qtbot)
    model, table = ew.model, ew.table
    every = range(model.rowCount())
    before = [_texts(ew, row) for row in every]
    ew.panel.die.setText("18")
    with spied(table.viewport()) as (spy,):
        assert ew.attack() is None
        assert ew.panel.apply()
    after = [_texts(ew, row) for row in every]
    changed = QRegion()
    for row in every:
        for column, (was, now) in enumerate(zip(before[row], after[row], strict=True)):
            if was != now:
                changed = changed.united(QRegion(table.visualRect(model.index(row, column))))
    hit = [row for row in every if before[row][2] != after[row][2]]
    assert len(hit) == 1, "one HP cell changed"
    painted = QRegion()
    for region in spy.regions:
        painted = painted.united(region)
    in_sight = changed.intersected(QRegion(table.viewport().rect()))
    assert not in_sight.isEmpty()
    assert in_sight.subtracted(painted).isEmpty(), "every changed cell in sight repainted"
    assert painted.subtracted(changed).isEmpty(), (painted.boundingRect(), changed.boundingRect())
    names = QRegion(table.visualRect(model.index(hit[0], 0)))
    assert not painted.intersects(names), "the name of the one hit did not change"


def test_a_new_round_ends_surprised_in_the_table(qtbot: QtBot) -> None:
    """A row kept from the first round follows the round turning: the surprised are no longer
    said to be, though no step named them."""
    session = _session(3)
    ew = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(ew)
    ew.show()
    foes = [cid for cid, c in session.enc.combatants.items() if c.side == "foes"]
    assert foes
    session.run("start", typed_action({("initiative", "party"): 6, ("initiative", "foes"): 1},
                                      lambda enc: start(enc, surprise=["foes"])))
    row = ew.model.row_of(foes[0])
    assert row is not None
    assert "surprised" in str(ew.model.index(row, 7).data())
    while session.enc.state.round == 1:
        assert ew.next_turn() is None
    assert "surprised" not in str(ew.model.index(row, 7).data())


def test_a_pc_s_new_condition_is_told_once(qtbot: QtBot) -> None:
    """A step that frightens a PC tells the sheets (the document's fight conditions) and the
    window's views once: the session does not hear its own word to the sheets as a change
    from outside and tell the table, the order and the panel a second time."""
    ew = _fight(qtbot, monsters=6)
    session = ew.session
    pc = next(c for c in session.enc.combatants.values() if c.kind == "pc")
    told: list[list[str]] = []
    sheets: list[object] = []
    session.combatantsChanged.connect(told.append)
    session.document.campaignChanged.connect(sheets.append)
    fear = AddCondition(pc.id, ActiveCondition("FRIGHTENED", 3, "rounds"))
    assert session.run("fear", lambda enc: gm_ruling(enc, "fear", [fear])) is None
    assert told == [[pc.id]]
    assert any(pc.character_id in change.characters for change in sheets)  # type: ignore[attr-defined]
    assert session.document.fight_conditions[str(pc.character_id)][1] == ("FRIGHTENED",)
    row = ew.model.row_of(pc.id)
    assert row is not None and "FRIGHTENED" in str(ew.model.index(row, 6).data())


def test_the_hidden_timeline_costs_a_step_nothing(qtbot: QtBot,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside WDD the segment timeline is hidden: a turn does not lay it out."""
    ew = _fight(qtbot, monsters=6)
    assert not ew.timeline.isVisible()
    asked: list[int] = []
    columns = SegmentTimeline.columns
    def counted(self: SegmentTimeline) -> dict[int, list[tuple[int, Slot]]]:
        asked.append(1)
        return columns(self)

    monkeypatch.setattr(SegmentTimeline, "columns", counted)
    for _ in range(3):
        assert ew.next_turn() is None
    assert asked == []
    ew.timeline.show()  # shown (WDD), it is fitted to the order as it stands
    assert asked


def test_each_view_repaints_at_most_once_a_step(qtbot: QtBot) -> None:
    """Next turn, an attack applied and its undo: the order, the table and the log each get
    one paint for the step at most (the signals that fan out to them coalesce)."""
    ew = _fight(qtbot)
    for _ in range(3):  # the log longer than its six rows: its scroll bar shown once for all
        assert ew.next_turn() is None
    views = (ew.order_view.viewport(), ew.table.viewport(), ew.log_view.viewport())

    def attack() -> None:
        ew.panel.die.setText("18")
        assert ew.attack() is None
        assert ew.panel.apply()

    for step in (ew.next_turn, attack, ew.document.undo_stack.undo) * 2:
        with spied(*views) as spies:
            step()
        assert all(len(spy.regions) <= 1 for spy in spies), [len(s.regions) for s in spies]
        assert len(spies[1].regions) == 1, "the table shows every step"


def test_the_order_repaints_a_line_only_when_it_reads_differently(qtbot: QtBot) -> None:
    """A blow that leaves everyone standing changes no line of the order (who acts is the
    same, nobody is greyed): nothing of it is repainted. A foe falling greys its line: that
    line is repainted."""
    ew = _fight(qtbot)
    view, model = ew.order_view, ew.order_model
    ew.panel.die.setText("18")
    with spied(view.viewport()) as (spy,):
        assert ew.attack() is None
        assert ew.panel.apply()
    assert spy.regions == []
    row = ew.enc.state.turn + 3
    cid = str(model.index(row).data(Qt.ItemDataRole.UserRole))
    assert model.index(row).data(Qt.ItemDataRole.ForegroundRole) is None
    with spied(view.viewport()) as (spy,):
        assert ew.session.run("down", lambda enc: gm_ruling(enc, "down", [SetHp(cid, 0)])) \
            is None
    assert spy.painted().intersects(view.visualRect(model.index(row)))
    assert model.index(row).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed


def test_a_foe_back_on_a_filtered_table_shows_as_it_stands(qtbot: QtBot) -> None:
    """With the fallen hidden, a foe healed comes back on the table with its HP as it is now,
    not as it looked when it fell; one that fell while hidden shows fallen when the fallen are
    shown again."""
    ew = _fight(qtbot, monsters=6)
    model, session = ew.model, ew.session
    foe = next(cid for cid, c in session.enc.combatants.items() if c.kind == "monster")
    row = model.row_of(foe)
    assert row is not None and model.index(row, 2).data() == "41/41"
    model.set_filter("", hide_down=True)
    assert session.run("down", lambda enc: gm_ruling(enc, "down", [SetHp(foe, 0)])) is None
    assert model.row_of(foe) is None
    assert session.run("up", lambda enc: gm_ruling(enc, "up", [SetHp(foe, 12)])) is None
    row = model.row_of(foe)
    assert row is not None and model.index(row, 2).data() == "12/41"
    assert model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) is None  # not greyed
    model.set_filter("orc 1", hide_down=True)
    assert [model.index(r, 2).data() for r in range(model.rowCount())][:1] == ["12/41"]
    assert session.run("down", lambda enc: gm_ruling(enc, "down", [SetHp(foe, 0)])) is None
    assert model.rowCount() == 0
    model.set_filter("", hide_down=False)  # the fallen shown again: greyed, at 0
    row = model.row_of(foe)
    assert row is not None and model.index(row, 2).data() == "0/41"
    assert model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
