"""R40, the readings of the texts the app holds to, each with scripted dice and the numbers the
reading gives (and the other reading's number beside it, where the two differ).

The party is the example's (see test_encounter_attack): Brannoc has an arming sword (1d8, STR +1,
PROF +1: ATK +2, a maximum blow of 9) and 7 HP; the brute has 200 HP.
"""

from __future__ import annotations

import pytest

from emberkeep.breakdown import Part
from emberkeep.campaign.settings import CampaignSettings, CritDamage
from emberkeep.character.bonuses import skill_bonus
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.funnel import advance_to_first, roll_zero_level, with_race
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.turns import start
from emberkeep.magic.lay_on_hands import lay_on_hands
from emberkeep.magic.limits import spells_known, spells_known_breakdown
from emberkeep.melee_round.engine_bridge import Declared, movement_phase
from emberkeep.melee_round.phases import resolve_exchange
from emberkeep.melee_round.tactic_steps import evade_step, unopposed_step
from tests.core.test_character_creation import SCORES, _fighter_choices
from tests.core.test_encounter_attack import BRUTE, make, pc
from tests.core.test_encounter_initiative import cid, goblins, make_encounter, make_pc
from tests.core.test_encounter_initiative_segments import SEG
from tests.core.test_melee_round_rules import dice as mr_dice
from tests.core.test_melee_round_rules import knight as mr_knight
from tests.core.test_melee_round_rules import side as mr_side
from tests.core.test_melee_round_tactics import kid as mr_kid
from tests.core.test_melee_round_tactics import setup as mr_setup

BRUTE_HP = 200
MAX_BLOW = 9  # arming sword 1d8 at maximum + STR 1 (R19)


def _crit_at(enc: Encounter, class_id: str, crit_face: int, *faces: int) -> None:
    """Brannoc, at level 5 of ``class_id`` (the crit die a d20: its face is the row), rolls a
    natural 20 at brute-1; ``faces`` are the row's dice."""
    brannoc = pc(enc, "Brannoc")
    sheet = enc.character(brannoc)
    sheet.class_id, sheet.level = class_id, 5
    enc.roller = ScriptedRoller([20, crit_face, *faces])
    attack(enc, brannoc.id, "brute-1")
    assert enc.roller.remaining == 0


@pytest.mark.parametrize(("class_id", "extra_die_face"), [("fighter", 7), ("cleric", 6)])
def test_crit_row_1_strikes_an_ally_of_the_attacker_not_of_the_target(
        class_id: str, extra_die_face: int) -> None:
    """R40: Fighter and Cleric crit row 1, "1d4 DAM to a random ally CLOSE to the target",
    strikes an ally of the attacker. Sister Maud (Brannoc's ally) and a second brute (the
    target's) both stand CLOSE to the brute: Maud takes the 1d4 (3), the second brute nothing."""
    enc = make(foes=((BRUTE, 0),), count=2)
    maud = pc(enc, "Sister")
    enc.character(maud).max_hp = enc.character(maud).hp = 40
    for other in (pc(enc, "Wren"), pc(enc, "Ysolde")):
        other.position = 6  # out of the way: Maud is Brannoc's one ally CLOSE to the brute
    _crit_at(enc, class_id, 1, extra_die_face, 3)
    assert enc.combatant("brute-1").hp == BRUTE_HP - MAX_BLOW - extra_die_face
    assert enc.character(maud).hp == 40 - 3
    assert enc.combatant("brute-2").hp == BRUTE_HP


def test_fighter_crit_20_else_2d12_comes_on_top_of_the_maximum_damage() -> None:
    """R40: Fighter crit 20, "dies instantly if it has less HP than you. Else you inflict 2d12
    DAM": the brute has more HP than Brannoc, so 2d12 (5 + 6) on top of the maximum blow of 9:
    200 - 9 - 11 = 180 (not 200 - 11)."""
    enc = make(foes=((BRUTE, 0),))
    _crit_at(enc, "fighter", 20, 5, 6)
    assert enc.combatant("brute-1").hp == BRUTE_HP - MAX_BLOW - 11 == 180


def test_a_crit_condition_that_names_no_duration_lasts_the_encounter() -> None:
    """R40: a crit-table condition with no duration ("enemy's ATK is HARD", Rogue row 13) lasts
    until the end of the encounter: no count of rounds, ended with the fight."""
    enc = make(foes=((BRUTE, 0),))
    _crit_at(enc, "rogue", 13, 4)  # +1d8 DAM: 4
    brute = enc.combatant("brute-1")
    assert brute.hp == BRUTE_HP - MAX_BLOW - 4
    hard = [c for c in brute.conditions if c.name != "weapon_broken"]
    assert [(c.rounds_left, c.until) for c in hard] == [(None, "encounter")]


@pytest.mark.parametrize(("face", "weak_first", "double_first"), [(4, 4, 5), (6, 6, 7)])
def test_weak_halves_before_wdd_doubles(face: int, weak_first: int, double_first: int) -> None:
    """R40: WEAK halves before WDD's doubling. A WEAK Brannoc's crit under WDD_DOUBLE (R19),
    sword face 4: (4 + 1) // 2 = 2, doubled = 4; doubling first would give 10 // 2 = 5."""
    settings = CampaignSettings()
    settings.rules.crit_tables = False
    settings.crit_damage = CritDamage.WDD_DOUBLE
    enc = make([20, face], foes=((BRUTE, 0),), settings=settings)
    brannoc = pc(enc, "Brannoc")
    brannoc.conditions = (ActiveCondition("WEAK"),)
    attack(enc, brannoc.id, "brute-1")
    assert (face + 1) // 2 * 2 == weak_first and (face + 1) * 2 // 2 == double_first
    assert enc.combatant("brute-1").hp == BRUTE_HP - weak_first


def test_a_natural_2_that_reaches_the_ac_hits_and_notches() -> None:
    """R40 with R17: a natural 2 that reaches the target still hits, and notches the weapon
    (no drop: that is a natural 1's). Brannoc's 2 + 2 = 4 against a ROOM DC of 4: the sword
    (face 6) hits for 6 + 1; the notch is -1 DAM from the next blow on (R17): a 15, face 6,
    then does 6 + 1 - 1."""
    settings = CampaignSettings()
    settings.rules.fumble_tables = False
    mouse = MonsterStats(name="Mouse", max_hp=BRUTE_HP, room_dc=4, attack_bonus=0,
                         damage="1d2")
    enc = make([2, 6, 15, 6], foes=((mouse, 0),), settings=settings)
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "mouse-1")
    blade = next(w for w in enc.character(brannoc).inventory.weapons
                 if w.name == "Arming sword")
    assert (blade.notches, blade.dropped) == (1, False)
    assert enc.combatant("mouse-1").hp == BRUTE_HP - 7
    brannoc.acted = False
    attack(enc, brannoc.id, "mouse-1")
    assert enc.combatant("mouse-1").hp == BRUTE_HP - 7 - 6
    assert blade.notches == 1  # a 15 notches nothing


def test_a_natural_20_on_lay_on_hands_adds_double_prof() -> None:
    """R40 with R8: a natural 20 on Lay on Hands adds 2×PROF: 20 + WIS 1 + PROF 2 = 23 (3 HD),
    + 4 = 27: the 4 HD band (R11); each HD heals its d8 (2, 3, 4, 5)."""
    result = lay_on_hands(ScriptedRoller([20, 2, 3, 4, 5]), wis_mod=1, prof=2, room_dc=12,
                          target_level=5, hd_available=5, hit_die=8)
    assert result.check.total == 27 and result.band_hd == 4
    assert result.hd_spent == 4 and result.healed == 14


@pytest.mark.parametrize(("level", "int_mod", "known"), [
    (1, -1, 1), (1, -3, 1), (2, -4, 1), (3, -4, 1), (4, -4, 1), (5, -4, 2)])
def test_spells_known_never_fall_below_one(level: int, int_mod: int, known: int) -> None:
    """R40: a Magic-user's 1 + LVL + INT (R10) never falls below 1; what a feature adds comes
    on top of that 1 (Bookworm's +2 on 1 + 1 - 4 is 3, not 0)."""
    assert spells_known("magic_user", level, int_mod) == known == max(1, 1 + level + int_mod)
    assert spells_known("magic_user", 1, -4, extra=2) == 3
    floor = spells_known_breakdown("magic_user", 2, -4)
    # 1 + 2 - 4 = -1, raised by 2 to 1, the breakdown citing R40
    assert floor.total == 1 and floor.parts[-1] == Part("raised to at least 1", 2, 40)


def test_a_human_funnel_survivor_picks_its_prof_skill_at_first_level() -> None:
    """R40: a Human funnel character leaves its chosen PROF skill (R2) for later, and picks it
    when it reaches 1st level: PROF in Nature then, its skill bonus INT (+0) + PROF (+1)."""
    peasant = roll_zero_level(ScriptedRoller([*SCORES, 3, 18]), name="Ann")
    peasant = with_race(peasant, "human")
    assert peasant.race_skill is None and Skill.NATURE not in peasant.skill_proficiencies
    advance_to_first(peasant, SHIPPED, _fighter_choices(skills=(Skill.STEALTH,),
                                                        equipment=None),
                     ScriptedRoller([2]), race_skill=Skill.NATURE)
    assert peasant.race_skill is Skill.NATURE and Skill.NATURE in peasant.skill_proficiencies
    assert peasant.prof == 1 and skill_bonus(peasant, Skill.NATURE) == 0 + 1


@pytest.mark.parametrize(("dex", "segment"), [(1, 6), (2, 6), (3, 6), (4, 5), (8, 4)])
def test_dex_3_or_less_gives_plus_2_on_the_segment_roll(dex: int, segment: int) -> None:
    """R40 with R20: DEX 3 or less gives +2 on WDD's segment d10 (DEX 4-7 +1): d10 4 → 6."""
    enc = make_encounter([make_pc("Pat", dex=dex)], goblins(1), [4, 5], mode=SEG)
    pat = enc.combatant(cid(enc, "Pat"))
    start(enc, surprise=[])
    assert pat.initiative == segment


# --- the Melee Round ---------------------------------------------------------------------------

def test_melee_round_a_losers_shield_counts_against_a_critical() -> None:
    """R40: in the Melee Round a loser's shield counts against a critical too (R23's partial
    success). Sword 15: a's 15 is a critical, b's 10 a plain success; 8d6 of 4s = 32 (twice
    SIZ 15 or more: knocked down, no roll); b's shield 6 and armor 10: 32 - 16 = 16 taken
    (22 without the shield). Had b failed (an 18), no shield: 32 - 10 = 22."""
    a, b = mr_side("a", mr_knight()), mr_side("b", mr_knight())
    ex = resolve_exchange(mr_dice(15, 10, *[4] * 8), a, b)
    assert ex.result.winner == "a" and ex.result.partial and ex.result.a.critical
    lr = ex.loser
    assert ex.blow is not None and ex.blow.rolled == 32 and lr is not None
    assert (lr.shield, lr.armor, lr.actual) == (6, 10, 32 - 6 - 10)
    assert lr.hp_after == b.hp - 16
    failed = resolve_exchange(mr_dice(15, 18, *[4] * 8), mr_side("a", mr_knight()),
                              mr_side("b", mr_knight()))
    assert failed.loser is not None and (failed.loser.shield, failed.loser.actual) == (0, 22)


def test_melee_round_cover_and_a_shield_against_missiles_give_minus_5_once() -> None:
    """R40: cover and a shield against a missile do not stack: -5 once. The bandit (skill 10)
    throws a javelin at the knight, who has a shield and stands in cover: skill 5, so a 4 hits
    (at -10 it would miss)."""
    enc, _, roller = mr_setup([4, 1, 1, 1], position=30)
    step = unopposed_step(enc, "bandit-1", mr_kid(enc), Declared(weapon="javelin"),
                          target_cover=True)
    notes = [getattr(e, "text", "") for e in step.events]
    assert [n for n in notes if "-5" in n] == ["shield as cover -5"]
    assert "hits" in step.summary and roller.remaining == 0


def test_melee_round_an_evasion_both_fail_leaves_the_evader_in_place_unhurt() -> None:
    """R40: an evasion where both rolls fail leaves the evader where it was and unhurt. The
    knight's DEX 14 - 5 = 9 fails on a 12; the bandit's skill 10 + 5 = 15 fails on a 17: no
    damage die is rolled, the knight keeps its 28 HP and is still engaged (no evasion won)."""
    enc, ch, roller = mr_setup([12, 17])
    step = evade_step(enc, mr_kid(enc), "bandit-1")
    assert "fails to get away but is not hit" in step.summary
    assert ch.knight is not None and ch.knight.hp == 28 and roller.remaining == 0
    assert enc.combatant(mr_kid(enc)).position == 0
    with pytest.raises(RuleError, match="evade first"):
        movement_phase(enc, {mr_kid(enc): -3})
