"""R39: a knight's own hit points. A character with a knight profile keeps two tracks: its
Furnace HP (``Character.hp``/``max_hp``) and the knight's Pendragon HP (R24: SIZ + CON, less the
wounds kept on the profile). A Melee Round encounter reads and changes only the knight's track,
a Furnace encounter only the Furnace one.

The knight here is the example's first 1st-level character at Furnace HP 9/9 with the default
profile (SIZ 15 + CON 13 = 28 knight HP, chainmail 10 and a shield 6)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import EncounterRecord
from emberkeep.campaign.settings import CampaignSettings, Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.character.knight import MAX_WOUNDS, KnightProfile
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import odds, persist
from emberkeep.encounter.actions import SetHp, gm_ruling
from emberkeep.encounter.attack import attack
from emberkeep.encounter.change_text import change_lines
from emberkeep.encounter.combatant import MeleeMonster, MonsterStats
from emberkeep.encounter.dying import life_state
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.melee_round.engine_bridge import begin_melee_round, melee_exchange
from emberkeep.melee_round.sim import melee_setup

BANDIT = MeleeMonster(name="Bandit", max_hp=20, skill=10, armor_points=4, siz=12,
                      damage="3d6", weapon_id="spear")
BRUTE = MonsterStats(name="Brute", max_hp=200, room_dc=12, attack_bonus=10, damage="1d6",
                     weapon="club")


def knight_at_9_of_9() -> Character:
    ch = next(c for c in build_example_campaign().characters if c.level == 1)
    ch.hp = ch.max_hp = 9
    ch.knight = KnightProfile()
    return ch


def knight_hp(ch: Character) -> tuple[int, int]:
    assert ch.knight is not None
    return ch.knight.hp, ch.knight.max_hp


def melee(ch: Character, faces: list[int], *, recording: bool = True) -> Encounter:
    combatants = [pc_combatant(ch, side="knights", position=0),
                  *monster_combatants(BANDIT, 1, position=1)]
    return Encounter(combatants, {ch.id: ch}, ScriptedRoller(faces), recording=recording,
                     resolution=Resolution.MELEE_ROUND)


def furnace(ch: Character, faces: list[int]) -> Encounter:
    combatants = [pc_combatant(ch, position=0), *monster_combatants(BRUTE, 1, position=0)]
    return Encounter(combatants, {ch.id: ch}, ScriptedRoller(faces))


# --- the profile ------------------------------------------------------------------------------

def test_a_new_profile_starts_at_full_knight_hp() -> None:
    """R39: "a new profile starts at full knight HP" (R24: SIZ 15 + CON 13)."""
    k = KnightProfile()
    assert (k.wounds, k.hp, k.max_hp) == (0, 28, 28)
    assert "wounds" not in k.model_dump(mode="json")  # an unhurt knight is written as before


def test_wounds_stay_when_siz_or_con_changes() -> None:
    """R39: editing SIZ or CON keeps the damage taken: 8 wounds on 28 are 8 wounds on 30, and
    CON typed down to 1 on the way to 15 loses nothing."""
    hurt = KnightProfile().with_hp(20)
    assert hurt.wounds == 8
    assert hurt.model_copy(update={"CON": 15}).hp == 30 - 8
    assert hurt.model_copy(update={"CON": 1}).model_copy(update={"CON": 13}).hp == 20
    assert KnightProfile.model_validate(hurt.model_dump(mode="json")) == hurt
    assert hurt.unhurt() == KnightProfile() and hurt.with_hp(28) == KnightProfile()


def test_knight_hp_out_of_bounds_is_refused_with_a_reason() -> None:
    """R39: the track never goes above SIZ + CON; the wounds a file holds are bounded."""
    with pytest.raises(ValueError, match=r"29 knight HP is above its maximum 28 \(SIZ \+ CON"):
        KnightProfile().with_hp(29)
    with pytest.raises(ValueError, match="below the lowest"):
        KnightProfile().with_hp(28 - MAX_WOUNDS - 1)
    for bad in (-1, MAX_WOUNDS + 1):
        with pytest.raises(ValidationError, match=r"a knight's wounds \(damage taken\) are 0 to"):
            KnightProfile(wounds=bad)


# --- the Melee Round reads and changes only the knight's track --------------------------------

def test_a_melee_round_exchange_lowers_the_knight_track_and_never_the_furnace_hp() -> None:
    """R39: the bandit wins (the knight rolls 16 over Sword 15, the bandit 9) and strikes 3d6 =
    18 against chainmail 10: 8 off the knight's 28; knocked down (18 ≥ SIZ 15, DEX roll 20 fails).
    The sheet's Furnace HP stays 9/9."""
    ch = knight_at_9_of_9()
    enc = melee(ch, [16, 9, 6, 6, 6, 20])
    begin_melee_round(enc)
    knight, bandit = enc.combatants.values()
    step = melee_exchange(enc, knight.id, bandit.id)
    assert knight_hp(ch) == (20, 28) and (ch.hp, ch.max_hp) == (9, 9)
    assert enc.hp_with_max(knight) == (20, 28)
    assert f"{ch.name}: knight HP 28 → 20" in change_lines(enc, step)
    assert not any(s.target == ("pc", ch.id) and s.field in ("hp", "max_hp")
                   for s in step.sets())


def test_undo_of_a_melee_round_exchange_restores_the_knight_track() -> None:
    """R39: the step sets the whole profile, so undoing it puts the knight back unhurt."""
    ch = knight_at_9_of_9()
    enc = melee(ch, [16, 9, 6, 6, 6, 20])
    begin_melee_round(enc)
    before = enc.fingerprint()
    knight, bandit = enc.combatants.values()
    melee_exchange(enc, knight.id, bandit.id)
    enc.undo()
    assert knight_hp(ch) == (28, 28) and ch.knight == KnightProfile()
    assert enc.fingerprint() == before


def test_a_knight_down_on_its_furnace_hp_still_fights_a_melee_round() -> None:
    """R39: at Furnace HP 0 (dying on the sheet) the knight stands in a Melee Round at its own
    28, and is down in a Furnace fight; at knight HP 0 it is dying in the Melee Round (R33)."""
    ch = knight_at_9_of_9()
    ch.hp = 0
    enc = melee(ch, [])
    knight = enc.combatant(next(iter(enc.combatants)))
    assert not enc.is_down(knight) and enc.can_act(knight) and life_state(enc, knight) == "up"
    fur = furnace(ch, [])
    assert fur.is_down(fur.combatant(knight.id))
    assert ch.knight is not None
    ch.knight = ch.knight.with_hp(0)
    assert enc.is_down(knight) and life_state(enc, knight) == "dying"


def test_a_gm_ruling_sets_the_knight_hp_in_a_melee_round_and_the_furnace_hp_elsewhere() -> None:
    """R39: the GM's SetHp works on the track of the encounter's system, within its maximum."""
    ch = knight_at_9_of_9()
    enc = melee(ch, [])
    cid = next(iter(enc.combatants))
    gm_ruling(enc, "a bad fall", [SetHp(cid, 11)])
    assert knight_hp(ch) == (11, 28) and ch.hp == 9
    with pytest.raises(RuleError, match="29 HP is above the maximum 28"):
        gm_ruling(enc, "too much", [SetHp(cid, 29)])
    fur = furnace(ch, [])
    gm_ruling(fur, "bruised", [SetHp(cid, 4)])
    assert ch.hp == 4 and knight_hp(ch) == (11, 28)


# --- a Furnace fight reads and changes only the Furnace HP -------------------------------------

def test_a_furnace_attack_lowers_the_furnace_hp_and_leaves_the_knight_track() -> None:
    """R39: the brute hits (15 + 10 against the knight's AC) for 1d6 = 4: Furnace 9 → 5; the
    knight's 28 are not touched. Undone, the Furnace HP is 9 again."""
    ch = knight_at_9_of_9()
    assert ch.knight is not None
    ch.knight = ch.knight.with_hp(25)  # a knight hurt in an earlier joust
    enc = furnace(ch, [15, 4])
    step = attack(enc, "brute-1", next(iter(enc.combatants)))
    assert "hits" in step.summary
    assert (ch.hp, ch.max_hp) == (5, 9) and knight_hp(ch) == (25, 28)
    assert not any(s.field == "knight" for s in step.sets())
    enc.undo()
    assert ch.hp == 9 and knight_hp(ch) == (25, 28)


# --- which track an encounter uses ---------------------------------------------------------------

def test_the_encounter_takes_its_track_from_its_resolution() -> None:
    """R39: a kept Melee Round encounter is rebuilt on the knight's track; a Furnace one (the
    campaign's default) on the sheet's; a setup change before the first step follows."""
    ch = knight_at_9_of_9()
    settings = CampaignSettings()
    record = EncounterRecord(name="Joust", resolution=Resolution.MELEE_ROUND)
    persist.add_combatants(record, [pc_combatant(ch)])
    enc = persist.build_encounter(record, {ch.id: ch}, ScriptedRoller([]), settings, Catalog())
    c = next(iter(enc.combatants.values()))
    assert enc.knight_hp and enc.hp_with_max(c) == (28, 28)
    record.resolution = None
    persist.follow_setup(enc, record, settings)
    assert not enc.knight_hp and enc.hp_with_max(c) == (9, 9)


def test_the_melee_round_odds_count_the_knights_hp_and_leave_the_sheet() -> None:
    """R39: the odds of a Melee Round play on the knight's track: a knight at Furnace HP 1/9 is
    not taken out at the start, and what it loses is counted from its 28."""
    ch = knight_at_9_of_9()
    ch.hp = 1
    enc = Encounter([pc_combatant(ch, position=0), *monster_combatants(BANDIT, 2, position=1)],
                    {ch.id: ch}, ScriptedRoller([]), resolution=Resolution.MELEE_ROUND)
    setup = melee_setup(enc)
    assert setup.resolution is Resolution.MELEE_ROUND
    tally = odds.run_chunk(setup, 1, 0, 40)
    pc = tally.pcs[next(iter(enc.combatants))]
    assert pc.dropped < 40  # at Furnace HP 1 every fight would have counted it dropped
    assert 0 < pc.hp_lost <= 40 * 28
    assert (ch.hp, ch.max_hp) == (1, 9) and knight_hp(ch) == (28, 28)


def test_a_pc_without_a_knight_profile_has_no_hp_in_a_melee_round_and_is_told_so() -> None:
    """R39: without a profile there is no knight track: no HP shown (0 of 0), not counted down
    (the fight is not over for it), and what would need the track is refused with the reason;
    its Furnace HP is never used instead."""
    ch = knight_at_9_of_9()
    ch.knight = None
    enc = melee(ch, [])
    pc = enc.combatant(next(iter(enc.combatants)))
    assert enc.hp_with_max(pc) == (0, 0) and not enc.is_down(pc) and life_state(enc, pc) == "up"
    with pytest.raises(RuleError, match="no knight profile"):
        begin_melee_round(enc)
        melee_exchange(enc, pc.id, "bandit-1")
    with pytest.raises(RuleError, match="no knight profile"):
        gm_ruling(enc, "a scratch", [SetHp(pc.id, 0)])
    assert (ch.hp, ch.max_hp) == (9, 9)
