"""Paper through Qt's printer gets the play sheet's head as the PDF does: a name and player of
the model's length print whole, wrapped, on the one page, nothing cut."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.paper.play_sheet import write_play_sheets
from emberkeep.resources import resource_path
from emberkeep.text_fields import NAME_LENGTH
from gui.document import CampaignDocument


def squashed(text: str) -> str:
    # pypdf separates words with tabs or spaces, and a word broken over lines with a line end
    return "".join(unicodedata.normalize("NFKC", text).split())


def test_a_printed_sheet_holds_the_whole_long_name_and_player(
        qtbot: QtBot, tmp_path: Path) -> None:
    from gui import print_dialog

    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    document.path = tmp_path / "campaign.json"
    brannoc = document.campaign.characters[0]
    brannoc.name = ("Fenwick-Harrowgate of the Drowned Abbey " * 6)[:NAME_LENGTH].strip()
    brannoc.player = ("Konstantinopoulou" * 12)[:NAME_LENGTH]
    printer = print_dialog.print_sheets(None, document, [brannoc.id], ask=lambda dialog: True)
    assert printer is not None
    printed = PdfReader(printer.outputFileName())
    exported = tmp_path / "exported.pdf"
    write_play_sheets(exported, document.campaign, [brannoc])
    assert len(printed.pages) == len(PdfReader(exported).pages) == 1
    text = squashed(printed.pages[0].extract_text())
    assert squashed(brannoc.name) in text and f"Player:{brannoc.player}" in text
    assert "…" not in text and "..." not in text  # Qt's PDF gives "…" back as "..."
    assert "Armingsword" in text  # the sheet under the grown head still printed
