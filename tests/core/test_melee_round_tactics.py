"""Dodging, evasion, surprise, ranged attacks, several opponents, movement, Glory and the R32
experience checks of the Melee Round (seed 001; R25, R32, R33), with scripted dice."""

from __future__ import annotations

import pytest

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile, experience_checks
from emberkeep.character.model import Character
from emberkeep.clock.advance import advance
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.encounter.conditions import names
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.melee_round.engine_bridge import Declared, mount, movement_phase
from emberkeep.melee_round.movement import Plan, move_simultaneously
from emberkeep.melee_round.tactic_steps import (
    award_glory,
    dodge_step,
    evade_step,
    melee_several,
    unopposed_step,
)
from emberkeep.melee_round.tactics import max_attackers, ranged_glory, split_skill

BANDIT = MeleeMonster(name="Bandit", max_hp=20, skill=10, armor_points=4, siz=12,
                      damage="3d6", weapon_id="spear")


def setup(faces: list[int], bandits: int = 1, *, position: int = 1,
          profile: KnightProfile | None = None) -> tuple[Encounter, Character, ScriptedRoller]:
    campaign = build_example_campaign()
    ch = next(c for c in campaign.characters if c.level == 1)
    ch.knight = profile or KnightProfile(DEX=14, armor_dex_penalty=0,
                                         skills={"Sword": 18, "Bow": 12})
    roller = ScriptedRoller(faces)
    combatants = [pc_combatant(ch, side="knights", position=0),
                  *monster_combatants(BANDIT, bandits, position=position)]
    return (Encounter(combatants, {ch.id: ch}, roller, resolution=Resolution.MELEE_ROUND), ch,
            roller)


def knight_hp(ch: Character) -> int:
    """The knight's own HP (R39), the track a Melee Round changes."""
    assert ch.knight is not None
    return ch.knight.hp


def kid(enc: Encounter) -> str:
    return next(c.id for c in enc.combatants.values() if c.kind == "pc")


def test_dodge_success_avoids_blow_and_knockdown() -> None:
    """"A successful dodge means the character avoided the blow entirely"."""
    enc, ch, roller = setup([9, 3])
    step = dodge_step(enc, kid(enc), "bandit-1")
    assert knight_hp(ch) == 28 and "dodges" in step.summary and roller.remaining == 0


def test_failed_dodge_falls_and_is_hit_without_a_knockdown_test() -> None:
    """"A failed or fumbled dodge ... fell to the ground ... knockdown need not be tested"."""
    enc, ch, roller = setup([16, 3, 6, 6, 6])  # DEX 14 fails on 16; 3d6 = 18 ≥ SIZ 15
    dodge_step(enc, kid(enc), "bandit-1")
    k = enc.combatant(kid(enc))
    assert "PRONE" in names(k.conditions) and knight_hp(ch) == 28 - (18 - 10)
    assert roller.remaining == 0  # no DEX roll against knockdown


def test_evasion_won_lost_and_fumbled() -> None:
    """Evasion: opposed DEX at -5 against the weapon at +5."""
    enc2, _, _ = setup([8, 16])  # evader 8 succeeds, attacker 16 ≥ 15 fails: escaped
    assert "may move" in evade_step(enc2, kid(enc2), "bandit-1").summary
    enc3, _, r3 = setup([20, 18])  # evader fumbles: "he falls down"
    evade_step(enc3, kid(enc3), "bandit-1")
    assert "PRONE" in names(enc3.combatant(kid(enc3)).conditions) and r3.remaining == 0
    enc4, ch4, _ = setup([15, 3, 2, 2, 2])
    step = evade_step(enc4, kid(enc4), "bandit-1")
    assert "cannot move" in step.summary and knight_hp(ch4) == 28  # 6 damage, armor 10


def test_evasion_needs_gm_approval_against_several_and_a_rider_leaves_a_footman() -> None:
    enc, _, _ = setup([], bandits=2)
    with pytest.raises(RuleError, match="approval"):
        evade_step(enc, kid(enc), "bandit-1")
    enc, _, _ = setup([])
    mount(enc, kid(enc))
    with pytest.raises(RuleError, match="ride away"):
        evade_step(enc, kid(enc), "bandit-1")
    movement_phase(enc, {kid(enc): -6})  # R33: no evasion needed
    assert enc.combatant(kid(enc)).position == -6


def test_engaged_footman_cannot_walk_away_without_evasion() -> None:
    enc, _, _ = setup([])
    with pytest.raises(RuleError, match="evade first"):
        movement_phase(enc, {kid(enc): -3})
    movement_phase(enc, {kid(enc): -3}, evaded=[kid(enc)])
    assert enc.combatant(kid(enc)).position == -2  # Move (10 + 14) / 10 = 2.4 → 2 yards


def test_surprise_is_unopposed_at_plus_5() -> None:
    """"The attacker's weapon roll is always unopposed by the surprised victim, and also gains
    a +5 modifier."""
    enc, _, roller = setup([14, 1, 1, 1, 1])
    step = unopposed_step(enc, "bandit-1", kid(enc), surprise=True)  # 14 < 10 + 5
    assert "surprise +5" in [getattr(e, "text", "") for e in step.events]
    assert "hits" in step.summary and roller.remaining == 1  # 3d6


def test_ranged_attack_against_a_shield_is_at_minus_5_and_glory_is_a_tenth() -> None:
    """"All ranged attacks are made as unopposed rolls. If the target has a shield ... the shield
    acts as "cover," imposing a –5 modifier"; ranged Glory "is always 1/10th of normal"."""
    enc, ch, roller = setup([8, 1, 1, 1, 1, 7], position=30)
    step = unopposed_step(enc, kid(enc), "bandit-1", Declared(weapon="bow"))
    assert "hits" in step.summary and enc.combatant("bandit-1").hp == 20  # 4 vs armor 4
    step = unopposed_step(enc, "bandit-1", kid(enc), Declared(weapon="javelin"))
    assert "shield as cover -5" in [getattr(e, "text", "") for e in step.events]
    assert "misses" in step.summary and roller.remaining == 0  # 7 is not below 10 - 5
    assert ranged_glory(150) == 15
    award_glory(enc, kid(enc), 150, ranged=True)
    assert ch.knight is not None and ch.knight.glory == 15


def test_several_opponents_split_the_skill() -> None:
    """"he can divide his weapon value among them as he wishes"; up to three on foot."""
    assert max_attackers(False, False) == 3 and max_attackers(True, True) == 2
    with pytest.raises(RuleError):
        split_skill(18, [10, 9])
    enc, _, roller = setup([8, 15, 3, 3, 3, 2, 10, 12], bandits=2)
    steps = melee_several(enc, kid(enc), {"bandit-1": 9, "bandit-2": 9})
    assert len(steps) == 2
    assert enc.combatant("bandit-1").hp == 20 - (11 - 4)  # won: 4d6 = 11, armor 4
    assert "both miss" in steps[1].summary and roller.remaining == 0
    four = setup([], bandits=4)[0]
    with pytest.raises(RuleError, match="only 3"):
        melee_several(four, kid(four), {f"bandit-{n}": 4 for n in range(1, 5)})


def test_brawling_costs_a_point_of_honor() -> None:
    from emberkeep.melee_round.engine_bridge import melee_exchange

    enc, ch, _ = setup([19, 19])
    melee_exchange(enc, kid(enc), "bandit-1", Declared(brawl=True))
    assert ch.knight is not None and ch.knight.honor == 9


def test_movement_is_yard_by_yard_and_stops_on_engaging() -> None:
    pos, why = move_simultaneously({"a": 0, "b": 10, "c": 0}, {"a": "x", "b": "y", "c": "x"},
                                   {"a": Plan(10, 8), "b": Plan(0, 3), "c": Plan(2, 8)})
    assert pos == {"a": 6, "b": 7, "c": 2}  # b's 3 yards, then a meets it at its 6th
    assert why == {"a": "engaged", "b": "rate", "c": "goal"}


def test_r32_year_end_experience_checks() -> None:
    """"at the year's end each ticked skill rolls d20, and over the skill raises it by 1"."""
    k = KnightProfile(skills={"Sword": 15, "Lance": 12}).ticked("Sword").ticked("Lance")
    after, lines = experience_checks(k, ScriptedRoller([16, 12]))
    assert after.skill("Sword") == 16 and after.skill("Lance") == 12 and after.ticks == ()
    assert len(lines) == 2


def test_r32_checks_run_when_the_clock_passes_the_years_end() -> None:
    campaign = build_example_campaign()
    ch = campaign.characters[0]
    ch.knight = KnightProfile(skills={"Sword": 15}).ticked("Sword")
    calendar = Calendar(campaign.settings.time)
    end = calendar.year_ends_between(campaign.time, campaign.time + 400 * 86_400)[0]
    changes = advance(campaign, end - campaign.time, ScriptedRoller([17] * 50))
    assert ch.knight.skill("Sword") == 16 and ch.knight.ticks == ()
    assert any(c.kind == "experience" for c in changes)


def test_an_r33_monster_survives_the_encounter_record() -> None:
    """A half-fought Melee Round encounter resumes with its monsters as R33 made them."""
    from emberkeep.encounter.combatant import Combatant, MeleeMonster

    boar = MeleeMonster(name="Boar", max_hp=20, damage="4d6", skill=14, siz=18, armor_points=4)
    fighter = Combatant(id="boar-1", name="Boar", side="beasts", kind="monster", monster=boar,
                        hp=20)
    again = Combatant.from_json(fighter.to_json())
    assert isinstance(again.monster, MeleeMonster) and again == fighter
