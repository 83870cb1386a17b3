"""R35: who is unaware of whom, and the Rogue's Sneak Attack that needs it."""

from __future__ import annotations

import pytest

from emberkeep.encounter.attack import attack
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Row
from emberkeep.encounter.surprise import check_surprise
from emberkeep.encounter.turns import begin_round
from emberkeep.encounter.unaware import UNAWARE, is_unaware_of, mark_unaware
from tests.core.test_encounter_attack import BRUTE, make, pc


def _unaware_of(enc: Encounter, cid: str) -> set[str]:
    c = enc.combatant(cid)
    return {x.source for x in c.conditions if x.name == UNAWARE}


def test_surprised_foes_are_unaware_so_the_rogue_sneak_attacks_in_the_surprise_round() -> None:
    """R35: "A combatant is unaware of its foes while it is surprised (... Furnace's skipped
    first round)". Rogue: "if target is unaware, it is EASY to hit, and the hit scores
    automatic CRIT". Wren's 9 - 1 + 1 = 9 hits AC 12 only because EASY (-3); max 1d8 - 1 = 7,
    rogue crit row 1-2 (d6: 2) +1d6 (4)."""
    enc = make([5, 3, 9, 2, 4], foes=((BRUTE, 0),))
    wren, brannoc = pc(enc, "Wren"), pc(enc, "Brannoc")
    check_surprise(enc, surprised=["foes"])
    assert _unaware_of(enc, "brute-1") == {c.id for c in enc.combatants.values()
                                           if c.side == "party"}
    begin_round(enc)  # a d6 per side (5, 3)
    step = attack(enc, wren.id, "brute-1")
    assert [(r.table, r.label) for r in step.events if isinstance(r, Row)] == [
        ("crit_rogue", "1-2")]
    assert enc.combatant("brute-1").hp == 200 - 7 - 4
    # "Being attacked ends it for that attacker": still unaware of Brannoc, not of Wren
    brute = enc.combatant("brute-1")
    assert not is_unaware_of(brute, wren) and is_unaware_of(brute, brannoc)
    enc.undo()
    assert is_unaware_of(enc.combatant("brute-1"), wren)


def test_the_surprise_rounds_unawareness_ends_when_round_two_begins() -> None:
    enc = make([5, 3, 4, 2], foes=((BRUTE, 0),))
    check_surprise(enc, surprised=["foes"])
    begin_round(enc)
    assert _unaware_of(enc, "brute-1")
    for c in enc.combatants.values():
        c.acted = True
    begin_round(enc)  # round 2: the d6s again (4, 2)
    assert enc.state.round == 2 and not _unaware_of(enc, "brute-1")


def test_everyone_surprised_is_nobody_caught_unaware() -> None:
    """R20's literal rule: every side surprised, nobody has the surprise."""
    enc = make([], foes=((BRUTE, 0),))
    check_surprise(enc, surprised=["party", "foes"])
    assert not any(x.name == UNAWARE for c in enc.combatants.values() for x in c.conditions)


def test_the_gm_marks_a_foe_unaware_of_one_attacker_and_the_attack_ends_it() -> None:
    """R35: "... and of one attacker the GM marks as unnoticed". Marked unaware of Wren only:
    Wren's 9 is a Sneak Attack crit; without the mark the same 9 misses AC 12."""
    enc = make([9, 2, 4], foes=((BRUTE, 0),))
    wren, brannoc = pc(enc, "Wren"), pc(enc, "Brannoc")
    step = mark_unaware(enc, "brute-1", wren.id)
    assert step.summary == "Brute is unaware of Wren Quickfingers (R35)"
    assert _unaware_of(enc, "brute-1") == {wren.id}
    assert not is_unaware_of(enc.combatant("brute-1"), brannoc)
    attack(enc, wren.id, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 7 - 4 and not _unaware_of(enc, "brute-1")
    unmarked = make([9], foes=((BRUTE, 0),))
    step = attack(unmarked, pc(unmarked, "Wren").id, "brute-1")
    assert step.summary == "Wren Quickfingers misses Brute"


def test_the_gm_clears_a_mark_and_refuses_nonsense() -> None:
    enc = make([], foes=((BRUTE, 0),))
    wren, brannoc = pc(enc, "Wren"), pc(enc, "Brannoc")
    mark_unaware(enc, "brute-1", wren.id)
    step = mark_unaware(enc, "brute-1", wren.id, on=False)
    assert step.summary == "Brute sees Wren Quickfingers (R35)"
    assert not _unaware_of(enc, "brute-1")
    with pytest.raises(RuleError, match="not unaware"):
        mark_unaware(enc, "brute-1", wren.id, on=False)
    with pytest.raises(RuleError, match="side"):
        mark_unaware(enc, brannoc.id, wren.id)
