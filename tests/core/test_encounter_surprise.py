"""The surprise check and what surprise does in each mode (R20), with scripted dice.

R20: "Surprise is checked first: each side rolls a d6 and is surprised on 1-2 (OSR convention),
or the GM decides. Furnace: a surprised side does not act in the first round. WDD: in the first
round the surprising side acts first, longest weapon first, and then the surprised side acts,
again longest weapon first; Magic-users declare spells after surprise is known."
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.setup import monster_combatants
from emberkeep.encounter.surprise import check_surprise, declare_spell
from emberkeep.encounter.turns import current, next_turn, start
from tests.core.test_encounter_initiative import (
    cid,
    goblins,
    make_encounter,
    make_pc,
    order_names,
    party_vs_goblins,
    walk,
)

OGRE = MonsterStats(name="Ogre", max_hp=12, room_dc=13, damage="1d10", weapon="club",
                    weapon_length_ft=5)
SEG = InitiativeMode.SEGMENTS
SIM = InitiativeMode.SIMULTANEOUS


@pytest.mark.parametrize(("face", "surprised"), [(1, True), (2, True), (3, False), (6, False)])
def test_a_side_is_surprised_on_a_d6_of_1_or_2(face: int, surprised: bool) -> None:
    """R20: "each side rolls a d6 and is surprised on 1-2 (OSR convention)"."""
    enc = party_vs_goblins([face, 4])  # party's d6, then the foes'
    check_surprise(enc)
    assert [c.surprised for c in enc.combatants.values()] == [surprised, surprised, False, False]
    assert enc.state.phase == "surprise"
    assert [r.total for r in enc.history[-1].rolls()] == [face, 4]


def test_the_gm_decides_surprise_without_rolling() -> None:
    """R20: "or the GM decides" (no die is rolled: the script is empty)."""
    enc = party_vs_goblins()
    step = check_surprise(enc, surprised=["foes"])
    assert [c.surprised for c in enc.combatants.values()] == [False, False, True, True]
    assert step.rolls() == [] and "foes" in step.summary


def test_surprise_takes_gm_typed_dice() -> None:
    enc = party_vs_goblins()
    with enc.typed({("surprise", "party"): 5, ("surprise", "foes"): 2}):
        check_surprise(enc)
    assert enc.combatant("goblin-1").surprised and not enc.combatant(cid(enc, "Ann")).surprised


def test_surprise_is_checked_once_and_only_for_known_sides() -> None:
    enc = party_vs_goblins()
    with pytest.raises(RuleError):
        check_surprise(enc, surprised=["dragons"])
    check_surprise(enc, surprised=[])
    with pytest.raises(RuleError):
        check_surprise(enc, surprised=[])


# --- Furnace: the surprised side does not act in the first round ------------------------------

def test_furnace_surprised_side_skips_the_first_round_only() -> None:
    """Furnace: "Keep it simple, the suprised side doesn't act, then initiative"."""
    enc = party_vs_goblins([2, 5, 6, 1])  # surprise: party 2 (surprised), foes 5; d6 6 vs 1
    start(enc)
    assert order_names(enc) == ["Ann", "Bo", "Goblin 1", "Goblin 2"]
    assert current(enc) is enc.combatant("goblin-1")
    assert walk(enc) == ["Goblin 1", "Goblin 2"]
    assert enc.state.round == 2 and current(enc) is enc.combatant(cid(enc, "Ann"))
    assert not any(c.surprised for c in enc.combatants.values())


def test_furnace_surprise_in_simultaneous_mode_too() -> None:
    enc = make_encounter([make_pc("Ann")], goblins(1), mode=SIM)
    start(enc, surprise=["foes"])
    assert walk(enc) == ["Ann", "Ann"]  # both phases of round 1; the goblin waits
    assert current(enc) is enc.combatant(cid(enc, "Ann")) and enc.state.round == 2
    next_turn(enc)
    assert current(enc) is enc.combatant("goblin-1")


def test_furnace_every_side_surprised_means_nobody_acts_in_round_one() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=["party", "foes"])
    assert enc.state.round == 1 and current(enc) is None
    next_turn(enc)
    assert enc.state.round == 2 and current(enc) is enc.combatant(cid(enc, "Ann"))


# --- WDD: the surprise round by side and weapon length ----------------------------------------

def test_wdd_surprise_round_surprising_side_first_longest_weapon_first() -> None:
    """WDD: "the combatant with the longest weapon, on the side with the Surprise Initiative,
    goes first. After all of the combatants on the 'winning' side ... have taken a turn, those
    on the 'losing' side take a turn, again, with the longest weapon going first"."""
    pcs = [make_pc("Dagger Dan", gear=["dagger"]), make_pc("Spear Sal", gear=["spear"]),
           make_pc("Maul Mo", gear=["maul"]), make_pc("Fist Fay", gear=[])]
    foes = [*goblins(1), *monster_combatants(OGRE, position=0)]
    enc = make_encounter(pcs, foes, [5] * 6, mode=SEG)  # the d10s are round 2's
    start(enc, surprise=["party"])
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.remaining == 6  # no d10 yet
    expected = ["Ogre", "Goblin", "Spear Sal", "Maul Mo", "Dagger Dan", "Fist Fay"]
    assert order_names(enc) == expected
    assert walk(enc) == expected  # the surprised act too, after the others
    assert enc.state.round == 2


def test_wdd_surprise_round_with_ties_keeps_encounter_order() -> None:
    pcs = [make_pc("Ann", gear=["mace"]), make_pc("Bo", gear=["mace"])]
    enc = make_encounter(pcs, goblins(2), mode=SEG)
    start(enc, surprise=["foes"])
    assert order_names(enc) == ["Ann", "Bo", "Goblin 1", "Goblin 2"]


def test_wdd_magic_users_declare_spells_after_surprise_is_known() -> None:
    """WDD: "After Surprise has been determined, any M-Us can declare if they are going to cast a
    spell"; the spell goes off at the caster's segment + casting time (fireball: 2)."""
    mage = make_pc("Ysolde", gear=["dagger"], class_id="magic_user", spells=["fireball"])
    enc = make_encounter([mage], goblins(1), [4, 3, 7, 5], mode=SEG)  # 2 d6s, 2 d10s
    start(enc, spells={"pc-" + mage.id[:8]: "fireball"})
    ysolde = enc.combatant(cid(enc, "Ysolde"))
    assert [s.action for s in enc.history] == ["surprise", "declare spell", "round"]
    assert ysolde.declared_spell == "fireball"
    # d10 7 - 1 (dagger, a small weapon) = 6 → the spell at segment 6 + 2 = 8
    assert ysolde.initiative == 6 and ysolde.spell_segment == 8


def test_declaring_a_spell_is_refused_when_not_known() -> None:
    mage = make_pc("Ysolde", class_id="magic_user", spells=["fireball"])
    enc = make_encounter([mage], goblins(1), mode=SEG)
    with pytest.raises(RuleError):
        declare_spell(enc, cid(enc, "Ysolde"), "polymorph")
    with pytest.raises(RuleError):
        declare_spell(enc, cid(enc, "Ysolde"), "no_such_spell")
    assert enc.history == []
