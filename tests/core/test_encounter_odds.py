"""The odds of a fight: simulated figures against exact ones worked out by hand,
the same seed giving the same figures, the "what if" sweep, and the sheets left untouched.

Exact cases use R28's ``cant_act`` (no action, and unlike STUNNED no EASY to be hit) to keep
one side from acting, and ``surprise=()`` (nobody surprised), so every round is one blow of the
other side: a d20 (a natural 1 always misses, a natural 20 always hits, Furnace) against AC.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.bonuses import attack_bonus
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.luck import LuckState
from emberkeep.character.model import Character
from emberkeep.character.status import character_armor_class
from emberkeep.dice import RandomRoller
from emberkeep.encounter import odds
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatants

CANT_ACT = (ActiveCondition("cant_act"),)
BANDIT = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")


def _brannoc() -> Character:
    return next(c for c in build_example_campaign().characters if c.name == "Brannoc Ironhand")


def _d20_chance(bonus: int, target: int) -> float:
    """P(d20 + bonus ≥ target), a natural 1 missing and a natural 20 hitting."""
    faces = sum(1 for n in range(2, 20) if n + bonus >= target) + 1
    return faces / 20


def _close(seen: odds.Chance, exact: float) -> None:
    """Within four standard errors of the exact chance (a false alarm ~1 in 16,000)."""
    se = math.sqrt(exact * (1 - exact) / seen.fights)
    assert abs(seen.value - exact) <= 4 * se + 1e-9, (seen.value, exact)
    low, high = seen.interval
    assert low <= seen.value <= high


@pytest.mark.slow
def test_the_chance_to_hit_is_the_d20s_against_the_room_dc() -> None:
    """Brannoc (the sheet's ATK with his arming sword) against a 1-HP goblin that cannot act,
    ROOM DC 14: he wins in round 1 exactly when he hits. (At 500 HP, so no fumble's blow to
    himself, Fumble row 12, can drop him first.)"""
    ch = _brannoc()
    ch.max_hp = ch.hp = 500
    bonus = attack_bonus(ch, SHIPPED, ranged=False, small=False, proficient=True)
    goblin = MonsterStats(name="Goblin", max_hp=1, room_dc=14, attack_bonus=0, damage="1d6")
    foes = monster_combatants(goblin, 1, position=0)
    foes[0].conditions = CANT_ACT
    enc = Encounter([*pc_combatants([ch]), *foes], {ch.id: ch}, RandomRoller(1))
    setup = dataclasses.replace(odds.setup_of(enc), surprise=())
    result = odds.odds_of(setup, odds.simulate(setup, 4000, seed=11))
    p = _d20_chance(bonus, 14)
    assert result.lost.hits == 0
    _close(odds.Chance(result.rounds.get(1, 0), result.fights), p)
    assert result.party_wins.hits == result.fights  # it cannot act: he hits sooner or later


@pytest.mark.slow
def test_rounds_to_lose_follow_the_monsters_hits_exactly() -> None:
    """An orc (ATK +5, 2 damage a blow) against Brannoc at 4 HP who cannot act: AC 17 from his
    sheet, so the orc hits on 12+ (p = 9/20) and two hits drop him. The fight ends in round k
    with the second hit: (k - 1) p² (1 - p)^(k - 2)."""
    ch = _brannoc()
    ch.hp = 4
    armor = character_armor_class(ch, SHIPPED)
    orc = MonsterStats(name="Orc", max_hp=10_000, room_dc=12, attack_bonus=5, damage="2")
    party = pc_combatants([ch])
    party[0].conditions = CANT_ACT
    enc = Encounter([*party, *monster_combatants(orc, 1, position=0)], {ch.id: ch},
                    RandomRoller(1))
    setup = dataclasses.replace(odds.setup_of(enc), surprise=())
    result = odds.odds_of(setup, odds.simulate(setup, 4000, seed=3))
    p = _d20_chance(5, armor)
    assert armor == 17 and p == pytest.approx(9 / 20)
    assert result.lost.hits == result.fights
    for k in range(2, 8):
        exact = (k - 1) * p * p * (1 - p) ** (k - 2)
        _close(odds.Chance(result.rounds.get(k, 0), result.fights), exact)
    assert result.rounds.get(1, 0) == 0  # one blow cannot drop him
    _close(result.pcs[0].dropped, 1.0)
    assert result.pcs[0].hp_lost == 4


def _example() -> tuple[Encounter, dict[str, Character]]:
    chars = {c.id: c for c in build_example_campaign().characters if c.level == 1}
    enc = Encounter([*pc_combatants(chars.values()), *monster_combatants(BANDIT, 6, position=2)],
                    chars, RandomRoller(1))
    return enc, chars


@pytest.mark.slow
def test_same_seed_same_figures_in_any_chunk_order_and_the_sheets_untouched() -> None:
    enc, chars = _example()
    before = {cid: ch.model_dump(mode="json") for cid, ch in chars.items()}
    setup = odds.setup_of(enc)
    first = odds.simulate(setup, 300, seed=9)
    again = odds.Tally()
    for index, count in reversed(odds.chunks(300)):  # as workers might finish them
        again.add(odds.run_chunk(setup, 9, index, count))
    assert again == first
    assert odds.simulate(setup, 300, seed=10) != first
    assert {cid: ch.model_dump(mode="json") for cid, ch in chars.items()} == before
    assert enc.state.phase == "setup" and not enc.history
    figures = odds.odds_of(setup, first)
    assert figures.fights == 300
    assert (figures.won.hits + figures.surrendered.hits + figures.lost.hits
            + figures.fled.hits + figures.no_end.hits) == 300
    assert [p.name for p in figures.pcs] == [c.name for c in chars.values()]
    assert sum(figures.rounds.values()) == 300


@pytest.mark.slow
def test_what_if_sweep_changes_the_count_of_one_kind() -> None:
    enc, _ = _example()
    setup = odds.setup_of(enc)
    assert setup.monster_kinds() == ["Bandit"]
    two = odds.sweep_setup(setup, "Bandit", 2)
    nine = odds.sweep_setup(setup, "Bandit", 9)
    assert [c.name for c in two.combatants if c.kind == "monster"] == ["Bandit 1", "Bandit 2"]
    assert len([c for c in nine.combatants if c.kind == "monster"]) == 9
    assert len({c.id for c in nine.combatants}) == len(nine.combatants)
    few = odds.odds_of(two, odds.simulate(two, 300, seed=2)).party_wins.value
    many = odds.odds_of(nine, odds.simulate(nine, 300, seed=2)).party_wins.value
    assert few > many


def test_from_here_goes_on_from_the_current_round() -> None:
    from emberkeep.encounter.turns import start

    enc, _ = _example()
    start(enc, surprise=())
    enc.combatants["bandit-1"].hp = 0  # (the test's shortcut: a bandit already down)
    setup = odds.setup_of(enc)
    assert setup.state.round == 1 and setup.state.phase == "fighting"
    tally = odds.simulate(setup, 200, seed=4)
    assert min(tally.rounds) >= 1 and tally.fights == 200
    with pytest.raises(odds.OddsError):
        enc.state.phase = "over"
        odds.setup_of(enc)


def test_wilson_interval_by_hand() -> None:
    low, high = odds.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert odds.wilson(0, 10)[0] == 0.0


def test_a_pc_left_unable_to_act_counts_as_taken_out_without_dropping_to_0_hp() -> None:
    """"Taken out" is 0 HP at some moment or, at the end, a condition that takes every action
    (R28; the Melee Round's unconscious and Major Wound knights are counted so): Brannoc
    fights a goblin; Sister Maud cannot act all fight. At 500 HP neither comes near 0 HP (a
    stray blow may graze her), yet she is out of the fight every time and he never."""
    level_1 = [c for c in build_example_campaign().characters if c.level == 1]
    brannoc = next(c for c in level_1 if c.name == "Brannoc Ironhand")
    other = next(c for c in level_1 if c is not brannoc)
    brannoc.max_hp = brannoc.hp = other.max_hp = other.hp = 500  # nobody near 0 HP
    party = pc_combatants([brannoc, other])
    party.sort(key=lambda c: c.character_id != brannoc.id)  # Brannoc first: the one attacked
    party[1].conditions = CANT_ACT
    goblin = MonsterStats(name="Goblin", max_hp=3, room_dc=10, attack_bonus=0, damage="1d4")
    enc = Encounter([*party, *monster_combatants(goblin, 1, position=0)],
                    {brannoc.id: brannoc, other.id: other}, RandomRoller(1))
    setup = dataclasses.replace(odds.setup_of(enc), surprise=())
    result = odds.odds_of(setup, odds.simulate(setup, 200, seed=5))
    by_name = {p.name: p for p in result.pcs}
    fighter, held = by_name[brannoc.name], by_name[other.name]
    assert result.party_wins.hits == 200
    assert held.dropped.hits == 200
    assert fighter.dropped.hits == 0


def _hit_with_one_luck_die(bonus: int, target: int) -> float:
    """P(a hit) when a miss a d6 could still mend spends the one Luck Die (R29): a natural 20
    hits, a natural 1 misses for good; a miss by g ≤ 6 hits on a d6 of g or more."""
    chance = 0.0
    for natural in range(1, 21):
        gap = target - (natural + bonus)
        if natural == 20 or (natural != 1 and gap <= 0):
            chance += 1 / 20
        elif natural != 1 and gap <= 6:
            chance += (7 - gap) / 6 / 20
    return chance


@pytest.mark.slow
def test_a_luck_die_on_the_sheet_is_spent_on_a_miss_it_can_mend_exactly() -> None:
    """Brannoc with one Luck Die against a 1-HP goblin that cannot act, ROOM DC 20: he wins in
    round 1 exactly when his first blow hits, with the die spent on a miss by 6 or less; the
    odds' party spends it as the policy says (R29), and the sheet's die counts."""
    ch = _brannoc()
    ch.max_hp = ch.hp = 500
    ch.luck = LuckState(dice=1)
    bonus = attack_bonus(ch, SHIPPED, ranged=False, small=False, proficient=True)
    goblin = MonsterStats(name="Goblin", max_hp=1, room_dc=20, attack_bonus=0, damage="1d6")
    foes = monster_combatants(goblin, 1, position=0)
    foes[0].conditions = CANT_ACT
    enc = Encounter([*pc_combatants([ch]), *foes], {ch.id: ch}, RandomRoller(1))
    setup = dataclasses.replace(odds.setup_of(enc), surprise=())
    result = odds.odds_of(setup, odds.simulate(setup, 4000, seed=12))
    with_die = _hit_with_one_luck_die(bonus, 20)
    assert with_die > _d20_chance(bonus, 20) + 0.1  # the die matters here
    _close(odds.Chance(result.rounds.get(1, 0), result.fights), with_die)
    assert ch.luck.dice == 1  # the odds play copies: the sheet keeps its die
