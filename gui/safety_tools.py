"""Never lose a session: autosave, recovery, backups, outside changes, failed saves.

One part of the main window (:attr:`MainWindow.safety_tools`); it follows the window's campaign
through its document hooks, and the window asks it at three moments:

- opening (``MainWindow.open_path``): a file that fails to load shows its error and offers its
  newest backup (:meth:`SafetyTools.open_failed`); the broken file is never written. Opening a
  file also cleans what a killed save left beside it: temporaries, a lock file (:meth:`opened`).
- saving (``MainWindow._save_to``): the save over the open file refuses when the file changed
  on disk since (checked under the save lock, so a second copy of the app saving at the same
  moment counts); the GM is then asked (overwrite, save as, reload: :meth:`save_asking`) and an
  overwrite replaces exactly the version they were told of. A failed save says what happened and
  leaves the campaign unsaved. Every save keeps the replaced version in the rotating backups
  folder (:meth:`CampaignDocument.save`).
- discarding (``MainWindow.maybe_save``): "Discard" is the GM throwing the work away on
  purpose, so the recovery file goes too (:meth:`discarded`); nothing else removes it but a
  successful save.
- File → Restore from Backup… lists the backups with date and size.

On start (:func:`start_up`): what killed saves left is cleaned, then every valid recovery file
is offered (:mod:`gui.recovery_dialog`).
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from emberkeep.campaign import recovery
from emberkeep.campaign.atomic import clean_folder_temporaries
from emberkeep.campaign.backups import Backup, backup_folder_for, list_backups
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.saving import CampaignChangedOnDisk, clean_leftovers
from gui import dialogs, file_watch, logging_setup, paths
from gui.action_registry import ActionSpec, Place
from gui.autosave import Autosaver
from gui.document import CampaignDocument

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "SafetyTools", "start_up"]

_log = logging.getLogger(__name__)  # file names and error types only, never campaign text


class SafetyTools(QObject):
    """A child of the window, as the other tools are (see :class:`EncounterTools`)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.autosaver = Autosaver(window.state.autosave_seconds, parent=window)
        self.autosaver.failed.connect(lambda text: window.statusBar().showMessage(text, 15000))
        self.watcher = file_watch.FileWatcher(window)
        self.watcher.changedOutside.connect(self._changed_outside)
        window.document_hooks.append(self.follow)

    # -- following the window's campaign --------------------------------------------------------

    def follow(self, document: CampaignDocument) -> None:
        state = self.window.state
        document.keep_last = state.backups_keep_last
        document.keep_days = state.backups_keep_days
        self.autosaver.follow(document)
        self.watcher.follow(document)
        document.backupNotKept.connect(self._backup_not_kept)

    def _backup_not_kept(self, why: str) -> None:
        dialogs.show_error(self.window, "Saved without a backup",
                           f"The campaign was saved. {why}")

    def _changed_outside(self, path: Path) -> None:
        self.window.statusBar().showMessage(
            f"{path.name} was changed on disk by another program; saving will ask first.", 15000)

    def backups_of(self, path: Path) -> list[Backup]:
        return list_backups(backup_folder_for(path, paths.backups_dir()))

    # -- what the window asks ------------------------------------------------------------------

    def discarded(self, document: CampaignDocument) -> None:
        """The GM chose Discard: the unsaved work is thrown away on purpose, recovery too."""
        _log.info("unsaved changes discarded (%s)", document.path or "never saved")
        self.autosaver.discard(document)

    def opened(self, path: Path) -> None:
        _log.info("opened %s", path)
        clean_leftovers(path)

    def open_failed(self, path: Path, error: CampaignFileError) -> bool:
        """Show why ``path`` did not open and offer its newest backup (True: one opened)."""
        _log.warning("refused to open %s: %s", path, logging_setup.error_kind(error))
        found = self.backups_of(path) if path.is_file() else []
        if not found:
            dialogs.show_error(self.window, "Cannot open campaign", str(error))
            return False
        from gui import backups_dialog  # the backups' dialogs load when first needed

        if not backups_dialog.ask_open_backup(self.window, str(error), found[0]):
            return False
        return self.restore_backup(found[0], path)

    def save_asking(self, path: Path) -> bool | None:
        """Save the open campaign to ``path``: ``None`` once saved there. When the file changed
        on disk since it was loaded or saved (another program, another copy of the app), the
        GM's choice (save elsewhere, reload, overwrite, cancel) and its outcome. Raises
        :class:`CampaignFileError` when the save fails."""
        window = self.window
        document = window.document
        assert document is not None
        overwriting: str | None = None
        while True:
            try:
                document.save(path, overwriting=overwriting)
                return None
            except CampaignChangedOnDisk as changed:
                choice = file_watch.ask_outside_change(window, path)
                if choice is not file_watch.OutsideChoice.OVERWRITE:
                    return self._instead_of_overwriting(choice)
                # exactly the version the GM was told of; changed once more, they are asked again
                overwriting = changed.found_sha256

    def _instead_of_overwriting(self, choice: file_watch.OutsideChoice) -> bool:
        if choice is file_watch.OutsideChoice.SAVE_AS:
            return self.window.save_as()
        if choice is file_watch.OutsideChoice.RELOAD:
            self.reload()
        return False

    def reload(self) -> bool:
        """Read the file again, throwing the unsaved changes (and their recovery file) away."""
        window = self.window
        document = window.document
        assert document is not None and document.path is not None
        try:
            fresh = CampaignDocument.open(document.path)
        except CampaignFileError as exc:
            _log.warning("could not reload %s: %s", document.path, logging_setup.error_kind(exc))
            dialogs.show_error(window, "Cannot reload campaign", str(exc))
            return False
        _log.info("reloaded %s from disk", document.path)
        self.autosaver.discard(document)
        window.set_document(fresh)
        window.statusBar().showMessage(f"Reloaded {document.path.name} from disk", 6000)
        return True

    # -- backups --------------------------------------------------------------------------------

    def restore_from_backup(self) -> bool:
        document = self.window.document
        if document is None or document.path is None:
            return False
        from gui import backups_dialog

        found = self.backups_of(document.path)
        dialog = backups_dialog.BackupsDialog(document.path.name, found, self.window)
        if not dialog.exec():
            return False
        chosen = dialog.selected()
        if chosen is None or not self.window.maybe_save():
            return False
        return self.restore_backup(chosen, document.path)

    def restore_backup(self, backup: Backup, original: Path) -> bool:
        """Open ``backup`` as unsaved work for ``original``; writes nothing."""
        from emberkeep.check import load_whole  # with the fight engine: not at start-up

        try:
            campaign = load_whole(backup.path)
        except CampaignFileError as exc:
            _log.warning("refused backup %s: %s", backup.path, logging_setup.error_kind(exc))
            dialogs.show_error(self.window, "Cannot open backup", str(exc))
            return False
        _log.info("opened backup %s of %s", backup.path, original)
        document = CampaignDocument.restored(
            campaign, original, disk_sha256=recovery.sha256_of_file(original))
        self.window.set_document(document)
        self.window.statusBar().showMessage(
            f"Opened the backup from {backup.saved_at:%d %b %H:%M}: save to keep it", 10000)
        return True

    # -- recovery -------------------------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """Offer the valid recovery files, newest first; True when one was restored."""
        offers = recovery.find_offers(self.autosaver.folder)
        if offers:
            _log.info("%d recovery file(s) offered", len(offers))
        while offers:
            from gui import recovery_dialog  # only a start with work to recover shows it

            dialog = recovery_dialog.RecoveryDialog(offers, self.window)
            dialog.exec()
            offer = dialog.selected()
            if dialog.choice is recovery_dialog.RecoveryChoice.LATER:
                return False
            if dialog.choice is recovery_dialog.RecoveryChoice.DISCARD:
                _log.info("recovery file %s discarded", offer.path)
                recovery.discard(offer.path)
                offers = [o for o in offers if o is not offer]
                continue
            return self.restore(offer)
        return False

    def restore(self, offer: recovery.RecoveryOffer) -> bool:
        """Open recovered work as unsaved; its recovery file stays until a save or discard."""
        document = CampaignDocument.restored(offer.campaign, offer.original,
                                             disk_sha256=offer.header.base_sha256,
                                             token=offer.token)
        _log.info("recovered unsaved work for %s from %s", offer.original or "a new campaign",
                  offer.path)
        from gui import recovery_dialog

        self.window.set_document(document)
        self.autosaver.adopt(offer.path)
        self.window.statusBar().showMessage(
            f"Restored unsaved work from {recovery_dialog.when(offer.header.saved_at)}: "
            "save to keep it", 10000)
        return True


def _has_a_file(window: MainWindow) -> bool:
    """Backups are kept beside a saved file: none for a campaign never saved."""
    return window.document is not None and window.document.path is not None


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("file.restore_backup", "Restore from &Backup…",
               lambda w: w.safety_tools.restore_from_backup(),
               tip="Open an earlier save of this campaign", enabled=_has_a_file,
               places=(Place("file", 1, 2),)),
)


def start_up(window: MainWindow, *, offer: bool = True) -> bool:
    """Clean what killed saves left behind, then offer unsaved work (True: one restored)."""
    tools = window.safety_tools
    for name in {*window.state.recent, window.state.last_opened or ""} - {""}:
        clean_leftovers(Path(name))
    clean_folder_temporaries(tools.autosaver.folder)
    with contextlib.suppress(OSError):
        for folder in paths.backups_dir().iterdir():
            clean_folder_temporaries(folder)
    return tools.offer_recovery() if offer else False
