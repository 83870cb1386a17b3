"""One way to type a physical die: the GM's answers by purpose, the rest rolled.

DESIGN: "a GM can type in the result of a physical die instead" of rolling. No rule takes a
parameter per die: every roll names its purpose, and ``enc.typed`` answers the purposes the GM
typed for one action.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import DiceError, ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.simultaneous import resolve_simultaneous_melee
from tests.core.test_encounter_initiative_simultaneous import brawl

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int]) -> Encounter:
    """The example party's four 1st-level characters and three goblins, all in zone 0."""
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 3, position=0)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces))


def _pc(enc: Encounter, first_name: str) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name.startswith(first_name))


def test_a_typed_die_is_found_by_its_purpose_and_recorded_as_typed() -> None:
    enc = _encounter([])  # nothing may be rolled: the GM typed both dice
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    with enc.typed({"damage": 4, "attack": 15}) as typed:
        step = attack(enc, brannoc.id, goblin.id)
    attack_roll, damage = step.rolls()
    assert attack_roll.faces == (15,) and attack_roll.typed
    assert damage.faces == (4,) and damage.typed
    assert "(typed)" in damage.describe()
    assert not typed  # every answer was asked for
    assert isinstance(enc.roller, ScriptedRoller)  # outside the block the dice roll again


def test_an_impossible_typed_face_is_refused_with_the_reason_and_changes_nothing() -> None:
    enc = _encounter([])
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    before, steps = enc.fingerprint(), len(enc.history)
    with pytest.raises(DiceError, match="cannot show 12"), \
            enc.typed({"attack": 15, "damage": 12}) as typed:
        attack(enc, brannoc.id, goblin.id)
    assert enc.fingerprint() == before and len(enc.history) == steps
    assert typed.unused() == {"damage": [12]}  # the refused answer was not used up
    assert isinstance(enc.roller, ScriptedRoller)


def test_a_purpose_rolled_twice_takes_its_answers_in_order() -> None:
    """Furnace's simultaneous melee rolls the declared blows in order: Red's 18 then Blue's 12.
    Red strikes first (4 DAM kills Blue), so Blue's blow is lost and its damage never asked."""
    enc = brawl()
    with enc.typed({"attack": [18, 12], "damage": [4, 3]}) as typed:
        step = resolve_simultaneous_melee(enc, {"red-1": "blue-2", "blue-2": "red-1"})
    assert [r.faces for r in step.rolls()] == [(18,), (12,), (4,)]
    assert enc.combatant("blue-2").hp == 0 and enc.combatant("red-1").hp == 4
    assert typed.unused() == {"damage": [3]}


def test_an_untyped_purpose_is_rolled() -> None:
    enc = _encounter([3])  # the damage die
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    with enc.typed({"attack": 15}):
        step = attack(enc, brannoc.id, goblin.id)
    attack_roll, damage = step.rolls()
    assert attack_roll.typed and not damage.typed and damage.faces == (3,)
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.remaining == 0


def test_answers_for_one_roller_are_kept_apart() -> None:
    """Two sides roll initiative: each side's d6 under ``("initiative", side)``."""
    from emberkeep.encounter.turns import start
    from tests.core.test_encounter_initiative import party_vs_goblins

    enc = party_vs_goblins()
    with enc.typed({("initiative", "foes"): 6, ("initiative", "party"): 2}):
        start(enc, surprise=[])
    assert enc.state.side_rolls == (("party", 2), ("foes", 6))
