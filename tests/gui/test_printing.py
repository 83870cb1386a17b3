"""Export sheets as PDF: the fillable play sheet, one page per character, with its name, class
and AC."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.printing import export_dialog, write_pdf


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


def test_export_all_writes_one_page_per_character(qtbot: QtBot, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  document: CampaignDocument) -> None:
    target = tmp_path / "party"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (str(target), "PDF (*.pdf)")))
    path = export_dialog(None, document, None)
    assert path == tmp_path / "party.pdf"
    reader = PdfReader(path)
    characters = document.campaign.characters
    assert len(reader.pages) == len(characters)
    for page, character in zip(reader.pages, characters, strict=True):
        assert character.name in words(page.extract_text())


def test_export_to_a_folder_that_cannot_be_written_says_so(qtbot: QtBot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           document: CampaignDocument) -> None:
    """Issue #20: Qt's PDF writer failed silently and the GM believed the sheets exported."""
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("x")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
        lambda *args, **kwargs: (str(blocked / "party.pdf"), "PDF (*.pdf)")))
    shown: list[str] = []
    monkeypatch.setattr("gui.dialogs.show_error",
                        lambda parent, title, text: shown.append(f"{title}: {text}"))
    assert export_dialog(None, document, None) is None
    (said,) = shown
    assert said.startswith("Cannot export the sheets: party.pdf could not be written")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file, not a folder"]
    with pytest.raises(OSError):
        write_pdf(tmp_path / "missing folder" / "x.pdf", document.campaign.characters,
                  document.campaign)


@pytest.mark.parametrize("name", ["../../../../tmp/x", "/tmp/evil"])
def test_the_suggested_pdf_path_stays_in_the_campaign_folder(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        document: CampaignDocument, name: str) -> None:
    """A character named like a path must not make the suggestion point outside the folder:
    accepting the dialog as it opens would have written there."""
    document.path = tmp_path / "campaign.json"
    brannoc = document.campaign.characters[0]
    brannoc.name = name
    suggested: list[str] = []

    def accept(parent: object, title: str, suggestion: str, *args: object) -> tuple[str, str]:
        suggested.append(suggestion)
        return suggestion, "PDF (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(accept))
    path = export_dialog(None, document, [brannoc.id])
    assert path is not None and path.parent == tmp_path
    assert Path(suggested[0]).parent == tmp_path and path.is_file()
