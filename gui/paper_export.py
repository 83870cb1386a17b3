"""File → Export Play Sheets…, Export Party Sheet…, Export GM Screen…: the paper sheets of
:mod:`emberkeep.paper` (fillable PDFs written by reportlab) from the open campaign.

The file dialog suggests a name made safe by :mod:`emberkeep.file_names` next to the campaign;
the PDF is written whole or not at all, and a refusal (nothing to print, a folder the GM may not
write to) is said in a message box. The paper modules are imported on first use: nothing of
reportlab loads at start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QWidget

from emberkeep.campaign.model import Campaign
from gui import dialogs
from gui.action_registry import ActionSpec, Place

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "export_gm_screen", "export_party_sheet", "export_play_sheets"]


def _ask_path(parent: QWidget | None, title: str, folder: Path, stem: str,
              fallback: str) -> Path | None:
    from emberkeep.file_names import suggested_path  # with unicodedata: a first export

    suggestion = suggested_path(folder, stem, ".pdf", fallback)
    name, _ = QFileDialog.getSaveFileName(parent, title, str(suggestion), "PDF (*.pdf)")
    if not name:
        return None
    return Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")


def _export(window: MainWindow, what: str, stem: str, fallback: str,
            write: Callable[[Path, Campaign], object]) -> Path | None:
    document = window.document
    if document is None:
        return None
    folder = document.path.parent if document.path else Path.home()
    path = _ask_path(window, f"Export {what} as PDF", folder, stem, fallback)
    if path is None:
        return None
    try:
        write(path, document.campaign)
    except OSError as exc:
        dialogs.show_error(window, f"Cannot export the {what}",
                           f"{path.name} could not be written ({exc.strerror or exc}). "
                           "Choose another folder, one you may write to.")
        return None
    except ValueError as exc:  # nothing to print: no one in the party in play
        dialogs.show_error(window, f"Cannot export the {what}", str(exc).capitalize() + ".")
        return None
    window.statusBar().showMessage(f"Wrote {path.name}", 8000)
    return path


def export_play_sheets(window: MainWindow) -> Path | None:
    """The selected characters' play sheets (or the open sheet's), else everyone's."""
    from emberkeep.paper.play_sheet import write_play_sheets

    document = window.document
    if document is None:
        return None
    ids = window.target_character_ids()
    characters = [document.character(cid) for cid in ids] if ids \
        else list(document.campaign.characters)
    if not characters:
        dialogs.show_error(window, "No play sheets to export",
                           "The campaign has no characters yet.")
        return None
    stem = characters[0].name if len(characters) == 1 else f"{document.title} play sheets"
    return _export(window, "play sheets", stem, "play sheets",
                   lambda path, campaign: write_play_sheets(path, campaign, characters))


def export_party_sheet(window: MainWindow) -> Path | None:
    from emberkeep.paper.party_sheet import write_party_sheet

    title = window.document.title if window.document is not None else ""
    return _export(window, "party sheet", f"{title} party", "party", write_party_sheet)


def export_gm_screen(window: MainWindow) -> Path | None:
    from emberkeep.paper.gm_screen import write_gm_screen

    title = window.document.title if window.document is not None else ""
    return _export(window, "GM screen", f"{title} GM screen", "GM screen", write_gm_screen)


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("file.export_play_sheets", "Export P&lay Sheets…", export_play_sheets,
               tip="Fillable PDF play sheets, a page each (more for a long list): the "
                   "selected characters, or everyone when none is selected",
               tooltip="Fillable PDF play sheets, a page each (more for a long list): the "
                       "selected characters, or everyone when none is selected",
               keys=("Ctrl+Shift+P",), places=(Place("file", 2, 2),)),
    ActionSpec("file.export_party_sheet", "Export Part&y Sheet…", export_party_sheet,
               tip="The party in play on one page (PDF): HP boxes, AC, saves, passive numbers",
               tooltip="The party in play on one page (PDF): HP boxes, AC, saves, passive "
                       "numbers",
               places=(Place("file", 2, 3),)),
    ActionSpec("file.export_gm_screen", "Export &GM Screen…", export_gm_screen,
               tip="The tables a GM looks up at the table, landscape (PDF), as the engine "
                   "rolls them",
               tooltip="The tables a GM looks up at the table, landscape (PDF), as the engine "
                       "rolls them",
               places=(Place("file", 2, 4),)),
)
