"""Ctrl+P: a real QPrintDialog with PDF as one choice; the page is the play sheet, painted by Qt:
encumbrance, the notches and dents ticked, a dropped weapon and the conditions, fitted to the
paper; the PDF's title is the name. The modal dialog is never run: the test answers it through
``ask``."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtTest import QTest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.sheet_numbers import load_and_limit
from emberkeep.gear.inventory import own
from gui import print_dialog
from gui.document import CampaignDocument
from tests.gui.windows import open_campaign_window


def _words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _battered() -> CampaignDocument:
    campaign = build_example_campaign()
    brannoc = campaign.characters[0]
    brannoc.inventory.armor[0].damage_points = 2
    brannoc.inventory.weapons[0].notches = 1
    brannoc.inventory.weapons[1].dropped = True
    brannoc.conditions = [CharacterCondition(name="FRIGHTENED", source="the barrow wight")]
    for _ in range(8):  # R34: 5 torches to a load; eight bundles put him over his limit
        brannoc.inventory.put(own("torch", quantity=5))
    return CampaignDocument(campaign)


def test_the_print_dialog_offers_a_pdf_named_after_the_character(
        qtbot: Any, tmp_path: Path) -> None:
    document = _battered()
    document.path = tmp_path / "campaign.json"
    brannoc = document.campaign.characters[0]
    seen: list[QPrintDialog] = []

    def answer(dialog: QPrintDialog) -> bool:
        seen.append(dialog)
        printer = dialog.printer()
        assert printer.outputFormat() == QPrinter.OutputFormat.PdfFormat  # PDF: the choice made
        assert printer.outputFileName() == str(tmp_path / "Brannoc Ironhand.pdf")
        assert dialog.windowTitle() == "Print Brannoc Ironhand"
        return True

    printer = print_dialog.print_sheets(None, document, [brannoc.id], ask=answer)
    assert printer is not None and len(seen) == 1 and isinstance(seen[0], QPrintDialog)
    reader = PdfReader(tmp_path / "Brannoc Ironhand.pdf")
    assert reader.metadata is not None and reader.metadata.title == "Brannoc Ironhand"
    assert len(reader.pages) == 1
    text = _words(reader.pages[0].extract_text())
    carried, limit = load_and_limit(brannoc)  # the sheet's own numbers (R14, R34)
    assert carried > limit and f"{carried} / {limit}" in text and "ENCUMBERED" in text
    assert "FRIGHTENED (the barrow wight)" in text  # in its box, as the sheet stands
    assert "Crossbow" in text and "DROPPED" in text
    assert "Dead at −5 HP" in text and "AC 17" not in text  # the play sheet, not a list


def test_paper_other_than_a4_gets_the_sheet_scaled_to_fit(qtbot: Any, tmp_path: Path) -> None:
    document = _battered()
    document.path = tmp_path / "campaign.json"
    ids = [c.id for c in document.campaign.characters[:2]]

    def letter(dialog: QPrintDialog) -> bool:
        dialog.printer().setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
        return True

    printer = print_dialog.print_sheets(None, document, ids, ask=letter)
    assert printer is not None
    reader = PdfReader(printer.outputFileName())
    assert len(reader.pages) == 2  # one page each, nothing spilled
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_cancel_prints_nothing(qtbot: Any, tmp_path: Path) -> None:
    document = _battered()
    document.path = tmp_path / "campaign.json"
    ids = [document.campaign.characters[0].id]
    assert print_dialog.print_sheets(None, document, ids, ask=lambda dialog: False) is None
    assert list(tmp_path.iterdir()) == []


def test_ctrl_p_opens_the_print_dialog_for_the_selected(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    asked: list[str] = []

    def ask_print(dialog: QPrintDialog) -> bool:
        asked.append(dialog.printer().docName())
        return False

    monkeypatch.setattr(print_dialog, "ask_print", ask_print)
    window.roster.setFocus()
    QTest.keyClick(window.roster, Qt.Key.Key_Down)
    assert window.action("file.print").text() == "&Print…"
    assert window.document is not None
    chosen = [window.document.character(cid).name for cid in window.selected_character_ids()]
    assert len(chosen) == 1
    QTest.keyClick(window.roster, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert asked == chosen
