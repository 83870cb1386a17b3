"""The player view: a second window for a second screen, in big type.

It shows the round, whose turn it is, and the order with each combatant's health as the players
may know it: a PC's HP as numbers (it is on their sheet anyway; in a Melee Round the knight's
own, labelled "knight HP", R39), a monster's only as "unhurt /
wounded / bloodied / down" (:func:`~gui.encounter.status.monster_word`), never a number. The
model below is the only thing the view reads, so a test over its cells proves it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.dying import life_state
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.reveal import shown_to_players
from gui.encounter.combatants import row_foreground
from gui.encounter.session import EncounterSession
from gui.encounter.status import conditions_text, monster_word
from gui.list_table import ListTableModel
from gui.palette import tones

__all__ = ["PlayerModel", "PlayerView"]

_Index = QModelIndex | QPersistentModelIndex
HEADERS = ("", "Name", "Health", "Conditions")


_PC_WORDS = {"dying": " — dying", "stable": " — stable", "out": " — out of the fight"}

class PlayerModel(ListTableModel[str]):
    """Combatants in the round's order (those not in it yet, after), health as players see it.

    A row is a combatant's id."""

    COLUMNS = HEADERS

    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.rows = self.load()
        session.stateChanged.connect(self.refresh)
        session.combatantsReset.connect(self.refresh)
        session.combatantsChanged.connect(self._changed)

    def load(self) -> list[str]:
        """In the round's order; those the GM has not revealed are left out (a hidden monster
        stays a surprise)."""
        seen: dict[str, None] = {}
        for entry in self.session.enc.state.order:
            seen.setdefault(Slot.parse(entry).cid, None)
        for cid in self.session.enc.combatants:
            seen.setdefault(cid, None)
        return shown_to_players(self.session.enc, seen)

    def _changed(self, ids: list[str]) -> None:
        combatants = self.session.enc.combatants
        if any((cid in self.rows) == combatants[cid].hidden for cid in ids if cid in combatants):
            self.refresh()  # hidden or revealed: the rows themselves change
            return
        for cid in ids:
            if cid in self.rows:
                row = self.rows.index(cid)
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))

    def health(self, c: Combatant) -> str:
        enc = self.session.enc
        if c.kind == "pc":
            state = life_state(enc, c)  # the core's dead/dying (R21, R22), as the GM's table
            if state == "dead":
                return "dead"
            hp, max_hp = enc.hp_with_max(c)
            # R39: a Melee Round's HP is the knight's own, labelled so on the players' screen
            unit = "knight HP" if enc.knight_hp else "HP"
            if not max_hp:
                return "no knight profile"
            return f"{hp}/{max_hp} {unit}" + _PC_WORDS.get(state, "")
        return monster_word(enc, c)

    def _shown(self, c: Combatant, column: int, acting: bool) -> str:
        """What the players see: whose turn, the name, the health words, the conditions."""
        if column == 0:
            return "▶" if acting else ""
        if column == 1:
            return c.name
        if column == 2:
            return self.health(c)
        words = conditions_text(c, for_players=True, enc=self.session.enc)
        # its own word apart from the health beside it ("bloodied · FRIGHTENED", not run
        # together where the columns meet)
        return f"· {words}" if words else ""

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        enc = self.session.enc
        c = enc.combatants.get(self.rows[index.row()])
        if c is None:
            return None
        acting = c.id == self.session.current_id()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._shown(c, index.column(), acting)
        if role == Qt.ItemDataRole.BackgroundRole and acting:
            return QBrush(tones().current_bg)
        if role == Qt.ItemDataRole.ForegroundRole:
            return row_foreground(enc.is_down(c), acting)
        if role == Qt.ItemDataRole.FontRole and acting:
            font = QFont()
            font.setBold(True)
            return font
        return None


class PlayerView(QWidget):
    """A top-level window the GM drags to the players' screen (F5 shows and hides it)."""

    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.setWindowTitle(f"{session.title} — players")
        self.heading = QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        medium = self.font()
        medium.setPointSize(medium.pointSize() + 4)
        self.heading.setFont(medium)
        self.acting = QLabel(self)
        self.acting.setTextFormat(Qt.TextFormat.PlainText)
        big = self.font()
        big.setPointSize(big.pointSize() + 10)
        big.setBold(True)
        self.acting.setFont(big)
        self.model = PlayerModel(session, self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setShowGrid(False)
        body = self.font()
        body.setPointSize(body.pointSize() + 6)
        self.table.setFont(body)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 12)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.acting)
        layout.addWidget(self.table)
        session.stateChanged.connect(self.refresh)
        session.combatantsChanged.connect(self.refresh)
        self.resize(800, 600)
        self.refresh()

    def refresh(self, *_: object) -> None:
        st = self.session.enc.state
        if st.phase == "over":
            self.heading.setText(f"{self.session.title} — the fight is over")
        elif st.round:
            segment = f" · segment {st.segment}" if st.segment else ""
            self.heading.setText(f"{self.session.title} — round {st.round}{segment}")
        else:
            self.heading.setText(f"{self.session.title} — about to begin")
        actor = self.session.current_id()
        c = self.session.enc.combatants.get(actor) if actor else None
        # a hidden one's turn is not announced: its name would give it away
        self.acting.setText(f"{c.name}'s turn" if c is not None and not c.hidden else "")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F11 toggles fullscreen; Esc leaves it (the GM's way back to a window)."""
        if event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def texts(self) -> list[str]:
        """Every piece of text the view shows (for tests: no monster HP number among them)."""
        found = [self.windowTitle(), self.heading.text(), self.acting.text()]
        for row in range(self.model.rowCount()):
            for column in range(self.model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = self.model.data(self.model.index(row, column), role)
                    if value is not None:
                        found.append(str(value))
        return found
