"""The Melee Round's rules core (seed 001 "THE MELEE ROUND", R23-R25, R33) with scripted dice."""

from __future__ import annotations

import pytest

from emberkeep.character.knight import KnightProfile, derive
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.encounter.engine import RuleError
from emberkeep.melee_round.catalog import HorseKind, armor_spec, catalog, horse, weapon
from emberkeep.melee_round.fighter import Fighter, from_knight, from_monster
from emberkeep.melee_round.modifiers import Stance, fatigue_penalty, pair_modifiers
from emberkeep.melee_round.phases import Blow, Side, fall_dice, losers_phase, resolve_exchange
from emberkeep.melee_round.rolls import Outcome, RollerDice, check, opposed

MACER = {"skills": {"Mace": 15}}
SWORD, MACE, LANCE, SPEAR = weapon("sword"), weapon("mace"), weapon("lance"), weapon("spear")


def knight(**changes: object) -> Fighter:
    return from_knight("Sir Test", KnightProfile.model_validate(changes))


def side(who: str, f: Fighter, w: str = "sword", hp: int | None = None, **stance: object) -> Side:
    return Side(who, f, Stance(weapon=weapon(w), **stance),  # type: ignore[arg-type]
                f.hit_points if hp is None else hp)


def dice(*faces: int) -> RollerDice:
    return RollerDice(ScriptedRoller(faces))


# --- R24, R25: the sheet's numbers --------------------------------------------------------

def test_r24_derived_statistics_of_a_standard_knight() -> None:
    d = derive(siz=15, dex=10, strength=10, con=13)
    assert (d.hit_points, d.unconscious, d.major_wound, d.knockdown) == (28, 7, 13, 15)
    assert d.damage == "4d6" and d.move == 2  # "if his normal damage is 4d6"


def test_r24_halves_round_up() -> None:
    d = derive(siz=16, dex=11, strength=14, con=14)
    assert d.hit_points == 30 and d.unconscious == 8  # 7.5 → 8
    assert d.damage_dice == 5 and d.move == 3  # 30 / 6 = 5; 25 / 10 = 2.5 → 3


def test_r25_the_texts_numbers_hold_in_the_catalog() -> None:
    """"chainmail, which provides 10 armor points and also causes a -10 DEX penalty";
    "Reinforced chainmail (which provides 12 armor points)"; "A shield grants 6"."""
    assert (armor_spec("chainmail").points, armor_spec("chainmail").dex_penalty) == (10, 10)
    assert armor_spec("reinforced_chainmail").points == 12
    assert catalog().shield_points == 6 and KnightProfile().shield_points == 6
    assert [horse(k).damage for k in HorseKind] == ["6d6", "5d6", "4d6"]


def test_r33_knight_attributes_are_its_own_and_armor_takes_dex() -> None:
    k = KnightProfile(DEX=14, armor_points=10, armor_dex_penalty=10)
    assert k.dex_roll == 4 and k.skill("DEX") == 14 and k.skill("Horsemanship") == 10


def test_r33_monster_fights_with_skill_armor_siz_damage_and_hp() -> None:
    bear = MeleeMonster(name="Bear", max_hp=40, skill=14, armor_points=3, siz=25, damage="6d6")
    f = from_monster(bear)
    assert (f.skill("Sword"), f.armor, f.siz, f.damage_dice, f.hit_points) == (14, 3, 25, 6, 40)
    assert f.major_wound is None and f.unconscious == 10


# --- R23: rolls ----------------------------------------------------------------------------

@pytest.mark.parametrize(("natural", "outcome"), [
    (14, Outcome.SUCCESS), (15, Outcome.CRITICAL), (16, Outcome.FAILURE), (20, Outcome.FUMBLE)])
def test_r23_below_succeeds_equal_critical_above_fails_20_fumbles(natural: int,
                                                                  outcome: Outcome) -> None:
    assert check(15, natural).outcome is outcome


def test_r23_skill_over_20_adds_its_excess_and_never_fumbles() -> None:
    assert check(20, 20).outcome is Outcome.CRITICAL
    assert check(25, 15).outcome is Outcome.CRITICAL  # 15 + 5 = 20
    assert check(25, 14).outcome is Outcome.SUCCESS and check(25, 14).value == 19


def test_r23_opposed_resolution() -> None:
    crit_vs_plain = opposed(check(15, 15), check(15, 14))
    assert crit_vs_plain.winner == "a" and crit_vs_plain.partial
    higher = opposed(check(15, 9), check(15, 12))
    assert higher.winner == "b" and higher.partial  # the loser had a partial success
    assert opposed(check(15, 9), check(12, 9)).tie  # "both roll the same number"
    assert opposed(check(15, 15), check(12, 12)).tie  # "unless both fighters rolled criticals"
    both_fail = opposed(check(10, 16), check(10, 20))
    assert both_fail.winner is None and both_fail.both_failed and not both_fail.tie
    plain = opposed(check(10, 5), check(10, 16))
    assert plain.winner == "a" and not plain.partial


# --- modifiers (R25) -----------------------------------------------------------------------

def test_r25_height_advantage_and_lance_charge_make_plus_10() -> None:
    """"This modifier stacks with that gained from a lance charge (for a total of +10)"."""
    m = pair_modifiers(Stance(LANCE, mounted=True, charging=True), Stance(SWORD))
    assert (m.a, m.b) == (10, -5)


def test_height_is_lost_against_a_great_spear_and_a_charge_against_a_charge() -> None:
    m = pair_modifiers(Stance(SWORD, mounted=True), Stance(weapon("great_spear")))
    assert (m.a, m.b) == (0, 0)
    joust = pair_modifiers(Stance(LANCE, mounted=True, charging=True),
                           Stance(LANCE, mounted=True, charging=True))
    assert (joust.a, joust.b) == (0, 0)


@pytest.mark.parametrize(("a", "b", "expected"), [
    (Stance(SWORD), Stance(SWORD, in_cover=True), (-5, 0)),  # cover
    (Stance(SWORD, immobilized=True), Stance(SWORD), (-10, 10)),  # immobilized
    (Stance(SWORD, unburdened=True), Stance(SWORD), (5, 0)),  # unburdened
    (Stance(SWORD, poor_visibility=True), Stance(SWORD), (-10, 0)),  # visibility
    (Stance(SWORD), Stance(SWORD, knocked_down=True), (5, -5)),  # knocked down: -5/+5
    (Stance(SWORD, higher_ground=True), Stance(SWORD), (5, -5)),  # a rampart
    (Stance(SWORD, fatigue=3), Stance(SWORD), (-3, 0)),
])
def test_r25_combat_modifiers(a: Stance, b: Stance, expected: tuple[int, int]) -> None:
    m = pair_modifiers(a, b)
    assert (m.a, m.b) == expected


def test_r33_fatigue_is_minus_1_per_round_beyond_con_to_minus_5() -> None:
    assert [fatigue_penalty(r, 13) for r in (13, 14, 16, 18, 30)] == [0, 1, 3, 5, 5]


# --- the exchange: Resolution, Winner's and Loser's phases -----------------------------------

def test_winner_damages_loser_with_knockdown_shield_and_armor_in_the_texts_order() -> None:
    """Loser's Phase: knockdown on the rolled damage, shield 6 on a partial success, armor 10."""
    a, b = side("a", knight()), side("b", knight())
    # d20s 12 and 8 (both succeed, 12 higher); 4d6 = 24; DEX roll (DEX 10 - 10 = 0) 1 fails.
    ex = resolve_exchange(dice(12, 8, 6, 6, 6, 6, 1), a, b)
    assert ex.result.winner == "a" and ex.result.partial
    assert ex.blow is not None and ex.blow.rolled == 24 and ex.blow.dice == 4
    lr = ex.loser
    assert lr is not None and lr.knockdown == "fell" and lr.fell
    assert (lr.shield, lr.armor, lr.actual, lr.hp_after) == (6, 10, 8, 20)


def test_no_shield_when_the_loser_failed() -> None:
    ex = resolve_exchange(dice(12, 18, 3, 3, 3, 3), side("a", knight()), side("b", knight()))
    assert ex.loser is not None and ex.loser.shield == 0 and ex.loser.actual == 2


def test_knockdown_below_siz_nothing_at_siz_a_dex_roll_at_twice_siz_automatic() -> None:
    """"equal to or greater than the SIZ value but less than twice that value ... DEX roll";
    "twice the value of his SIZ attribute or more, he is knocked down automatically"."""
    nimble = knight(DEX=18, armor_dex_penalty=0)
    lr = losers_phase(dice(), side("b", nimble), Blow(4, 14, False, True, False), partial=False)
    assert lr.knockdown == "none"
    roller = ScriptedRoller([17])
    lr = losers_phase(RollerDice(roller), side("b", nimble), Blow(4, 15, False, True, False),
                      partial=False)
    assert lr.knockdown == "recovered" and not lr.fell and roller.remaining == 0
    lr = losers_phase(dice(), side("b", nimble), Blow(8, 30, False, True, False), partial=False)
    assert lr.knockdown == "automatic" and lr.fell and lr.knockdown_check is None


def test_mounted_knockdown_rolls_horsemanship_and_a_fall_does_1d6() -> None:
    """"a Horsemanship roll if mounted ... If he was mounted, he takes 1d6 damage"."""
    b = side("b", knight(horsemanship=10), mounted=True)
    lr = losers_phase(dice(13, 4), b, Blow(4, 20, False, True, False), partial=True)
    assert lr.knockdown_check is not None and lr.knockdown_check.skill == 10
    assert lr.dismounted and lr.fall_damage == 4
    assert lr.hp_after == 28 - 4 - (20 - 10 - 6)


def test_a_fumbled_dex_roll_on_a_wall_plummets_1d6_per_3_yards() -> None:
    """R33: "A fall from a height: 1d6 per 3 yards"."""
    b = Side("b", knight(DEX=15, armor_dex_penalty=0), Stance(SWORD), 28, height_yards=6)
    lr = losers_phase(dice(20, 3, 5), b, Blow(4, 16, False, True, False), partial=False)
    assert fall_dice(6) == 2 and lr.fall_damage == 8 and lr.hp_after == 28 - 8 - 6


def test_a_critical_doubles_the_damage_dice() -> None:
    """"if his normal damage is 4d6, he would roll 8d6"."""
    ex = resolve_exchange(dice(15, 10, *[1] * 8), side("a", knight()), side("b", knight()))
    assert ex.blow is not None and ex.blow.dice == 8 and ex.blow.doubled and ex.tick == "Sword"


def test_major_wound_unconscious_and_dying() -> None:
    """R24 Major Wound = CON; Unconscious = HP / 4; R33: at HP 0 or less the knight is dying."""
    b = side("b", knight(), hp=28)
    lr = losers_phase(dice(), b, Blow(8, 30, True, True, False), partial=False)  # 30 = 2×15
    assert lr.actual == 20 and lr.major_wound and lr.hp_after == 8 and not lr.unconscious
    lr = losers_phase(dice(), side("b", knight(), hp=12), Blow(4, 14, False, True, False),
                      partial=False)
    assert lr.actual == 4 and lr.hp_after == 8 and not lr.unconscious  # 8 > 7
    lr = losers_phase(dice(), side("b", knight(), hp=11), Blow(4, 14, False, True, False),
                      partial=False)
    assert lr.hp_after == 7 and lr.unconscious and not lr.dying  # "at or below Unconscious"
    lr = losers_phase(dice(1), side("b", knight(), hp=12), Blow(4, 25, False, True, False),
                      partial=False)
    assert lr.actual == 15 and lr.major_wound and lr.hp_after == -3 and lr.dying


def test_collapsing_on_horseback_rolls_dex_for_a_gentle_fall() -> None:
    """"may still attempt a DEX roll if on horseback ... Success indicates a gentle fall"."""
    rider = knight(DEX=15, armor_dex_penalty=0, horsemanship=15)
    b = side("b", rider, hp=16, mounted=True)
    # 13 damage: below SIZ 15 (no knockdown), 3 through armor: HP 13... not unconscious.
    lr = losers_phase(dice(), b, Blow(4, 13, False, True, False), partial=False)
    assert lr.gentle_fall is None and not lr.fell
    b = side("b", rider, hp=10, mounted=True)
    lr = losers_phase(dice(5), b, Blow(4, 14, False, True, False), partial=False)
    assert lr.hp_after == 6 and lr.unconscious and lr.gentle_fall is not None
    assert lr.gentle_fall.succeeded and lr.dismounted and lr.hp_after == 6
    lr = losers_phase(dice(18, 2), b, Blow(4, 14, False, True, False), partial=False)
    assert lr.hp_after == 4  # a hard fall: 1d6 = 2 more


def test_tie_sword_breaks_the_other_weapon_and_fumbles_drop_or_break() -> None:
    """"if one combatant's weapon is a sword and the other's is not, the sword breaks the other
    weapon"; a fumble drops a sword and breaks any other weapon (R23, R26)."""
    ex = resolve_exchange(dice(9, 9), side("a", knight()), side("b", knight(**MACER), "mace"))
    assert ex.result.tie and [(g.who, g.what) for g in ex.gear] == [("b", "broken")]
    ex = resolve_exchange(dice(20, 18), side("a", knight()), side("b", knight(**MACER), "mace"))
    assert ex.result.both_failed and [(g.who, g.what) for g in ex.gear] == [("a", "dropped")]
    ex = resolve_exchange(dice(5, 20, 1, 1, 1, 1), side("a", knight()),
                          side("b", knight(**MACER), "mace"))
    assert ("b", "broken") in [(g.who, g.what) for g in ex.gear] and ex.result.winner == "a"


def test_lance_charge_uses_the_horse_damage_and_breaks_on_odd_damage() -> None:
    """"the damage from a lance charge uses the horse's Damage statistic"; "If the total damage
    dealt by the lance is an odd number, then the lance breaks"."""
    a = side("a", knight(), "lance", mounted=True, charging=True)
    b = side("b", knight(), "sword")
    ex = resolve_exchange(dice(5, 3, 6, 6, 6, 6, 6, 5, 1), a, b)  # 6d6 = 35
    assert ex.mods.a == 10 and ex.mods.b == -5  # charge +5, height +5/-5
    assert ex.blow is not None and ex.blow.dice == 6 and ex.blow.rolled == 35
    assert ex.blow.lance_broke and ("a", "broken") in [(g.who, g.what) for g in ex.gear]
    ex = resolve_exchange(dice(5, 3, 6, 6, 6, 6, 6, 6, 1), a, b)  # 36: even, the lance holds
    assert ex.blow is not None and not ex.blow.lance_broke and ex.gear == ()


def test_a_spear_charge_rolls_lance_and_a_lance_fumble_breaks_it() -> None:
    a = side("a", knight(skills={"Lance": 8, "Spear": 4}), "spear", mounted=True,
             charging=True)
    assert a.skill() == ("Lance", 8)  # 8 + 10 = 18: a 20 is still a fumble
    ex = resolve_exchange(dice(20, 5, 1, 1, 1, 1), a, side("b", knight()))
    assert ex.result.a.fumble and ("a", "broken") in [(g.who, g.what) for g in ex.gear]


def test_courser_and_rouncy_damage() -> None:
    for kind, n in ((HorseKind.COURSER, 5), (HorseKind.ROUNCY, 4)):
        a = side("a", knight(horse=kind), "lance", mounted=True, charging=True)
        ex = resolve_exchange(dice(5, 19, *[2] * n, 1), a, side("b", knight()))
        assert ex.blow is not None and ex.blow.dice == n


def test_no_two_handed_weapons_from_horseback() -> None:
    with pytest.raises(RuleError, match="horseback"):
        resolve_exchange(dice(5, 5), side("a", knight(), "halberd", mounted=True),
                         side("b", knight()))


def test_rebated_weapons_wound_only_on_a_critical_and_then_not_doubled() -> None:
    """"rebated weapons and pulled blows deal no actual damage at all except on a critical
    success: In this case, the attack does normal damage, but not the double damage"."""
    soft = Side("a", knight(), Stance(SWORD), 28, rebated=True)
    ex = resolve_exchange(dice(12, 8, 6, 6, 6, 6, 1), soft, side("b", knight()))
    assert ex.loser is not None and ex.loser.actual == 0 and ex.loser.knockdown == "fell"
    ex = resolve_exchange(dice(15, 8, 6, 6, 6, 6, 1), soft, side("b", knight()))
    assert ex.blow is not None and ex.blow.dice == 4 and not ex.blow.doubled
    assert ex.loser is not None and ex.loser.actual == 8


def test_brawling_uses_the_best_of_str_dex_grapple_and_damage_minus_2d6() -> None:
    """R33: "Damage minus 2d6" removes two dice (5d6 → 3d6), never below 1d6."""
    strong = knight(STR=16, SIZ=14, skills={"Grapple": 12})  # Damage 30/6 = 5d6
    a = Side("a", strong, Stance(SWORD), 28, brawling=True)
    assert a.skill() == ("STR", 16)
    ex = resolve_exchange(dice(10, 18, 2, 2, 2), a, Side("b", knight(), Stance(SWORD), 28,
                                                          brawling=True))
    assert ex.blow is not None and ex.blow.dice == 3 and ex.tick is None
    weak = knight(STR=5, SIZ=6)  # Damage 11/6 → 2d6 → 1d6
    ex = resolve_exchange(dice(3, 19, 4), Side("a", weak, Stance(SWORD), 28, brawling=True),
                          Side("b", knight(), Stance(SWORD), 28, brawling=True))
    assert ex.blow is not None and ex.blow.dice == 1
    ex = resolve_exchange(dice(20, 19), Side("a", weak, Stance(SWORD), 28, brawling=True),
                          Side("b", knight(), Stance(SWORD), 28, brawling=True))
    assert ex.fell == ("a",) and ex.gear == ()  # "a fumble indicates that the brawler fell"
