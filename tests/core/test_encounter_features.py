"""Cleave, Sneak Attack, fighting styles, shields, saves and monster crits (issue #4; R12, R15,
R18, R19, R28-R30)."""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, MonsterCrits
from emberkeep.character.abilities import Ability
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.events import Row
from emberkeep.encounter.saves import saving_throw
from emberkeep.gear.owned import OwnedArmor
from tests.core.test_encounter_attack import BRUTE, GOBLIN, give, make, pc


def _worn_armor(ch: Character) -> OwnedArmor:
    armor = ch.inventory.worn_armor
    assert armor is not None, f"{ch.name} wears no armor"
    return armor


def test_cleave_deals_the_remaining_damage_to_a_second_foe_close_to_the_killed_one() -> None:
    """Fighter: "If you score a lethal blow, you can deal the remaining DAM to a second target
    in CLOSE of the killed one." 7 + 1 = 8 on a 5-HP goblin leaves 3 for the next goblin."""
    enc = make([15, 7], count=2)
    step = attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    assert enc.combatant("goblin-1").hp == -3
    assert enc.combatant("goblin-2").hp == 5 - 3
    assert "Cleave" in str(step.to_json())


def test_cleave_picks_at_random_among_several_and_only_fighters_cleave() -> None:
    enc = make([15, 7, 2], count=3)
    attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    assert [enc.combatant(f"goblin-{n}").hp for n in (2, 3)] == [5, 2]  # d2 showed 2
    enc = make([15, 6], count=2)
    attack(enc, pc(enc, "Wren").id, "goblin-1")  # a rogue: 6 - 1 = 5, no cleave
    assert enc.combatant("goblin-2").hp == 5


def test_sneak_attack_is_easy_and_an_automatic_crit_on_an_unaware_target() -> None:
    """Rogue: "if target is unaware, it is EASY to hit, and the hit scores automatic CRIT"
    (R15 counts it as a crit). Wren: 9 + STR -1 + PROF 1 = 9 ≥ 12 - 3; max 1d8 - 1 = 7; rogue
    crit row 2 (d6 shows 2): +1d6 (4)."""
    enc = make([9, 2, 4], foes=((BRUTE, 0),))
    brute = enc.combatant("brute-1")
    brute.unaware = True
    step = attack(enc, pc(enc, "Wren").id, "brute-1")
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.label) for r in rows] == [("crit_rogue", "1-2")]
    assert brute.hp == 200 - 7 - 4 and brute.ac_penalty == 1 and not brute.unaware


def test_barbarian_melee_crit_range_is_nineteen() -> None:
    """Barbarian archetype feature: "Melee CRIT range 19-20"."""
    from emberkeep.character.archetypes import ChosenFeature

    enc = make([19, 2, 5], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).archetype_features = [ChosenFeature(feature_id="melee_crit_range",
                                                               level=1)]
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 9 - 5  # fighter row 2: +1d8


def test_fighter_crit_row_two_adds_one_d8_with_this_strike() -> None:
    """Fighter crit 2: "Inflict +1d8 DAM with this strike." Max 1d8 + 1 = 9, + 5 = 14."""
    enc = make([20, 2, 5], foes=((BRUTE, 0),))
    attack(enc, pc(enc, "Brannoc").id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 14


def test_crit_tables_off_is_maximum_damage_only() -> None:
    from emberkeep.campaign.settings import OptionalRules

    enc = make([20], foes=((BRUTE, 0),),
               settings=CampaignSettings(rules=OptionalRules(crit_tables=False)))
    attack(enc, pc(enc, "Brannoc").id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 9


def test_fighter_row_thirteen_save_succeeds_so_no_stun() -> None:
    """Fighter 13: CON SAVE vs DC 10 + PC LVL (5th: 15); R30: the brute saves d20 + (12 - 10):
    13 + 2 = 15 meets it."""
    enc = make([20, 13, 3, 13], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).level = 5  # crit die d20
    attack(enc, brannoc.id, "brute-1")
    brute = enc.combatant("brute-1")
    assert brute.hp == 200 - 9 - 3 and brute.conditions == ()


# --- fighting styles ------------------------------------------------------------------------

def test_archery_adds_one_to_ranged_attacks() -> None:
    enc = make([10], foes=((GOBLIN, 1),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).fighting_style = "archery"
    enc.roller = ScriptedRoller([10, 3])
    step = attack(enc, brannoc.id, "goblin-1")  # crossbow drawn: 10 + DEX 0 + PROF 1 + 1
    assert step.rolls()[0].total == 12


def test_dueling_adds_one_damage_one_handed() -> None:
    enc = make([15, 3], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).fighting_style = "dueling"
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - (3 + 1 + 1)


def test_two_handed_weapon_master_rolls_ones_one_more_time() -> None:
    """2H weapon master: "you can roll 1s one time" — the 1 is rerolled once (shows 1 again:
    it stands)."""
    enc = make([15, 1, 1], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).fighting_style = "great_weapon_master"
    enc.character(brannoc).inventory.carry_shield(None)
    give(enc, brannoc, "longsword")
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - (1 + 2)
    enc.roller, brannoc.acted = ScriptedRoller([15, 1, 7]), False
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 197 - (7 + 2)


def test_protection_makes_an_attack_on_a_near_ally_hard_once_a_fight() -> None:
    """Protection: "once a fight a NEAR ally is HARD to hit"."""
    enc = make([14, 14])
    brannoc, maud = pc(enc, "Brannoc"), pc(enc, "Sister")
    enc.character(brannoc).fighting_style = "protection"
    attack(enc, "goblin-1", maud.id, protection_by=brannoc.id)  # 16 < 16 + 3
    assert enc.character(maud).hp == 5 and brannoc.used == ("protection",)
    enc.combatant("goblin-1").acted = False
    with pytest.raises(RuleError, match="cannot protect"):
        attack(enc, "goblin-1", maud.id, protection_by=brannoc.id)


def test_two_weapon_fighting_adds_the_ability_mod_to_the_off_hand_blow() -> None:
    """2 weapon fighting: "add ability mod to off-hand DAM" (without it, no positive STR)."""
    enc = make([15, 3, 15, 3], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    inv = enc.character(brannoc).inventory
    inv.carry_shield(None)
    give(enc, brannoc, "mace", hold=False).equipped = True
    attack(enc, brannoc.id, "brute-1", off_hand=True)
    assert enc.combatant("brute-1").hp == 200 - (3 + 1) - 3
    enc.character(brannoc).fighting_style = "two_weapon_fighting"
    enc.roller, brannoc.acted = ScriptedRoller([15, 3, 15, 3]), False
    attack(enc, brannoc.id, "brute-1", off_hand=True)
    assert enc.combatant("brute-1").hp == 193 - (3 + 1) - (3 + 1)


# --- shields --------------------------------------------------------------------------------

def test_a_sundered_shield_soaks_half_the_damage_rounded_down_and_is_destroyed() -> None:
    """R12: "a shield may be sundered to soak half of one hit's damage (rounded down)"."""
    enc = make([18, 5])
    brannoc = pc(enc, "Brannoc")
    attack(enc, "goblin-1", brannoc.id, sunder_shield=True)
    shield = enc.character(brannoc).inventory.shields[0]
    assert enc.character(brannoc).hp == 7 - (5 - 2)
    assert shield.destroyed and not shield.equipped


@pytest.mark.parametrize("mode", [InitiativeMode.GROUP, InitiativeMode.SEGMENTS])
def test_sacrificing_a_shield_turns_a_crit_into_a_hit_and_betters_initiative(
        mode: InitiativeMode) -> None:
    """R18: "+2 on a d6 group roll, -2 on a d10 segment roll"; the crit is avoided. The bonus
    is stored as 2 (how much better); the initiative code applies it in its direction."""
    enc = make([20, 4], mode=mode,
               settings=CampaignSettings(monster_crits=MonsterCrits.CLASS_TABLES))
    brannoc = pc(enc, "Brannoc")
    step = attack(enc, "goblin-1", brannoc.id, sacrifice_shield=True)
    ch = enc.character(brannoc)
    assert ch.hp == 7 - 4 and brannoc.initiative_bonus == 2
    assert ch.inventory.shields[0].destroyed and _worn_armor(ch).damage_points == 0
    assert not [e for e in step.events if isinstance(e, Row)]


# --- monster crits (R30) --------------------------------------------------------------------

def test_monster_crits_off_a_natural_twenty_still_dents_armor_and_does_crit_damage() -> None:
    """R38: "R15's armor point and WDD's doubled damage (or R19 where the crit tables are on)
    follow any natural 20, a monster's included. R30's option decides only whether a monster's
    crit or fumble also rolls a table row." Option off: the goblin's 1d6 at its maximum (R19's
    "maximum damage", no d6 rolled), one armor point, no row."""
    enc = make([20])
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    ch.max_hp = ch.hp = 20
    step = attack(enc, "goblin-1", brannoc.id)
    assert ch.hp == 20 - 6
    assert _worn_armor(ch).damage_points == 1
    assert not [e for e in step.events if isinstance(e, Row)]


def test_monster_crits_off_wdd_doubling_doubles_the_monsters_natural_twenty() -> None:
    """R38 with R19's other choice (WDD's doubling): the goblin's d6 (4) doubled, one dent."""
    from emberkeep.campaign.settings import CritDamage

    enc = make([20, 4], settings=CampaignSettings(crit_damage=CritDamage.WDD_DOUBLE))
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    ch.max_hp = ch.hp = 20
    attack(enc, "goblin-1", brannoc.id)
    assert ch.hp == 20 - 8
    assert _worn_armor(ch).damage_points == 1


def test_monster_crits_off_a_natural_one_is_a_plain_miss() -> None:
    """R38: the option still decides the fumble row; off, the goblin's 1 just misses."""
    enc = make([1])
    step = attack(enc, "goblin-1", pc(enc, "Brannoc").id)
    assert not [e for e in step.events if isinstance(e, Row)]
    assert enc.combatant("goblin-1").weapon_dropped is False


def test_monster_crits_on_class_tables_use_the_zero_level_table_and_dent_armor() -> None:
    """R30: "the class tables (0-level table)"; level 0: crit die d4. Max 1d6 = 6, row 1 +1d4."""
    enc = make([20, 1, 3], settings=CampaignSettings(monster_crits=MonsterCrits.CLASS_TABLES))
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    ch.max_hp = ch.hp = 20
    step = attack(enc, "goblin-1", brannoc.id)
    assert [(r.table, r.label) for r in step.events if isinstance(r, Row)] == [
        ("crit_zero_level", "1")]
    assert ch.hp == 20 - 6 - 3 and _worn_armor(ch).damage_points == 1  # R15


def test_monster_crits_lingering_apply_the_injury_to_the_pc() -> None:
    """R30: "the lingering injuries table on a crit"; 16 "Damaged Armor": 2 points (R26)."""
    enc = make([20, 16], settings=CampaignSettings(monster_crits=MonsterCrits.LINGERING))
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    ch.max_hp = ch.hp = 20
    attack(enc, "goblin-1", brannoc.id)
    assert ch.hp == 20 - 6 and _worn_armor(ch).damage_points == 1 + 2


# --- saves ----------------------------------------------------------------------------------

def test_pc_saves_add_prof_for_their_saves_and_monsters_add_room_dc_minus_ten() -> None:
    """R7: d20 + ability + PROF for the class save and the chosen one; R30: d20 + (DC - 10)."""
    enc = make([9, 9, 9, 9])
    brannoc = pc(enc, "Brannoc")  # CON +1, proficient (PROF 1)
    with enc.action(brannoc.id, "save") as tx:
        assert saving_throw(enc, tx, brannoc, Ability.CON, 11)  # 9 + 1 + 1
        assert not saving_throw(enc, tx, brannoc, Ability.DEX, 10)  # 9 + 0
        assert saving_throw(enc, tx, enc.combatant("goblin-1"), "CON", 11)  # 9 + 2
        brannoc.conditions = (ActiveCondition("WEAK"),)
        assert not saving_throw(enc, tx, brannoc, Ability.STR, 11)  # R28 WEAK: STR HARD
