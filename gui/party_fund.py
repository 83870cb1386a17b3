"""Campaign → Party Fund…: put coins into the party fund or take them out, with a note.

Every change is one recorded undo step (:meth:`CampaignDocument.run`) and
writes a ledger entry paid by ``"party"`` (R16's ledger: date, amount, who): INCOME for coins in,
EXPENSE for coins out. An income is written as a negative cost, so the ledger's totals stay what
was spent, net of what came in. Taking more than the fund holds is refused with the reason, and
nothing changes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign, LedgerEntry, LedgerKind
from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.gear.purse import MAX_COINS, format_coins, to_cp
from emberkeep.repairs.ledger import PARTY
from gui.document import CampaignDocument
from gui.palette import tone

__all__ = ["PartyFundDialog", "change_party_fund"]


def change_party_fund(document: CampaignDocument, *, take: bool, gp: int = 0, sp: int = 0,
                      cp: int = 0, note: str = "") -> LedgerEntry:
    """Add (or ``take``) coins as one undo step with its ledger entry; :class:`Refused`
    says why nothing changed (no amount, or more than the fund holds)."""
    try:
        amount = to_cp(gp, sp, cp)
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    if amount == 0:
        raise Refused("enter an amount of gold, silver or copper")
    words = format_coins(amount)
    note = note.strip()

    def run(campaign: Campaign) -> LedgerEntry:
        fund = campaign.party_fund
        if take:
            if amount > fund.total_cp:
                raise ValueError(f"cannot take {words}: the party fund holds only "
                                 f"{format_coins(fund.total_cp)}")
            fund.spend_cp(amount)
        else:
            if max(fund.gp + gp, fund.sp + sp, fund.cp + cp) > MAX_COINS:
                raise ValueError("that many coins is more than a purse may hold")
            fund.add(gp, sp, cp)
        default = "Taken from the party fund" if take else "Put into the party fund"
        entry = LedgerEntry(at=campaign.time, kind=LedgerKind.EXPENSE if take
                            else LedgerKind.INCOME, description=(note or default)[:1000],
                            cost_cp=amount if take else -amount, paid_by=PARTY)
        campaign.ledger.append(entry)
        return entry

    text = f"{'Take' if take else 'Add'} {words} {'from' if take else 'to'} the party fund"
    command = document.run(text, run, scope=Scope.of(fields=("party_fund", "ledger")))
    if command.error is not None or command.result is None:
        raise Refused(str(command.error))
    return command.result


class PartyFundDialog(QDialog):
    """Coins in or out, one change at a time; the dialog stays open to show the new total."""

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Party Fund")
        self.document = document
        self.fund = QLabel("", self)
        self.fund.setTextFormat(Qt.TextFormat.PlainText)
        self.fund.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.coins: dict[str, QSpinBox] = {}
        coins_row = QHBoxLayout()
        for unit in ("gp", "sp", "cp"):
            spin = QSpinBox(self)
            spin.setRange(0, 10**9)
            spin.setGroupSeparatorShown(True)
            spin.setObjectName(unit)
            spin.setAccessibleName({"gp": "Gold pieces", "sp": "Silver pieces",
                                    "cp": "Copper pieces"}[unit])
            coins_row.addWidget(spin)
            coins_row.addWidget(QLabel(unit, self))
            self.coins[unit] = spin
        coins_row.addStretch(1)
        self.note = QLineEdit(self)
        self.note.setMaxLength(1000)
        self.note.setPlaceholderText("What for: treasure from the barrow, a night at the inn…")
        form = QFormLayout()
        form.addRow("Amount", coins_row)
        form.addRow("Note", self.note)
        self.add_button = QPushButton("&Put In", self)
        self.take_button = QPushButton("&Take Out", self)
        self.add_button.clicked.connect(lambda: self.change(take=False))
        self.take_button.clicked.connect(lambda: self.change(take=True))
        self.message = QLabel("", self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        actions = QHBoxLayout()
        actions.addWidget(self.add_button)
        actions.addWidget(self.take_button)
        actions.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.fund)
        layout.addLayout(form)
        layout.addLayout(actions)
        layout.addWidget(self.message)
        layout.addWidget(close)
        document.campaignChanged.connect(self._campaign_changed)
        self.refresh()
        self.resize(520, 220)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.coins["gp"].setFocus()
        self.coins["gp"].selectAll()  # typing replaces the 0

    def _campaign_changed(self, change: Change) -> None:
        if change.fund:
            self.refresh()

    def refresh(self, *_: object) -> None:
        self.fund.setText(f"The party fund holds "
                          f"{format_coins(self.document.campaign.party_fund.total_cp)}")

    def change(self, *, take: bool) -> bool:
        gp, sp, cp = (self.coins[u].value() for u in ("gp", "sp", "cp"))
        try:
            entry = change_party_fund(self.document, take=take, gp=gp, sp=sp, cp=cp,
                                      note=self.note.text())
        except Refused as exc:
            tone(self.message, "error")
            self.message.setText(f"Not changed: {exc}.")
            return False
        tone(self.message, None)
        self.message.setText(f"{'Took' if take else 'Put in'} {format_coins(abs(entry.cost_cp))}"
                             f" ({entry.description}); Undo takes it back.")
        for spin in self.coins.values():
            spin.setValue(0)
        self.note.clear()
        self.coins["gp"].setFocus()  # ready for the next one
        self.coins["gp"].selectAll()
        return True
