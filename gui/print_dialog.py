"""File → Print (Ctrl+P): Qt's print dialog, with a PDF file as one of its printers.

The printer starts as a PDF next to the campaign, named after the character, so pressing Print
at once gives a PDF; any real printer is one choice away in the same dialog. The document's name
(a PDF's title, a print queue's job) is the character's name, or the campaign's for several.

Tests never run the modal dialog: :func:`print_sheets` builds the real ``QPrintDialog`` and hands
it to ``ask`` (by default :func:`ask_print`, which runs it), so a test passes its own answer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from emberkeep.character.model import Character
from gui.document import CampaignDocument
from gui.printing import paint_sheets

__all__ = ["ask_print", "make_printer", "print_sheets"]


def ask_print(dialog: QPrintDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


def make_printer(document: CampaignDocument, characters: list[Character]) -> QPrinter:
    name = characters[0].name if len(characters) == 1 else document.title
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setResolution(72)  # the sheet's layout is in points (see gui.printing)
    printer.setFullPage(True)  # the sheet keeps its own margins
    printer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                      QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    printer.setDocName(name)
    printer.setCreator("Emberkeep")
    folder = document.path.parent if document.path else Path.home()
    stem = "".join(ch for ch in name if ch.isalnum() or ch in " -_").strip() or "sheets"
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(folder / f"{stem}.pdf"))
    return printer


def print_sheets(parent: QWidget | None, document: CampaignDocument,
                 character_ids: list[str] | None,
                 ask: Callable[[QPrintDialog], bool] | None = None) -> QPrinter | None:
    """Print the sheets (every character when ``character_ids`` is None) through the print
    dialog; returns the printer printed on, or None when the GM cancelled."""
    characters = (list(document.campaign.characters) if character_ids is None
                  else [document.character(cid) for cid in character_ids])
    if not characters:
        return None
    printer = make_printer(document, characters)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print {printer.docName()}")
    try:
        if not (ask or ask_print)(dialog):
            return None
    finally:
        dialog.deleteLater()
    paint_sheets(printer, characters, document.campaign)
    return printer
