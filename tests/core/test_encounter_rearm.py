"""WDD: a dropped weapon takes a round to pick up, and drawing another takes the round too
(R17: "a natural 1 also drops it (a round to pick it up or draw another)")."""

from __future__ import annotations

import pytest

from emberkeep.encounter.attack import attack
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.rearm import draw_weapon, drawable, dropped_weapons, pick_up_weapon
from tests.core.test_encounter_attack import make, pc


def test_a_fumbled_weapon_is_picked_up_with_the_characters_round() -> None:
    """The natural 1 (fumble die 1: "You miss wildly") drops the arming sword (R17); next
    round picking it up is Brannoc's one thing: he cannot attack as well."""
    enc = make([1, 1])
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")
    sword = next(w for w in enc.character(brannoc).inventory.weapons if w.name == "Arming sword")
    assert sword.dropped and dropped_weapons(enc, brannoc.id) == [sword]
    brannoc.acted = False  # his next turn
    step = pick_up_weapon(enc, brannoc.id)
    assert step.summary == "Brannoc Ironhand picks up Arming sword (WDD: the round)"
    assert not sword.dropped and sword.equipped and brannoc.acted
    with pytest.raises(RuleError, match="already acted"):
        attack(enc, brannoc.id, "goblin-1")
    enc.undo()
    assert sword.dropped and not brannoc.acted


def test_drawing_another_weapon_after_a_drop_takes_the_round_too() -> None:
    enc = make([1, 1])
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")
    brannoc.acted = False
    crossbow = next(w for w in drawable(enc, brannoc.id))
    assert crossbow.name == "Crossbow"
    step = draw_weapon(enc, brannoc.id, crossbow.uid)
    assert step.summary == "Brannoc Ironhand draws Crossbow (the round)"
    assert crossbow.equipped and brannoc.acted


def test_a_monster_picks_up_its_weapon_and_nothing_lying_is_refused() -> None:
    enc = make([])
    goblin = enc.combatant("goblin-1")
    with pytest.raises(RuleError, match="not dropped"):
        pick_up_weapon(enc, goblin.id)
    goblin.weapon_dropped = True  # what a fumble row's "drop your weapon" sets (R26)
    pick_up_weapon(enc, goblin.id)
    assert not goblin.weapon_dropped and goblin.acted
    with pytest.raises(RuleError, match="no dropped weapon"):
        pick_up_weapon(enc, pc(enc, "Wren").id)


def test_after_a_drop_no_other_weapon_is_drawn_inside_an_attack() -> None:
    """R17: "(a round to pick it up or draw another)": with the sword on the ground, Brannoc's
    attack cannot draw the crossbow on the way (named or not); a fist still fights CLOSE; once
    drawn (its own round), the crossbow shoots."""
    enc = make([1, 1, 2, 12, 3])
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")  # the natural 1 drops the sword
    crossbow = next(w for w in drawable(enc, brannoc.id))
    brannoc.acted = False
    fist = attack(enc, brannoc.id, "goblin-1")  # CLOSE: a fist (2: a miss)
    assert fist.events[0].purpose == "attack Goblin (fist)"  # type: ignore[union-attr]
    brannoc.acted = False
    enc.combatant("goblin-1").position = 1  # NEAR: the sword would not reach anyway
    with pytest.raises(RuleError, match="takes the round"):
        attack(enc, brannoc.id, "goblin-1")
    with pytest.raises(RuleError, match="takes the round"):
        attack(enc, brannoc.id, "goblin-1", weapon_uid=crossbow.uid)
    draw_weapon(enc, brannoc.id, crossbow.uid)
    brannoc.acted = False
    step = attack(enc, brannoc.id, "goblin-1")
    assert step.events[0].purpose == "attack Goblin (Crossbow)"  # type: ignore[union-attr]
