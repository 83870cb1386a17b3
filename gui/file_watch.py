"""Outside changes: watch the open campaign's file, and ask before saving over a changed one.

A sync tool or a second copy of the app may rewrite the file while it is open. The watcher
(:class:`QFileSystemWatcher` on the file and its folder, since an atomic replace by another
program drops the watch on the old inode) tells the window at once, by content: a touch, or our
own save, is no change. Before saving over a changed file the GM chooses:
overwrite it, save as another file, or reload it (throwing their unsaved changes away).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from gui.document import CampaignDocument

__all__ = ["FileWatcher", "OutsideChoice", "ask_outside_change"]


class OutsideChoice(Enum):
    OVERWRITE = "overwrite"
    SAVE_AS = "save_as"
    RELOAD = "reload"
    CANCEL = "cancel"


class FileWatcher(QObject):
    changedOutside = Signal(object)  # Path: the file no longer holds what was loaded or saved

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: CampaignDocument | None = None
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self.check)
        self.watcher.directoryChanged.connect(self.check)
        self._told: str | None = None  # the content already reported, so each change tells once

    def follow(self, document: CampaignDocument) -> None:
        self.document = document
        self._told = None
        document.pathChanged.connect(self._rewatch)
        self._rewatch()

    def watched(self) -> list[str]:
        return self.watcher.files() + self.watcher.directories()

    def _rewatch(self, *_: object) -> None:
        sender = self.sender()
        if sender is not None and sender is not self.document:
            return  # a path change in a campaign the window no longer shows
        stale = self.watched()
        if stale:
            self.watcher.removePaths(stale)
        path = self.document.path if self.document is not None else None
        if path is None:
            return
        if path.parent.is_dir():
            self.watcher.addPath(str(path.parent))
        if path.is_file():
            self.watcher.addPath(str(path))

    def check(self, *_: object) -> bool:
        """True (and ``changedOutside``) when the file changed since it was loaded or saved."""
        document = self.document
        if document is None or document.path is None:
            return False
        path = document.path
        if path.is_file() and str(path) not in self.watcher.files():
            self.watcher.addPath(str(path))  # replaced: watch the new file
        if not document.changed_on_disk():
            self._told = None
            return False
        from emberkeep.campaign.recovery import sha256_of_file

        now = sha256_of_file(path) or "gone"
        if now != self._told:
            self._told = now
            self.changedOutside.emit(path)
        return True


def ask_outside_change(parent: QWidget | None, path: Path) -> OutsideChoice:
    """Overwrite / Save As / Reload / Cancel, for a file that changed on disk since loading."""
    gone = not path.exists()
    text = (f"“{path.name}” was deleted or moved by another program since you opened it."
            if gone else
            f"“{path.name}” was changed by another program (a sync tool, another copy of "
            "Emberkeep?) since you opened it.")
    box = QMessageBox(QMessageBox.Icon.Warning, "File changed on disk", text,
                      QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText("Overwrite it with your version, save yours as another file, or "
                           "reload it from disk (your unsaved changes are then lost)?")
    overwrite = box.addButton("Overwrite" if not gone else "Save Here",
                              QMessageBox.ButtonRole.AcceptRole)
    save_as = box.addButton("Save As…", QMessageBox.ButtonRole.ActionRole)
    reload = None if gone else box.addButton("Reload", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is overwrite:
        return OutsideChoice.OVERWRITE
    if clicked is save_as:
        return OutsideChoice.SAVE_AS
    if reload is not None and clicked is reload:
        return OutsideChoice.RELOAD
    return OutsideChoice.CANCEL
