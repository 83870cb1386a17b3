"""Help → About Emberkeep: the version, where the GM's files and the app's own files are, and
the licences of everything the app ships (resources/licences.txt, written from each package's
metadata by packaging/licences.py).

The folders are plain, selectable text (to paste into a file manager or a bug report); the
licences read in a read-only text box, whole texts in the licences folder beside them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep import __version__
from emberkeep.resources import ResourceError, resource_path
from gui import logging_setup, paths

__all__ = ["AboutDialog", "licence_text"]

LICENCES = "licences.txt"


def licence_text() -> str:
    try:
        return resource_path(LICENCES).read_text(encoding="utf-8")
    except (ResourceError, OSError) as error:
        return f"The licence notices could not be read ({error})."


def folders() -> list[tuple[str, str]]:
    """Where things are, in the order a GM looks for them."""
    return [("Campaigns", str(paths.campaigns_dir())),
            ("Backups", str(paths.backups_dir())),
            ("Unsaved work (recovery)", str(paths.recovery_dir())),
            ("Logs", str(logging_setup.log_dir())),
            ("Settings", str(paths.config_dir()))]


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Emberkeep")
        layout = QVBoxLayout(self)
        heading = QLabel(f"Emberkeep {__version__}", self)
        font = heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        heading.setFont(font)
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.heading = heading
        layout.addWidget(heading)
        blurb = QLabel("An offline companion for game masters of Furnace: campaign sheets, gear "
                       "repairs and encounters. Free software under the MIT licence.", self)
        blurb.setWordWrap(True)
        layout.addWidget(blurb)

        form = QFormLayout()
        self.folder_labels: dict[str, QLabel] = {}
        for title, where in folders():
            value = QLabel(where, self)
            value.setTextFormat(Qt.TextFormat.PlainText)  # a folder may be called <b>
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.TextSelectableByKeyboard)
            value.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches it, to copy
            value.setAccessibleName(title)
            form.addRow(f"{title}:", value)
            self.folder_labels[title] = value
        layout.addLayout(form)

        caption = QLabel("&Licences of what Emberkeep ships:", self)
        layout.addWidget(caption)
        self.licences = QPlainTextEdit(self)
        self.licences.setReadOnly(True)
        self.licences.setPlainText(licence_text())
        self.licences.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.licences.setAccessibleName("Licences of what Emberkeep ships")
        caption.setBuddy(self.licences)
        layout.addWidget(self.licences, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.log_button = QPushButton("Open Log &Folder", self)
        self.log_button.setToolTip("Show the folder of the app's log, to send with a bug report")
        self.log_button.clicked.connect(self._open_logs)
        buttons.addButton(self.log_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        available = self.screen().availableGeometry()  # a 1366x768 laptop: inside it
        self.resize(min(760, available.width() - 40), min(620, available.height() - 80))

    def _open_logs(self) -> None:
        folder = logging_setup.log_dir()
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

