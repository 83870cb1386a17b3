"""The play sheet and the party sheet, read back with pypdf: one page each, the fixed numbers
in their fields as the core computes them, the boxes to write in empty."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from emberkeep.campaign import storage
from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import CharacterGroup
from emberkeep.character.occupations import occupation_gives, occupation_table
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    save_lines,
    skill_lines,
    spellcheck_bonus,
)
from emberkeep.character.skills import Skill
from emberkeep.paper.facts import party_in_play
from emberkeep.paper.party_sheet import NoParty, write_party_sheet
from emberkeep.paper.play_sheet import signed, write_play_sheets
from emberkeep.resources import resource_path


def words(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.fixture
def campaign() -> Campaign:
    return storage.load(resource_path("example_campaign.json"))


def values(path: Path) -> dict[str, Any]:
    fields = PdfReader(path).get_fields() or {}
    return {name: field.get("/V") for name, field in fields.items()}


def test_one_page_per_character_with_fixed_numbers_and_empty_boxes(
        tmp_path: Path, campaign: Campaign) -> None:
    catalog = Catalog(campaign)
    characters = campaign.characters
    path = tmp_path / "sheets.pdf"
    write_play_sheets(path, campaign, characters)
    reader = PdfReader(path)
    assert len(reader.pages) == len(characters)
    got = values(path)
    for number, (page, character) in enumerate(zip(reader.pages, characters, strict=True), 1):
        p = f"c{number}_"
        text = words(page.extract_text())
        assert character.name in text
        assert f"Dead at {signed(character.death_threshold, '−')} HP" in text  # one line
        assert got[p + "ac"] == str(armor_class_parts(character, catalog).total)
        assert got[p + "max_hp"] == str(character.max_hp)
        assert got[p + "prof"] == signed(character.prof)
        for line in save_lines(character, catalog):
            assert got[f"{p}save_{line.ability.value.lower()}"] == signed(line.bonus)
        for ability in ABILITIES:
            key = ability.value.lower()
            assert got[f"{p}{key}_score"] == str(character.scores.get(ability).effective)
            assert got[f"{p}{key}_mod"] == signed(character.modifier(ability))
        for index, attack in enumerate(attack_lines(character, catalog), 1):
            assert got[f"{p}weapon{index}_atk"] == signed(attack.atk_bonus)
            assert got[f"{p}weapon{index}_dam"] == attack.damage_text
        shown = {s.skill for s in skill_lines(character, catalog)
                 if s.proficient or s.expertise or s.easy}
        assert {Skill(k.removeprefix(p + "skill_")) for k in got
                if k.startswith(p + "skill_")} == shown  # the bare-modifier ones left out
        # the boxes written at the table start empty; the Luck Dice as held
        assert got[p + "current_hp"] == "" and got[p + "notes"] == ""
        luck = [got[f"{p}luck_{n}"] for n in (1, 2, 3)]
        assert luck == ["/Yes"] * character.luck.dice + ["/Off"] * (3 - character.luck.dice)


def test_a_zero_level_sheet_prints_the_occupation_with_its_prof_and_item(
        tmp_path: Path, campaign: Campaign) -> None:
    """As the funnel shows it: the occupation's name, its PROF and its item, from the table (the
    longest of them wraps under the name and still reads whole)."""
    funnel = [c for c in campaign.characters if c.level == 0 and c.occupation]
    assert len(funnel) >= 2
    table = occupation_table()
    longest = max(table.rows, key=lambda row: len(" ".join(occupation_gives(row))))
    funnel[-1].occupation = longest.id
    path = tmp_path / "funnel.pdf"
    write_play_sheets(path, campaign, funnel)
    for page, character in zip(PdfReader(path).pages, funnel, strict=True):
        assert character.occupation is not None
        row = table.by_id(character.occupation)
        proficiency, item = occupation_gives(row)
        text = words(page.extract_text())
        assert f"Occupation: {row.text} PROF {proficiency}; {item}" in text


def test_magic_block_only_for_casters(tmp_path: Path, campaign: Campaign) -> None:
    by_class = {c.class_id: c for c in campaign.characters}
    fighter, wizard, cleric = by_class["fighter"], by_class["magic_user"], by_class["cleric"]
    wizard.caster = wizard.caster.model_copy(update={"spells_cast_since_check": 2})
    path = tmp_path / "three.pdf"
    write_play_sheets(path, campaign, [fighter, wizard, cleric])
    got = values(path)
    assert not [k for k in got if k.startswith("c1_") and ("spell" in k or "disappr" in k)]
    assert got["c2_spellcheck"] == signed(spellcheck_bonus(wizard) or 0)
    assert [got[f"c2_spells_since_save_{n}"] for n in (1, 2, 3, 4)] == \
        ["/Yes", "/Yes", "/Off", "/Off"]
    assert "c2_disapproval" not in got  # a Magic-user's spells deplete; no disapproval
    assert got["c3_disapproval"] == str(cleric.caster.disapproval_range)
    assert "c3_spells_since_save_1" not in got
    assert "Magic" not in words(PdfReader(path).pages[0].extract_text()).split("Features")[0]


def test_notches_and_dents_are_ticked_as_the_gear_stands(tmp_path: Path,
                                                         campaign: Campaign) -> None:
    fighter = campaign.characters[0]
    fighter.inventory.weapons[0].notches = 1
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    path = tmp_path / "dented.pdf"
    write_play_sheets(path, campaign, [fighter])
    got = values(path)
    notches = sorted(k for k in got if k.startswith("c1_weapon1_notch_"))
    assert [got[k] for k in notches] == ["/Yes"] + ["/Off"] * (len(notches) - 1)
    dents = sorted(k for k in got if k.startswith("c1_armor_dent_"))
    assert len(dents) == armor.armor_bonus  # a box per point the armor can lose (R15)
    assert sum(got[k] == "/Yes" for k in dents) == 2


def test_names_beyond_latin_1_print_without_crashing(tmp_path: Path,
                                                     campaign: Campaign) -> None:
    brannoc = campaign.characters[0]
    brannoc.name = "Жан Łódź 中 ★"
    brannoc.player = "Zoë"
    path = tmp_path / "names.pdf"
    write_play_sheets(path, campaign, [brannoc])
    text = words(PdfReader(path).pages[0].extract_text())
    assert "Łód?" in text and "Zoë" in text  # Vera draws Ł and ë; Cyrillic and CJK read "?"


def test_party_sheet_is_one_page_of_the_party_in_play(tmp_path: Path,
                                                      campaign: Campaign) -> None:
    catalog = Catalog(campaign)
    party = party_in_play(campaign)
    assert [c.class_id for c in party] == ["fighter", "cleric", "rogue", "magic_user"]
    path = tmp_path / "party.pdf"
    write_party_sheet(path, campaign)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = words(reader.pages[0].extract_text())
    assert all(c.name in text for c in party)
    assert "Old Mag the Beekeeper" not in text  # the funnel is not the party in play
    got = values(path)
    for number, character in enumerate(party, 1):
        p = f"r{number}_"
        assert got[p + "ac"] == str(armor_class_parts(character, catalog).total)
        assert got[p + "max_hp"] == str(character.max_hp)
        assert got[p + "current_hp"] == ""
        bonus = {s.skill: s.bonus for s in skill_lines(character, catalog)}
        assert got[p + "passive_perception"] == str(10 + bonus[Skill.PERCEPTION])
        assert got[p + "passive_stealth"] == str(10 + bonus[Skill.STEALTH])


def test_a_large_party_still_fits_one_page(tmp_path: Path, campaign: Campaign) -> None:
    for character in campaign.characters:
        character.group = CharacterGroup.PARTY
    campaign.characters = [c.model_copy(update={"id": f"{n:032x}"})
                           for n, c in enumerate(campaign.characters * 3)]
    path = tmp_path / "crowd.pdf"
    write_party_sheet(path, campaign)
    assert len(PdfReader(path).pages) == 1
    assert "r24_ac" in values(path)


def test_no_party_in_play_is_refused(tmp_path: Path, campaign: Campaign) -> None:
    for character in campaign.characters:
        character.group = CharacterGroup.RETIRED
    with pytest.raises(NoParty):
        write_party_sheet(tmp_path / "none.pdf", campaign)
    assert not (tmp_path / "none.pdf").exists()


def test_an_unwritable_path_raises_and_leaves_nothing(tmp_path: Path,
                                                      campaign: Campaign) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("x")
    with pytest.raises(OSError):
        write_play_sheets(blocked / "x.pdf", campaign, campaign.characters[:1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file"]
