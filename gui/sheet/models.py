"""Table models of one character sheet: skills, attacks and inventory.

Each model wraps the campaign's character (looked up by id, never copied) and follows the
document's ``campaignChanged``: a change to a field of its character it shows emits
``dataChanged`` over its rows, or a reset when the rows themselves came or went (a weapon added).
The computed lines (skills, attacks) are worked out once per change and kept, not once per cell;
the fields they depend on are the ones the core read to work them out (:mod:`gui.sheet.reads`),
and a change that leaves every line as it was emits nothing.
Edits go through :meth:`CampaignDocument.edit_character`, i.e. one undo command each; a refused
value emits :attr:`SheetTableModel.editRefused` with the reason and changes nothing. The numbers
come from :mod:`emberkeep.character.sheet_numbers`: the GUI holds no rules of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from emberkeep.character.giving import charges_text
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import AttackLine, SkillLine, attack_lines, skill_lines
from emberkeep.gear.catalog import GearError
from emberkeep.gear.inventory import Owned
from emberkeep.gear.owned import OwnedArmor, OwnedItem, OwnedShield, OwnedWeapon
from emberkeep.gear.purse import format_coins
from gui.document import CampaignDocument
from gui.sheet.reads import reading

__all__ = ["AttacksModel", "InventoryModel", "SheetTableModel", "SkillsModel", "UidRole"]

_Index = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_CENTER = Qt.AlignmentFlag.AlignCenter
UidRole = Qt.ItemDataRole.UserRole + 1
"""The gear uid (inventory, attacks) or skill id (skills) of a row."""


def signed(value: int) -> str:
    return f"{value:+d}"


class SheetTableModel(QAbstractTableModel):
    """Shared plumbing: the character by id, the header, following the document."""

    editRefused = Signal(str)
    HEADERS: tuple[str, ...] = ()
    WATCHED: frozenset[str] = frozenset()

    def __init__(self, document: CampaignDocument, character_id: str,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self._cache: Any = None
        self.reads: frozenset[str] = self.WATCHED  # the computed models: what they last read
        self._keys = self._row_keys()
        document.campaignChanged.connect(self._changed)
        document.charactersRemoved.connect(self._maybe_gone)

    def _maybe_gone(self) -> None:
        """The character was removed: show no rows until the sheet closes (undo reopens)."""
        if self._keys and all(c.id != self.character_id
                              for c in self.document.campaign.characters):
            self.beginResetModel()
            self._keys = []
            self.endResetModel()

    @property
    def character(self) -> Character:
        return self.document.character(self.character_id)

    @property
    def catalog(self) -> Catalog:
        return Catalog(self.document.campaign)

    def _row_keys(self) -> list[str]:
        raise NotImplementedError

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None

    def _changed(self, change: Change) -> None:
        if not change.touches(self.character_id, self.reads):
            return
        before, self._cache = self._cache, None
        try:
            keys = self._row_keys()
        except KeyError:  # the character was removed: its sheet closes
            return
        if keys != self._keys:
            self.beginResetModel()  # rows came or went: positions no longer line up
            self._keys = keys
            self.endResetModel()
        elif keys and (before is None or before != self._cache):
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(keys) - 1, len(self.HEADERS) - 1))

    def _computed(self, lines: Any) -> list[Any]:
        """``lines(character, catalog)`` worked out once and kept, noting what it read."""
        if self._cache is None:
            view, reads = reading(self.character)
            self._cache = list(lines(view, self.catalog))
            self.reads = frozenset(reads)
        return self._cache  # type: ignore[no-any-return]

    def _edit(self, field: str, value: Any, label: str) -> bool:
        """One click or one committed cell: its own undo step, never merged with the last."""
        try:
            self.document.edit_character(self.character_id, field, value, label=label)
        except Refused as exc:
            self.editRefused.emit(f"{label} not changed: {exc}")
            return False
        return True


class SkillsModel(SheetTableModel):
    """R7: the 18 skills with their bonus; PROF and Expertise are checkable."""

    HEADERS = ("Skill", "Ability", "Bonus", "PROF", "Expertise", "Note")

    def _lines(self) -> list[SkillLine]:
        return self._computed(skill_lines)

    def _row_keys(self) -> list[str]:
        return [line.skill.value for line in self._lines()]

    def _line(self, row: int) -> SkillLine:
        return self._lines()[row]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._keys):
            return None
        line = self._line(index.row())
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (line.name, line.ability.value, signed(line.bonus), None, None,
                    "EASY" if line.easy else "")[column]
        if role == Qt.ItemDataRole.CheckStateRole and column in (3, 4):
            on = line.proficient if column == 3 else line.expertise
            return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 2:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{line.name}: d20 {signed(line.bonus)} ({line.ability.value}"
                    f"{' + PROF' if line.proficient else ''}) vs the ROOM DC (R7)")
        if role == UidRole:
            return line.skill.value
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in (3, 4):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or index.column() not in (3, 4):
            return False
        line = self._line(index.row())
        on = Qt.CheckState(value) == Qt.CheckState.Checked
        character = self.character
        field = "skill_proficiencies" if index.column() == 3 else "expertise"
        skills = [s for s in getattr(character, field) if s != line.skill]
        if on:
            skills.append(line.skill)
        what = "PROF" if index.column() == 3 else "Expertise"
        return self._edit(field, skills, f"{what} in {line.name}")


class AttacksModel(SheetTableModel):
    """Each weapon (a versatile one twice): ATK bonus and damage, read-only (R12, R17, R29)."""

    HEADERS = ("Weapon", "ATK", "Damage", "Notes")

    def _lines(self) -> Sequence[AttackLine]:
        return self._computed(attack_lines)

    def _row_keys(self) -> list[str]:
        return [f"{a.uid}:{a.grip}" for a in self._lines()]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._keys):
            return None
        line = self._lines()[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (line.label, signed(line.atk_bonus), line.damage_text,
                    _attack_notes(line))[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            prof = " + PROF" if line.proficient else " (not proficient: no PROF)"
            return (f"ATK d20 {signed(line.atk_bonus)}: {line.ability.value}{prof}. "
                    f"Damage {line.damage_text}: the dice, STR by grip, "
                    f"-1 per notch; a hit does at least 1 (R12, R17, R29). "
                    f"Crit on a natural {line.crit_text} (R15)")
        if role == UidRole:
            return line.uid
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def _attack_notes(line: AttackLine) -> str:
    notes = [f"crit {line.crit_text}"] if line.crit_low < 20 else []
    if line.notches:
        notes.append(f"{line.notches} notch{'es' if line.notches > 1 else ''} (-{line.notches})")
    if line.broken:
        notes.append("BROKEN")
    if line.dropped:
        notes.append("dropped")
    return ", ".join(notes)


def _kind(piece: Owned) -> str:
    if isinstance(piece, OwnedArmor):
        return "armor"
    if isinstance(piece, OwnedShield):
        return "shield"
    if isinstance(piece, OwnedWeapon):
        return "weapon"
    return "item"


def _damage_text(piece: Owned) -> str:
    if isinstance(piece, OwnedArmor | OwnedShield):
        text = f"{piece.damage_points}/{piece.armor_bonus} pts"
        return text + (" BROKEN" if piece.is_broken else "")
    if isinstance(piece, OwnedWeapon):
        return f"{piece.notches} notches" + (" BROKEN" if piece.broken else "")
    return ""


class InventoryModel(SheetTableModel):
    """Everything carried. Editable: worn/held (checkbox), quantity, damage points or notches."""

    HEADERS = ("Gear", "Kind", "Qty", "Worn/held", "Damage", "Value")
    WATCHED = frozenset({"inventory"})
    QTY, WORN, DAMAGE = 2, 3, 4

    def _row_keys(self) -> list[str]:
        return [g.uid for g in self.character.inventory.all_gear()]

    def _piece(self, row: int) -> Owned:
        return self.character.inventory.find(self._keys[row])

    def _cell(self, piece: Owned, column: int, editing: bool) -> Any:
        if column == 0:
            return piece.name + (" (magic)" if piece.magical else "")
        if column == 1:  # a magic item's charges left today
            charges = charges_text(piece.magic) if piece.magic is not None else ""
            return _kind(piece) + (f", {charges}" if charges else "")
        if column == self.QTY:
            return piece.quantity if isinstance(piece, OwnedItem) else (None if editing else "1")
        if column == self.DAMAGE:
            return _damage_value(piece) if editing else _damage_text(piece)
        if column == 5:
            return format_coins(piece.value_cp)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._keys):
            return None
        try:
            piece = self._piece(index.row())
        except GearError:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._cell(piece, column, role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.CheckStateRole and column == self.WORN:
            return _check_state(piece)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.QTY, 5):
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and column == self.DAMAGE:
            return "Armor damage points (R15, -1 AC each) or weapon notches (R17, -1 DAM each)"
        if role == UidRole:
            return piece.uid
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        piece = self._piece(index.row())
        if index.column() == self.WORN and _worn(piece) is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        if index.column() == self.QTY and isinstance(piece, OwnedItem):
            flags |= Qt.ItemFlag.ItemIsEditable
        if index.column() == self.DAMAGE and _damage_value(piece) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        inventory = self.character.inventory.model_copy(deep=True)
        piece = inventory.find(self._keys[index.row()])
        column = index.column()
        try:
            if column == self.WORN and role == Qt.ItemDataRole.CheckStateRole:
                on = Qt.CheckState(value) == Qt.CheckState.Checked
                label = f"{'wear' if on else 'take off'} {piece.name}"
                if isinstance(piece, OwnedArmor):
                    inventory.wear(piece.uid if on else None)
                elif isinstance(piece, OwnedShield):
                    inventory.carry_shield(piece.uid if on else None)
                elif isinstance(piece, OwnedWeapon):
                    piece.equipped = on
                return self._edit("inventory", inventory, label)
            if role != Qt.ItemDataRole.EditRole or column not in (self.QTY, self.DAMAGE):
                return False
            number = int(str(value).strip())
        except (GearError, ValueError) as exc:
            self.editRefused.emit(f"{piece.name} not changed: {exc}")
            return False
        if column == self.QTY and isinstance(piece, OwnedItem):
            piece.quantity = number
            label = f"quantity of {piece.name}"
        elif isinstance(piece, OwnedWeapon):
            piece.notches = number
            label = f"notches of {piece.name}"
        elif isinstance(piece, OwnedArmor | OwnedShield):
            piece.damage_points = number
            label = f"damage of {piece.name}"
        else:
            return False
        return self._edit("inventory", inventory, label)


def _worn(piece: Owned) -> bool | None:
    if isinstance(piece, OwnedArmor):
        return piece.worn
    if isinstance(piece, OwnedShield | OwnedWeapon):
        return piece.equipped
    return None


def _check_state(piece: Owned) -> Qt.CheckState | None:
    """Worn or held as a checkbox; a piece one cannot wear or hold has none."""
    worn = _worn(piece)
    if worn is None:
        return None
    return Qt.CheckState.Checked if worn else Qt.CheckState.Unchecked


def _damage_value(piece: Owned) -> int | None:
    if isinstance(piece, OwnedArmor | OwnedShield):
        return piece.damage_points
    if isinstance(piece, OwnedWeapon):
        return piece.notches
    return None
