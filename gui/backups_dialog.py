"""File → Restore from Backup…: the campaign's rotating backups with date and size.

Also the question a broken file asks when it fails to open: open its newest backup instead?
Restoring never writes anything: the backup opens as unsaved work for the campaign's file, and a
save then keeps the file being replaced (broken or not) as a backup in turn.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.backups import Backup

__all__ = ["BackupsDialog", "ask_open_backup", "size_text"]


def size_text(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def _date(backup: Backup) -> str:
    return backup.saved_at.strftime("%a %d %b %Y, %H:%M:%S")


class BackupsDialog(QDialog):
    """Newest first; :meth:`selected` is the backup to restore once the dialog is accepted."""

    def __init__(self, campaign_file: str, backups: list[Backup],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backups = backups
        self.setWindowTitle("Restore from Backup")
        label = QLabel(f"Earlier saves of {campaign_file}. The one you restore opens as "
                       "unsaved work; the file itself changes only when you save.", self)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        self.table = QTableWidget(len(backups), 2, self)
        self.table.setAccessibleName("Backups")
        self.table.setHorizontalHeaderLabels(["Saved", "Size"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        for row, backup in enumerate(backups):
            self.table.setItem(row, 0, QTableWidgetItem(_date(backup)))
            size = QTableWidgetItem(size_text(backup.size))
            size.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 1, size)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.resizeColumnToContents(0)
        self.table.doubleClicked.connect(lambda _: self.accept())
        if backups:
            self.table.selectRow(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.restore_button = buttons.addButton("Restore",
                                                QDialogButtonBox.ButtonRole.AcceptRole)
        self.restore_button.setEnabled(bool(backups))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(480, 360)

    def selected(self) -> Backup | None:
        rows = self.table.selectionModel().selectedRows()
        return self.backups[rows[0].row()] if rows else None


def ask_open_backup(parent: QWidget | None, error: str, newest: Backup) -> bool:
    """The file failed to load: show why, and offer its newest backup (True: open it)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Cannot open campaign", error,
                      QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(f"The newest backup was saved {_date(newest)} "
                           f"({size_text(newest.size)}). Open it instead? The broken file is "
                           "left as it is.")
    open_backup = box.addButton("Open Backup", QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(open_backup)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is open_backup
