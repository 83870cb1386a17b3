"""The Repairs window: every damaged piece across the party, what mending costs, and
the ledger, in two tabs; every action goes on the undo stack. The models are in
:mod:`gui.repairs_model`; the window follows the document's ``campaignChanged`` and hands each
model only what the change names.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
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

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation
from emberkeep.gear.purse import format_coins
from emberkeep.repairs.ledger import PARTY, ledger_totals
from emberkeep.repairs.operations import pick_up_weapons, repair_affordable, repair_gear
from gui.character_list_model import character_list, with_leading
from gui.document import CampaignDocument
from gui.palette import tone
from gui.repairs_model import (
    SHOWN,
    LedgerModel,
    RepairsModel,
    Row,
    UidRole,
    owner_rows,
    payer_name,
    rows_of,
)

__all__ = ["PURSES_SHOWN", "LedgerModel", "RepairsModel", "RepairsWindow", "Row", "UidRole",
           "rows_of"]

PURSES_SHOWN = 8  # the totals line names this many purses, then counts the others


class RepairsWindow(QWidget):
    """Damaged gear and the ledger, in two tabs; every action goes on the undo stack.

    As the main window's Repairs tab it is built once per campaign: closing the tab puts it to
    sleep (:meth:`tab_closed`: it no longer follows the campaign) and Ctrl+R wakes it
    (:meth:`reopen`: read again, as a new tab opens). Building and first showing its 88 widgets
    was most of Ctrl+R's time at 500 characters."""

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Repairs")
        self.document = document
        self.asleep = False
        self.model = RepairsModel(parent=self)
        self.ledger_model = LedgerModel(document, self)

        # the ledger's table is made when its tab first shows: Ctrl+R shows the damaged gear
        self.ledger_table: QTableView | None = None
        self.ledger_totals: QLabel | None = None
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._gear_tab(), "Damaged gear")
        self.tabs.addTab(QWidget(self), "Ledger")
        self.tabs.currentChanged.connect(self._ledger_shown)
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
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.rowsRemoved,
                       self.model.layoutChanged, self.model.dataChanged,
                       self.table.selectionModel().selectionChanged):
            signal.connect(self._update_actions)
        self.refresh()
        self.resize(900, 520)

    def _gear_tab(self) -> QWidget:
        """The damaged gear: filters, the table, who pays and how it is mended, the totals."""
        self.owner = QComboBox(self)
        self.kind = QComboBox(self)
        for label, value in (("All kinds", None), ("Armor", "armor"), ("Shields", "shield"),
                             ("Weapons", "weapon")):
            self.kind.addItem(label, value)
        self.broken = QCheckBox("Broken only", self)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Filter by item or owner")
        self.search.setAccessibleName("Filter by item or owner")
        self.search.setMinimumWidth(220)
        self.payer = QComboBox(self)
        # views over the document's one character list: a refresh never refills them
        people = character_list(self.document)
        self.owner.setModel(with_leading(people, [("Everyone", None)], self))
        self.payer.setModel(with_leading(people, [("Owner's purse", None),
                                                  ("Party fund", PARTY)], self))
        for combo in (self.owner, self.payer):
            # sized for a name of 14 letters, not measured over every name in the party (half
            # of building the tab at 500 characters); the open list still widens to the longest
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(14)
            combo.model().rowsAboutToBeRemoved.connect(
                lambda _parent, first, last, combo=combo: self._leaving(combo, first, last))

        self.table = QTableView(self)
        self.table.setAccessibleName("Damaged gear")
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
        self.one_button = QPushButton("Repair one po&int/notch", self)
        self.all_button = QPushButton("Repair all &affordable", self)
        self.pick_button = QPushButton("&Pick up", self)
        hours = self.document.campaign.settings.downtime.repair_hours_per_point
        self.at_smith = QCheckBox(f"At the smith ({hours} h a point or notch)", self)
        self.at_smith.setToolTip("Paid now; the item is away until the smith is done. "
                                 "Unchecked: mended on the spot.")
        self.message = QLabel("", self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.totals = QLabel("", self)
        self.totals.setTextFormat(Qt.TextFormat.PlainText)
        self.totals.setWordWrap(True)

        filters = _row(QLabel("Owner", self), self.owner, self.kind, self.broken, self.search)
        # who pays and where, then what to do: two rows, so the tab fits a 1280 px laptop
        # beside a docked dice tray and timeline
        paying = _row(QLabel("Paid by", self), self.payer, self.at_smith)
        buttons = _row(self.repair_button, self.one_button, self.all_button, self.pick_button)
        gear_tab = QWidget(self)
        gear_layout = QVBoxLayout(gear_tab)
        # an empty table says nothing: the empty state says why it is empty
        self.empty = QLabel("", self)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        tone(self.empty, "muted")
        gear_layout.addLayout(filters)
        gear_layout.addWidget(self.table, 1)
        gear_layout.addWidget(self.empty, 1)
        gear_layout.addLayout(paying)
        gear_layout.addLayout(buttons)
        gear_layout.addWidget(self.message)
        gear_layout.addWidget(self.totals)
        return gear_tab

    def _ledger_shown(self, index: int) -> None:
        """What repairs cost so far, by owner: made in the Ledger tab the first time it shows."""
        page = self.tabs.widget(index)
        if index != 1 or self.ledger_table is not None or page is None:
            return
        self.ledger_table = QTableView(self)
        self.ledger_table.setAccessibleName("Repairs ledger")
        self.ledger_table.setModel(self.ledger_model)
        self.ledger_table.verticalHeader().setVisible(False)
        self.ledger_table.setAlternatingRowColors(True)
        self.ledger_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.ledger_table.horizontalHeader().resizeSection(0, 230)
        self.ledger_totals = QLabel("", self)
        self.ledger_totals.setTextFormat(Qt.TextFormat.PlainText)
        self.ledger_totals.setWordWrap(True)
        ledger_layout = QVBoxLayout(page)
        ledger_layout.addWidget(self.ledger_table, 1)
        ledger_layout.addWidget(self.ledger_totals)
        self._ledger_text(self.document.campaign)

    # --- showing -------------------------------------------------------------------------

    def _campaign_changed(self, change: Change) -> None:
        if self.asleep:
            return  # its tab is closed: reopen() reads everything again
        campaign = self.document.campaign
        names = {cid for cid, fields in change.characters.items() if "name" in fields}
        if change.rules:
            owners = {c.id for c in campaign.characters}
        else:
            owners = {cid for cid, fields in change.characters.items()
                      if not fields.isdisjoint(SHOWN)}
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
        self.model.set_rows(rows_of(campaign))
        self.ledger_model.refresh()
        self._totals(campaign)
        self._update_actions()

    def tab_closed(self) -> None:
        """Its tab was closed (the main window keeps it, see the class): stop following."""
        self.asleep = True

    def reopen(self) -> None:
        """Shown again after its tab was closed: everything read again, and the filters, payer,
        sort and message as a new tab has them."""
        self.asleep = False
        controls = (self.owner, self.kind, self.broken, self.search, self.payer, self.at_smith)
        for control in controls:
            control.blockSignals(True)  # one refresh below, not one per control
        for combo in (self.owner, self.kind, self.payer):
            combo.setCurrentIndex(0)
        self.broken.setChecked(False)
        self.at_smith.setChecked(False)
        self.search.clear()
        for control in controls:
            control.blockSignals(False)
        model = self.model
        model.owner, model.kind, model.broken_only, model.text = None, None, False, ""
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.message.clear()
        self.tabs.setCurrentIndex(0)
        self.refresh()
        self.table.scrollToTop()

    def take_keys(self) -> None:
        """The keys to the damaged gear, so the arrows pick a piece at once; with nothing
        damaged (the table hidden behind its message), to the tabs, whose arrows reach the
        ledger."""
        shown = self.table.isVisibleTo(self) and self.tabs.currentIndex() == 0
        (self.table if shown else self.tabs.tabBar()).setFocus(
            Qt.FocusReason.ShortcutFocusReason)

    def _totals(self, campaign: Campaign) -> None:
        classed = [c for c in campaign.characters if c.class_id is not None]
        # a party's purses; a 500-character campaign's 500 filled the tab and squeezed the
        # table to two rows (and laying that text out was a third of opening the tab)
        purses = ", ".join(f"{c.name} {format_coins(c.inventory.purse.total_cp)}"
                           for c in classed[:PURSES_SHOWN])
        if len(classed) > PURSES_SHOWN:
            purses += f" and {len(classed) - PURSES_SHOWN} more"
        self.totals.setText(f"To repair everything: {format_coins(self.model.total_cost())}."
                            f"  Party fund {format_coins(campaign.party_fund.total_cp)}; "
                            f"{purses}")
        self._ledger_text(campaign)

    def _ledger_text(self, campaign: Campaign) -> None:
        if self.ledger_totals is None:
            return  # the Ledger tab never shown: its totals are written when it first shows
        totals = ledger_totals(campaign)
        calendar = Calendar(campaign.settings.time)
        per_character = ", ".join(f"{payer_name(campaign, cid)} {format_coins(cp)}"
                                  for cid, cp in totals.by_character.items())
        per_month = ", ".join(f"{calendar.month_names[m - 1]} {y}: {format_coins(cp)}"
                              for (y, m), cp in sorted(totals.by_month.items()))
        self.ledger_totals.setText(
            f"Spent in all: {format_coins(totals.total)}.  Per character: "
            f"{per_character or '—'}.  Per month: {per_month or '—'}")

    @staticmethod
    def _leaving(combo: QComboBox, first: int, last: int) -> None:
        """The chosen character is removed: back to the first choice (Everyone, the owner's
        purse), not to whoever Qt would pick next in the list."""
        if first <= combo.currentIndex() <= last:
            combo.setCurrentIndex(0)

    def _filter(self, *_: Any) -> None:
        self.model.set_filter(owner=self.owner.currentData(), kind=self.kind.currentData(),
                              broken_only=self.broken.isChecked(), text=self.search.text())

    def _update_actions(self, *_: Any) -> None:
        """The empty state, and each action enabled only with something to act on: a repair
        with selected gear to mend, Repair all with any, Pick up with a dropped weapon."""
        rows = self.model.rows
        if not self.model.all_rows:
            self.empty.setText("Nothing is damaged: every weapon, armor and shield in the "
                               "party is whole.")
        elif not rows:
            self.empty.setText("No damaged gear matches the filter.")
        self.empty.setVisible(not rows)
        self.table.setVisible(bool(rows))
        chosen = [rows[i.row()][0] for i in self.table.selectionModel().selectedRows()
                  if i.row() < len(rows)]
        mendable = any(r[0].damage or r[0].broken for r in self.model.all_rows)
        self.repair_button.setEnabled(any(c.damage or c.broken for c in chosen))
        self.one_button.setEnabled(any(c.damage for c in chosen))
        self.pick_button.setEnabled(any(c.dropped for c in chosen))
        self.all_button.setEnabled(mendable)
        self.at_smith.setEnabled(mendable)  # how and who pays: moot with nothing to mend
        self.payer.setEnabled(mendable)

    def selected(self) -> list[tuple[str, str]]:
        """(owner id, item uid) of the selected rows."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [(self.model.rows[r][0].owner_id, self.model.rows[r][0].uid) for r in rows]

    # --- acting --------------------------------------------------------------------------

    def _push(self, operation: Operation[object]) -> bool:
        command = self.document.execute(operation)
        if command.error is not None:
            self.message.setText(str(command.error))
            return False
        self.message.setText(operation.text)
        return True

    def repair_selected(self, units: int | None) -> bool:
        chosen = self.selected()
        if not chosen:
            self.message.setText("Select the gear to repair first.")
            return False
        what = "one point or notch" if units == 1 else "the selected gear"
        return self._push(repair_gear(chosen, units=units, paid_by=self.payer.currentData(),
                                      at_smith=self.at_smith.isChecked(),
                                      text=f"Repair {what}"))

    def repair_all_affordable(self) -> bool:
        return self._push(repair_affordable(paid_by=self.payer.currentData(),
                                            at_smith=self.at_smith.isChecked()))

    def pick_up_selected(self) -> bool:
        return self._push(pick_up_weapons(self.selected()))


def _row(*widgets: QWidget) -> QHBoxLayout:
    """``widgets`` side by side from the left, the room left over after them."""
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    row.addStretch(1)
    return row
