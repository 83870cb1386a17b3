"""The toolbox's optional rules in fights, the injuries' "HARD until rest" on every
CHECK and SAVE (R21), casting from scrolls and a spell's own mishap table; scripted dice.

Furnace, "A set of optional rules": "Advantage and disadvantage [5e] ... Use instead or next to
HARD and EASY." Brannoc: STR +1, PROF +1 (+2 to hit), CON +1 and CON SAVE PROF (+2). Goblins:
AC 12 (ROOM DC 12, R30). Ysolde: Magic-user, INT +2, PROF +1 (SPELLCHECK d20 + 3).
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import CampaignSettings
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.checks import Difficulty
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.casting import cast
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled, Row, Step
from emberkeep.encounter.grapple import grapple
from emberkeep.encounter.saves import saving_throw
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.optional_rules.advantage import Advantage, AdvantageMode
from tests.core.test_encounter_attack import GOBLIN, make, pc


def _settings(mode: AdvantageMode | None) -> CampaignSettings:
    settings = CampaignSettings()
    if mode is not None:
        settings.rules.advantage_disadvantage = True
        settings.rules.advantage_mode = mode
    return settings


def _first_roll(enc: Encounter) -> Rolled:
    return next(e for e in enc.history[-1].events if isinstance(e, Rolled))


# --- attacks --------------------------------------------------------------------------------

def test_instead_an_easy_attack_rolls_2d20_keep_high_against_the_plain_ac() -> None:
    """The "instead" option: EASY becomes advantage; the target number stays AC 12 (no −3).
    Faces 4 and 10: keeps 10, 10 + 2 = 12 hits; the d8 shows 3."""
    enc = make([4, 10, 3], settings=_settings(AdvantageMode.INSTEAD))
    attack(enc, pc(enc, "Brannoc").id, "goblin-1", difficulty_extra=(Difficulty.EASY,))
    record = _first_roll(enc).record
    assert record.faces == (4, 10) and record.kept == (10,) and record.total == 12
    assert enc.combatant("goblin-1").hp == 5 - 4


def test_instead_a_hard_attack_rolls_2d20_keep_low_and_misses() -> None:
    """The "instead" option: HARD becomes disadvantage: 15 and 9 keep 9, 11 < AC 12 (no +3)."""
    enc = make([15, 9], settings=_settings(AdvantageMode.INSTEAD))
    attack(enc, pc(enc, "Brannoc").id, "goblin-1", difficulty_extra=(Difficulty.HARD,))
    record = _first_roll(enc).record
    assert record.kept == (9,) and record.total == 11
    assert enc.combatant("goblin-1").hp == 5


def test_beside_easy_and_the_gms_advantage_both_apply() -> None:
    """The "beside" option, "you can give both": EASY (AC 12 − 3 = 9) and advantage (4, 8 → 8):
    10 ≥ 9 hits."""
    enc = make([4, 8, 3], settings=_settings(AdvantageMode.BESIDE))
    attack(enc, pc(enc, "Brannoc").id, "goblin-1", difficulty_extra=(Difficulty.EASY,),
           advantage=Advantage.ADVANTAGE)
    assert _first_roll(enc).record.kept == (8,)
    assert enc.combatant("goblin-1").hp == 1


def test_rule_off_easy_is_r7s_minus_3_on_one_d20() -> None:
    """R7 by default: EASY takes 3 off the target number; one d20 (8 + 2 = 10 ≥ 9)."""
    enc = make([8, 3], settings=_settings(None))
    attack(enc, pc(enc, "Brannoc").id, "goblin-1", difficulty_extra=(Difficulty.EASY,))
    assert _first_roll(enc).record.faces == (8,) and enc.combatant("goblin-1").hp == 1


def test_instead_easy_and_hard_cancel_to_one_d20() -> None:
    """5e/R7: an advantage and a disadvantage cancel: a plain d20."""
    enc = make([10, 3], settings=_settings(AdvantageMode.INSTEAD))
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1", difficulty_extra=(Difficulty.EASY,),
           advantage=Advantage.DISADVANTAGE)
    assert _first_roll(enc).record.faces == (10,)


def test_a_typed_d20_under_advantage_is_the_kept_face() -> None:
    enc = make([3], settings=_settings(AdvantageMode.INSTEAD))
    with enc.typed({"attack": 11}):
        attack(enc, pc(enc, "Brannoc").id, "goblin-1", difficulty_extra=(Difficulty.EASY,))
    assert _first_roll(enc).record.total == 13


# --- saves ------------------------------------------------------------------------------------

def _save(enc: Encounter, c: Combatant, difficulty: Difficulty = Difficulty.NORMAL,
          advantage: Advantage = Advantage.NONE) -> bool:
    with enc.action("gm", "save") as tx:
        return saving_throw(enc, tx, c, Ability.CON, 12, difficulty=difficulty,
                            advantage=advantage)


def test_instead_a_hard_save_is_disadvantage_against_the_plain_dc() -> None:
    """The "instead" option, HARD SAVE: 2d20 keep low (15, 10 → 10), 12 vs DC 12 saves."""
    enc = make([15, 10], settings=_settings(AdvantageMode.INSTEAD))
    assert _save(enc, pc(enc, "Brannoc"), Difficulty.HARD)
    assert _first_roll(enc).purpose == "CON SAVE vs DC 12"


def test_beside_a_hard_save_keeps_the_plus_3() -> None:
    """Beside: HARD stays +3 on the DC (R7): 10 + 2 = 12 < 15 fails, one d20."""
    enc = make([10], settings=_settings(AdvantageMode.BESIDE))
    assert not _save(enc, pc(enc, "Brannoc"), Difficulty.HARD)
    assert _first_roll(enc).purpose == "CON SAVE vs DC 15"


def test_beside_the_gms_advantage_on_a_save() -> None:
    enc = make([3, 10], settings=_settings(AdvantageMode.BESIDE))
    assert _save(enc, pc(enc, "Brannoc"), advantage=Advantage.ADVANTAGE)


# --- R21: "All CHECKs are HARD until rest" on every CHECK and SAVE ---------------------------

def _hurt_until_rest(enc: Encounter, c: Combatant, name: str = "HARD:all") -> None:
    c.conditions = (*c.conditions, ActiveCondition(name, None, "rest", "injury"))


def test_r21_hard_until_rest_makes_a_save_hard() -> None:
    """R21 injuries 14-19 "All CHECKs are HARD until rest": CON SAVE DC 12 + 3 (12 fails)."""
    enc = make([10])
    brannoc = pc(enc, "Brannoc")
    _hurt_until_rest(enc, brannoc)
    assert not _save(enc, brannoc)
    assert _first_roll(enc).purpose == "CON SAVE vs DC 15"


def test_r21_hard_until_rest_makes_a_grapple_check_hard() -> None:
    """R21 and R31: the STR check against a goblin's ROOM DC 12 becomes DC 15:
    d20 12 + STR 1 (no Athletics PROF) = 13 fails."""
    enc = make([12])
    brannoc = pc(enc, "Brannoc")
    _hurt_until_rest(enc, brannoc)
    step = grapple(enc, brannoc.id, "goblin-1")
    assert "vs 15" in step.summary and "fails" in step.summary


def test_r21_with_advantage_rules_the_injury_is_disadvantage_on_a_save() -> None:
    """R21: "disadvantage where the campaign uses advantage and disadvantage": DISADVANTAGE:all
    rolls 2d20 keep low (18, 9 → 9 + 2 = 11 < 12)."""
    enc = make([18, 9], settings=_settings(AdvantageMode.INSTEAD))
    brannoc = pc(enc, "Brannoc")
    _hurt_until_rest(enc, brannoc, "DISADVANTAGE:all")
    assert not _save(enc, brannoc)
    assert _first_roll(enc).record.kept == (9,)


def test_r21_the_sheets_until_rest_condition_comes_into_the_next_fight() -> None:
    """The condition written on the sheet ("lasts": rest) is on the combatant and a SAVE is
    HARD in the next fight."""
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    brannoc_sheet = next(c for c in party if c.name.startswith("Brannoc"))
    brannoc_sheet.conditions = [CharacterCondition(name="HARD:all", source="injury",
                                                   lasts="rest")]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1)],
                    {c.id: c for c in party}, ScriptedRoller([12]))
    assert _save(enc, pc(enc, "Brannoc")) is False  # 12 + 2 = 14 < 15


def test_r21_hard_until_rest_makes_the_spellcheck_hard() -> None:
    """A SPELLCHECK is a CHECK: d20 10 + 3 = 13 is Success Level 1 but misses ROOM DC 12 + 3."""
    enc = make([10])
    ysolde = pc(enc, "Ysolde")
    _hurt_until_rest(enc, ysolde)
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert "fails" in step.summary and "DC 15" in step.summary


# --- casting: scrolls and a spell's own mishaps -------------------------------------------------

def _with_feature(enc: Encounter, c: Combatant, archetype: str, feature: str) -> None:
    sheet = enc.character(c)
    sheet.archetype = archetype
    sheet.archetype_features = [ChosenFeature(feature_id=feature, level=1)]


@pytest.mark.parametrize(("scroll", "succeeds"), [(False, False), (True, True)])
def test_wizard_spells_cast_from_scrolls_are_easy(scroll: bool, succeeds: bool) -> None:
    """Wizard: "Spells cast from scrolls are EASY": ROOM DC 14; d20 10 + 3 = 13 misses 14 but
    meets 14 − 3 from a scroll (Success Level 1); the d6 shows 2."""
    enc = make([10, 2])
    enc.state.room_dc = 14
    ysolde = pc(enc, "Ysolde")
    _with_feature(enc, ysolde, "wizard", "easy_scrolls")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], scroll=scroll)
    assert ("casts Fireball" in step.summary) is succeeds


@pytest.mark.parametrize(("scroll", "succeeds"), [(False, True), (True, False)])
def test_arcane_trickster_reads_arcane_scrolls_with_a_hard_spellcheck(scroll: bool,
                                                                     succeeds: bool) -> None:
    """Arcane Trickster: "Read arcane scrolls, HARD SPELLCHECK": d20 12 + 3 = 15 meets ROOM DC
    14, not 14 + 3 from a scroll."""
    enc = make([12, 2])
    enc.state.room_dc = 14
    ysolde = pc(enc, "Ysolde")
    _with_feature(enc, ysolde, "arcane_trickster", "read_scrolls")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], scroll=scroll)
    assert ("casts Fireball" in step.summary) is succeeds


def test_a_natural_1_rolls_the_spells_own_d6_mishap_table() -> None:
    """The spell editor's "optional own d6 mishap table": a natural 1 rolls it (face
    4 → its 4th text), not the General Mishap table."""
    enc = make([1, 4])
    texts = tuple(f"own mishap {n}" for n in range(1, 7))
    own = Campaign(name="c", spells=[SHIPPED.spell("fireball").model_copy(
        update={"mishap_table": None, "mishaps": texts})])
    enc.catalog = Catalog(own)  # the encounter's campaign keeps a Fireball of its own
    ysolde = pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.value, r.text) for r in rows] == [("mishaps:fireball", 4,
                                                             "own mishap 4")]
    assert [e.purpose for e in step.events if isinstance(e, Rolled)] == ["SPELLCHECK", "mishap"]


# --- advantage on the SPELLCHECK, as for attacks and saves ------------------------------------

def _check(enc: Encounter) -> Rolled:
    return next(e for e in enc.history[-1].events
                if isinstance(e, Rolled) and e.purpose == "SPELLCHECK")


def test_spellcheck_instead_easy_rolls_2d20_keep_high_against_the_plain_room_dc() -> None:
    """"instead": the GM's EASY becomes advantage; faces 4 and 10 keep 10, 10 + 3 = 13 meets
    ROOM DC 12 (no −3); the d6 shows 2."""
    enc = make([4, 10, 2], settings=_settings(AdvantageMode.INSTEAD))
    ysolde = pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], dc_shift=-3)
    record = _check(enc).record
    assert record.faces == (4, 10) and record.kept == (10,) and record.total == 13
    assert "casts Fireball" in step.summary


def test_spellcheck_instead_hard_rolls_2d20_keep_low_and_the_dc_stays_put() -> None:
    """"instead": HARD is disadvantage: 15 and 8 keep 8, 8 + 3 = 11 misses ROOM DC 12 (not
    15: the DC stays the ROOM DC)."""
    enc = make([15, 8], settings=_settings(AdvantageMode.INSTEAD))
    ysolde = pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], dc_shift=3)
    assert _check(enc).record.kept == (8,)
    assert "fails" in step.summary and "DC 12" in step.summary


def test_spellcheck_beside_hard_and_the_gms_advantage_both_apply() -> None:
    """"next to HARD and EASY": HARD keeps its +3 (DC 15) and the GM's advantage rolls 2d20:
    4 and 13 keep 13, 13 + 3 = 16 meets 15."""
    enc = make([4, 13, 2], settings=_settings(AdvantageMode.BESIDE))
    ysolde = pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], dc_shift=3,
                advantage=Advantage.ADVANTAGE)
    assert _check(enc).record.faces == (4, 13) and "casts Fireball" in step.summary


def test_spellcheck_r21_hard_until_rest_is_disadvantage_under_instead() -> None:
    """R21's "HARD until rest" with the rule "instead": disadvantage against DC 12 (the same
    d20 10 that fails DC 15 with the rule off): 18 and 10 keep 10, 13 meets 12."""
    enc = make([18, 10, 2], settings=_settings(AdvantageMode.INSTEAD))
    ysolde = pc(enc, "Ysolde")
    _hurt_until_rest(enc, ysolde)
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert _check(enc).record.kept == (10,) and "casts Fireball" in step.summary


def test_spellcheck_r21_disadvantage_condition_rolls_2d20_keep_low() -> None:
    """R21: "disadvantage where the campaign uses advantage and disadvantage": DISADVANTAGE:all
    on the caster: 18 and 8 keep 8, 8 + 3 = 11 misses ROOM DC 12."""
    enc = make([18, 8], settings=_settings(AdvantageMode.INSTEAD))
    ysolde = pc(enc, "Ysolde")
    _hurt_until_rest(enc, ysolde, "DISADVANTAGE:all")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert _check(enc).record.faces == (18, 8) and "fails" in step.summary


def test_spellcheck_a_typed_d20_under_advantage_is_the_kept_face() -> None:
    enc = make([2], settings=_settings(AdvantageMode.INSTEAD))
    ysolde = pc(enc, "Ysolde")
    with enc.typed({"spellcheck": 10}):
        cast(enc, ysolde.id, "fireball", ["goblin-1"], advantage=Advantage.ADVANTAGE)
    record = _check(enc).record
    assert record.faces == (10, 10) and record.total == 13


def test_core_spellcheck_keeps_the_low_face_for_natural_1_and_the_modes_translate() -> None:
    """The kept face is the natural: disadvantage 17 and 1 is a Magic-user's natural 1 (R8)
    and rolls the General Mishap table (its d-faces follow)."""
    from emberkeep.magic.spellcheck import HARD, spellcheck, spellcheck_modes

    result = spellcheck(ScriptedRoller([17, 1, 3, 1, 1, 1]), caster="magic_user",
                        ability_mod=2, prof=1, room_dc=12, advantage=Advantage.DISADVANTAGE)
    assert result.natural == 1 and result.failure == "natural_1"
    assert spellcheck_modes(HARD, rule_on=True, mode=AdvantageMode.INSTEAD) == (
        0, Advantage.DISADVANTAGE)
    assert spellcheck_modes(HARD, Advantage.ADVANTAGE, rule_on=True,
                            mode=AdvantageMode.INSTEAD) == (0, Advantage.NONE)
    assert spellcheck_modes(HARD, Advantage.ADVANTAGE, rule_on=True,
                            mode=AdvantageMode.BESIDE) == (HARD, Advantage.ADVANTAGE)
    assert spellcheck_modes(HARD) == (HARD, Advantage.NONE)


# --- issue #9: "Go NEAR and ATK" keeps the attack panel's advantage ---------------------------

def test_go_near_and_atk_rolls_with_the_gms_advantage() -> None:
    """Furnace "Go NEAR and ATK" with the GM's advantage: 4 and 10 keep 10,
    10 + 2 = 12 hits AC 12; the d8 shows 3 (+1 STR): the goblin at zone 1 loses 4."""
    from emberkeep.encounter.actions import move_and_attack

    enc = make([4, 10, 3], foes=((GOBLIN, 1),))
    brannoc = pc(enc, "Brannoc")
    move_and_attack(enc, brannoc.id, 1, "goblin-1", advantage=Advantage.ADVANTAGE)
    record = _first_roll(enc).record
    assert record.faces == (4, 10) and record.kept == (10,)
    assert enc.combatant("goblin-1").hp == 5 - 4 and brannoc.position == 1


def test_go_near_and_atk_without_advantage_rolls_one_d20() -> None:
    enc = make([4, 3], foes=((GOBLIN, 1),))
    brannoc = pc(enc, "Brannoc")
    step = move_and_attack_plain(enc, brannoc.id)
    assert _first_roll(enc).record.faces == (4,) and "misses" in step.summary


def move_and_attack_plain(enc: Encounter, cid: str) -> Step:
    from emberkeep.encounter.actions import move_and_attack

    return move_and_attack(enc, cid, 1, "goblin-1")
