"""Encounter → Share with Players…: the players' view served to their phones on the table's
network, for as long as the GM shares it.

The main window's part that owns the share: the server (:class:`emberkeep.share.server.
ShareServer`, off by default and never started by itself), which fight it shows, which sheets,
how many log lines. After each step of the shared fight (and its undo), each change of a shared
sheet, it builds the core's immutable snapshot (:func:`emberkeep.encounter.table_view.
table_view`, :func:`emberkeep.share.sheet_view.sheet_view`) on the GUI's thread and hands it to
the server: a burst of signals from one step publishes once, on the next turn of the event
loop, and a sheet is built again only when its character changed. Sharing stops with Stop
Sharing, when the window changes campaign, and when the app quits.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from emberkeep.campaign.changes import Change
from emberkeep.character.catalog import Catalog
from gui.action_registry import ActionSpec, Place
from gui.document import CampaignDocument
from gui.state import share_files_gone

# Start-up: the server, the snapshots and the fight engine they read load when the GM first
# shares, not for the first window (the share is off until started).
if TYPE_CHECKING:
    from emberkeep.share.server import ShareServer
    from emberkeep.share.snapshot import Shared, SharedSheet
    from gui.encounter.session import EncounterSession
    from gui.main_window import MainWindow
    from gui.share_dialog import ShareDialog

__all__ = ["ACTIONS", "DEFAULT_PORT", "ShareTools"]

DEFAULT_PORT = 8765
REBUILD_MS = 60  # after a step, its changed sheets reach the page within this and a frame


class ShareTools(QObject):
    # the remembered files found gone, told from the thread that looked (see _prune)
    _files_gone = Signal(list)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.server: ShareServer | None = None
        self.session: EncounterSession | None = None  # the fight shown (None: sheets only)
        self.sheet_ids: list[str] = []  # the characters whose sheets are shared
        self._keys: dict[str, str] = {}  # character id → its sheet's key in the address
        # each shared sheet as last built: rebuilt only when its character changes (a step
        # touches one or two sheets; building one is the costly part of a snapshot)
        self._sheets: dict[str, SharedSheet] = {}
        # sheets whose character changed: the page keeps the last one a moment, and they are
        # built again on a later turn of the event loop than the step's (not in its frame)
        self._stale: set[str] = set()
        self._rebuild = QTimer(self)
        self._rebuild.setSingleShot(True)
        self._rebuild.setInterval(REBUILD_MS)
        self._rebuild.timeout.connect(self.rebuild_sheets)
        state = window.state  # the GM's last choices, remembered across starts
        self.log_count = max(0, state.share_log_lines)
        self.port = state.share_port or DEFAULT_PORT
        self.host = state.share_host  # the address last shared on (None: first private one)
        self.dialog: ShareDialog | None = None
        self._version = 0
        self._publish = QTimer(self)
        self._publish.setSingleShot(True)
        self._publish.setInterval(0)
        self._publish.timeout.connect(self.publish)
        # the dialog open beside the window follows its fights and roster, on the next turn
        # of the event loop (a tab asked to close is still there when it is asked)
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self._refresh_dialog)
        self._files_gone.connect(self._forget_files)
        window.document_hooks.append(self._follow)
        # a fight whose tab closes leaves the page (its sheets stay); opened again, it is back
        for signal in (window.tabs.tabCloseRequested, window.tabs.currentChanged):
            signal.connect(self.changed)
            signal.connect(self._refresh_soon)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    # -- the share's lifetime -------------------------------------------------------------

    @property
    def sharing(self) -> bool:
        return self.server is not None

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    def start(self, host: str, port: int) -> str | None:
        """Serve on ``host``:``port``; returns why it could not (a port in use), or None."""
        from emberkeep.share.server import ShareServer

        self.stop()
        self._sheets, self._stale = {}, set()  # built afresh for the new share
        try:
            self.server = ShareServer(host, port)
        except OSError as exc:
            return f"Cannot share on {host}:{port}: {exc.strerror or exc}"
        self.port = self.server.port
        self.host = host
        state = self.window.state
        state.share_port, state.share_host = self.port, host
        state.save()
        self.publish()
        return None

    def stop(self) -> None:
        server, self.server = self.server, None
        self._publish.stop()
        self._rebuild.stop()
        if server is not None:
            server.stop()

    def _follow(self, document: CampaignDocument) -> None:
        """Another campaign in the window: the share of the old one ends with it."""
        self.stop()
        self.show_fight(None)
        present = {c.id for c in document.campaign.characters}
        remembered = ([] if document.path is None
                      else self.window.state.share_sheets_of(document.path))
        self.sheet_ids = [cid for cid in remembered if cid in present]  # gone ones dropped
        self._keys = {}
        self._sheets, self._stale = {}, set()
        document.campaignChanged.connect(self._campaign_changed)
        document.pathChanged.connect(self._saved_as)
        if self.dialog is not None:  # it showed the old campaign, and its share now stopped
            self.dialog.reload()

    def _saved_as(self, path: Path | None) -> None:
        """Saved under a new file (a new campaign's first save, a Save As): the sheets ticked
        go with it; the old file keeps its own (it is still there, as it was saved)."""
        if path is None:
            return
        state = self.window.state
        # this campaign now is that file: a choice remembered for what it held before goes
        state.set_share_sheets(path, self.sheet_ids)
        state.save()

    # -- what is shared -------------------------------------------------------------------

    def show_fight(self, session: EncounterSession | None) -> None:
        old = self.session
        if old is session:
            return
        if old is not None:
            for signal in (old.stateChanged, old.combatantsChanged, old.combatantsReset,
                           old.stepsApplied, old.stepsReverted):
                signal.disconnect(self.changed)
        self.session = session
        if session is not None:
            for signal in (session.stateChanged, session.combatantsChanged,
                           session.combatantsReset, session.stepsApplied,
                           session.stepsReverted):
                signal.connect(self.changed)
        self.changed()

    def share_sheets(self, character_ids: list[str]) -> None:
        """Share these sheets, and remember them for the campaign's file; a campaign not saved
        yet keeps them here until its first save gives it one (:meth:`_saved_as`)."""
        self.sheet_ids = list(character_ids)
        document = self.window.document
        if document is not None and document.path is not None:
            self.window.state.set_share_sheets(document.path, self.sheet_ids)
            self.window.state.save()
        self.changed()

    def set_log_count(self, count: int) -> None:
        self.log_count = max(0, count)
        self.window.state.share_log_lines = self.log_count
        self.window.state.save()
        self.changed()

    def fights(self) -> list[EncounterSession]:
        """The fights open in a tab of the window (one closed, or deleted, is not shown)."""
        tabs = self.window.tabs
        return [widget.session for widget in self.window.encounter_tools.open.values()
                if tabs.indexOf(widget) >= 0]

    def key_of(self, character_id: str) -> str:
        """The sheet's key in the address: random, the same for the whole share."""
        return self._keys.setdefault(character_id, secrets.token_urlsafe(6))

    # -- publishing -----------------------------------------------------------------------

    def changed(self, *_: object) -> None:
        """Something shown may have changed: publish once this turn of the event loop ends."""
        if self.server is not None:
            self._publish.start()

    def _campaign_changed(self, change: Change) -> None:
        self._refresh_soon()  # a character added, removed or renamed
        everything = change.settings or change.catalogs  # the rules or the gear they read
        touched = {cid for cid in self._sheets if everything or change.touches(cid)}
        self._stale |= touched
        if self.server is not None:
            if touched:
                self._rebuild.start()
            if change.encounters:
                self.changed()

    def _refresh_soon(self, *_: object) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self._refresh.start()

    def _refresh_dialog(self) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.follow()

    def rebuild_sheets(self) -> None:
        """Build again the shared sheets whose character changed, and publish them."""
        self._rebuild.stop()
        for cid in self._stale:
            self._sheets.pop(cid, None)
        self._stale = set()
        self.publish()

    def snapshot(self) -> Shared:
        from emberkeep.encounter.table_view import table_view
        from emberkeep.share.snapshot import shared

        session = self.session
        if session is not None and session not in self.fights():
            session = None  # its tab closed, or the fight deleted (or its creation undone)
        self._version += 1
        table = None if session is None else table_view(session.enc, session.title,
                                                        log_count=self.log_count)
        return shared(self._version, table, self._shared_sheets())

    def _shared_sheets(self) -> list[SharedSheet]:
        from emberkeep.share.sheet_view import sheet_view
        from emberkeep.share.snapshot import shared_sheet

        document = self.window.document
        assert document is not None
        campaign = document.campaign
        characters = {c.id: c for c in campaign.characters}
        sheets = []
        for cid in self.sheet_ids:
            character = characters.get(cid)
            if character is None:
                continue  # removed from the roster
            sheet = self._sheets.get(cid)  # a stale one until rebuild_sheets
            if sheet is None:
                view = sheet_view(character, Catalog(campaign), campaign.settings.repair)
                sheet = self._sheets[cid] = shared_sheet(self.key_of(cid), cid, view)
            sheets.append(sheet)
        return sheets

    def publish(self) -> None:
        self._publish.stop()
        if self.server is not None:
            self.server.publish(self.snapshot())

    def _prune(self, keep: Path | None) -> None:
        """Forget the sheets of remembered files deleted or renamed since (gui.state's
        share_files_gone), looked for on a thread of its own: one of them on a network share
        that stopped answering must not freeze the window while its stat waits."""
        names = list(self.window.state.share_sheets)

        def look() -> None:
            gone = share_files_gone(names, keep)
            if gone:
                with contextlib.suppress(RuntimeError):  # the window closed meanwhile
                    self._files_gone.emit(gone)

        threading.Thread(target=look, name="share-prune", daemon=True).start()

    def _forget_files(self, gone: list[str]) -> None:
        state = self.window.state
        if state.forget_share_files(gone):
            state.save()

    def open_dialog(self) -> ShareDialog:
        from gui.share_dialog import ShareDialog

        document = self.window.document
        self._prune(None if document is None else document.path)
        if self.dialog is None:
            self.dialog = ShareDialog(self, self.window)
        in_front = self.window.encounter_tools.current()
        if in_front is not None and self.session is None and not self.sharing:
            self.show_fight(in_front.session)  # the fight in front, until the GM picks another
        self.dialog.reload()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("encounter.share", "Share with P&layers…",
               lambda w: w.share_tools.open_dialog(),
               tip="Serve a live, read-only players' view to phones on this network (a QR "
                   "code to scan); off until started",
               keys=("Shift+F5",),  # F5 is the second screen's player view
               places=(Place("encounter", 4, 0),)),
)
