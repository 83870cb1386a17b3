"""The odds of a Melee Round encounter: whole fights played headless by the Melee
Round's own steps (``melee_round.sim``), on an encounter that records nothing, counted by the
odds as any other fight."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import Roller, ScriptedRoller
from emberkeep.encounter import odds
from emberkeep.encounter.combatant import MeleeMonster, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Note
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.encounter.sim import FightResult
from emberkeep.melee_round.engine_bridge import (
    begin_melee_round,
    melee_exchange,
    rounds_fought,
)
from emberkeep.melee_round.sim import POLICY, melee_setup, play_melee_fight

# Sword 23 (R23: the roll is the d20 + 3, a critical on 17-20, never a fumble); chainmail 10 and
# a shield 6; 28 HP; Damage (10 + 15) / 6 → 4d6 (R24).
KNIGHT = KnightProfile(skills={"Sword": 23})
# Skill 20 (a critical only on a 20, no fumble), a sword too (a tie breaks nothing), 1 HP and no
# armor: any blow of the knight's wounds it to 0 or below. Its 30d6 does at least 30: past the
# knight's armor and shield (16) at least 14, a Major Wound (CON 13), so any blow of it ends the
# knight's fight too.
CHAMPION = MeleeMonster(name="Champion", max_hp=1, skill=20, armor_points=0, siz=10,
                        damage="30d6", weapon_id="sword")


_FIRST = next(c for c in build_example_campaign().characters if c.level == 1)
_FIRST.knight = KNIGHT


def duel(roller: Roller, *, recording: bool = False, foes: int = 1) -> Encounter:
    knight = _FIRST.model_copy(deep=True)
    return Encounter([pc_combatant(knight, position=0),
                      *monster_combatants(CHAMPION, foes, position=1)],  # engaged
                     {knight.id: knight}, roller, recording=recording,
                     resolution=Resolution.MELEE_ROUND)


def test_a_scripted_duel_to_the_end_recorded_or_not_the_same() -> None:
    faces = [5, 8,  # round 1: 5 + 3 = 8 against 8, both succeed: a tie, no damage
             10, 4,  # round 2: 13 against 4: the knight wins
             1, 1, 1, 1]  # 4d6 = 4: under SIZ 10 (no knockdown), no armor: 1 → -3, dying
    ends = []
    for recording in (False, True):
        roller = ScriptedRoller(faces)
        enc = duel(roller, recording=recording)
        result = play_melee_fight(enc)
        knight, champion = enc.combatants.values()
        assert result == FightResult("party", True, 2, 6)
        assert roller.remaining == 0
        sheet = enc.character(knight)
        assert sheet.knight is not None and sheet.knight.hp == 28  # R39: the knight's own HP
        assert champion.hp == -3 and sheet.hp == _FIRST.hp  # the Furnace HP untouched
        ends.append(enc.fingerprint())
    assert ends[0] == ends[1]  # the quiet fight is the recorded one
    assert [s.summary for s in enc.history] == [
        "Surprise: nobody surprised", "Melee round 1",
        f"{knight.name} and Champion tie: no damage", "Movement: none", "Melee round 2",
        f"{knight.name} wins, 4 damage to Champion: 4 wound, dying"]


def test_the_chance_to_win_is_r23s_opposed_roll_worked_by_hand() -> None:
    """Every exchange ends the duel unless it is a tie, so the party wins with the chance the
    knight wins one exchange given that someone does. The 400 pairs of d20s (knight n,
    champion m), by R23:
    - the knight critical (n 17-20), the champion not (m 1-19): 4 × 19 = 76 knight wins;
    - the champion critical (m 20), the knight not: 16 × 1 = 16 champion wins;
    - both critical: 4 ties;
    - neither: n + 3 against m, higher wins: for n = 1..16, m < n + 3 → Σ(n + 2) = 168
      knight wins, m = n + 3 → 16 ties, the other 304 − 184 = 120 champion wins.
    Knight 244, champion 136, ties 20: P(party wins) = 244 / 380 ≈ 64.2%, and the fight ends
    in its first round with 380 / 400 = 95%."""
    setup = melee_setup(duel(ScriptedRoller([])))
    figures = odds.odds_of(setup, odds.simulate(setup, 2_000, seed=11))
    low, high = figures.won.interval
    assert low <= 244 / 380 <= high, figures.won.text()
    assert figures.won.hits + figures.lost.hits == 2_000  # no surrender, no fight without end
    first = odds.Chance(figures.rounds[1], 2_000)
    assert first.interval[0] <= 380 / 400 <= first.interval[1], first.text()
    knight = figures.pcs[0]
    assert knight.died.hits == 0  # R33: dying, not dead, when the fight ends


def test_the_same_seed_gives_the_same_figures_chunk_by_chunk_in_any_order() -> None:
    setup = melee_setup(duel(ScriptedRoller([]), foes=2))
    once = odds.simulate(setup, 300, seed=5)
    assert odds.simulate(setup, 300, seed=5) == once
    again = odds.Tally()
    for index, count in reversed(odds.chunks(300)):  # as workers might finish them
        again.add(odds.run_chunk(setup, 5, index, count))
    assert odds.odds_of(setup, again) == odds.odds_of(setup, once)
    assert odds.simulate(setup, 300, seed=6) != once


def test_one_facing_two_divides_its_skill_evenly() -> None:
    """Both champions name the knight, so the knight faces two: Sword 23 as 12 and 11
    ("he can divide his weapon value among them"), one exchange against each."""
    enc = duel(ScriptedRoller([1, 1, 1, 1]), recording=True, foes=2)  # two ties
    play_melee_fight(enc, max_rounds=1)
    round_one = [s for s in enc.history if s.action == "melee"][:2]
    shares = [e.text for s in round_one for e in s.events
              if isinstance(e, Note) and e.text.startswith("share")]
    assert shares == ["share 12 of the skill", "share 11 of the skill"]


def test_r33_fatigue_counts_the_rounds_fought_in_a_fight_that_records_nothing() -> None:
    enc = duel(ScriptedRoller([5, 8] * 3))  # ties: nobody is hurt
    knight = next(iter(enc.combatants.values()))
    for fought in range(3):
        begin_melee_round(enc)
        assert rounds_fought(enc, knight) == fought
        melee_exchange(enc, knight.id, "champion-1")
        assert rounds_fought(enc, knight) == fought  # this round counts from the next one


def test_the_runner_goes_with_the_setup_into_a_sweep_and_refuses_a_furnace_foe() -> None:
    setup = melee_setup(duel(ScriptedRoller([])))
    assert setup.fight is play_melee_fight
    assert odds.sweep_setup(setup, "Champion", 3).fight is play_melee_fight
    assert "Major Wound" in POLICY and "no lance charge" in POLICY
    enc = duel(ScriptedRoller([]))
    goblin = MonsterStats(name="Goblin", max_hp=5, room_dc=12)
    furnace = Encounter([*enc.combatants.values(), *monster_combatants(goblin, 1)],
                        enc.characters, enc.roller)
    with pytest.raises(odds.OddsError, match="no Melee Round numbers"):
        melee_setup(furnace)


BANDIT = MeleeMonster(name="Bandit", max_hp=24, skill=12, armor_points=6, siz=12,
                      damage="4d6", weapon_id="sword", morale=7)


def test_a_weapon_lost_during_a_round_ends_that_fighters_round() -> None:
    """Two knights against three bandits: in chunk 4 of seed 1 a knight fumbles away its sword
    in one exchange and still faces two foes that round; it fights no more that round (its
    split skill is refused: "must re-arm himself before he can attack again") and re-arms in
    the next, while the foes who name it strike unopposed."""
    knights = [_FIRST.model_copy(deep=True, update={"id": f"k{i}", "name": f"Knight {i}"})
               for i in (1, 2)]
    for ch in knights:
        ch.knight = KnightProfile()
    enc = Encounter([*(pc_combatant(ch, position=0) for ch in knights),
                     *monster_combatants(BANDIT, 3, position=8)],
                    {ch.id: ch for ch in knights}, ScriptedRoller([]))
    setup = melee_setup(enc)
    tally = odds.run_chunk(setup, 1, 4, 100)
    assert tally.fights == 100 and tally.won + tally.surrendered + tally.lost == 100


def test_no_more_than_three_opponents_the_fourth_waits() -> None:
    """Four knights (Sword 15) about one champion: three name it, the champion names one of
    them back, and the fourth waits ("Up to three enemies may attack a single character on
    foot"). The champion divides its skill 20 as 7, 7, 6; every roll of 19 fails: three
    exchanges, both miss, and no fourth."""
    knights = [_FIRST.model_copy(deep=True, update={"id": f"k{i}", "name": f"Knight {i}"})
               for i in range(1, 5)]
    for ch in knights:
        ch.knight = KnightProfile()
    roller = ScriptedRoller([19] * 6)
    enc = Encounter([*(pc_combatant(ch, position=0) for ch in knights),
                     *monster_combatants(CHAMPION, 1, position=1)],
                    {ch.id: ch for ch in knights}, roller, recording=True,
                    resolution=Resolution.MELEE_ROUND)
    result = play_melee_fight(enc, max_rounds=1)
    assert not result.over and roller.remaining == 0
    exchanges = [s for s in enc.history if s.action == "melee"]
    assert [s.summary for s in exchanges] == [f"Champion and Knight {i} both miss"
                                              for i in (1, 2, 3)]
    assert [e.text for s in exchanges for e in s.events if isinstance(e, Note)
            and e.text.startswith("share")] == [
        "share 7 of the skill", "share 7 of the skill", "share 6 of the skill"]


def test_the_recap_names_who_rolled_in_a_melee_round_never_an_id() -> None:
    """The Melee Round rolls under each combatant's id (the key of the GM's typed d20s); the
    recap, the previews and the log name the combatant instead (ids never reach the screen)."""
    from emberkeep.encounter.recap import step_lines

    enc = duel(ScriptedRoller([5, 8, 10, 4, 1, 1, 1, 1]), recording=True)
    play_melee_fight(enc)
    knight, champion = enc.combatants.values()
    lines = [line for step in enc.history for line in step_lines(step, enc)]
    rolled = [line for line in lines if ": 1d20 [" in line]
    assert rolled and all(line.startswith((f"{knight.name}:", "Champion:")) for line in rolled)
    assert not any(knight.id in line or champion.id in line for line in lines)
