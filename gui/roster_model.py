"""The campaign's roster as a table: a ``QAbstractTableModel`` over ``campaign.characters``.

The model wraps the core list, it never copies it: row ``r`` is ``campaign.characters[r]``. Edits
made in the view go through :meth:`CampaignDocument.edit_character`, i.e. an undo command, and
the model learns of every change (from this view, an undo, another window) from the document's
``campaignChanged``, emitting ``dataChanged`` for the whole row of each character it names (a
death greys every column; an HP change moves the status) and nothing else, and
``beginInsertRows``/``beginRemoveRows`` for added and removed characters.
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
from PySide6.QtGui import QColor

from emberkeep.campaign.changes import Change
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.status import character_armor_class
from gui.document import CampaignDocument, EditRefused
from gui.labels import class_name, plain_tooltip, race_name
from gui.palette import tones

__all__ = ["COLUMNS", "CharacterIdRole", "RosterModel", "SortRole", "StatusRole", "status_of"]

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
    shows: tuple[str, ...] = ()
    """Character fields whose change alters this column (besides ``field``)."""


COLUMNS: tuple[Column, ...] = (
    Column("Name", "The character's name", lambda c, _: c.name, field="name", width=180),
    Column("Player", "Who plays the character", lambda c, _: c.player, field="player",
           width=120),
    Column("Race", "Race", race_name, width=90, shows=("race",)),
    Column("Class", "Class (0-level characters have none yet)", lambda c, _: class_name(c),
           width=100, shows=("class_id", "level")),
    Column("Level", "Level", lambda c, _: c.level, numeric=True, width=50, shows=("level",)),
    Column("HP", "Current / maximum hit points", lambda c, _: c.hp,
           text=lambda c, _: f"{c.hp}/{c.max_hp}", numeric=True, width=70,
           shows=("hp", "max_hp")),
    Column("AC", "Armor class from worn armor and shield, plus DEX", _armor_class,
           text=lambda c, k: "" if (ac := _armor_class(c, k)) is None else str(ac),
           numeric=True, width=50, shows=("inventory", "scores")),
    Column("XP", "Experience points (R32)", lambda c, _: c.xp, field="xp", numeric=True,
           width=70),
    Column("Status", "Alive, dying (R21: at 0 HP) or dead (R22)", lambda c, _: status_of(c),
           width=70, shows=("hp", "alive")),
)


_ROLES = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole,
          Qt.ItemDataRole.ForegroundRole, SortRole, StatusRole]

# The cell's own value: shown (when the column has no text for it), edited, sorted.
_VALUE_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, SortRole})


def _foreground(character: Character, column: Column) -> QColor | None:
    """The dead grey the whole row (R22); the dying redden HP and Status (R21)."""
    status = status_of(character)
    if status == "dead":
        return tones().muted
    if status == "dying" and column.title in ("HP", "Status"):
        return tones().error
    return None


def _look(character: Character, column: Column, role: int) -> Any:
    """How a cell looks: numbers right-aligned, the dead and the dying coloured."""
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return _NUMBER_ALIGN if column.numeric else None
    if role == Qt.ItemDataRole.ForegroundRole:
        return _foreground(character, column)
    return None


class RosterModel(QAbstractTableModel):
    editRefused = Signal(str)  # the reason, for the status bar

    def __init__(self, document: CampaignDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        document.charactersAboutToBeInserted.connect(self._about_to_insert)
        document.charactersInserted.connect(self.endInsertRows)
        document.charactersAboutToBeRemoved.connect(self._about_to_remove)
        document.charactersRemoved.connect(self.endRemoveRows)
        document.campaignChanged.connect(self._campaign_changed)

    @property
    def characters(self) -> list[Character]:
        return self.document.campaign.characters

    # -- read -----------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.characters)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.characters):
            return None
        character = self.characters[index.row()]
        column = COLUMNS[index.column()]
        catalog = Catalog(self.document.campaign)
        if role == Qt.ItemDataRole.DisplayRole and column.text:
            return column.text(character, catalog)
        if role in _VALUE_ROLES:
            return column.value(character, catalog)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(character, column))
        if role == CharacterIdRole:
            return character.id
        if role == StatusRole:
            return status_of(character)
        return _look(character, column, role)


    def _tooltip(self, character: Character, column: Column) -> str:
        if column.title == "HP":
            return (f"{character.hp} of {character.max_hp} hit points; "
                    f"dead at {character.death_threshold} or below (R22)")
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
              and 0 <= section < len(self.characters)):
            return str(section + 1)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if COLUMNS[index.column()].field is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

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
        character = self.characters[index.row()]
        try:
            self.document.edit_character(character.id, field, value)
        except EditRefused as exc:
            self.editRefused.emit(f"{COLUMNS[index.column()].title} not changed: {exc}")
            return False
        return True  # dataChanged comes from the document's campaignChanged signal

    # -- following the document -----------------------------------------------------------------

    def _campaign_changed(self, change: Change) -> None:
        last = len(COLUMNS) - 1
        if change.rules:  # a class or armor the GM edited: any row's numbers may move
            if self.characters:
                self.dataChanged.emit(self.index(0, 0),
                                      self.index(len(self.characters) - 1, last), _ROLES)
            return
        rows = {character.id: row for row, character in enumerate(self.characters)}
        for character_id in change.characters:
            row = rows.get(character_id)
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last), _ROLES)

    def _about_to_insert(self, first: int, last: int) -> None:
        self.beginInsertRows(QModelIndex(), first, last)

    def _about_to_remove(self, first: int, last: int) -> None:
        self.beginRemoveRows(QModelIndex(), first, last)
