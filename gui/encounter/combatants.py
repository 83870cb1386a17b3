"""The combatants table: a model over the engine's combatants, its HP-bar delegate.

The model wraps the engine: a row is a combatant id, and its cells are worked out from the
engine when first painted and kept (``_Look``) until a step names the combatant. A step
repaints just the cells it changed (the kept look compared with the new one: ``dataChanged``
for those cells only, never a reset); the current actor's row is highlighted. Sort and filter
are done in Python on the list of ids (DESIGN: a proxy over a Python model is too slow for big
tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.explain import fight_key
from gui.encounter.session import EncounterSession
from gui.encounter.status import conditions_text, status_text
from gui.explain import EXPLAINS_ROLE
from gui.palette import tones
from gui.plain_text import tooltip

__all__ = ["COLUMNS", "CombatantIdRole", "CombatantsModel", "HpBarDelegate", "HpFractionRole",
           "SortRole", "bold_font", "combatants_table", "row_color", "row_foreground"]

CombatantIdRole = Qt.ItemDataRole.UserRole + 1
SortRole = Qt.ItemDataRole.UserRole + 2
HpFractionRole = Qt.ItemDataRole.UserRole + 3  # float 0..1 for the HP bar, None elsewhere

_Index = QModelIndex | QPersistentModelIndex


def row_foreground(down: bool, current: bool) -> QBrush | None:
    """The text colour of a row: muted when down, the current row's own on its background (the
    palette's text may be near-white on a dark desktop), else the view's."""
    color = row_color(down, current)
    return None if color is None else QBrush(color)


def row_color(down: bool, current: bool) -> QColor | None:
    """:func:`row_foreground`'s colour (a view takes a colour for a brush): no brush made."""
    if down:
        return tones().muted
    return tones().current_fg if current else None


def _hp(enc: Encounter, c: Combatant) -> tuple[int, int]:
    return enc.hp_with_max(c)


def _hp_text(enc: Encounter, c: Combatant) -> str:
    hp, max_hp = enc.hp_with_max(c)
    if not max_hp:  # a PC without a knight profile has no HP in a Melee Round (R39)
        return "no knight"
    return f"{hp}/{max_hp}"


def _ac(enc: Encounter, c: Combatant) -> int | None:
    try:
        return enc.armor_class(c)
    except Exception:  # gear the catalog no longer knows: a blank cell, not a crash
        return None


def _explains(enc: Encounter, c: Combatant, column: int) -> str | None:
    """The number a cell shows, for gui.explain: the AC, and in WDD the segment roll."""
    if column == AC_COLUMN:
        return fight_key("ac", c.id)
    if column == INIT_COLUMN and enc.state.mode == InitiativeMode.SEGMENTS:
        return fight_key("segment", c.id)
    return None


Cell = Callable[[Encounter, Combatant], Any]
# (title, display text, sort key, tooltip)
COLUMNS: tuple[tuple[str, Cell, Cell, str], ...] = (
    ("Name", lambda e, c: c.name, lambda e, c: c.name.lower(), "Who"),
    ("Side", lambda e, c: c.side, lambda e, c: c.side, "Side"),
    ("HP", _hp_text, lambda e, c: _hp(e, c)[0], "Hit points now / maximum"),
    ("AC", lambda e, c: "" if (ac := _ac(e, c)) is None else str(ac),
     lambda e, c: _ac(e, c) or 0, "Armor class (a monster's is the ROOM DC, R30)"),
    ("Zone", lambda e, c: str(c.position), lambda e, c: c.position,
     "Zone on the line: same zone CLOSE, one apart NEAR, two RANGED, three FAR"),
    ("Init", lambda e, c: "" if c.initiative is None else str(c.initiative),
     lambda e, c: c.initiative or 0, "Initiative: the side's d6, or the WDD segment"),
    ("Conditions", lambda e, c: conditions_text(c, enc=e), lambda e, c: conditions_text(c, enc=e),
     "Conditions with the rounds left (R27, R28)"),
    ("Status", lambda e, c: status_text(e, c), lambda e, c: status_text(e, c),
     "Acting, acted, dying with its countdown, down, out"),
)
HP_COLUMN, AC_COLUMN, INIT_COLUMN = 2, 3, 5
_IN_FULL = (0, 6, 7)  # the Name, Conditions and Status cells: whole in their tooltip
# R39: a Melee Round shows and changes the knights' own HP, and says so
KNIGHT_HP_COLUMN = ("Knight HP", "The knights' own hit points now / SIZ + CON (R39), not the "
                    "sheets' Furnace HP; a monster's as in any fight")


@dataclass(frozen=True, slots=True)
class _Look:
    """A row as the table paints it, worked out once from the engine and kept until a step
    names the combatant (``combatantsChanged``), the round turns or the fight is reset: a
    paint reads some seven roles a cell, eight cells a row, and none of them reads the rules
    again."""

    shown: tuple[str, ...]  # DisplayRole per column
    current: bool  # the one acting: highlighted, its name bold
    down: bool  # greyed
    fraction: float  # the HP bar's fill, 0..1

    @classmethod
    def of(cls, enc: Encounter, c: Combatant, current: bool) -> _Look:
        hp, max_hp = _hp(enc, c)
        return cls(tuple(column[1](enc, c) for column in COLUMNS), current, enc.is_down(c),
                   max(0.0, min(1.0, hp / max_hp)) if max_hp else 0.0)

    def changed_columns(self, other: _Look) -> list[int]:
        """The columns whose cells look different in ``other``."""
        if (self.current, self.down) != (other.current, other.down):
            return list(range(len(COLUMNS)))
        changed = [i for i, (a, b) in enumerate(zip(self.shown, other.shown, strict=True))
                   if a != b]
        if self.fraction != other.fraction and HP_COLUMN not in changed:
            changed.append(HP_COLUMN)
        return sorted(changed)


_ROLE = Qt.ItemDataRole
# what the view asks of every cell and the table never gives, answered before any lookup
_NEVER = frozenset(int(r.value) for r in (_ROLE.DecorationRole, _ROLE.CheckStateRole,
                                          _ROLE.SizeHintRole, _ROLE.EditRole))
_CENTERED = (2, 3, 4, 5)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)


class CombatantsModel(QAbstractTableModel):
    def __init__(self, session: EncounterSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.rows: list[str] = []
        self._row: dict[str, int] = {}
        self._looks: dict[str, _Look] = {}  # by combatant id, filled as rows are first read
        self._round = session.enc.state.round
        self.filter_text = ""
        self.hide_down = False
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._rebuild()
        session.combatantsChanged.connect(self.rows_changed)
        session.combatantsReset.connect(self._combatants_reset)
        session.stateChanged.connect(self._state_changed)

    @property
    def enc(self) -> Encounter:
        return self.session.enc

    # -- rows -------------------------------------------------------------------------------

    def _visible(self, c: Combatant) -> bool:
        if self.hide_down and self.enc.is_down(c):
            return False
        text = self.filter_text
        return not text or text in c.name.lower() or text in c.side.lower()

    def _rebuild(self) -> None:
        enc = self.enc
        self.rows = [cid for cid, c in enc.combatants.items() if self._visible(c)]
        if self._sort is not None:
            column, order = self._sort
            key = COLUMNS[column][2]
            self.rows.sort(key=lambda cid: key(enc, enc.combatants[cid]),
                           reverse=order == Qt.SortOrder.DescendingOrder)
        self._row = {cid: i for i, cid in enumerate(self.rows)}

    def reset(self) -> None:
        """The rows again (a filter, one back on the list): the looks kept are the
        combatants', whichever rows show them."""
        self.beginResetModel()
        self._rebuild()
        self.endResetModel()

    def _combatants_reset(self) -> None:
        self._looks.clear()  # combatants came or went, or the rules changed
        self.reset()

    def _state_changed(self) -> None:
        """A row's status reads the round as well as the combatant (surprised in the first
        round only): at a new round every row is worked out again when next painted, whatever
        the step named. A turn moving on names the two rows it concerns."""
        if self.enc.state.round != self._round:
            self._round = self.enc.state.round
            self._looks.clear()

    def set_filter(self, text: str = "", *, hide_down: bool = False) -> None:
        self.filter_text, self.hide_down = text.strip().lower(), hide_down
        self.reset()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        old = list(self.rows)
        self._sort = (column, order) if 0 <= column < len(COLUMNS) else None  # -1: as added
        self._rebuild()
        persistent = self.persistentIndexList()
        new = [self.index(self._row.get(old[p.row()], 0), p.column()) if p.row() < len(old)
               else QModelIndex() for p in persistent]
        self.changePersistentIndexList(persistent, new)
        self.layoutChanged.emit()

    def rows_changed(self, ids: list[str]) -> None:
        """Repaint exactly the cells of these combatants that look different (``dataChanged``
        per run of changed cells in a row; a row not yet painted, whole)."""
        current = self.session.current_id()
        for cid in ids:
            row = self._row.get(cid)
            c = self.enc.combatants.get(cid)
            if c is None:
                continue
            if row is None or not self._visible(c):
                self._looks.pop(cid, None)  # not shown: worked out afresh if shown again
            if row is None:
                if self._visible(c):  # back on the list (healed with "hide the fallen" on)
                    for changed in ids:  # all shown afresh: none of them as it looked
                        self._looks.pop(changed, None)
                    self.reset()
                    return
                continue
            if not self._visible(c):
                self.beginRemoveRows(QModelIndex(), row, row)
                del self.rows[row]
                self._row = {x: i for i, x in enumerate(self.rows)}
                self.endRemoveRows()
                continue
            look = _Look.of(self.enc, c, cid == current)
            was = self._looks.get(cid)
            self._looks[cid] = look
            columns = list(range(len(COLUMNS))) if was is None else was.changed_columns(look)
            for first, last in _runs(columns):
                self.dataChanged.emit(self.index(row, first), self.index(row, last))

    def row_of(self, cid: str) -> int | None:
        return self._row.get(cid)

    def combatant_at(self, row: int) -> Combatant | None:
        if 0 <= row < len(self.rows):
            return self.enc.combatants.get(self.rows[row])
        return None

    def _look(self, cid: str) -> _Look | None:
        found = self._looks.get(cid)
        if found is None:
            c = self.enc.combatants.get(cid)
            if c is None:
                return None
            found = self._looks[cid] = _Look.of(self.enc, c, cid == self.session.current_id())
        return found

    # -- Qt ---------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        knight = section == HP_COLUMN and self.enc.knight_hp
        if role == Qt.ItemDataRole.DisplayRole:
            return KNIGHT_HP_COLUMN[0] if knight else COLUMNS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return KNIGHT_HP_COLUMN[1] if knight else COLUMNS[section][3]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in _NEVER or not index.isValid():
            return None
        column = index.column()
        if role == _ROLE.TextAlignmentRole:
            return _CENTER if column in _CENTERED else None
        cid = self.rows[index.row()]
        look = self._look(cid)
        if look is None:
            return None
        if role in _PAINTED:
            return _painted(look, column, role)
        return self._rare(cid, look, column, role)

    def _rare(self, cid: str, look: _Look, column: int, role: int) -> Any:
        """What no paint asks: the sort key, the explanation's key, the tooltip (the
        conditions and status in full, where the column elides them)."""
        if role == CombatantIdRole:
            return cid
        c = self.enc.combatants[cid]
        if role == SortRole:
            return COLUMNS[column][2](self.enc, c)
        if role == EXPLAINS_ROLE:  # the number the cell shows, for its explanation
            return _explains(self.enc, c, column)
        if role == Qt.ItemDataRole.ToolTipRole and column in _IN_FULL:
            text = look.shown[column]
            return tooltip(text) if text else None
        return None


_PAINTED = frozenset({int(_ROLE.DisplayRole.value), int(_ROLE.BackgroundRole.value),
                      int(_ROLE.ForegroundRole.value), int(_ROLE.FontRole.value),
                      int(HpFractionRole)})


def _painted(look: _Look, column: int, role: int) -> Any:
    """A cell's answer to what a paint asks, from the row's kept look (colours the palette's
    at paint: a light/dark switch repaints them right)."""
    if role == _ROLE.DisplayRole:
        return look.shown[column]
    if role == _ROLE.BackgroundRole:
        return tones().current_bg if look.current else None
    if role == _ROLE.ForegroundRole:
        return row_color(look.down, look.current)
    if role == _ROLE.FontRole:
        return bold_font() if look.current and column == 0 else None
    return look.fraction if column == HP_COLUMN else None


def _runs(columns: list[int]) -> list[tuple[int, int]]:
    """Sorted columns as runs of neighbours: [2, 3, 7] → [(2, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for column in columns:
        if runs and runs[-1][1] == column - 1:
            runs[-1] = (runs[-1][0], column)
        else:
            runs.append((column, column))
    return runs


_fonts: dict[str, QFont] = {}


def bold_font() -> QFont:
    """The application's font in bold, made once per application font."""
    base = QFont()
    key = base.key()
    found = _fonts.get(key)
    if found is None:
        _fonts.clear()
        base.setBold(True)
        found = _fonts[key] = base
    return found


class HpBarDelegate(QStyledItemDelegate):
    """The HP cell as a bar: green, then amber at half, red at a quarter; the numbers on it.
    Its colours are the palette's (:func:`gui.palette.tones`), so the numbers read in the dark."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        fraction = index.data(HpFractionRole)
        if fraction is None:
            super().paint(painter, option, index)
            return
        background = index.data(Qt.ItemDataRole.BackgroundRole)
        rect: QRect = option.rect
        painter.save()
        if isinstance(background, QBrush | QColor):
            painter.fillRect(rect, background)
        bar = rect.adjusted(3, 4, -3, -4)
        painter.setPen(Qt.PenStyle.NoPen)
        colors = tones(option.palette)
        painter.setBrush(colors.hp_track)
        painter.drawRect(bar)
        color = colors.hp_fill(float(fraction))
        filled = QRect(bar.left(), bar.top(), int(bar.width() * float(fraction)), bar.height())
        painter.setBrush(color)
        painter.drawRect(filled)
        painter.setPen(colors.hp_text)
        painter.drawText(bar, int(Qt.AlignmentFlag.AlignCenter),
                         str(index.data(Qt.ItemDataRole.DisplayRole)))
        painter.restore()


CONDITIONS_COLUMN, STATUS_WIDTH = 6, 110
NAME_WIDTH = (124, 240)  # the Name column's, in px: at first; at most, beside a laptop's panel
# Each column's width as it opens, and the least it gives way to when a dock (the dice tray,
# the timeline) narrows the table: every column stays in view instead of the table scrolling
# sideways. Name, Conditions and Status cells give their whole text in a tooltip, so they are
# the ones that shrink most.
_WIDTHS = (NAME_WIDTH[0], 52, 90, 36, 44, 40, 120, STATUS_WIDTH)
_LEAST = (72, 40, 52, 30, 32, 32, 52, 56)
_GIVES_WAY = (7, 0, 2, 1, 4, 5, 3)  # which column shrinks first: Status, Name, the HP bar, …


def combatants_table(session: EncounterSession,
                     parent: QWidget) -> tuple[CombatantsModel, QTableView]:
    """The encounter window's table of combatants: HP bars, rows selected whole, sorted by a
    header click (at first: as added), the conditions taking the width left so the status
    column stays in view on a laptop."""
    model = CombatantsModel(session, parent)
    table = _CombatantsTable(parent)
    table.setModel(model)
    table.setItemDelegateForColumn(HP_COLUMN, HpBarDelegate(table))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    table.setSortingEnabled(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    header = table.horizontalHeader()
    header.setMinimumSectionSize(min(_LEAST))
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column, width in enumerate(_WIDTHS):
        header.resizeSection(column, width)
    header.setSectionResizeMode(CONDITIONS_COLUMN, QHeaderView.ResizeMode.Stretch)
    for signal in (model.rowsInserted, model.modelReset, model.layoutChanged):
        signal.connect(lambda *_: fit_names(table))
    table.viewport().installEventFilter(table.columns_fit)
    fit_names(table)
    return model, table


class _CombatantsTable(QTableView):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        # held here: a Python event filter whose wrapper is collected stops being called
        self.columns_fit = _ColumnsFit(self)


class _ColumnsFit(QObject):
    """Refits the columns whenever the table's viewport changes width."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            fit_columns(self.table)
        return False


def fit_columns(table: QTableView) -> None:
    """Every column in view at the viewport's width: the fixed columns at their opening widths
    while they fit beside the conditions' least, else shrunk, Status first, each no narrower
    than its least (then, and only then, the table scrolls sideways)."""
    header = table.horizontalHeader()
    widths = list(_WIDTHS)
    widths[0] = max(widths[0], _name_width(table))
    room = table.viewport().width() - _LEAST[CONDITIONS_COLUMN]
    over = sum(w for c, w in enumerate(widths) if c != CONDITIONS_COLUMN) - room
    for column in _GIVES_WAY:
        if over <= 0:
            break
        cut = min(over, widths[column] - _LEAST[column])
        widths[column] -= max(cut, 0)
        over -= max(cut, 0)
    for column, width in enumerate(widths):
        if column != CONDITIONS_COLUMN and header.sectionSize(column) != width:
            header.resizeSection(column, width)


def _name_width(table: QTableView) -> int:
    """The Name column as wide as the longest name in bold (the acting one's), between
    NAME_WIDTH's bounds: a name reads whole ("Wren Quickfingers", not "Wren …"); a longer one
    elides, whole in its tooltip."""
    model = table.model()
    font = QFont(table.font())
    font.setBold(True)
    metrics = QFontMetrics(font)
    longest = max((metrics.horizontalAdvance(str(model.index(row, 0).data()))
                   for row in range(model.rowCount())), default=0)
    # the item's text margins (Qt: the focus frame's, plus one, each side) and a letter spare
    margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    low, high = NAME_WIDTH
    return min(max(low, longest + margin + metrics.averageCharWidth()), high)


def fit_names(table: QTableView) -> None:
    """A longer name widens the Name column and the conditions column gives way (a column the
    GM dragged wider stays), as far as the table's width lets every column stay in view."""
    header = table.horizontalHeader()
    if header.sectionSize(0) < _name_width(table):
        fit_columns(table)
