"""Archetype features that act as free steps in a fight, with scripted dice.

Brannoc Ironhand (Fighter: STR +1, PROF +1, arming sword 1d8, AC 17) and Sister Maud against
the brute (AC 12, 200 HP): Rage runs out after its rounds; the Chosen one's reroll is readied
before the attack; "Once a fight chosen ally ATK is EASY" makes the ally's next attack EASY.
"""

from __future__ import annotations

import pytest

from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.encounter.attack import attack
from emberkeep.encounter.durations import end_of_turn
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.events import Note
from emberkeep.encounter.feature_actions import (
    ATTACKS_EASY,
    REROLL_MISS,
    grant_ally_easy,
    mark_reroll,
    toggle_state,
)
from tests.core.test_encounter_attack import BRUTE, make, pc
from tests.core.test_toolbox_engine import _take


def test_rage_lasts_its_ten_rounds_then_switches_off_on_the_sheet() -> None:
    """Rage's data: 10 rounds (5e SRD's minute, the GM edits it); each end of Brannoc's turn
    counts one; the tenth switches it off: AC back to 17. Undo brings the Rage back."""
    enc = make([], foes=((BRUTE, 0),))
    brannoc = _take(enc, "Brannoc", "barbarian", "rage")
    c = enc.combatant(brannoc)
    ch = enc.character(c)
    step = toggle_state(enc, brannoc, "Rage", True)
    assert step.summary == "Brannoc Ironhand: Rage on for 10 rounds"
    assert character_armor_class(ch, SHIPPED) == 16
    for n in range(1, 11):
        enc.state.round = n + 1  # each end of turn a round later than the Rage began
        with enc.action("gm", "end of turn") as tx:
            end_of_turn(enc, tx, c)
    assert [x.name for x in ch.conditions] == [] and c.conditions == ()
    assert character_armor_class(ch, SHIPPED) == 17
    assert "Brannoc Ironhand: Rage runs out" in [
        e.text for e in enc.history[-1].events if isinstance(e, Note)]
    enc.undo()
    assert [x.name for x in ch.conditions] == ["Rage"]


def test_rage_off_by_hand_stops_its_clock() -> None:
    enc = make([], foes=((BRUTE, 0),))
    brannoc = _take(enc, "Brannoc", "barbarian", "rage")
    toggle_state(enc, brannoc, "Rage", True)
    toggle_state(enc, brannoc, "Rage", False)
    assert enc.combatant(brannoc).conditions == ()


def test_chosen_one_readied_rerolls_the_next_miss_once_a_fight() -> None:
    """Maud readies the reroll (a free step), then misses with 3: the d20 is rolled again, 17,
    and hits; the mark is gone and no reroll is left to ready."""
    enc = make([3, 17, 4], foes=((BRUTE, 0),))
    maud = _take(enc, "Sister", "bloodshaman", "chosen_one")
    mark_reroll(enc, maud)
    assert [x.name for x in enc.combatant(maud).conditions] == [REROLL_MISS]
    step = attack(enc, maud, "brute-1")
    assert [r.natural for r in step.rolls()[:2]] == [3, 17] and "hits" in step.summary
    assert enc.combatant(maud).conditions == ()
    with pytest.raises(RuleError, match="no attack reroll left"):
        mark_reroll(enc, maud)


def test_ally_easy_makes_the_allys_next_attack_easy_once() -> None:
    """Maud grants Brannoc EASY: d20 9 + 2 = 11 hits the brute's AC 12 − 3 (R7); the next
    attack of 9 misses again; a second grant is refused."""
    enc = make([9, 3, 9], foes=((BRUTE, 0),))
    maud = _take(enc, "Sister", "bloodshaman", "ally_easy_attack")
    brannoc = pc(enc, "Brannoc")
    grant_ally_easy(enc, maud, brannoc.id)
    assert [x.name for x in brannoc.conditions] == [ATTACKS_EASY]
    assert "hits" in attack(enc, brannoc.id, "brute-1").summary
    assert brannoc.conditions == ()
    brannoc.acted = False
    assert "misses" in attack(enc, brannoc.id, "brute-1").summary
    with pytest.raises(RuleError, match="no use of that feature left"):
        grant_ally_easy(enc, maud, brannoc.id)
