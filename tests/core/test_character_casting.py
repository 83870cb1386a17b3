"""Casting from the sheet follows the fight's rules (R8, R10, R11, R21, R29).

Ysolde the Grey (Magic-user, Wizard, INT +2, PROF +1) and Sister Maud (Cleric, WIS +2, PROF +1)
of the example campaign; scripted dice, ROOM DC 12.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.bonuses import save_bonus
from emberkeep.character.casting import (
    cast_spell,
    condition_modes,
    lay_on_hands,
    roll_depletion_save,
)
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.checks import Difficulty
from emberkeep.character.model import Character
from emberkeep.character.rest import healed_hp, hit_die_of
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.casting import cast
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.magic.limits import CastingBarred
from emberkeep.optional_rules.advantage import Advantage
from tests.core.parity import TARGET


def _pc(name: str) -> Character:
    return next(c for c in build_example_campaign().characters if c.name.startswith(name))


def _wizard_with_easy_scrolls() -> Character:
    ysolde = _pc("Ysolde")
    ysolde.level = 2
    ysolde.archetype_features = [ChosenFeature(feature_id="easy_scrolls", level=2)]
    return ysolde


def test_r8_a_scroll_is_easy_for_a_wizard_on_the_sheet_as_in_a_fight() -> None:
    """"Spells cast from scrolls are EASY": ROOM DC 15 moves to 12 (R7), so d20 9 + INT 2 +
    PROF 1 = 12 succeeds at level 1 on the sheet, as in a fight."""
    sheet = _wizard_with_easy_scrolls()
    result = cast_spell(sheet, SHIPPED, SHIPPED.spell("fireball"), ScriptedRoller([9]), room_dc=15,
                        scroll=True)
    assert result.dc == 12 and result.total == 12 and result.success and result.level == 1
    fight = _wizard_with_easy_scrolls()
    pc = pc_combatant(fight)
    enc = Encounter([pc, *monster_combatants(TARGET, 1, position=0)], {fight.id: fight},
                    ScriptedRoller([9]), room_dc=15)
    enc.state.phase = "fighting"
    step = cast(enc, pc.id, "fireball", [], scroll=True)
    check = next(e.record for e in step.events if isinstance(e, Rolled))
    assert check.total == result.total and step.summary.endswith("at level 1")
    assert sheet.caster == fight.caster  # R10: both counted the spell


def test_r21_the_sheets_hard_until_rest_makes_the_spellcheck_hard() -> None:
    ysolde = _pc("Ysolde")
    ysolde.conditions = [CharacterCondition(name="HARD:all", source="injury", lasts="rest")]
    result = cast_spell(ysolde, SHIPPED, SHIPPED.spell("fireball"), ScriptedRoller([12]),
                        room_dc=12)
    assert result.dc == 15


def test_r10_a_barred_or_spent_caster_cannot_cast_from_the_sheet() -> None:
    ysolde = _pc("Ysolde")
    ysolde.caster = ysolde.caster.model_copy(update={"spells_cast_since_check": 4})
    with pytest.raises(CastingBarred, match="INT SAVE"):
        cast_spell(ysolde, SHIPPED, SHIPPED.spell("fireball"), ScriptedRoller([12]), room_dc=12)


def test_r10_the_depletion_save_is_the_characters_int_save_with_its_conditions() -> None:
    """The sheet's INT SAVE (INT + PROF if it is one of its SAVEs, R7); "HARD:INT" from an
    injury moves the ROOM DC 12 to 15."""
    ysolde = _pc("Ysolde")
    ysolde.caster = ysolde.caster.model_copy(update={"spells_cast_since_check": 4})
    ysolde.conditions = [CharacterCondition(name="HARD:INT", source="injury", lasts="rest")]
    save = roll_depletion_save(ysolde, SHIPPED, ScriptedRoller([10]), room_dc=12)

    assert save.record.modifier == save_bonus(ysolde, Ability.INT) and save.dc == 15
    assert ysolde.caster.barred_until_long_rest is not save.success


def test_r11_lay_on_hands_spends_the_targets_hd_within_its_level_a_day() -> None:
    """d20 13 + WIS 2 + PROF 1 = 16: 2 HD (16-20); the target is 1st level, so 1 HD today."""
    maud, brannoc = _pc("Sister Maud"), _pc("Brannoc")
    brannoc.hp = 1
    healed = lay_on_hands(maud, brannoc, SHIPPED, ScriptedRoller([13, 7]), room_dc=12)
    assert healed.band_hd == 2 and healed.hd_spent == 1 and healed.limited_by == "daily_cap"
    assert brannoc.hp == min(brannoc.max_hp, 1 + 7) and brannoc.hit_dice == 0
    assert brannoc.caster.healed_hd_today == 1


def test_r11_a_zero_level_target_has_no_hd_to_spend() -> None:
    """R6: no HD in a 0-level pool; its die would be the d4 of its 1d4 HP (R5)."""
    maud = _pc("Sister Maud")
    farmer = next(c for c in build_example_campaign().characters if c.level == 0)
    assert hit_die_of(farmer, SHIPPED) == 4
    healed = lay_on_hands(maud, farmer, SHIPPED, ScriptedRoller([13]), room_dc=12)
    assert healed.hd_spent == 0 and healed.limited_by is not None


def test_healing_never_lowers_hp_a_gm_put_above_the_maximum() -> None:
    assert healed_hp(12, 10, 3) == 12
    assert healed_hp(4, 10, 3) == 7
    assert healed_hp(9, 10, 3) == 10


def test_r21_conditions_are_read_the_same_for_a_sheet_and_a_combatant() -> None:
    assert condition_modes(["HARD:all", "ADVANTAGE:spellcheck"], ("INT", "spellcheck")) == (
        Difficulty.HARD, Advantage.ADVANTAGE)
    assert condition_modes(["HARD:STR", "PRONE"], ("INT", "save")) == (
        Difficulty.NORMAL, Advantage.NONE)
