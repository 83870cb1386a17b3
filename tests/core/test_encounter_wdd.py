"""WDD in the engine: gear damage on the sheet (R15-R17, R19, R26), fending (R30),
the knife grip, mounted combat and volleys (R31), with scripted dice.

The party is the example's (see test_encounter_attack): Brannoc (STR +1, PROF +1, arming sword,
shield, scale mail, AC 17, 7 HP, CON SAVE +2), Sister Maud (shield, AC 16, 5 HP), Wren, Ysolde
(dagger, AC 10). Goblins: ROOM DC 12, 5 HP, +2, 1d6; the brute: 200 HP.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings, CritDamage, MonsterCrits
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.clock.schedule import MOUNTED_COMBAT
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.fending import fend, fend_limit
from emberkeep.encounter.grip import GRIPPED, GRIPPING, break_free, grip_attacks
from emberkeep.encounter.mounts import mount
from emberkeep.gear.owned import OwnedWeapon
from tests.core.test_encounter_attack import BRUTE, GOBLIN, give, make, pc


def names(c: Combatant) -> set[str]:
    return {x.name for x in c.conditions}


def sword(enc: Encounter, who: Combatant) -> OwnedWeapon:
    return next(w for w in enc.character(who).inventory.weapons if w.name == "Arming sword")


def no_tables() -> CampaignSettings:
    settings = CampaignSettings()
    settings.rules.crit_tables = False
    settings.rules.fumble_tables = False
    return settings


# --- gear damage, written on the character's gear ----------------------------------------------

def test_a_crit_dents_the_armor_on_the_sheet() -> None:
    """R15: "Critical Hits (nat 20) reduce your opponents' AC by one until their armor can be
    repaired": the goblin's 20 (monster crits on) dents Brannoc's scale mail: AC 17 → 16."""
    settings = no_tables()
    settings.monster_crits = MonsterCrits.CLASS_TABLES
    enc = make([20], settings=settings)
    brannoc = pc(enc, "Brannoc")
    attack(enc, "goblin-1", brannoc.id)
    armor = enc.character(brannoc).inventory.worn_armor
    assert armor is not None and armor.damage_points == 1
    assert character_armor_class(enc.character(brannoc), SHIPPED) == 16
    assert enc.character(brannoc).hp == 7 - 6


def test_wdd_doubles_crit_damage_when_the_campaign_chooses_it() -> None:
    """R19 / WDD: "HP damage is doubled": (5 + 1) × 2; the monster without gear loses 1 AC."""
    settings = no_tables()
    settings.crit_damage = CritDamage.WDD_DOUBLE
    enc = make([20, 5], foes=((BRUTE, 0),), settings=settings)
    attack(enc, pc(enc, "Brannoc").id, "brute-1")
    brute = enc.combatant("brute-1")
    assert brute.hp == 200 - 12 and brute.ac_penalty == 1


def test_a_natural_1_notches_and_drops_the_weapon() -> None:
    """R17: "A Nat 1 Critical Fumble is a notch and a drop"."""
    enc = make([1], settings=no_tables())
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")
    assert (sword(enc, brannoc).notches, sword(enc, brannoc).dropped) == (1, True)


def test_a_modified_2_notches_without_a_drop() -> None:
    """R17: "Natural or Modified d20 roll of 1 or 2": 3 + 1 + 1 - 3 = 2."""
    enc = make([3], settings=no_tables())
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1", modifier=-3)
    assert (sword(enc, brannoc).notches, sword(enc, brannoc).dropped) == (1, False)


def test_a_cheap_weapon_breaks_on_its_second_fumble() -> None:
    """WDD: "A Cheap longsword will become notched ... if there is another Critical Fumble,
    the longsword will break" (R17: cheap allows 1 notch)."""
    enc = make([2], settings=no_tables())
    brannoc = pc(enc, "Brannoc")
    blade = sword(enc, brannoc)
    blade.quality = "cheap"
    blade.notches = 1
    attack(enc, brannoc.id, "goblin-1")
    assert blade.broken and blade.notches == 1


# --- fending -----------------------------------------------------------------------------------

def test_fending_hit_does_2_hp_and_a_failed_save_vs_death_stops_the_attack() -> None:
    """WDD: "their opponent takes 2 HP damage and must roll a Save vs Death to be able to attack
    this round"; R30: CON SAVE vs DC 10 + the fender's level (11): 5 + 2 = 7 fails."""
    enc = make([12, 5])
    brannoc = pc(enc, "Brannoc")
    give(enc, brannoc, "spear")
    fend(enc, brannoc.id, ["goblin-1"])
    goblin = enc.combatant("goblin-1")
    assert goblin.hp == 3 and "cant_attack" in names(goblin) and brannoc.acted
    with pytest.raises(RuleError, match="cannot attack"):
        attack(enc, "goblin-1", brannoc.id)


def test_a_made_save_vs_death_still_attacks() -> None:
    enc = make([12, 9])
    brannoc = pc(enc, "Brannoc")
    give(enc, brannoc, "spear")
    fend(enc, brannoc.id, ["goblin-1"])
    assert "cant_attack" not in names(enc.combatant("goblin-1"))


def test_one_opponent_per_two_hd_rounded_up() -> None:
    """WDD: "a L3 Soldier may use an eight foot long spear to fend off two attackers, rolling
    to hit against each of them"; a level-1 fender fends one."""
    enc = make([12, 5, 4], count=2)
    brannoc = pc(enc, "Brannoc")
    give(enc, brannoc, "spear")
    with pytest.raises(RuleError, match="at most 1"):
        fend(enc, brannoc.id, ["goblin-1", "goblin-2"])
    enc.character(brannoc).level = 3
    assert fend_limit(enc, brannoc) == 2
    step = fend(enc, brannoc.id, ["goblin-1", "goblin-2"])  # DC 13: 5 + 2 fails; 4 misses
    assert [r.total for r in step.rolls()] == [12 + 1 + 2, 5 + 2, 4 + 1 + 2]
    assert "cant_attack" in names(enc.combatant("goblin-1"))
    assert enc.combatant("goblin-2").hp == 5
    enc.character(brannoc).level = 7
    assert fend_limit(enc, brannoc) == 3  # R36: Hit Dice stop at 5, so 7th level fends three


def test_fending_needs_a_weapon_over_five_feet() -> None:
    enc = make([])
    with pytest.raises(RuleError, match="five feet"):
        fend(enc, pc(enc, "Brannoc").id, ["goblin-1"])


def test_a_monster_fending_sets_the_room_dc() -> None:
    """R30: "a monster fending: the ROOM DC": Brannoc's 9 + 2 < 12."""
    pike = GOBLIN.model_copy(update={"name": "Pikeman", "weapon_length_ft": 10})
    enc = make([15, 9], foes=((pike, 0),))
    brannoc = pc(enc, "Brannoc")
    fend(enc, "pikeman-1", [brannoc.id])
    assert enc.character(brannoc).hp == 5 and "cant_attack" in names(brannoc)


# --- the knife grip ----------------------------------------------------------------------------

def _gripped() -> tuple[Encounter, Combatant, Combatant]:
    """Ysolde's dagger hits on a modified 20 (19 + 0 + PROF 1) for 2."""
    enc = make([19, 2], foes=((BRUTE, 0),))
    ysolde, brute = pc(enc, "Ysolde"), enc.combatant("brute-1")
    enc.state.round = 1
    attack(enc, ysolde.id, brute.id)
    return enc, ysolde, brute


def test_a_dagger_hit_on_a_modified_20_grips_the_foe() -> None:
    """WDD: "they score a hit with a Natural or Modified 20, they are able to ... grip them"."""
    _, ysolde, brute = _gripped()
    assert GRIPPING in names(ysolde) and GRIPPED in names(brute) and brute.hp == 198


def test_the_following_round_two_automatic_maximum_damage_attacks() -> None:
    """WDD: "make two attacks per following round, that hit automatically for maximum
    damage": 2 × (d6 6 + STR 0)."""
    enc, ysolde, brute = _gripped()
    ysolde.acted = False
    with pytest.raises(RuleError, match="following rounds"):
        grip_attacks(enc, ysolde.id)
    enc.state.round = 2
    step = grip_attacks(enc, ysolde.id)
    assert brute.hp == 198 - 12 and step.rolls() == []


@pytest.mark.parametrize(("face", "free"), [(6, False), (7, True)])
def test_breaking_free_is_str_against_str(face: int, free: bool) -> None:
    """WDD: "may attempt to break free in lieu of an attack by making a STR check vs the
    opponents STR": the brute's d20 + 2 (R30) against Ysolde's STR 9."""
    enc, ysolde, brute = _gripped()
    enc.roller = type(enc.roller)([face])  # type: ignore[call-arg]
    break_free(enc, brute.id)
    assert (GRIPPED not in names(brute)) is free and (GRIPPING not in names(ysolde)) is free


def test_the_gripped_attacks_one_handed_at_minus_2() -> None:
    """WDD: "may only attack with one-handed weapons, at -2 to hit"."""
    enc, ysolde, brute = _gripped()
    enc.roller = type(enc.roller)([15, 1])  # type: ignore[call-arg]
    step = attack(enc, brute.id, ysolde.id)
    assert step.rolls()[0].modifier == -2 and step.rolls()[0].total == 13


def test_the_grip_is_a_setting() -> None:
    settings = CampaignSettings()
    settings.rules.knife_grip = False
    enc = make([19, 2], foes=((BRUTE, 0),), settings=settings)
    attack(enc, pc(enc, "Ysolde").id, "brute-1")
    assert GRIPPED not in names(enc.combatant("brute-1"))


# --- mounted -----------------------------------------------------------------------------------

def test_mounted_minus_2_unless_the_mounted_combat_feat() -> None:
    """WDD: "all characters fight at -2 to hit while mounted, except those with the Mounted
    Combat Feat"; R31: a charger is rank 4."""
    enc = make([10, 10, 3])
    brannoc = pc(enc, "Brannoc")
    mount(enc, brannoc.id, 4)
    assert brannoc.mount == 4
    assert attack(enc, brannoc.id, "goblin-1").rolls()[0].modifier == 0
    enc.character(brannoc).feats.append(MOUNTED_COMBAT)
    brannoc.acted = False
    assert attack(enc, brannoc.id, "goblin-1").rolls()[0].modifier == 2
    with pytest.raises(RuleError, match="ranks"):
        mount(enc, brannoc.id, 5)


# --- volleys -----------------------------------------------------------------------------------

def test_a_volley_lands_on_a_random_combatant_close_to_the_target() -> None:
    """WDD: "Missile Weapons attack in a Volley, which is to say the target is randomized";
    R31: among the target and those CLOSE to it (a recorded d2 picks goblin 2)."""
    enc = make([2, 15, 4], foes=((GOBLIN, 1),), count=2)
    brannoc = pc(enc, "Brannoc")
    crossbow = next(w for w in enc.character(brannoc).inventory.weapons if w.name == "Crossbow")
    step = attack(enc, brannoc.id, "goblin-1", weapon_uid=crossbow.uid)
    assert step.rolls()[0].expression == "1d2"
    assert enc.combatant("goblin-2").hp < 5 and enc.combatant("goblin-1").hp == 5


def test_a_shield_bearer_close_may_volunteer_to_take_the_shot() -> None:
    """WDD: "If a character is armed with a shield, they can voluntarily become the target of
    a volley shot against an adjacent character": Maud takes the arrow meant for Wren."""
    archer = MonsterStats(name="Archer", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6",
                          ranged=True, weapon="bow")
    enc = make([15, 3], foes=((archer, 1),))
    wren, maud = pc(enc, "Wren"), pc(enc, "Sister")
    step = attack(enc, "archer-1", wren.id, volunteer=maud.id)
    assert enc.character(maud).hp == 2 and enc.character(wren).hp == 6
    assert "Maud" in step.summary
    enc.combatant("archer-1").acted = False
    with pytest.raises(RuleError, match="shield"):
        attack(enc, "archer-1", maud.id, volunteer=wren.id)


def test_volleys_off_shoot_where_aimed() -> None:
    settings = CampaignSettings()
    settings.rules.volleys = False
    enc = make([15, 4], foes=((GOBLIN, 1),), count=2, settings=settings)
    brannoc = pc(enc, "Brannoc")
    crossbow = next(w for w in enc.character(brannoc).inventory.weapons if w.name == "Crossbow")
    attack(enc, brannoc.id, "goblin-1", weapon_uid=crossbow.uid)
    assert enc.combatant("goblin-1").hp < 5
