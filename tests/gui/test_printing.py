"""The play sheet as a PDF: the fillable page holds the name, class and AC. (The File menu's
export, its file dialog and its refusals are tested in test_paper_export.py.)"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.paper.play_sheet import write_play_sheets
from emberkeep.resources import resource_path
from gui.document import CampaignDocument


def words(text: str) -> str:
    # pypdf separates words with tabs, and gives a font's ligature glyph ("ﬁ") as one
    # character: NFKC reads it back as the letters the GM typed.
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def test_pdf_page_holds_name_class_and_ac(qtbot: QtBot, tmp_path: Path,
                                          document: CampaignDocument) -> None:
    brannoc = document.campaign.characters[0]
    brannoc.name = "<b>Brannoc</b> Ironhand"  # a name is plain text, never markup
    path = tmp_path / "brannoc.pdf"
    write_play_sheets(path, document.campaign, [brannoc])
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = words(reader.pages[0].extract_text())
    assert "<b>Brannoc</b> Ironhand" in text and "Fighter" in text
    fields = {name: f.get("/V") for name, f in (reader.get_fields() or {}).items()}
    assert fields["c1_ac"] == str(character_armor_class(brannoc, SHIPPED))
    assert "Arming sword" in text
    assert (fields["c1_weapon1_atk"], fields["c1_weapon1_dam"]) == ("+2", "1d8+1")


def test_a_printed_sheet_runs_its_long_lists_on_as_the_pdf_does(
        qtbot: QtBot, tmp_path: Path, document: CampaignDocument) -> None:
    """Paper through Qt's printer gets the same pages as the PDF: a weapon list too long for
    the page carries on over a page headed with the name, no row left off."""
    from gui import print_dialog

    document.path = tmp_path / "campaign.json"
    brannoc = document.campaign.characters[0]
    for _ in range(40):
        brannoc.inventory.add("dagger")
    exported = tmp_path / "exported.pdf"
    write_play_sheets(exported, document.campaign, [brannoc])
    printer = print_dialog.print_sheets(None, document, [brannoc.id], ask=lambda dialog: True)
    assert printer is not None
    printed = PdfReader(printer.outputFileName())
    assert len(printed.pages) == len(PdfReader(exported).pages) == 2
    first, second = (words(page.extract_text()) for page in printed.pages)
    assert "continued on a following page" in first
    assert brannoc.name in second and "ATTACKS, CONTINUED" in second
    # forty attack rows and forty pieces in the gear list, on paper as in the PDF
    pdf_text = " ".join(words(page.extract_text()) for page in PdfReader(exported).pages)
    assert f"{first} {second}".count("Dagger") == pdf_text.count("Dagger") == 80
