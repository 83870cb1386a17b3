"""The sheet, the roster, the PDF and the repairs tracker display the numbers the
engine uses (``tests.core.parity`` asks the engine; ``tests.core.test_parity_sheet_engine``
checks the core functions the views call over 200 generated campaigns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character import archetype_effects as fx
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import dice_text
from emberkeep.character.skills import Skill
from emberkeep.gear.owned import OwnedArmor, OwnedWeapon
from emberkeep.paper.play_sheet import write_play_sheets
from gui.document import CampaignDocument
from gui.repairs_window import rows_of
from gui.roster_model import COLUMNS, RosterModel
from gui.sheet import CharacterSheet
from gui.sheet.models import UidRole
from tests.core import parity

AC_COLUMN = [c.title for c in COLUMNS].index("AC")


@pytest.fixture
def document() -> CampaignDocument:
    campaign = build_example_campaign()
    # a notch on each first weapon, so the damage shown carries R17's -1 too
    for character in campaign.characters:
        for weapon in character.inventory.weapons[:1]:
            weapon.notches = 1
    # the Barbarian's features, Rage switched on: PROF to damage and from AC, crit 19-20
    brannoc = next(c for c in campaign.characters if c.archetype == "barbarian")
    brannoc.level = 3
    brannoc.archetype_features = [ChosenFeature(feature_id="rage", level=2),
                                  ChosenFeature(feature_id="melee_crit_range", level=3)]
    brannoc.conditions = fx.set_toggle(brannoc, SHIPPED, "Rage", True)
    return CampaignDocument(campaign)


def _signed(n: int) -> str:
    return f"{n:+d}"


@pytest.mark.slow
def test_the_sheet_shows_the_engines_numbers(qtbot: QtBot, document: CampaignDocument) -> None:
    for character in document.campaign.characters:
        engine = parity.engine_numbers(character)
        sheet = CharacterSheet(document, character.id)
        qtbot.addWidget(sheet)
        assert sheet.labels["ac"].text() == str(engine.armor_class)
        for ability in ABILITIES:
            assert sheet.labels[f"save_{ability.value}"].text() == _signed(engine.saves[ability])
        skills = sheet.skills_model
        for row in range(skills.rowCount()):
            skill = Skill(skills.data(skills.index(row, 0), UidRole))
            assert skills.data(skills.index(row, 2)) == _signed(engine.skills[skill])
        attacks = sheet.attacks_model
        lines = parity.lines(character)
        assert attacks.rowCount() == len(lines)
        for row, line in enumerate(lines):
            numbers = parity.weapon_numbers(character, line)
            assert attacks.data(attacks.index(row, 1)) == _signed(numbers.atk), line
            assert attacks.data(attacks.index(row, 2)) == dice_text(line.dice,
                                                                    line.damage_modifier)
            assert parity.sheet_max_damage(character, line) == numbers.max_damage
            notes = attacks.data(attacks.index(row, 3))
            assert (f"crit {numbers.crit_low}-20" in notes) is (numbers.crit_low < 20)


def test_a_widened_crit_range_shows_on_the_sheet(qtbot: QtBot,
                                                document: CampaignDocument) -> None:
    """R15: the Barbarian's "Melee CRIT range 19-20" is on its melee lines, as in a fight."""
    brannoc = next(c for c in document.campaign.characters if c.archetype == "barbarian")
    sheet = CharacterSheet(document, brannoc.id)
    qtbot.addWidget(sheet)
    notes = [sheet.attacks_model.data(sheet.attacks_model.index(row, 3))
             for row in range(sheet.attacks_model.rowCount())]
    assert any("crit 19-20" in n for n in notes)


def test_the_roster_shows_the_engines_ac(qtbot: QtBot, document: CampaignDocument) -> None:
    roster = RosterModel(document)
    for character in document.campaign.characters:
        row = document.row_of(character.id)
        engine = parity.engine_numbers(character)
        assert roster.data(roster.index(row, AC_COLUMN)) == str(engine.armor_class)


def test_the_pdf_prints_the_engines_numbers(qtbot: QtBot, document: CampaignDocument,
                                            tmp_path: Path) -> None:
    """The play sheet's printed numbers are fields named for what they hold."""
    for character in document.campaign.characters:
        path = tmp_path / "sheet.pdf"
        write_play_sheets(path, document.campaign, [character])
        fields = {name: f.get("/V") for name, f in (PdfReader(path).get_fields() or {}).items()}
        engine = parity.engine_numbers(character)
        assert fields["c1_ac"] == str(engine.armor_class)
        for ability in ABILITIES:
            assert fields[f"c1_save_{ability.value.lower()}"] == _signed(engine.saves[ability])
        for number, line in enumerate(parity.lines(character), start=1):
            numbers = parity.weapon_numbers(character, line)
            assert fields[f"c1_weapon{number}_atk"] == _signed(numbers.atk)
            assert fields[f"c1_weapon{number}_dam"] == dice_text(line.dice,
                                                                 line.damage_modifier)


def _owner(document: CampaignDocument, owner_id: str) -> Character:
    return document.character(owner_id)


def test_the_repairs_tracker_states_what_the_engine_loses(document: CampaignDocument) -> None:
    """R15, R17: the tracker's "−N DAM" is what the notches take from a blow in a fight, and
    its "−N AC" what the dents take from the AC a blow meets."""
    fighter = next(c for c in document.campaign.characters if c.inventory.worn_armor)
    fighter.inventory.worn_armor.damage_points = 1  # type: ignore[union-attr]
    checked = 0
    for condition, *_rest in rows_of(document.campaign):
        owner = _owner(document, condition.owner_id)
        piece = owner.inventory.find(condition.uid)
        mended = owner.model_copy(deep=True)
        twin = mended.inventory.find(condition.uid)
        if isinstance(twin, OwnedWeapon):
            twin.repair()
        elif isinstance(twin, OwnedArmor):
            twin.damage_points = 0
        if isinstance(piece, OwnedWeapon) and not piece.broken:
            line = next(ln for ln in parity.lines(owner) if ln.uid == piece.uid)
            whole = next(ln for ln in parity.lines(mended) if ln.uid == piece.uid
                         and ln.grip == line.grip)
            lost = (parity.weapon_numbers(mended, whole).max_damage
                    - parity.weapon_numbers(owner, line).max_damage)
            assert condition.effect == f"−{lost} DAM"
            checked += 1
        elif condition.kind == "armor" and piece is owner.inventory.worn_armor:
            lost = (parity.engine_numbers(mended).armor_class
                    - parity.engine_numbers(owner).armor_class)
            assert condition.effect == f"−{lost} AC"
            checked += 1
    assert checked >= 2
