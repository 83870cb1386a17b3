"""Furnace attacks: the roll, EASY/HARD, range by zones, damage (issue #4; R7, R12, R17, R28-R30).

The party is the example campaign's four 1st-level characters. Brannoc Ironhand: fighter,
STR +1, PROF +1, arming sword (1d8) and shield, scale mail, AC 17, 7 HP. Wren: rogue, STR -1,
DEX +2, arming sword, no shield. Goblins: ROOM DC 12 (AC 12, R30), 5 HP, +2 to hit, 1d6.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import CampaignSettings, CritDamage, InitiativeMode
from emberkeep.character.checks import Difficulty
from emberkeep.dice import ScriptedRoller, ScriptExhausted
from emberkeep.encounter.attack import attack, choose_weapon, resolve_attack, roll_attack
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.gear.inventory import own
from emberkeep.gear.owned import OwnedWeapon

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
BRUTE = MonsterStats(name="Brute", max_hp=200, room_dc=12, attack_bonus=0, damage="1d6",
                     weapon="club")
LURKER = MonsterStats(name="Lurker", max_hp=200, room_dc=12, attack_bonus=0, damage="1d6")


def make(faces: Iterable[int] = (), *, foes: Iterable[tuple[MonsterStats, int]] = ((GOBLIN, 0),),
         count: int = 1, settings: CampaignSettings | None = None,
         mode: InitiativeMode = InitiativeMode.GROUP) -> Encounter:
    """The party at zone 0 and, for each (stats, zone), ``count`` monsters of that kind."""
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    combatants: list[Combatant] = list(pc_combatants(party))
    for stats, position in foes:
        combatants += monster_combatants(stats, count, position=position)
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(list(faces)),
                     settings=settings or CampaignSettings(), mode=mode)


def pc(enc: Encounter, prefix: str) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name.startswith(prefix))


def give(enc: Encounter, who: Combatant, gear_id: str, *, hold: bool = True) -> OwnedWeapon:
    """Put a catalog weapon in a PC's hand (the others go back on the belt)."""
    inv = enc.character(who).inventory
    piece = own(gear_id)
    assert isinstance(piece, OwnedWeapon)
    inv.put(piece)
    if hold:
        for w in inv.weapons:
            w.equipped = w is piece
    return piece


# --- the roll -------------------------------------------------------------------------------

def test_a_hit_is_d20_plus_str_plus_prof_against_ac_and_deals_dice_plus_str() -> None:
    """R7/R29: d20 + STR + PROF vs AC 12 (R30: the ROOM DC); 1d8 + STR damage; jostled (R31)."""
    enc = make([10, 3])
    step = attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    goblin = enc.combatant("goblin-1")
    assert step.rolls()[0].total == 12  # 10 + 1 + 1 meets AC 12
    assert goblin.hp == 5 - (3 + 1) and goblin.jostled
    assert pc(enc, "Brannoc").acted and step.summary == "Brannoc Ironhand hits Goblin for 4"


def test_a_miss_changes_no_hp_and_counts_toward_luck_dice() -> None:
    """R29: "You get a Luck Die after the second failed roll in a row"."""
    enc = make([9, 9])
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")
    brannoc.acted = False
    attack(enc, brannoc.id, "goblin-1")
    assert enc.combatant("goblin-1").hp == 5
    assert enc.character(brannoc).luck.dice == 1


def test_a_luck_die_spent_after_seeing_the_roll_turns_a_miss_into_a_hit() -> None:
    """R29: "a d6 a player may roll and add to any d20 roll after seeing it"."""
    enc = make([8, 4, 2])
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).luck = enc.character(brannoc).luck.model_copy(update={"dice": 1})
    attack(enc, brannoc.id, "goblin-1", luck=True)
    assert enc.character(brannoc).luck.dice == 0
    assert enc.combatant("goblin-1").hp == 5 - (2 + 1)  # 8 + 2 + 4 (luck) = 14 hits


@pytest.mark.parametrize(("setup", "target_number"), [
    ("prone_target_melee", 9),     # R28: melee against PRONE is EASY
    ("stunned_target", 9),         # R28: attacks against STUNNED are EASY
    ("dodging_target", 15),        # Furnace: "DODGE (You are HARD to hit)"
    ("blinded_attacker", 15),      # R28: BLINDED: own attacks HARD
    ("frightened_and_stunned", 12),  # HARD and EASY cancel (combine_difficulty)
])
def test_easy_and_hard_move_the_target_number_by_three(setup: str, target_number: int) -> None:
    enc = make([2])
    brannoc, goblin = pc(enc, "Brannoc"), enc.combatant("goblin-1")
    if setup == "prone_target_melee":
        goblin.conditions = (ActiveCondition("PRONE"),)
    elif setup == "stunned_target":
        goblin.conditions = (ActiveCondition("STUNNED", 2, "rounds"),)
    elif setup == "dodging_target":
        goblin.dodging = True
    elif setup == "blinded_attacker":
        brannoc.conditions = (ActiveCondition("BLINDED", 2, "rounds"),)
    else:
        brannoc.conditions = (ActiveCondition("FRIGHTENED"),)
        goblin.conditions = (ActiveCondition("STUNNED", 2, "rounds"),)
    with enc.action(brannoc.id, "attack") as tx:
        roll = roll_attack(enc, tx, brannoc, goblin)
    assert roll.target_number == target_number and roll.target_ac == 12


def test_ranged_attacks_against_prone_are_hard_and_use_dex() -> None:
    """R28: "ranged HARD" against PRONE; Furnace: DEX is used for ranged attacks."""
    enc = make([10], foes=((GOBLIN, 1),))
    wren, goblin = pc(enc, "Wren"), enc.combatant("goblin-1")
    goblin.conditions = (ActiveCondition("PRONE"),)
    with enc.action(wren.id, "attack") as tx:
        roll = roll_attack(enc, tx, wren, goblin)  # the sling reaches NEAR
    assert roll.weapon.name == "Sling" and roll.total == 10 + 2 + 1
    assert roll.target_number == 15 and roll.difficulty is Difficulty.HARD


def test_next_attack_conditions_are_spent_by_the_next_attack() -> None:
    """Fumble 3 "Your next ATK is HARD", fumble 9 "Next ATK against you is EASY": one each."""
    enc = make([10])
    brannoc, goblin = pc(enc, "Brannoc"), enc.combatant("goblin-1")
    brannoc.conditions = (ActiveCondition("attacks_hard", None, "next_attack"),)
    goblin.conditions = (ActiveCondition("easy_to_hit", None, "next_attack"),)
    with enc.action(brannoc.id, "attack") as tx:
        roll = roll_attack(enc, tx, brannoc, goblin)
    assert roll.difficulty is Difficulty.NORMAL
    assert not brannoc.conditions and not goblin.conditions  # both spent


# --- range by zones -------------------------------------------------------------------------

def test_melee_needs_close_and_far_is_never_attackable() -> None:
    """Furnace zones: CLOSE is melee range; FAR "you can only hear it"."""
    enc = make(foes=((GOBLIN, 1), (LURKER, 3)))
    brannoc = pc(enc, "Brannoc")
    sword = enc.character(brannoc).inventory.weapons[0]
    with pytest.raises(RuleError, match="cannot reach"):
        choose_weapon(enc, brannoc, enc.combatant("goblin-1"), sword.uid)
    with pytest.raises(RuleError, match="no weapon that reaches"):
        choose_weapon(enc, brannoc, enc.combatant("lurker-1"))
    # by default the crossbow on the belt is drawn for a NEAR foe
    assert choose_weapon(enc, brannoc, enc.combatant("goblin-1")).name == "Crossbow"


def test_thrown_low_range_and_ranged_weapons_reach_what_their_tags_say() -> None:
    """Handaxe "Thrown: Can ATK NEAR"; Sling "Low-range: Can only ATK NEAR"."""
    enc = make(foes=((GOBLIN, 1), (LURKER, 2)))
    wren = pc(enc, "Wren")
    axe = give(enc, wren, "hand_axe")
    thrown = choose_weapon(enc, wren, enc.combatant("goblin-1"), axe.uid)
    assert thrown.thrown and thrown.ranged
    sling = next(w for w in enc.character(wren).inventory.weapons if w.name == "Sling")
    with pytest.raises(RuleError, match="cannot reach"):
        choose_weapon(enc, wren, enc.combatant("lurker-1"), sling.uid)
    bow = give(enc, wren, "hunting_bow")
    assert choose_weapon(enc, wren, enc.combatant("lurker-1"), bow.uid).name == "Hunting bow"


def test_a_dropped_weapon_cannot_attack_and_a_fist_does_one_plus_str() -> None:
    """R17: a dropped weapon takes a round to pick up; meanwhile a fist (damage 1, + STR)."""
    enc = make([15])
    brannoc = pc(enc, "Brannoc")
    sword = enc.character(brannoc).inventory.weapons[0]
    sword.dropped = True
    with pytest.raises(RuleError, match="dropped"):
        attack(enc, brannoc.id, "goblin-1", weapon_uid=sword.uid)
    attack(enc, brannoc.id, "goblin-1")
    assert enc.combatant("goblin-1").hp == 5 - (1 + 1)


# --- damage ---------------------------------------------------------------------------------

def test_two_handed_weapons_add_one_and_a_half_str_rounded_up() -> None:
    """R12: two-handed ceil(1.5 × STR): STR 1 → +2."""
    enc = make([15, 4], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).inventory.carry_shield(None)
    give(enc, brannoc, "longsword")
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - (4 + 2)


def test_a_two_handed_weapon_cannot_be_used_with_a_shield() -> None:
    """Greataxe "Heavy: can't use in 1H": a carried shield takes a hand."""
    enc = make([15], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    axe = give(enc, brannoc, "greataxe")
    with pytest.raises(RuleError, match="both hands"):
        attack(enc, brannoc.id, "brute-1", weapon_uid=axe.uid)


def test_a_versatile_weapon_uses_its_two_handed_die_with_both_hands_free() -> None:
    """Spear: 1d6 one-handed, 1d8 "(in 2H)"; with no shield it is held in two hands."""
    enc = make(foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    spear = give(enc, brannoc, "spear")
    brute = enc.combatant("brute-1")
    assert choose_weapon(enc, brannoc, brute, spear.uid).dice == "1d6"  # shield carried
    enc.character(brannoc).inventory.carry_shield(None)
    held = choose_weapon(enc, brannoc, brute, spear.uid)
    assert (held.dice, held.grip) == ("1d8", "two_handed")


def test_ranged_damage_adds_nothing_unless_recoil() -> None:
    """R29: "ranged damage adds nothing unless a tag says so (Recoil: STR)"."""
    enc = make([15, 5, 15, 5], foes=((BRUTE, 1),))
    brannoc = pc(enc, "Brannoc")
    crossbow = enc.character(brannoc).inventory.weapons[1]
    attack(enc, brannoc.id, "brute-1", weapon_uid=crossbow.uid)
    assert enc.combatant("brute-1").hp == 195
    bow = give(enc, brannoc, "composite_bow")
    brannoc.acted = False
    attack(enc, brannoc.id, "brute-1", weapon_uid=bow.uid)
    assert enc.combatant("brute-1").hp == 195 - (5 + 1)


def test_notches_take_one_each_weak_halves_melee_and_a_hit_does_at_least_one() -> None:
    """R17 "Each notch is -1 damage (a hit still does at least 1)"; R28 WEAK halves melee
    damage, rounded down."""
    enc = make([15, 6, 15, 1], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).inventory.weapons[0].notches = 2
    brannoc.conditions = (ActiveCondition("WEAK"),)
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - (6 + 1 - 2) // 2
    brannoc.acted = False
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 198 - 1


def test_a_monster_attacks_with_its_bonus_against_the_pc_armor() -> None:
    """R30: a monster rolls d20 + attack bonus; damage its dice; the PC's HP is on its sheet."""
    enc = make([14, 4, 13])
    maud = pc(enc, "Sister")  # AC 16
    attack(enc, "goblin-1", maud.id)  # 14 + 2 = 16 meets AC 16
    assert enc.character(maud).hp == 5 - 4
    enc.combatant("goblin-1").acted = False
    attack(enc, "goblin-1", maud.id)  # 13 + 2 = 15: a miss
    assert enc.character(maud).hp == 1


def test_an_attack_refused_half_way_leaves_no_trace() -> None:
    enc = make([15])
    start = enc.fingerprint()
    with pytest.raises(ScriptExhausted):
        attack(enc, pc(enc, "Brannoc").id, "goblin-1")  # the damage die is missing
    assert enc.fingerprint() == start and enc.history == []


def test_heavy_weapons_attack_every_other_round_in_segments_unless_str_15() -> None:
    """WDD: "Heavy, two-handed weapons can only be used once every other round UNLESS the
    bearer's STR is 15 or more"."""
    enc = make([15, 4], foes=((BRUTE, 0),), mode=InitiativeMode.SEGMENTS)
    wren = pc(enc, "Wren")  # STR 9
    give(enc, wren, "greataxe")
    enc.state.round = 1
    attack(enc, wren.id, "brute-1")
    enc.state.round, wren.acted = 2, False
    with pytest.raises(RuleError, match="every other round"):
        attack(enc, wren.id, "brute-1")


def test_undo_restores_the_state_before_the_attack() -> None:
    enc = make([20, 3, 4])
    start = enc.fingerprint()
    attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    enc.undo()
    assert enc.fingerprint() == start


def test_resolve_can_be_called_later_on_a_rolled_attack() -> None:
    """Simultaneous melee rolls every attack first, then resolves them in order."""
    enc = make([12, 5])
    brannoc = pc(enc, "Brannoc")
    with enc.action(brannoc.id, "attack") as tx:
        roll = roll_attack(enc, tx, brannoc.id, "goblin-1")
        assert enc.combatant("goblin-1").hp == 5
        out = resolve_attack(enc, tx, roll)
    assert out.killed and out.damage == 6 and out.hp_after == -1


def test_wdd_double_damage_replaces_the_crit_table() -> None:
    """R19: "A campaign may choose WDD's doubling instead"."""
    enc = make([20, 3], foes=((BRUTE, 0),),
               settings=CampaignSettings(crit_damage=CritDamage.WDD_DOUBLE))
    step = attack(enc, pc(enc, "Brannoc").id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 2 * (3 + 1)
    assert not [e for e in step.events if type(e).__name__ == "Row"]
