"""The rules reference says what the code does: the numbers a ruling's entry gives (R1, R6, R8,
R11, R32, R41) are read back out of the entry and checked against the function or table the
app plays by, and the rulings the audit found thinly tested get their scripted-dice test here
(R36 level by level, R41 on the segment d10).

A failure here means the reference and the app disagree: fix the one that is wrong, then
regenerate docs/rules.md (``uv run python -m emberkeep.rules_reference > docs/rules.md``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from emberkeep.character.abilities import modifier
from emberkeep.character.advancement import advancement_table, xp_table
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.fending import fend, fend_limit
from emberkeep.encounter.turns import start
from emberkeep.magic.lay_on_hands import lay_on_hands
from emberkeep.magic.spellcheck import load_spellcheck_table, spell_dice_count
from emberkeep.rules_reference import reference
from tests.core.test_encounter_attack import BRUTE, give, make, pc
from tests.core.test_encounter_initiative import cid, goblins, make_encounter, make_pc
from tests.core.test_encounter_initiative_segments import SEG


def app_text(number: int) -> str:
    return reference().ruling(number).app


# --- the reference's numbers are the code's ----------------------------------------------------

def test_r1_the_reference_bands_are_the_modifiers_the_sheet_uses() -> None:
    """R1's entry: "1-3 is -3, 4-5 -2, 6-8 -1, 9-12 0, 13-15 +1, 16-17 +2, 18-19 +3, 20 +4"
    and 13 gives +1 (the entry once said 0, against its own bands); each band's ends give its
    modifier."""
    bands = re.findall(r"(\d+)(?:-(\d+))? (?:is )?([-+]?\d)\b", app_text(1).split(".")[0])
    assert len(bands) == 8
    for low, high, mod in bands:
        for score in (int(low), int(high or low)):
            assert modifier(score) == int(mod), score
    assert modifier(13) == 1 and modifier(12) == 0
    assert app_text(1).startswith("13 gives +1")


def test_r6_the_reference_prof_is_the_advancement_table() -> None:
    """R6's entry: PROF +0 at level 0, +1 at 1-2, +2 at 3-4, +3 at 5-8, +4 at 9-10."""
    said = re.findall(r"\+(\d) at (?:level )?(\d+)(?:-(\d+))?", app_text(6))
    by_level = {row.level: row.prof for row in advancement_table().levels}
    expected = {level: int(prof) for prof, low, high in said
                for level in range(int(low), int(high or low) + 1)}
    assert expected == by_level == {0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 4,
                                    10: 4}


def test_r8_the_reference_bands_and_spell_dice_are_the_spellcheck_table() -> None:
    """R8's entry: 12-15 level 1 … 32-35 level 5, 36+ WONDER; spell dice base, base + 1d, + 3d,
    + 6d, + 10d (a base of 1: 1, 2, 4, 7, 11 dice; a natural 20 two more)."""
    text = app_text(8)
    table = load_spellcheck_table()
    bands = re.findall(r"(\d+)-(\d+) (?:Success Level|level) (\d)", text)
    assert [int(level) for *_, level in bands] == [1, 2, 3, 4, 5]
    for low, high, level in bands:
        assert table.band(int(low)).level == table.band(int(high)).level == int(level)
    assert table.band(11).level == 0 and "11 or less fails" in text
    assert table.band(36).level == 6 and "36+ level 6" in text
    extra = [int(n) for n in re.findall(r"base \+ (\d+)d", text)]
    assert extra == [1, 3, 6, 10]
    assert [spell_dice_count(level) for level in range(1, 6)] == [1, 2, 4, 7, 11]
    assert spell_dice_count(3, crit=True) == 6


def test_r11_the_reference_bands_are_what_lay_on_hands_spends() -> None:
    """R11's entry: 12-15 one Hit Die, 16-20 two, 21-26 three, 27+ four, and the check must
    reach the ROOM DC. Scripted: WIS +2, PROF +1, the target has 5 HD at 5th level."""
    text = app_text(11)
    assert "12-15 one Hit Die, 16-20 two, 21-26 three, 27+ four" in text
    for natural, total, hd in [(9, 12, 1), (12, 15, 1), (13, 16, 2), (17, 20, 2), (18, 21, 3)]:
        result = lay_on_hands(ScriptedRoller([natural, *[4] * hd]), wis_mod=2, prof=1,
                              room_dc=12, target_level=5, hd_available=5, hit_die=8)
        assert (result.check.total, result.band_hd, result.hd_spent) == (total, hd, hd)
    short = lay_on_hands(ScriptedRoller([13]), wis_mod=2, prof=1, room_dc=17, target_level=5,
                         hd_available=5, hit_die=8)
    assert (short.check.total, short.band_hd, short.hd_spent) == (16, 0, 0)  # 16 < DC 17
    assert "ROOM DC" in text


def test_r32_the_reference_thresholds_are_the_xp_table() -> None:
    """R32's entry: 10 XP for 1st level, then 50, 110, 190, 290, 410, 550, 710, 890, 1090."""
    said = [int(n) for n in re.findall(r"\b(\d+)\b", app_text(32).split(";")[0])
            if int(n) >= 10]
    assert said == [row.xp for row in xp_table().levels if row.level >= 1] == [
        10, 50, 110, 190, 290, 410, 550, 710, 890, 1090]


# --- R41: armor and shield add up on the segment d10 -------------------------------------------

def _segment(gear: Sequence[str], face: int) -> int:
    """Pat (STR and DEX 10, no modifier of their own) rolls ``face`` on the segment d10."""
    enc = make_encounter([make_pc("Pat", gear=gear)], goblins(1), [face, 5], mode=SEG)
    start(enc, surprise=[])
    segment = enc.combatant(cid(enc, "Pat")).initiative
    assert segment is not None
    return segment


@pytest.mark.parametrize(("gear", "face", "segment"), [
    (["mace", "shield"], 5, 6),                     # shield +1
    (["mace", "boiled_leather"], 5, 6),             # light armor +1
    (["mace", "boiled_leather", "shield"], 5, 7),   # R41: light armor and a shield +2
    (["mace", "brigandine", "shield"], 5, 8),       # medium +2 and a shield +1
    (["mace", "chain_mail", "shield"], 5, 9),       # R41: heavy armor and a shield +4
    (["mace", "chain_mail", "shield"], 7, 10),      # 7 + 4 = 11, clamped to 10 (R20)
])
def test_r41_armor_and_a_shield_add_up_on_the_segment_d10(gear: list[str], face: int,
                                                          segment: int) -> None:
    assert _segment(gear, face) == segment


def test_r41_the_reference_gives_the_sums_the_roll_makes() -> None:
    text = app_text(41)
    assert "light armor and a shield give +2" in text and "heavy armor and a shield +4" in text
    assert _segment(["mace", "boiled_leather", "shield"], 5) - 5 == 2
    assert _segment(["mace", "plate_mail", "shield"], 5) - 5 == 4


# --- R36: a character's HD for fending stops at 5 ----------------------------------------------

@pytest.mark.parametrize(("level", "foes"), [
    (0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3), (10, 3),
])
def test_r36_one_foe_per_two_hit_dice_and_the_hit_dice_stop_at_5(level: int, foes: int) -> None:
    """R36: HD is the Hit Dice count (one a level, none at 0-level, at most 5): one foe per two
    HD rounded up, at least one. A 10th-level fender fends three, not five."""
    enc = make([])
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).level = level
    assert fend_limit(enc, brannoc) == foes


def test_r36_a_tenth_level_fender_is_refused_a_fourth_foe() -> None:
    """Four goblins against a 10th-level spear: "at most 3" (R36), nothing rolled."""
    enc = make([], count=4)
    brannoc = pc(enc, "Brannoc")
    give(enc, brannoc, "spear")
    enc.character(brannoc).level = 10
    with pytest.raises(RuleError, match="at most 3"):
        fend(enc, brannoc.id, [f"goblin-{n}" for n in range(1, 5)])
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.remaining == 0


# --- R15: every crit dents, a widened range's included -----------------------------------------

def test_r15_a_natural_19_in_a_widened_crit_range_dents_the_target_too() -> None:
    """R15: "Every critical hit (a natural 20, a widened crit range such as the Barbarian's
    19-20 ...) reduces the target's AC by 1"; a monster without gear loses 1 AC for the
    encounter. Brannoc with "Melee CRIT range 19-20" rolls 19: maximum 1d8 + 1 = 9, Fighter
    crit row 2 (+1d8 shows 5): the brute takes 14 and its AC drops by 1."""
    enc = make([19, 2, 5], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).archetype_features = [ChosenFeature(feature_id="melee_crit_range",
                                                               level=1)]
    brute = enc.combatant("brute-1")
    assert brute.ac_penalty == 0
    attack(enc, brannoc.id, "brute-1")
    assert brute.hp == 200 - 9 - 5
    assert brute.ac_penalty == 1
