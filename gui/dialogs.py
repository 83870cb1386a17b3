"""The few modal questions the shell asks, each in one function so tests can patch one place.

Every message box shows its text as plain text: file names and campaign names are the GM's own
words and are never read as HTML (DESIGN: user text is plain text). Tests patch
``QMessageBox.exec`` (or these functions) instead of showing a modal dialog.
"""

from __future__ import annotations

import logging
from enum import Enum
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

__all__ = ["CAMPAIGN_SUFFIX", "SaveChoice", "ask_open_path", "ask_save_changes", "ask_save_path",
           "show_error"]

# A new campaign is saved as NAME.emberkeep.json: desktops that trust the extension (GIO does)
# open it as a campaign rather than as any JSON; plain .json campaigns still open.
CAMPAIGN_SUFFIX = ".emberkeep.json"
FILE_FILTER = "Emberkeep campaigns (*.emberkeep.json *.json);;All files (*)"


class SaveChoice(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def _box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str,
         buttons: QMessageBox.StandardButton) -> QMessageBox:
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    # every error the GM is shown, by its title: the message may quote the campaign
    logging.getLogger(__name__).warning("error shown: %s", title)
    box = _box(parent, QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok)
    box.exec()


def show_info(parent: QWidget | None, title: str, message: str) -> None:
    box = _box(parent, QMessageBox.Icon.Information, title, message,
               QMessageBox.StandardButton.Ok)
    box.exec()


def ask_save_changes(parent: QWidget | None, campaign_name: str) -> SaveChoice:
    """Save / Discard / Cancel for a campaign with unsaved changes; Escape cancels."""
    buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
               | QMessageBox.StandardButton.Cancel)
    box = _box(parent, QMessageBox.Icon.Question, "Unsaved changes",
               f"The campaign “{campaign_name}” has unsaved changes.", buttons)
    box.setInformativeText("Save them before closing it?")
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    answer = QMessageBox.StandardButton(box.exec())
    if answer == QMessageBox.StandardButton.Save:
        return SaveChoice.SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return SaveChoice.DISCARD
    return SaveChoice.CANCEL


def ask_open_path(parent: QWidget | None, folder: Path) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(parent, "Open campaign", str(folder), FILE_FILTER)
    return Path(name) if name else None


def ask_save_path(parent: QWidget | None, suggestion: Path) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(parent, "Save campaign as", str(suggestion),
                                          FILE_FILTER)
    if not name:
        return None
    path = Path(name)
    return path if path.suffix else path.with_name(path.name + CAMPAIGN_SUFFIX)
