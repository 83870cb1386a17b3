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
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.printing import write_pdf


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
    write_pdf(path, [brannoc], document.campaign)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = words(reader.pages[0].extract_text())
    assert "<b>Brannoc</b> Ironhand" in text and "Fighter" in text
    fields = {name: f.get("/V") for name, f in (reader.get_fields() or {}).items()}
    assert fields["c1_ac"] == str(character_armor_class(brannoc, SHIPPED))
    assert "Arming sword" in text
    assert (fields["c1_weapon1_atk"], fields["c1_weapon1_dam"]) == ("+2", "1d8+1")
