"""A play sheet whose lists do not fit its page, read back with pypdf: the weapons, gear,
spells and features run on over the pages after it under a heading saying they continue, the
first page says so where each list stops, and no row is left off."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from emberkeep.campaign import storage
from emberkeep.campaign.model import Campaign
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import attack_lines
from emberkeep.gear.catalog import gear_catalog
from emberkeep.paper.play_sheet import signed, write_play_sheets
from emberkeep.resources import resource_path

GOES_ON = "continued on a following page"


def words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.fixture
def campaign() -> Campaign:
    return storage.load(resource_path("example_campaign.json"))


def _of_class(campaign: Campaign, class_id: str) -> Character:
    return next(c for c in campaign.characters if c.class_id == class_id)


def _fields_by_page(reader: PdfReader) -> list[dict[str, Any]]:
    """Each page's form fields: name → value."""
    found = []
    for page in reader.pages:
        fields = {}
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            if "/T" in annot:
                fields[str(annot["/T"])] = annot.get("/V")
        found.append(fields)
    return found


def _numbers(pattern: str, text: str) -> list[int]:
    """Every number the pattern finds in the text, smallest first (twice if found twice)."""
    return sorted(int(found) for found in re.findall(pattern, text))


def _weapon_numbers(fields: dict[str, Any], prefix: str = "c1_") -> list[int]:
    return sorted(int(name.removeprefix(prefix + "weapon").removesuffix("_atk"))
                  for name in fields if name.startswith(prefix + "weapon")
                  and name.endswith("_atk"))


def test_a_long_weapon_list_runs_on_over_the_pages_after_it(tmp_path: Path,
                                                             campaign: Campaign) -> None:
    fighter = _of_class(campaign, "fighter")
    catalog = Catalog(campaign)
    weapon_ids = list(gear_catalog().weapons)
    for number in range(90):
        fighter.inventory.add(weapon_ids[number % len(weapon_ids)])
    fighter.inventory.weapons[-1].notches = 1  # a notch on the very last row's weapon
    lines = attack_lines(fighter, catalog)
    assert len(lines) > 100  # more than two pages of rows
    path = tmp_path / "armoury.pdf"
    write_play_sheets(path, campaign, [fighter])
    reader = PdfReader(path)
    by_page = _fields_by_page(reader)
    assert len(reader.pages) >= 3
    numbers = [_weapon_numbers(fields) for fields in by_page]
    # every row printed once, in order, each page taking on where the one before stopped
    assert [n for page in numbers for n in page] == list(range(1, len(lines) + 1))
    assert all(numbers[:3])
    texts = [words(page.extract_text()) for page in reader.pages]
    left_after_first = len(lines) - len(numbers[0])
    assert f"{GOES_ON} ({left_after_first} more)" in texts[0]
    for text in texts[1:3]:
        assert fighter.name in text and "ATTACKS, CONTINUED" in text
        assert "Play sheet, continued" in text
    values = {name: value for fields in by_page for name, value in fields.items()}
    for number, line in enumerate(lines, start=1):
        assert values[f"c1_weapon{number}_atk"] == signed(line.atk_bonus)
        assert values[f"c1_weapon{number}_dam"] == line.damage_text
    last = len(lines) if lines[-1].uid != lines[-2].uid else len(lines) - 1
    assert values[f"c1_weapon{last}_notch_1"] == "/Yes"  # the ticks go with the row
    # the first page's boxes are whole: the notes box is still there, under the features
    assert "c1_notes" in by_page[0] and "NOTES FOR THIS SESSION" in texts[0]


def test_gear_spells_and_features_that_do_not_fit_continue(tmp_path: Path,
                                                          campaign: Campaign) -> None:
    wizard = _of_class(campaign, "magic_user")
    extra_spells = [f"unknown_spell_{n}" for n in range(60)]  # printed as written
    wizard.spells_known = [*wizard.spells_known, *extra_spells]
    for item_id in gear_catalog().items:  # each its own entry in the gear list
        wizard.inventory.add(item_id)
    for number in range(120):
        wizard.inventory.add(list(gear_catalog().weapons)[number % 5])
    # names of one word each, so that a page's turn cannot split one for the text read back
    pieces = list(wizard.inventory.all_gear())
    for number, piece in enumerate(pieces):
        piece.name = f"Piece{number}"
    wizard.feats = [f"Feat{n}-of-a-long-career" for n in range(300)]
    path = tmp_path / "wizard.pdf"
    write_play_sheets(path, campaign, [wizard])
    reader = PdfReader(path)
    texts = [words(page.extract_text()) for page in reader.pages]
    assert len(texts) >= 2
    first, rest = texts[0], " ".join(texts[1:])
    assert first.count(GOES_ON) >= 3  # gear, spells and features each say so where they stop
    assert "GEAR, CONTINUED" in rest and "SPELLS, CONTINUED" in rest
    assert "FEATURES, CONTINUED" in rest and "Feats, continued:" in rest
    everything = " ".join(texts)
    assert _numbers(r"unknown_spell_(\d+)\b", everything) == list(range(60))
    assert _numbers(r"\bFeat(\d+)-of-a-long-career\b", everything) == list(range(300))
    # a weapon's name is in its attack row too: each piece is in the gear list at least
    assert sorted(set(_numbers(r"\bPiece(\d+)\b", everything))) == list(range(len(pieces)))
    assert "Cantrips:" in rest  # the cantrips come after the spells, on the page they reach


def test_the_next_character_starts_on_its_own_page_with_its_own_fields(
        tmp_path: Path, campaign: Campaign) -> None:
    fighter, cleric = _of_class(campaign, "fighter"), _of_class(campaign, "cleric")
    for _ in range(40):
        fighter.inventory.add("dagger")
    path = tmp_path / "two.pdf"
    write_play_sheets(path, campaign, [fighter, cleric])
    reader = PdfReader(path)
    by_page = _fields_by_page(reader)
    assert len(reader.pages) == 3  # the fighter's sheet runs on over one page
    assert all(name.startswith("c1_") for name in by_page[1])
    assert "c2_ac" in by_page[2] and cleric.name in words(reader.pages[2].extract_text())
    assert _weapon_numbers(by_page[2], "c2_") == \
        list(range(1, len(attack_lines(cleric, Catalog(campaign))) + 1))


def test_a_sheet_that_fits_says_nothing_of_continuing(tmp_path: Path,
                                                     campaign: Campaign) -> None:
    path = tmp_path / "all.pdf"
    write_play_sheets(path, campaign, campaign.characters)
    reader = PdfReader(path)
    assert len(reader.pages) == len(campaign.characters)
    assert not any(GOES_ON in words(page.extract_text()) for page in reader.pages)
