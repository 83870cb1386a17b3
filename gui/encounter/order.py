"""The round's order: a list model over the engine's slots, and WDD's segment timeline.

The order is the engine's ``EncounterState.order`` (read through ``initiative.Slot``): one row
per slot, the current one highlighted. A new order (a new round) resets the list; a turn moving
on repaints just the two rows involved. Under WDD (R20) the timeline paints the ten segments with
who acts on each, missiles, melee and spells in the order the rules resolve them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QSizePolicy, QWidget

from emberkeep.encounter.initiative import Slot
from gui.encounter.combatants import bold_font, row_color
from gui.encounter.session import EncounterSession
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["OrderModel", "OrderView", "SegmentTimeline", "slot_text"]

_Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole
# the roles the order answers; the view asks some ten per row and paint, the rest answered
# before any slot is read (a step repaints every row in sight)
_ANSWERED = frozenset(int(r.value) for r in (
    Role.DisplayRole, Role.ToolTipRole, Role.AccessibleDescriptionRole, Role.BackgroundRole,
    Role.FontRole, Role.ForegroundRole, Role.UserRole))
SEGMENTS = 10
MOST_ROWS = 3  # the timeline's rows of actors per segment shown (a crowd's rest: the order)
KIND_MARK = {"missile": "➶", "melee": "⚔", "spell": "✦", "any": ""}


def slot_text(session: EncounterSession, slot: Slot) -> str:
    c = session.enc.combatants.get(slot.cid)
    name = c.name if c is not None else slot.cid
    if c is not None and c.declared_spell:  # WDD: declared once surprise is known (R20)
        name += f" ✦ {c.declared_spell}"
    if slot.kind == "any":
        return name
    where = f"seg {slot.segment}" if slot.segment else "surprise round"
    mark = KIND_MARK.get(slot.kind, "")
    return f"{where} · {mark} {name} ({slot.kind})"


class OrderModel(QAbstractListModel):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.order: tuple[str, ...] = session.enc.state.order
        self.turn = session.enc.state.turn
        self._rows_of: dict[str, list[int]] | None = None  # combatant id → its slots' rows
        session.stateChanged.connect(self.refresh)
        session.combatantsChanged.connect(self._combatants)
        session.combatantsReset.connect(self.refresh)

    def refresh(self) -> None:
        st = self.session.enc.state
        if st.order != self.order:
            self.beginResetModel()
            self.order, self.turn = st.order, st.turn
            self._rows_of = None
            self.endResetModel()
        elif st.turn != self.turn:
            rows = {self.turn, st.turn}
            self.turn = st.turn
            for row in rows:
                if 0 <= row < len(self.order):
                    index = self.index(row)
                    self.dataChanged.emit(index, index)

    def _combatants(self, ids: list[str]) -> None:
        if self._rows_of is None:  # read once per order, not per step
            self._rows_of = {}
            for row, entry in enumerate(self.order):
                self._rows_of.setdefault(Slot.parse(entry).cid, []).append(row)
        for cid in ids:
            for row in self._rows_of.get(cid, ()):
                index = self.index(row)
                self.dataChanged.emit(index, index)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.order)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid() or index.row() >= len(self.order):
            return None
        slot = Slot.parse(self.order[index.row()])
        current = index.row() == self.session.enc.state.turn and \
            self.session.enc.state.phase == "fighting"
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row() + 1}. {slot_text(self.session, slot)}"
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self._described(slot, current, role)
        if role == Qt.ItemDataRole.BackgroundRole:
            return tones().current_bg if current else None
        if role == Qt.ItemDataRole.FontRole:
            return bold_font() if current else None
        if role == Qt.ItemDataRole.ForegroundRole:
            c = self.session.enc.combatants.get(slot.cid)
            down = c is not None and (self.session.enc.is_down(c) or
                                      (index.row() < self.session.enc.state.turn))
            return row_color(down, current)
        if role == Qt.ItemDataRole.UserRole:
            return slot.cid
        return None


    def _described(self, slot: Slot, current: bool, role: int) -> str:
        """The whole slot as the tooltip (the narrow list elides it; escaped: a name), and
        "acting now" for a screen reader on the current row."""
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(slot_text(self.session, slot))
        return "acting now" if current else ""


class OrderView(QListView):
    """The order list: one line a slot, every line as tall as the next, names elided.

    A plain QListView lays out every item again on any ``dataChanged`` (its list mode's own
    handler asks for a delayed relayout, whatever changed), then repaints its whole viewport
    and reads every row in sight: a turn moving on would cost the whole list. Here a line's
    size never depends on its data (uniform sizes, elided, no wrapping), so a change repaints
    just the lines it names."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUniformItemSizes(True)  # else it asks every row's size per paint
        self.setWrapping(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def dataChanged(self, top_left: _Index, bottom_right: _Index, /,
                    roles: Sequence[int] = ()) -> None:
        QAbstractItemView.dataChanged(self, top_left, bottom_right, list(roles))


class SegmentTimeline(QWidget):
    """WDD's ten segments side by side; the segment being resolved and its actor stand out."""

    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Segment timeline")
        session.stateChanged.connect(self.changed)
        session.combatantsChanged.connect(self.changed)
        self._fit()

    def changed(self, *_: object) -> None:
        """Refitted and repainted when shown: outside WDD the timeline is hidden, and a step
        costs it nothing."""
        if self.isVisible():
            self._fit()
            self.update()

    def showEvent(self, event: QShowEvent) -> None:
        self._fit()
        super().showEvent(event)

    def _fit(self) -> None:
        """As tall as its fullest segment, at most ``MOST_ROWS`` of them: the attack panel
        below keeps its height on a 768 px laptop (the order list holds every slot)."""
        rows = max((len(slots) for slots in self.columns().values()), default=1)
        height = (1 + max(1, min(rows, MOST_ROWS))) * (self.fontMetrics().height() + 4) + 2
        if height != self.height() or height != self.minimumHeight():
            self.setFixedHeight(height)

    def columns(self) -> dict[int, list[tuple[int, Slot]]]:
        """Slots by segment (0: the surprise round, 11: a spell that goes off after 10)."""
        found: dict[int, list[tuple[int, Slot]]] = {}
        for index, entry in enumerate(self.session.enc.state.order):
            slot = Slot.parse(entry)
            found.setdefault(min(slot.segment, SEGMENTS + 1), []).append((index, slot))
        return found

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        st = self.session.enc.state
        columns = self.columns()
        width = self.width() / (SEGMENTS + 1)
        line = self.fontMetrics().height() + 4
        painter.fillRect(self.rect(), self.palette().base())
        colors = tones(self.palette())
        for n in range(1, SEGMENTS + 2):
            x = int((n - 1) * width)
            head = QRect(x, 0, int(width) - 2, line)
            now = st.phase == "fighting" and st.segment == n
            font = painter.font()
            font.setBold(now)
            painter.setFont(font)
            painter.fillRect(head, colors.current_bg if now else colors.segment_head)
            painter.setPen(colors.current_fg if now else colors.text)
            painter.drawText(head, int(Qt.AlignmentFlag.AlignCenter),
                             str(n) if n <= SEGMENTS else "late")
            for row, (index, slot) in enumerate(columns.get(n, [])):
                box = QRect(x + 2, line * (row + 1) + 2, int(width) - 6, line - 2)
                c = self.session.enc.combatants.get(slot.cid)
                acting = st.phase == "fighting" and index == st.turn
                if acting:
                    painter.fillRect(box, colors.current_bg)
                font = painter.font()
                font.setBold(acting)
                painter.setFont(font)
                done = index < st.turn or (c is not None and self.session.enc.is_down(c))
                painter.setPen(colors.muted if done else
                               colors.current_fg if acting else colors.text)
                name = c.name if c is not None else slot.cid
                if c is not None and c.declared_spell and slot.kind in ("spell", "any"):
                    name += f" ({c.declared_spell})"  # the declared spell (R20)
                text = f"{KIND_MARK.get(slot.kind, '')} {name}"
                align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                painter.drawText(box, int(align), self.fontMetrics().elidedText(
                    text, Qt.TextElideMode.ElideRight, box.width()))
        painter.end()
