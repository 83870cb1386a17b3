"""The round's order: a list model over the engine's slots, and WDD's segment timeline.

The order is the engine's ``EncounterState.order`` (read through ``initiative.Slot``): one row
per slot, the current one highlighted. A new order (a new round) resets the list; a turn moving
on repaints just the two rows involved. Under WDD (R20) the timeline paints the ten segments with
who acts on each, missiles, melee and spells in the order the rules resolve them.

A Melee Round has no order of turns: "enemies within 1 yard of each other are automatically
considered engaged", and its column lists the engagements instead (:func:`engagements`).
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

from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.initiative import Slot
from emberkeep.melee_round.engine_bridge import able
from gui.encounter.combatants import bold_font, row_color
from gui.encounter.melee_tactics import engaged_foes
from gui.encounter.session import EncounterSession
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["OrderModel", "OrderView", "SegmentTimeline", "engagements", "slot_text"]

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


def engagements(enc: Encounter) -> tuple[tuple[str, str], ...]:
    """The Melee Round's order column, (text, combatant id) a line: each fighter engaged with a
    foe not yet given a line of its own, then a line under it for each of its foes, nearest
    first (the order a fighter facing several splits its skill among them): the narrow column
    reads "Sir Brannoc", "⚔ Bandit 1", "⚔ Bandit 2"; then those engaged with nobody. Who is
    down or out of the fight is left out."""
    lines: list[tuple[str, str]] = []
    alone: list[tuple[str, str]] = []
    said: set[str] = set()
    for c in enc.combatants.values():
        if not able(enc, c):
            continue
        foes = engaged_foes(enc, c)
        if not foes:
            alone.append((f"{c.name}: not engaged", c.id))
        elif not all(f.id in said for f in foes):
            said.add(c.id)
            lines.append((c.name, c.id))
            lines += [(f"   ⚔ {f.name}", f.id) for f in foes]
    return (*lines, *alone)


class OrderModel(QAbstractListModel):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.order: tuple[str, ...] = session.enc.state.order
        self.turn = session.enc.state.turn
        self._rows_of: dict[str, list[int]] | None = None  # combatant id → its slots' rows
        # what a combatant's lines said when last told (name, declared spell, down): a step
        # that changes none of it (a blow that leaves the foe standing) repaints no line
        self._said: dict[str, tuple[str, str | None, bool]] = {}
        # the Melee Round's engagements, shown instead of an order (None: not a Melee Round)
        self.engaged: tuple[tuple[str, str], ...] | None = None
        self._follow_melee()
        session.stateChanged.connect(self.refresh)
        session.combatantsChanged.connect(self._combatants)
        session.combatantsReset.connect(self._reset)

    def _reset(self) -> None:
        self._said.clear()
        self.refresh()

    def _follow_melee(self) -> bool:
        """In a Melee Round, the engagements as they stand now, the list reset if they moved
        (a handful of knights: no finer signal needed). Returns whether this is one."""
        if not self.session.melee_round():
            if self.engaged is not None:
                self.beginResetModel()
                self.engaged = None
                self.endResetModel()
            return False
        now = engagements(self.session.enc)
        if now != self.engaged:
            self.beginResetModel()
            self.engaged = now
            self.endResetModel()
        return True

    def refresh(self) -> None:
        if self._follow_melee():
            return
        st = self.session.enc.state
        if st.order != self.order:
            self.beginResetModel()
            self.order, self.turn = st.order, st.turn
            self._rows_of = None
            self.endResetModel()
        elif st.turn != self.turn:
            # the line that was acting, the one acting now, and any skipped between (done now,
            # or not done again after an undo)
            first, last = sorted((self.turn, st.turn))
            self.turn = st.turn
            first, last = max(first, 0), min(last, len(self.order) - 1)
            if first <= last:
                self.dataChanged.emit(self.index(first), self.index(last))

    def _combatants(self, ids: list[str]) -> None:
        if self.engaged is not None:
            self._follow_melee()
            return
        if self._rows_of is None:  # read once per order, not per step
            self._rows_of = {}
            for row, entry in enumerate(self.order):
                self._rows_of.setdefault(Slot.parse(entry).cid, []).append(row)
        enc = self.session.enc
        for cid in ids:
            c = enc.combatants.get(cid)
            said = None if c is None else (c.name, c.declared_spell, enc.is_down(c))
            if said is not None and self._said.get(cid) == said:
                continue
            if said is not None:
                self._said[cid] = said
            for row in self._rows_of.get(cid, ()):
                index = self.index(row)
                self.dataChanged.emit(index, index)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        if parent.isValid():
            return 0
        return len(self.order) if self.engaged is None else len(self.engaged)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid() or index.row() >= self.rowCount():
            return None
        if self.engaged is not None:
            return _engagement(self.engaged[index.row()], role)
        return self._slot(index.row(), role)

    def _slot(self, row: int, role: int) -> Any:
        """A slot's line: its number and who acts, the current one highlighted, the done
        and the down greyed."""
        slot = Slot.parse(self.order[row])
        st = self.session.enc.state
        current = row == st.turn and st.phase == "fighting"
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{row + 1}. {slot_text(self.session, slot)}"
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self._described(slot, current, role)
        if role == Qt.ItemDataRole.BackgroundRole:
            return tones().current_bg if current else None
        if role == Qt.ItemDataRole.FontRole:
            return bold_font() if current else None
        if role == Qt.ItemDataRole.ForegroundRole:
            c = self.session.enc.combatants.get(slot.cid)
            down = c is not None and (self.session.enc.is_down(c) or row < st.turn)
            return row_color(down, current)
        return slot.cid  # UserRole

    def _described(self, slot: Slot, current: bool, role: int) -> str:
        """The whole slot as the tooltip (the narrow list elides it; escaped: a name), and
        "acting now" for a screen reader on the current row."""
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(slot_text(self.session, slot))
        return "acting now" if current else ""


def _engagement(line: tuple[str, str], role: int) -> Any:
    """A Melee Round's line: its text (escaped in the tooltip: names), its fighter's id."""
    text, cid = line
    if role == Qt.ItemDataRole.DisplayRole:
        return text
    if role == Qt.ItemDataRole.ToolTipRole:
        return tooltip(text)
    return cid if role == Qt.ItemDataRole.UserRole else None


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
