"""Simultaneous initiative (Furnace/PDM, R20): phases, and melee resolved highest attack first.

Furnace: "Simultaneous initiative [PDM]: first ranged attacks and magic, then melee attacks. ...
At simultaneous melee attacks, if a target dies, compare the attack values, and if the attack of
the killed target is lower, it loses it's attack."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import Answers, Key
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.initiative import MELEE_PHASE, MISSILE_PHASE, Slot
from emberkeep.encounter.setup import monster_combatants
from emberkeep.encounter.simultaneous import resolve_simultaneous_melee
from emberkeep.encounter.turns import current, current_slot, next_turn, start
from tests.core.test_encounter_initiative import make_encounter

SIM = InitiativeMode.SIMULTANEOUS
# AC 10 (R30: the ROOM DC); +0 to hit; 4 HP: a d20 of 10 or more hits, 4 damage kills.
BRUTE = MonsterStats(name="Brute", max_hp=4, room_dc=10, damage="1d6")


def brawl(per_side: int = 1) -> Encounter:
    """Brutes on two sides, all CLOSE (position 0). Ids: red-1.., blue-1.."""
    red = monster_combatants(BRUTE, per_side, side="red", position=0)
    blue = monster_combatants(BRUTE, per_side, side="blue", position=0,
                              first_number=per_side + 1)
    for c in red:
        c.id, c.name = c.id.replace("brute", "red"), c.name.replace("Brute", "Red")
    for c in blue:
        c.id, c.name = c.id.replace("brute", "blue"), c.name.replace("Brute", "Blue")
    enc = make_encounter([], [*red, *blue], mode=SIM)
    start(enc, surprise=[])
    return enc


def _melee(enc: Encounter, pairs: Mapping[str, str] | Iterable[tuple[str, str]], *,
           typed: Mapping[str, int], damage_typed: Mapping[str, int] | None = None) -> Step:
    """The blows with the GM's d20s and damage by attacker id, typed by purpose and name."""
    answers: dict[Key, Answers] = {("attack", enc.combatant(c).name): v for c, v in typed.items()}
    answers.update({("damage", enc.combatant(c).name): v
                    for c, v in (damage_typed or {}).items()})
    with enc.typed(answers):
        return resolve_simultaneous_melee(enc, pairs)


def test_round_runs_missiles_and_magic_then_melee() -> None:
    enc = brawl()
    assert [Slot.parse(e) for e in enc.state.order] == [
        Slot("red-1", MISSILE_PHASE, "missile"), Slot("blue-2", MISSILE_PHASE, "missile"),
        Slot("red-1", MELEE_PHASE, "melee"), Slot("blue-2", MELEE_PHASE, "melee")]
    assert current(enc) is enc.combatant("red-1") and enc.state.segment == MISSILE_PHASE
    enc.combatant("red-1").acted = True  # it shot: "Everyone does one thing a turn"
    next_turn(enc)
    next_turn(enc)
    assert current_slot(enc) == Slot("blue-2", MELEE_PHASE, "melee")
    assert enc.state.segment == MELEE_PHASE


def test_killed_lower_attacker_loses_its_attack() -> None:
    """Red 18 kills Blue; Blue's 12 is lower, so Blue's blow is lost."""
    enc = brawl()
    step = _melee(enc, {"red-1": "blue-2", "blue-2": "red-1"},
                                      typed={"red-1": 18, "blue-2": 12},
                                      damage_typed={"red-1": 4, "blue-2": 4})
    assert enc.combatant("blue-2").hp == 0 and enc.combatant("red-1").hp == 4
    assert any("attack is lost" in getattr(e, "text", "") for e in step.events)
    assert enc.combatant("red-1").acted and enc.combatant("blue-2").acted


def test_killed_higher_attacker_still_strikes() -> None:
    """Red rolls higher (18) but only wounds; Blue's lower blow (12) kills Red — Red's landed."""
    enc = brawl()
    _melee(enc, {"red-1": "blue-2", "blue-2": "red-1"},
                               typed={"red-1": 18, "blue-2": 12},
                               damage_typed={"red-1": 1, "blue-2": 4})
    assert enc.combatant("red-1").hp == 0 and enc.combatant("blue-2").hp == 3


def test_equal_attacks_both_land() -> None:
    """Neither attack is lower: both brutes fall."""
    enc = brawl()
    _melee(enc, [("red-1", "blue-2"), ("blue-2", "red-1")],
                               typed={"red-1": 15, "blue-2": 15},
                               damage_typed={"red-1": 4, "blue-2": 4})
    assert enc.combatant("red-1").hp == 0 and enc.combatant("blue-2").hp == 0


def test_killed_by_a_third_attacker_with_a_higher_total() -> None:
    """Red 1 (17) kills Blue 3 before Blue 3's 14 against Red 2 can land; Blue 4's 11 against
    Red 1 lands (Red 1 is not killed), and a blow on the fallen lands on nobody."""
    enc = brawl(2)
    _melee(
        enc, {"red-1": "blue-3", "blue-3": "red-2", "blue-4": "red-1", "red-2": "blue-3"},
        typed={"red-1": 17, "blue-3": 14, "blue-4": 11, "red-2": 10},
        damage_typed={"red-1": 5, "blue-3": 4, "blue-4": 2, "red-2": 3})
    assert enc.combatant("blue-3").hp == -1
    assert enc.combatant("red-2").hp == 4  # Blue 3's blow was lost
    assert enc.combatant("red-1").hp == 2  # Blue 4's landed
    assert all(enc.combatant(c).acted for c in ("red-1", "red-2", "blue-3", "blue-4"))


def test_simultaneous_melee_is_one_undoable_step() -> None:
    enc = brawl()
    before = enc.fingerprint()
    _melee(enc, {"red-1": "blue-2", "blue-2": "red-1"},
                               typed={"red-1": 18, "blue-2": 12},
                               damage_typed={"red-1": 4, "blue-2": 4})
    enc.undo()
    assert enc.fingerprint() == before


def test_simultaneous_melee_refuses_who_already_acted() -> None:
    enc = brawl()
    enc.combatant("red-1").acted = True
    with pytest.raises(RuleError):
        _melee(enc, {"red-1": "blue-2"}, typed={"red-1": 18})
    assert enc.history[-1].action == "round"


def test_after_simultaneous_melee_next_turn_starts_the_next_round() -> None:
    enc = brawl()
    next_turn(enc)
    next_turn(enc)  # both passed the missiles phase
    _melee(enc, {"red-1": "blue-2", "blue-2": "red-1"},
                               typed={"red-1": 11, "blue-2": 3},
                               damage_typed={"red-1": 1})
    next_turn(enc)
    assert enc.state.round == 2 and current(enc) is enc.combatant("red-1")
