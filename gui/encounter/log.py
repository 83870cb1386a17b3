"""The encounter log: every step's summary and every event under it (dice as they fell, table
rows as read, the GM's notes), filterable by text and kind, in one small module (model + filter,
as Picard's log view keeps them).

Lines are appended when a step is applied and removed from the end when it is undone; the
filter runs in Python over the kept lines and only a change of filter resets the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from emberkeep.encounter.change_text import change_lines
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Note, Rolled, Row, Set, Step
from emberkeep.encounter.recap import dice_text
from emberkeep.encounter.table_names import row_line
from gui.encounter.session import EncounterSession
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["KINDS", "LogLine", "LogModel", "lines_of"]

_Index = QModelIndex | QPersistentModelIndex
KINDS = {"all": "Everything", "step": "Actions", "roll": "Dice", "row": "Table rows",
         "note": "Notes", "change": "Changes"}
HEADERS = ("Round", "Who", "What")


@dataclass(frozen=True, slots=True)
class LogLine:
    step: int  # index of the step in the encounter's history
    round: int
    kind: str  # step, roll, row, note
    who: str
    text: str


def lines_of(step: Step, index: int, round_number: int, names: dict[str, str],
             enc: Encounter | None = None) -> list[LogLine]:
    who = names.get(step.actor, "GM" if step.actor == "gm" else step.actor)
    out = [LogLine(index, round_number, "step", who, step.summary or step.action)]
    spells = None if enc is None else (lambda spell_id: enc.catalog.spell(spell_id).name)
    for event in step.events:
        if isinstance(event, Rolled):
            # the Melee Round rolls under the combatant's id (its typed answers' key): the
            # log names it, as it names the step's actor
            out.append(LogLine(index, round_number, "roll", names.get(event.who, event.who),
                               f"{event.purpose}: {dice_text(event.record)}"))
        elif isinstance(event, Row):
            out.append(LogLine(index, round_number, "row", who, row_line(event, spells)))
        elif isinstance(event, Note):
            out.append(LogLine(index, round_number, "note", who, event.text))
    if enc is not None:  # every change the step made, in words
        out += [LogLine(index, round_number, "change", who, text)
                for text in change_lines(enc, step)]
    return out


def _round_after(step: Step, before: int) -> int:
    for event in step.events:
        if isinstance(event, Set) and event.target == ("enc",) and event.field == "round":
            return int(event.after)
    return before


def _shown(line: LogLine, column: int) -> str:
    """A log line's cell: a step shows its round, who and what; a roll or row is indented."""
    if column == 0:
        return str(line.round) if line.kind == "step" else ""
    if column == 1:
        return line.who if line.kind in ("step", "roll") else ""
    return line.text if line.kind == "step" else f"   {line.text}"


class LogModel(QAbstractTableModel):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.lines: list[LogLine] = []
        self.visible: list[int] = []
        self.kind = "all"
        self.text = ""
        self._round = 0
        self._rounds: list[int] = []  # the round before each step, to step back on undo
        self._append(session.enc.history, 0, notify=False)
        self._refilter()
        session.stepsApplied.connect(self.applied)
        session.stepsReverted.connect(self.reverted)

    # -- following the encounter ----------------------------------------------------------------

    def _names(self) -> dict[str, str]:
        return {cid: c.name for cid, c in self.session.enc.combatants.items()}

    def _append(self, steps: list[Step], first_index: int, *, notify: bool = True) -> None:
        names = self._names()
        new: list[LogLine] = []
        for offset, step in enumerate(steps):
            self._rounds.append(self._round)
            self._round = _round_after(step, self._round)
            new.extend(lines_of(step, first_index + offset, self._round, names,
                                self.session.enc))
        start = len(self.lines)
        self.lines.extend(new)
        shown = [start + i for i, line in enumerate(new) if self._matches(line)]
        if not shown:
            return
        if notify:
            row = len(self.visible)
            self.beginInsertRows(QModelIndex(), row, row + len(shown) - 1)
            self.visible.extend(shown)
            self.endInsertRows()
        else:
            self.visible.extend(shown)

    def applied(self, steps: list[Step]) -> None:
        self._append(steps, len(self.session.enc.history) - len(steps))

    def reverted(self, steps: list[Step]) -> None:
        keep = len(self.session.enc.history)
        for _ in steps:
            if self._rounds:
                self._round = self._rounds.pop()
        cut = len(self.lines)
        while cut and self.lines[cut - 1].step >= keep:
            cut -= 1
        first_hidden = len(self.visible)
        while first_hidden and self.visible[first_hidden - 1] >= cut:
            first_hidden -= 1
        if first_hidden < len(self.visible):
            self.beginRemoveRows(QModelIndex(), first_hidden, len(self.visible) - 1)
            del self.visible[first_hidden:]
            del self.lines[cut:]
            self.endRemoveRows()
        else:
            del self.lines[cut:]

    # -- filter ---------------------------------------------------------------------------------

    def _matches(self, line: LogLine) -> bool:
        if self.kind not in ("all", line.kind):
            return False
        return not self.text or self.text in line.text.lower() or self.text in line.who.lower()

    def _refilter(self) -> None:
        self.visible = [i for i, line in enumerate(self.lines) if self._matches(line)]

    def set_filter(self, text: str = "", kind: str = "all") -> None:
        self.beginResetModel()
        self.text, self.kind = text.strip().lower(), kind
        self._refilter()
        self.endResetModel()

    def line(self, row: int) -> LogLine:
        return self.lines[self.visible[row]]

    # -- Qt ---------------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.visible)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(HEADERS)):
            return HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.visible):
            return None
        line = self.line(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            return _shown(line, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 2:
            return tooltip(line.text)  # the line names combatants
        if role == Qt.ItemDataRole.FontRole and line.kind in ("step", "row"):
            font = QFont()
            font.setBold(line.kind == "step")
            font.setItalic(line.kind == "row")
            return font
        if role == Qt.ItemDataRole.ForegroundRole and line.kind == "roll":
            return QBrush(tones().muted)  # the dice under a step, quieter than the step
        if role == Qt.ItemDataRole.UserRole:
            return line.kind
        return None
