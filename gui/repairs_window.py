"""The Repairs window (issue #8): every damaged piece across the party, what mending costs, and
the ledger. Its model, filter and sorting live here together (DESIGN).

The rows of an owner are recomputed from the core (:func:`emberkeep.repairs.condition.
condition_of`) when the document's change names that owner's gear or name, so a crit resolved in
an encounter shows here at once, and the other owners' rows are not touched (no reset for one
edit: rows that changed get ``dataChanged``, rows that came or went their insert and remove).
Sorting and filtering are plain Python over the row list (a ``QSortFilterProxyModel`` over a
Python model took ~0.85 s for 10k rows here): sort the list, emit ``layoutChanged``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign, LedgerEntry
from emberkeep.character.model import Character
from emberkeep.clock.calendar import Calendar
from emberkeep.gear.purse import format_coins
from emberkeep.repairs.condition import GearCondition, condition_of, damaged_gear
from emberkeep.repairs.costs import repair_cost, repair_units
from emberkeep.repairs.ledger import PARTY, ledger_totals, pick_up, repair
from gui.document import CampaignDocument
from gui.list_table import ListTableModel
from gui.roster_model import _plain_tooltip

__all__ = ["LedgerModel", "RepairsModel", "RepairsWindow", "UidRole"]

_Index = QModelIndex | QPersistentModelIndex
UidRole = Qt.ItemDataRole.UserRole + 1
OwnerRole = Qt.ItemDataRole.UserRole + 2
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

Row = tuple[GearCondition, int]  # the condition and its full repair cost in cp
_SHOWN = frozenset({"inventory", "name"})  # the fields of a sheet whose change moves its rows


def rows_of(campaign: Campaign) -> list[Row]:
    costs = campaign.settings.repair
    rows = []
    for condition in damaged_gear(campaign):
        item = campaign.character(condition.owner_id).inventory.find(condition.uid)
        rows.append((condition, repair_cost(item, costs) if repair_units(item) else 0))
    return rows


def owner_rows(campaign: Campaign, owner: Character) -> list[Row]:
    """The rows of one owner (what :func:`rows_of` holds for them)."""
    costs = campaign.settings.repair
    rows = []
    for item in owner.inventory.all_gear():
        condition = condition_of(owner, item, costs)
        if condition is not None:
            rows.append((condition, repair_cost(item, costs) if repair_units(item) else 0))
    return rows


def _key(row: Row) -> tuple[str, str]:
    return row[0].owner_id, row[0].uid


_COLUMNS: list[tuple[str, Callable[[Row], Any]]] = [
    ("Owner", lambda r: r[0].owner),
    ("Item", lambda r: r[0].item),
    ("Kind", lambda r: r[0].kind),
    ("Condition", lambda r: r[0].condition),
    ("Effect", lambda r: r[0].effect),
    ("Repair cost", lambda r: r[1]),
]


class RepairsModel(QAbstractTableModel):
    def __init__(self, rows: list[Row] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.all_rows: list[Row] = rows or []
        self.rows: list[Row] = list(self.all_rows)
        self.owner: str | None = None
        self.kind: str | None = None
        self.broken_only = False
        self.text = ""
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder

    # --- feeding -------------------------------------------------------------------------

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self.all_rows = rows
        self.rows = self._filtered()
        self._sort_rows()
        self.endResetModel()

    def update_owners(self, owners: set[str], fresh: list[Row], order: list[str]) -> None:
        """Put ``fresh`` in place of the rows of ``owners`` (an owner gone has none); views hear
        only of the rows that changed, came or went."""
        kept = [r for r in self.all_rows if r[0].owner_id not in owners]
        rank = {owner: n for n, owner in enumerate(order)}
        self.all_rows = sorted(kept + fresh, key=lambda r: rank.get(r[0].owner_id, len(rank)))
        wanted = self._filtered()
        wanted.sort(key=_COLUMNS[self.sort_column][1],
                    reverse=self.sort_order == Qt.SortOrder.DescendingOrder)
        new = {_key(r): r for r in wanted}
        for row in range(len(self.rows) - 1, -1, -1):
            if _key(self.rows[row]) not in new:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self.rows[row]
                self.endRemoveRows()
        last = len(_COLUMNS) - 1
        for row, old in enumerate(self.rows):
            now = new[_key(old)]
            if now != old:
                self.rows[row] = now
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        have = {_key(r) for r in self.rows}
        came = [r for r in wanted if _key(r) not in have]
        if came:
            first = len(self.rows)
            self.beginInsertRows(QModelIndex(), first, first + len(came) - 1)
            self.rows += came
            self.endInsertRows()
        before = [_key(r) for r in self.rows]
        if [_key(r) for r in wanted] != before:
            self.rows = wanted
            self._moved(before)

    def _moved(self, before: list[tuple[str, str]]) -> None:
        """Rows changed places (a re-sort): keep persistent indexes (the selection) on them."""
        self.layoutAboutToBeChanged.emit()
        where = {_key(r): n for n, r in enumerate(self.rows)}
        old = self.persistentIndexList()
        self.changePersistentIndexList(old, [
            self.index(where[before[i.row()]], i.column()) for i in old])
        self.layoutChanged.emit()

    def set_filter(self, *, owner: str | None = None, kind: str | None = None,
                   broken_only: bool = False, text: str = "") -> None:
        self.beginResetModel()
        self.owner, self.kind, self.broken_only, self.text = owner, kind, broken_only, text
        self.rows = self._filtered()
        self._sort_rows()
        self.endResetModel()

    def _filtered(self) -> list[Row]:
        owner, kind, broken, text = self.owner, self.kind, self.broken_only, self.text.lower()
        return [r for r in self.all_rows
                if (owner is None or r[0].owner_id == owner)
                and (kind is None or r[0].kind == kind)
                and (not broken or r[0].broken or r[0].destroyed)
                and (not text or text in r[0].item.lower() or text in r[0].owner.lower())]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self.sort_column, self.sort_order = column, order
        self._sort_rows()
        self.layoutChanged.emit()

    def _sort_rows(self) -> None:
        key = _COLUMNS[self.sort_column][1]
        self.rows.sort(key=key, reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

    # --- Qt ------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _COLUMNS[section][0]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            value = _COLUMNS[column][1](row)
            if column == 5:
                return format_coins(value) if value else "—"
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 5:
            return _RIGHT
        if role == UidRole:
            return row[0].uid
        if role == OwnerRole:
            return row[0].owner_id
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return _plain_tooltip(  # a name is never HTML (issue #10)
                f"{row[0].item} ({row[0].kind}), worth {format_coins(row[0].value_cp)}")
        return None

    def total_cost(self) -> int:
        return sum(r[1] for r in self.all_rows)


class LedgerModel(ListTableModel[LedgerEntry]):
    COLUMNS = ("Date", "What", "Cost", "Paid by")

    def __init__(self, document: CampaignDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.refresh()

    @property
    def entries(self) -> list[LedgerEntry]:
        return self.rows

    def load(self) -> list[LedgerEntry]:
        return list(reversed(self.document.campaign.ledger))  # newest first

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        entry = self.entries[index.row()]
        campaign = self.document.campaign
        if role == Qt.ItemDataRole.DisplayRole:
            cost = (format_coins(entry.cost_cp) if entry.cost_cp >= 0
                    else f"+{format_coins(-entry.cost_cp)} in")  # income: money put in
            return [Calendar(campaign.settings.time).format(entry.at), entry.description,
                    cost, _payer(campaign, entry.paid_by)][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 2:
            return _RIGHT
        return None


def _payer(campaign: Campaign, payer_id: str) -> str:
    if payer_id == PARTY:
        return "party fund"
    try:
        return campaign.character(payer_id).name
    except KeyError:
        return payer_id


class RepairsWindow(QWidget):
    """Damaged gear and the ledger, in two tabs; every action goes on the undo stack."""

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Repairs")
        self.document = document
        self.model = RepairsModel(parent=self)
        self.ledger_model = LedgerModel(document, self)

        self.owner = QComboBox(self)
        self.kind = QComboBox(self)
        for label, value in (("All kinds", None), ("Armor", "armor"), ("Shields", "shield"),
                             ("Weapons", "weapon")):
            self.kind.addItem(label, value)
        self.broken = QCheckBox("Broken only", self)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Filter by item or owner")
        self.search.setMinimumWidth(220)
        self.payer = QComboBox(self)

        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for column, width in ((0, 150), (1, 130), (2, 70), (4, 90), (5, 100)):
            header.resizeSection(column, width)

        self.repair_button = QPushButton("&Repair selected", self)
        self.one_button = QPushButton("Repair &one point/notch", self)
        self.all_button = QPushButton("Repair all &affordable", self)
        self.pick_button = QPushButton("&Pick up", self)
        hours = document.campaign.settings.downtime.repair_hours_per_point
        self.at_smith = QCheckBox(f"At the smith ({hours} h a point or notch)", self)
        self.at_smith.setToolTip("Paid now; the item is away until the smith is done (issue #5). "
                                 "Unchecked: mended on the spot.")
        self.message = QLabel("", self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.totals = QLabel("", self)
        self.totals.setTextFormat(Qt.TextFormat.PlainText)
        self.totals.setWordWrap(True)

        filters = QHBoxLayout()
        filter_widgets: list[QWidget] = [QLabel("Owner", self), self.owner, self.kind,
                                         self.broken, self.search]
        for widget in filter_widgets:
            filters.addWidget(widget)
        filters.addStretch(1)
        buttons = QHBoxLayout()
        button_widgets: list[QWidget] = [QLabel("Paid by", self), self.payer, self.at_smith,
                                         self.repair_button, self.one_button, self.all_button,
                                         self.pick_button]
        for widget in button_widgets:
            buttons.addWidget(widget)
        buttons.addStretch(1)
        gear_tab = QWidget(self)
        gear_layout = QVBoxLayout(gear_tab)
        gear_layout.addLayout(filters)
        gear_layout.addWidget(self.table, 1)
        gear_layout.addLayout(buttons)
        gear_layout.addWidget(self.message)
        gear_layout.addWidget(self.totals)

        self.ledger_table = QTableView(self)
        self.ledger_table.setModel(self.ledger_model)
        self.ledger_table.verticalHeader().setVisible(False)
        self.ledger_table.setAlternatingRowColors(True)
        self.ledger_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.ledger_table.horizontalHeader().resizeSection(0, 230)
        self.ledger_totals = QLabel("", self)
        self.ledger_totals.setTextFormat(Qt.TextFormat.PlainText)
        self.ledger_totals.setWordWrap(True)
        ledger_tab = QWidget(self)
        ledger_layout = QVBoxLayout(ledger_tab)
        ledger_layout.addWidget(self.ledger_table, 1)
        ledger_layout.addWidget(self.ledger_totals)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(gear_tab, "Damaged gear")
        self.tabs.addTab(ledger_tab, "Ledger")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)

        self.owner.currentIndexChanged.connect(self._filter)
        self.kind.currentIndexChanged.connect(self._filter)
        self.broken.toggled.connect(self._filter)
        self.search.textChanged.connect(self._filter)
        self.repair_button.clicked.connect(lambda: self.repair_selected(None))
        self.one_button.clicked.connect(lambda: self.repair_selected(1))
        self.all_button.clicked.connect(self.repair_all_affordable)
        self.pick_button.clicked.connect(self.pick_up_selected)
        document.campaignChanged.connect(self._campaign_changed)
        self.refresh()
        self.resize(900, 520)

    # --- showing -------------------------------------------------------------------------

    def _campaign_changed(self, change: Change) -> None:
        campaign = self.document.campaign
        names = {cid for cid, fields in change.characters.items() if "name" in fields}
        if change.roster or names:
            self._fill_people(campaign)
        if change.rules:
            owners = {c.id for c in campaign.characters}
        else:
            owners = {cid for cid, fields in change.characters.items()
                      if not fields.isdisjoint(_SHOWN)}
        owners |= change.added | change.removed
        if owners:
            present = [c for c in campaign.characters if c.id in owners]
            self.model.update_owners(owners, [r for c in present
                                              for r in owner_rows(campaign, c)],
                                     [c.id for c in campaign.characters])
        if change.ledger:
            self.ledger_model.sync()
        elif names and self.ledger_model.rows:  # "Paid by" shows the payer's name
            last = len(self.ledger_model.rows) - 1
            self.ledger_model.dataChanged.emit(self.ledger_model.index(0, 3),
                                               self.ledger_model.index(last, 3))
        if change.settings:
            hours = campaign.settings.downtime.repair_hours_per_point
            self.at_smith.setText(f"At the smith ({hours} h a point or notch)")
        if owners or change.ledger or change.fund or change.settings:
            self._totals(campaign)

    def refresh(self, *_: Any) -> None:
        """Read everything again (on opening)."""
        campaign = self.document.campaign
        hours = campaign.settings.downtime.repair_hours_per_point
        self.at_smith.setText(f"At the smith ({hours} h a point or notch)")
        self._fill_people(campaign)
        self.model.set_rows(rows_of(campaign))
        self.ledger_model.refresh()
        self._totals(campaign)

    def _totals(self, campaign: Campaign) -> None:
        purses = ", ".join(f"{c.name} {format_coins(c.inventory.purse.total_cp)}"
                           for c in campaign.characters if c.class_id is not None)
        self.totals.setText(f"To repair everything: {format_coins(self.model.total_cost())}."
                            f"  Party fund {format_coins(campaign.party_fund.total_cp)}; "
                            f"{purses}")
        totals = ledger_totals(campaign)
        calendar = Calendar(campaign.settings.time)
        per_character = ", ".join(f"{_payer(campaign, cid)} {format_coins(cp)}"
                                  for cid, cp in totals.by_character.items())
        per_month = ", ".join(f"{calendar.month_names[m - 1]} {y}: {format_coins(cp)}"
                              for (y, m), cp in sorted(totals.by_month.items()))
        self.ledger_totals.setText(
            f"Spent in all: {format_coins(totals.total)}.  Per character: "
            f"{per_character or '—'}.  Per month: {per_month or '—'}")

    def _fill_people(self, campaign: Campaign) -> None:
        for combo, first in ((self.owner, ("Everyone", None)),
                             (self.payer, ("Owner's purse", None))):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(*first)
            if combo is self.payer:
                combo.addItem("Party fund", PARTY)
            for character in campaign.characters:
                combo.addItem(character.name, character.id)
            index = combo.findData(current)
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)

    def _filter(self, *_: Any) -> None:
        self.model.set_filter(owner=self.owner.currentData(), kind=self.kind.currentData(),
                              broken_only=self.broken.isChecked(), text=self.search.text())

    def selected(self) -> list[tuple[str, str]]:
        """(owner id, item uid) of the selected rows."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [(self.model.rows[r][0].owner_id, self.model.rows[r][0].uid) for r in rows]

    # --- acting --------------------------------------------------------------------------

    def _push(self, text: str, run: Callable[[Campaign], object]) -> bool:
        command = self.document.run(text, run)
        if command.error is not None:
            self.message.setText(str(command.error))
            return False
        self.message.setText(text)
        return True

    def repair_selected(self, units: int | None) -> bool:
        chosen = self.selected()
        if not chosen:
            self.message.setText("Select the gear to repair first.")
            return False
        payer = self.payer.currentData()
        smith = self.at_smith.isChecked()

        def run(campaign: Campaign) -> None:
            for owner_id, uid in chosen:
                item = campaign.character(owner_id).inventory.find(uid)
                if repair_units(item):
                    repair(campaign, owner_id, uid, units=units, paid_by=payer, at_smith=smith)

        what = "one point or notch" if units == 1 else "the selected gear"
        return self._push(f"Repair {what}", run)

    def repair_all_affordable(self) -> bool:
        payer = self.payer.currentData()
        smith = self.at_smith.isChecked()
        done: list[str] = []

        def run(campaign: Campaign) -> None:
            for condition, _cost in rows_of(campaign):
                item = campaign.character(condition.owner_id).inventory.find(condition.uid)
                if not repair_units(item) or item.at_smith:
                    continue
                try:
                    repair(campaign, condition.owner_id, condition.uid, paid_by=payer,
                           at_smith=smith)
                    done.append(condition.item)
                except ValueError:
                    continue  # this one is not affordable: leave it, try the next
            if not done:
                raise ValueError("nothing is affordable with the chosen purse")

        return self._push("Repair all affordable gear", run)

    def pick_up_selected(self) -> bool:
        chosen = self.selected()

        def run(campaign: Campaign) -> None:
            for owner_id, uid in chosen:
                pick_up(campaign, owner_id, uid)

        return self._push("Pick up dropped weapons", run)
