"""The Share with Players dialog: start and stop the share, its address and QR code, and what
it shows.

The address is selectable text and a QR code (``segno``, drawn here: nothing fetched) for the
players' phones to scan. Where it listens (the machine's private addresses first; a public one
only if the GM picks it) and its port are set before starting; which fight, which characters'
sheets and how many log lines it shows can change while it runs. Not modal: the QR code can
stay up while the fight goes on, and the fights and characters listed follow the window's. The
address, port and log lines open as last chosen (the app's state; the first private address if
the one remembered is gone), the sheets as last ticked for this campaign file (a first save or a
Save As takes them to the new file); a port taken since is refused with its reason and the next
free one offered.
"""

from __future__ import annotations

import io
import itertools
from typing import TYPE_CHECKING

import segno
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.share.addresses import Address, kind_of, local_addresses
from emberkeep.share.server import MAX_STREAMS
from gui.plain_text import plain_label, tooltip

if TYPE_CHECKING:
    from gui.encounter.session import EncounterSession
    from gui.share_tools import ShareTools

__all__ = ["ShareDialog", "qr_pixmap"]

_IdRole = Qt.ItemDataRole.UserRole


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    """``text`` as a QR code, black on white whatever the scheme (phones read that best)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=4,
                                      dark="black", light="white")
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    def __init__(self, tools: ShareTools, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tools = tools
        self.setWindowTitle("Share with players")
        self.state = plain_label("", self)
        self.state.setWordWrap(True)
        self.address = plain_label("", self)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                             | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        bigger = self.address.font()
        bigger.setPointSize(bigger.pointSize() + 3)
        bigger.setBold(True)
        self.address.setFont(bigger)
        self.qr = QLabel(self)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.copy = QPushButton("Cop&y Address", self)
        self.copy.clicked.connect(self._copy)

        self.interfaces = QComboBox(self)
        self.interfaces.setToolTip(tooltip(
            "Where the phones reach this computer: its address on the room's network. A "
            "public address would let anyone who can reach it open the page: pick one only "
            "if you mean it."))
        self.interfaces.currentIndexChanged.connect(lambda _i: self.show_state())
        self.port = QSpinBox(self)
        self.port.setRange(1024, 65535)
        self.port.setValue(tools.port)
        self.fight = QComboBox(self)
        self.fight.currentIndexChanged.connect(self._fight_chosen)
        self.sheets = QListWidget(self)
        self.sheets.setToolTip(tooltip(
            "Each ticked character's sheet can be opened read-only from the page: tick the "
            "player characters at the table."))
        self.sheets.itemChanged.connect(self._sheets_chosen)
        self.log = QSpinBox(self)
        self.log.setRange(0, 10)
        self.log.setSpecialValueText("none")
        self.log.setSuffix(" lines")
        self.log.setToolTip(tooltip(
            "The last lines of the fight's log shown on the page: only what the whole table "
            "sees happen (attacks, turns, spells); never the GM's notes, damage typed by hand, "
            "morale or reaction rolls, nor a line naming a hidden combatant."))
        self.log.valueChanged.connect(self.tools.set_log_count)
        self._shown_roster: list[tuple[str, str]] = []  # (id, name) of the sheets listed

        self._lay_out()
        self.reload()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow("&Listen on:", self.interfaces)
        form.addRow("P&ort:", self.port)
        form.addRow("&Fight shown:", self.fight)
        form.addRow("&Sheets shared:", self.sheets)
        form.addRow("Lo&g lines shown:", self.log)

        self.start = QPushButton("S&tart Sharing", self)
        self.start.clicked.connect(self._start)
        self.stop = QPushButton("Sto&p Sharing", self)
        self.stop.clicked.connect(self._stop)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        # Tab goes as the eye reads: the choices, the address's button beside them, then the
        # row at the bottom (the Copy button was made first, and came first)
        order = [self.interfaces, self.port, self.fight, self.sheets, self.log, self.copy,
                 self.start, self.stop, buttons.button(QDialogButtonBox.StandardButton.Close)]
        for before, after in itertools.pairwise(order):
            QWidget.setTabOrder(before, after)
        row = QHBoxLayout()
        row.addWidget(self.start)
        row.addWidget(self.stop)
        row.addStretch(1)
        row.addWidget(buttons)

        left = QVBoxLayout()
        left.addWidget(self.state)
        left.addLayout(form, 1)
        right = QVBoxLayout()
        right.addWidget(self.qr, 1)
        right.addWidget(self.address)
        right.addWidget(self.copy, 0, Qt.AlignmentFlag.AlignHCenter)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addLayout(row)

    # -- filling ---------------------------------------------------------------------------

    def reload(self) -> None:
        """Fill the choices from the campaign and the machine, and show the share's state."""
        tools = self.tools
        self.interfaces.clear()
        addresses = local_addresses()
        server = tools.server
        if server is not None and all(a.host != server.host for a in addresses):
            addresses.insert(0, Address(server.host, kind_of(server.host)))
        # the address shared on, else the one last shared on, else the first private one
        wanted = server.host if server is not None else tools.host
        private = next((a.host for a in addresses if a.kind == "private"), None)
        if all(a.host != wanted for a in addresses):
            wanted = private
        for address in addresses:
            self.interfaces.addItem(address.label, address)
            if address.host == wanted:
                self.interfaces.setCurrentIndex(self.interfaces.count() - 1)
        self.port.setValue(server.port if server is not None else tools.port)
        self._fill_fights(tools.fights())
        self._fill_sheets(self._roster())
        self.log.blockSignals(True)
        self.log.setValue(tools.log_count)
        self.log.blockSignals(False)
        self.show_state()

    def follow(self) -> None:
        """The fights and characters as they are now, refilled only if they changed; the
        address and port the GM may be choosing are left as they are. Not modal: the GM opens
        fights and edits the roster in the window meanwhile (:class:`ShareTools` calls it)."""
        fights = self.tools.fights()
        shown = [self.fight.itemData(row) for row in range(1, self.fight.count())]
        if list(map(id, fights)) != list(map(id, shown)):  # the same sessions, not equal ones
            self._fill_fights(fights)
        roster = self._roster()
        if roster != self._shown_roster:
            self._fill_sheets(roster)

    def _roster(self) -> list[tuple[str, str]]:
        document = self.tools.window.document
        return ([] if document is None
                else [(c.id, c.name) for c in document.campaign.characters])

    def _fill_fights(self, fights: list[EncounterSession]) -> None:
        self.fight.blockSignals(True)
        self.fight.clear()
        self.fight.addItem("No fight (sheets only)", None)
        for session in fights:
            self.fight.addItem(session.title, session)
            if session is self.tools.session:
                self.fight.setCurrentIndex(self.fight.count() - 1)
        self.fight.blockSignals(False)

    def _fill_sheets(self, roster: list[tuple[str, str]]) -> None:
        current = self.sheets.currentItem()
        at = None if current is None else current.data(_IdRole)  # the keys' place, kept
        self.sheets.blockSignals(True)
        self.sheets.clear()
        for cid, name in roster:
            item = QListWidgetItem(name, self.sheets)
            item.setData(_IdRole, cid)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cid in self.tools.sheet_ids
                               else Qt.CheckState.Unchecked)
            if cid == at:
                self.sheets.setCurrentItem(item)
        self.sheets.blockSignals(False)
        self._shown_roster = roster

    def show_state(self) -> None:
        tools = self.tools
        sharing = tools.sharing
        for widget in (self.interfaces, self.port, self.start):
            widget.setEnabled(not sharing)
        self.stop.setEnabled(sharing)
        self.copy.setEnabled(sharing)
        shown_before = self.qr.isVisibleTo(self)
        self.qr.setVisible(sharing)
        self.address.setVisible(sharing)
        self.copy.setVisible(sharing)
        if sharing:
            url = tools.url
            self.address.setText(url)
            self.qr.setPixmap(qr_pixmap(url))
            self.state.setText(
                "Sharing. Players scan the code (or type the address) on a phone on the same "
                f"network; the page follows each step. Up to {MAX_STREAMS} pages at once. "
                "Anyone with the address can read it: stop sharing when the session ends.")
        else:
            self.qr.clear()
            self.address.clear()
            chosen = self.chosen_address()
            public = chosen is not None and chosen.kind == "public"
            self.state.setText(
                "Not sharing. Choose what the players' page shows, then Start Sharing: nothing "
                "is served until then." + (
                    " The address chosen is PUBLIC: anyone who can reach this computer from "
                    "the internet could open the page. Choose a local network address unless "
                    "you mean it." if public else ""))
            self.start.setText("S&tart Sharing Publicly" if public else "S&tart Sharing")
        self.start.setDefault(not sharing)
        if shown_before != sharing:
            # the code's column came or went: fit it (else Stop left a wide dialog of stretched
            # fields and an empty column); the layout first, or the size asked is the old one
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self.adjustSize()

    # -- the GM's choices -----------------------------------------------------------------

    def chosen_address(self) -> Address | None:
        data = self.interfaces.currentData()
        return data if isinstance(data, Address) else None

    def _start(self) -> None:
        address = self.chosen_address()
        if address is None:
            return
        refused = self.tools.start(address.host, self.port.value())
        self.show_state()
        if not refused:
            # the button pressed is disabled now: Qt would hand the keys to the next one
            # enabled, Close; the address is what the GM wants next
            self.copy.setFocus()
        if refused:
            offered = next_free_port(address.host, self.port.value())
            if offered is not None:
                self.port.setValue(offered)
            self.state.setText(refused + (f". Port {offered} is free: Start Sharing to use it."
                                          if offered is not None else ". Pick another port."))

    def _stop(self) -> None:
        self.tools.stop()
        self.show_state()
        self.start.setFocus()  # Stop is disabled now: the keys go back to where sharing starts

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.tools.url)

    def _fight_chosen(self, _index: int) -> None:
        self.tools.show_fight(self.fight.currentData())

    def _sheets_chosen(self, _item: QListWidgetItem) -> None:
        ids = [str(item.data(_IdRole)) for row in range(self.sheets.count())
               if (item := self.sheets.item(row)).checkState() == Qt.CheckState.Checked]
        self.tools.share_sheets(ids)


def next_free_port(host: str, after: int) -> int | None:
    """The first port above ``after`` that ``host`` can listen on now (None if none is)."""
    import socket

    for port in range(after + 1, min(after + 50, 65535) + 1):
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    return None
