"""The campaign's roster as a table: a ``QAbstractTableModel`` over ``campaign.characters``.

The model wraps the core list, it never copies it: it keeps only the order of the rows shown (the
characters' ids), in the campaign's order until the GM sorts by a column or filters (a Python
sort and ``layoutChanged``, not a ``QSortFilterProxyModel``, which took ~0.85 s for 10k
rows here). Edits made in the view go through :meth:`CampaignDocument.edit_character`, i.e. an
undo command, and the model learns of every change (from this view, an undo, another window)
from the document's ``campaignChanged``, emitting ``dataChanged`` for the whole row of each
character it names (a death greys every column; an HP change moves the status) and nothing
else, and ``beginInsertRows``/``beginRemoveRows`` for added and removed characters: at their
place in the campaign while the order is the campaign's, at the end once sorted or filtered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.operation import Refused
from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import GROUP_NAMES, CharacterGroup, group_of
from emberkeep.character.model import Character
from emberkeep.character.status import character_armor_class
from gui.document import CampaignDocument
from gui.labels import class_name, knight_hp_text, race_name
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["COLUMNS", "NAME_COLUMN", "CharacterIdRole", "RosterModel", "SortRole", "StatusRole",
           "status_of"]

CharacterIdRole = Qt.ItemDataRole.UserRole + 1
"""The character's id (str), for every column: what commands and other windows key on."""
SortRole = Qt.ItemDataRole.UserRole + 2
"""A plain sortable value (str or int) for the cell: HP sorts by current HP, not its text."""
StatusRole = Qt.ItemDataRole.UserRole + 3
"""``"alive"``, ``"dying"`` or ``"dead"``, for every column (a delegate may grey out the dead)."""

_Index = QModelIndex | QPersistentModelIndex
_NUMBER_ALIGN = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_TEXT_ALIGN = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def status_of(character: Character) -> str:
    """The core's verdict (R21 dying, R22 dead), as the text the roster shows."""
    return character.status.value


def _armor_class(character: Character, catalog: Catalog) -> int | None:
    try:
        return character_armor_class(character, catalog)
    except Exception:  # gear the catalog no longer knows: leave the cell blank, not a crash
        return None


def _xp_text(character: Character, _catalog: Catalog) -> str:
    """The XP, and the guide's green words when they are enough for the next level (R32)."""
    return f"{character.xp}, ready to level up" if character.can_level_up else str(character.xp)


@dataclass(frozen=True)
class Column:
    title: str
    tooltip: str
    value: Callable[[Character, Catalog], Any]
    """The raw value: EditRole for editable columns, SortRole for all (the campaign's catalog
    for the numbers an archetype feature changes)."""
    text: Callable[[Character, Catalog], str] | None = None
    field: str | None = None
    """The Character field this column edits, or None when read-only."""
    numeric: bool = False
    width: int = 80


COLUMNS: tuple[Column, ...] = (
    Column("Name", "The character's name", lambda c, _: c.name, field="name", width=180),
    Column("Player", "Who plays the character", lambda c, _: c.player, field="player",
           width=120),
    Column("Race", "Race", race_name, width=90),
    Column("Class", "Class (0-level characters have none yet)", lambda c, _: class_name(c),
           width=100),
    Column("Level", "Level", lambda c, _: c.level, numeric=True, width=50),
    Column("HP", "Current / maximum hit points (Furnace; a knight's Melee Round HP is its own, "
           "R39)", lambda c, _: c.hp,
           text=lambda c, _: f"{c.hp}/{c.max_hp}", numeric=True, width=70),
    Column("AC", "Armor class from worn armor and shield, plus DEX", _armor_class,
           text=lambda c, k: "" if (ac := _armor_class(c, k)) is None else str(ac),
           numeric=True, width=50),
    Column("XP", "Experience points (R32); in green when enough for the next level",
           lambda c, _: c.xp, text=_xp_text, field="xp", numeric=True, width=150),
    Column("Status", "Alive, dying (R21: at 0 HP) or dead (R22)", lambda c, _: status_of(c),
           width=70),
    Column("Group", "The party in play, the funnel, hirelings, or dead or retired (Edit → "
           "Move to Group)", lambda c, _: GROUP_NAMES[group_of(c)], width=110),
)
NAME_COLUMN = 0
# what the filter box searches: the words a GM types (the Group box picks groups; numbers and
# the status are derived per row and would make every keystroke cost ~4x as much)
_TEXT_COLUMNS = tuple(n for n, c in enumerate(COLUMNS)
                      if c.title in ("Name", "Player", "Race", "Class"))


def _sort_key(value: Any) -> tuple[int, Any]:
    """Blank cells last; text without regard to case."""
    if value is None or value == "":
        return (1, 0)
    return (0, value.casefold() if isinstance(value, str) else value)


_ROLES = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole,
          Qt.ItemDataRole.ForegroundRole, SortRole, StatusRole]

# The cell's own value: edited, sorted (and shown, when the column has no text for it).
_VALUE_ROLES = frozenset({Qt.ItemDataRole.EditRole, SortRole})
_FLAGS = tuple(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
               | (Qt.ItemFlag.ItemIsEditable if c.field is not None else Qt.ItemFlag.NoItemFlags)
               for c in COLUMNS)
_ANSWERED = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, SortRole,
                       Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
                       Qt.ItemDataRole.TextAlignmentRole, CharacterIdRole, StatusRole})
"""The roles a cell has; the view asks a dozen more per paint (font, background, decoration,
check state…), answered None before any lookup."""


def _tone(character: Character, status: str, column: Column) -> str | None:
    """The dead grey the whole row (R22); the dying redden HP and Status (R21); XP enough
    for the next level is green (R32). A tone's name: its colour is the palette's at paint."""
    if status == "dead":
        return "muted"
    if status == "dying" and column.title in ("HP", "Status"):
        return "error"
    if column.title == "XP" and character.can_level_up:
        return "good"  # the guide's green, read in light and dark alike
    return None


@dataclass(frozen=True, slots=True)
class _Row:
    """A character's cells as the roster shows them, computed once and kept until a change
    names the character (or the rules change): painting, sorting and filtering read these,
    never the sheet's rules (a status, an AC) again for each cell and role."""

    character: Character
    status: str
    shown: tuple[Any, ...]  # DisplayRole per column
    values: tuple[Any, ...]  # EditRole and SortRole per column
    tones: tuple[str | None, ...]  # ForegroundRole per column, by tone name

    @classmethod
    def of(cls, character: Character, catalog: Catalog) -> _Row:
        values = tuple(column.value(character, catalog) for column in COLUMNS)
        status = status_of(character)
        return cls(character, status,
                   tuple(column.text(character, catalog) if column.text else value
                         for column, value in zip(COLUMNS, values, strict=True)),
                   values, tuple(_tone(character, status, column) for column in COLUMNS))


class RosterModel(QAbstractTableModel):
    editRefused = Signal(str)  # the reason, for the status bar

    def __init__(self, document: CampaignDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.sorted_by: tuple[int, Qt.SortOrder] | None = None
        self.filter_text = ""
        self.groups: frozenset[CharacterGroup] | None = None  # None: every group
        self._rows: list[str] = [c.id for c in self.characters]
        self._by_id: dict[str, Character] = {c.id: c for c in self.characters}
        self._cells: dict[str, _Row] = {}  # by id, filled as rows are first read
        self._pending: list[str] = []
        document.charactersAboutToBeInserted.connect(self._about_to_insert)
        document.charactersInserted.connect(self._inserted)
        document.charactersAboutToBeRemoved.connect(self._about_to_remove)
        document.charactersRemoved.connect(self._removed)
        document.campaignChanged.connect(self._campaign_changed)

    @property
    def characters(self) -> list[Character]:
        return self.document.campaign.characters

    # -- read -----------------------------------------------------------------------------------

    @property
    def in_campaign_order(self) -> bool:
        """Rows as the campaign holds them: not sorted, nothing filtered out."""
        return self.sorted_by is None and not self.filter_text and self.groups is None

    def character_at(self, row: int) -> Character:
        return self._by_id[self._rows[row]]

    def row_of(self, character_id: str) -> int:
        """The row showing the character, or -1 when it is filtered out."""
        try:
            return self._rows.index(character_id)
        except ValueError:
            return -1

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def _row(self, character_id: str) -> _Row:
        found = self._cells.get(character_id)
        if found is None:
            found = self._cells[character_id] = _Row.of(self._by_id[character_id],
                                                        Catalog(self.document.campaign))
        return found

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid() or index.row() >= len(self._rows):
            return None
        character_id = self._rows[index.row()]
        if role == CharacterIdRole:
            return character_id
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _NUMBER_ALIGN if COLUMNS[column].numeric else None
        row = self._row(character_id)
        if role == Qt.ItemDataRole.DisplayRole:
            return row.shown[column]
        if role in _VALUE_ROLES:
            return row.values[column]
        if role == Qt.ItemDataRole.ForegroundRole:
            tone = row.tones[column]
            return None if tone is None else getattr(tones(), tone)
        if role == StatusRole:
            return row.status
        return tooltip(self._tooltip(row.character, COLUMNS[column]))  # hovered: not kept


    def _tooltip(self, character: Character, column: Column) -> str:
        if column.title == "HP":
            knight = "" if character.knight is None else f"; {knight_hp_text(character.knight)}"
            return (f"{character.hp} of {character.max_hp} hit points; "
                    f"dead at {character.death_threshold} or below (R22){knight}")
        if column.title == "XP" and character.can_level_up:
            return f"{character.xp} XP: enough for level {character.level + 1} (R32)"
        catalog = Catalog(self.document.campaign)
        text = column.text(character, catalog) if column.text \
            else str(column.value(character, catalog))
        return f"{character.name}: {text}" if column.title != "Name" else text

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            column = COLUMNS[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return column.title
            if role == Qt.ItemDataRole.ToolTipRole:
                return column.tooltip
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return _NUMBER_ALIGN if column.numeric else _TEXT_ALIGN
        elif (orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole
              and 0 <= section < len(self._rows)):
            return str(section + 1)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _FLAGS[index.column()]  # asked for every cell painted: or-ing enums costs

    # -- write: through the document's undo stack -----------------------------------------------

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Push an undoable edit; False (and nothing changed) when the core refuses the value."""
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        field = COLUMNS[index.column()].field
        if field is None:
            return False
        if isinstance(value, str):
            value = value.strip()
        character = self.character_at(index.row())
        try:
            self.document.edit_character(character.id, field, value)
        except Refused as exc:
            self.editRefused.emit(f"{COLUMNS[index.column()].title} not changed: {exc}")
            return False
        return True  # dataChanged comes from the document's campaignChanged signal

    # -- following the document -----------------------------------------------------------------

    # -- sort and filter ----------------------------------------------------------

    def _shown(self, character: Character) -> bool:
        if self.groups is not None and group_of(character) not in self.groups:
            return False
        if not self.filter_text:
            return True
        needle = self.filter_text.casefold()
        values = self._row(character.id).values
        return any(needle in str(values[column]).casefold() for column in _TEXT_COLUMNS)

    def _ordered(self, ids: list[str]) -> list[str]:
        if self.sorted_by is None:
            return ids
        column, order = self.sorted_by
        keyed = [(_sort_key(self._row(i).values[column]), i) for i in ids]
        # blanks stay last either way: sort the filled ones, then add the blank ones
        filled = [k for k in keyed if k[0][0] == 0]
        filled.sort(key=lambda k: k[0], reverse=order == Qt.SortOrder.DescendingOrder)
        return [i for _, i in filled] + [i for k, i in keyed if k[0] != 0]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows by ``column`` (-1: the campaign's order); selections follow."""
        self.sorted_by = None if column < 0 else (column, order)
        self._relayout()

    def set_filter(self, text: str = "", groups: frozenset[CharacterGroup] | None = None
                   ) -> None:
        """Show the rows whose cells hold ``text`` (any case) and which are in ``groups``."""
        self.filter_text = text.strip()
        self.groups = groups
        self.beginResetModel()  # rows come and go: a reset, once per keystroke of the filter
        self._rows = self._ordered([c.id for c in self.characters if self._shown(c)])
        self.endResetModel()

    def _relayout(self) -> None:
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        kept = [(self._rows[i.row()], i.column()) for i in old]
        shown = set(self._rows)
        self._rows = self._ordered([c.id for c in self.characters if c.id in shown])
        rows = {cid: row for row, cid in enumerate(self._rows)}
        self.changePersistentIndexList(old, [self.index(rows[cid], col) for cid, col in kept])
        self.layoutChanged.emit()

    # -- following the document -----------------------------------------------------------------

    def _campaign_changed(self, change: Change) -> None:
        last = len(COLUMNS) - 1
        if change.characters:  # a step may have put a new object under an id (an undo)
            self._by_id = {c.id: c for c in self.characters}
            for character_id in change.characters:
                self._cells.pop(character_id, None)
        if change.rules:  # a class or armor the GM edited: any row's numbers may move
            self._cells.clear()
            if self._rows:
                self.dataChanged.emit(self.index(0, 0),
                                      self.index(len(self._rows) - 1, last), _ROLES)
            return
        if self.groups is not None or self.filter_text:
            # an edit that takes a row in or out of the filter (a move to another group)
            shown = set(self._rows)
            if any(self._shown(c) != (c.id in shown) for cid in change.characters
                   if (c := self._by_id.get(cid)) is not None):
                self.set_filter(self.filter_text, self.groups)
                return
        rows = {character_id: row for row, character_id in enumerate(self._rows)}
        for character_id in change.characters:
            row = rows.get(character_id)
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last), _ROLES)

    def _about_to_insert(self, first: int, last: int) -> None:
        if self.in_campaign_order:
            self.beginInsertRows(QModelIndex(), first, last)

    def _inserted(self, first: int, last: int) -> None:
        new = self.characters[first:last + 1]
        self._by_id.update((c.id, c) for c in new)
        for character in new:  # an undone removal brings the id back with its own sheet
            self._cells.pop(character.id, None)
        if self.in_campaign_order:
            self._rows = [c.id for c in self.characters]
            self.endInsertRows()
            return
        shown = [c.id for c in new if self._shown(c)]
        if shown:  # sorted or filtered: new rows come at the end, until the GM sorts again
            self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(shown) - 1)
            self._rows += shown
            self.endInsertRows()

    def _about_to_remove(self, first: int, last: int) -> None:
        going = [c.id for c in self.characters[first:last + 1]]
        if self.in_campaign_order:
            self.beginRemoveRows(QModelIndex(), first, last)
            self._pending = going
            return
        for cid in going:
            row = self.row_of(cid)
            if row >= 0:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
            self._by_id.pop(cid, None)
            self._cells.pop(cid, None)

    def _removed(self, first: int, last: int) -> None:
        if self._pending:
            for cid in self._pending:
                self._by_id.pop(cid, None)
                self._cells.pop(cid, None)
            self._pending = []
            self._rows = [c.id for c in self.characters]
            self.endRemoveRows()
