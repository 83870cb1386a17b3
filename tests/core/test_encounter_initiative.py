"""Group d6 initiative, the round's flow and its undo (R18, R20, R27), with scripted dice.

Furnace: "both side roll d6, the group with the greater value starts the fight, if the rolls are
equal, both group comes simultaneous (You can roll every turn)."
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.abilities import Ability, AbilityScores
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.encounter.turns import begin_round, current, is_over, next_turn, start
from emberkeep.gear.inventory import Inventory

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


# --- helpers shared by the initiative and surprise tests ------------------------------------

def make_pc(name: str, *, str_: int = 10, dex: int = 10, gear: Sequence[str] = ("mace",),
            spells: Sequence[str] = (), class_id: str | None = None) -> Character:
    bases = {a: 10 for a in Ability}
    bases[Ability.STR], bases[Ability.DEX] = str_, dex
    return Character(name=name, race="human", class_id=class_id,
                     level=1 if class_id else 0, scores=AbilityScores.from_bases(bases),
                     hp=6, max_hp=6, inventory=Inventory.from_catalog(gear),
                     spells_known=list(spells))


def make_encounter(pcs: Iterable[Character], monsters: Iterable[Combatant] = (),
                   faces: Iterable[int] = (),
                   mode: InitiativeMode = InitiativeMode.GROUP) -> Encounter:
    chars = list(pcs)
    combatants = [*(pc_combatant(c) for c in chars), *monsters]
    return Encounter(combatants, {c.id: c for c in chars}, ScriptedRoller(faces), mode=mode)


def cid(enc: Encounter, name: str) -> str:
    return next(c.id for c in enc.combatants.values() if c.name == name)


def order_names(enc: Encounter) -> list[str]:
    return [enc.combatants[Slot.parse(e).cid].name for e in enc.state.order]


def goblins(count: int = 2) -> list[Combatant]:
    return monster_combatants(GOBLIN, count, position=0)


def party_vs_goblins(faces: Iterable[int] = ()) -> Encounter:
    return make_encounter([make_pc("Ann"), make_pc("Bo")], goblins(), faces)


def walk(enc: Encounter) -> list[str]:
    """Names of whoever is current, then after each next_turn, until the round changes."""
    seen: list[str] = []
    rnd = enc.state.round
    while enc.state.round == rnd:
        now = current(enc)
        if now is not None:
            seen.append(now.name)
        next_turn(enc)
    return seen


# --- group d6 --------------------------------------------------------------------------------

def test_group_d6_the_greater_value_starts_the_fight() -> None:
    """R20: "the group with the greater value starts the fight"."""
    enc = party_vs_goblins([2, 5])  # party d6 2, foes d6 5 (no surprise: the GM says nobody)
    start(enc, surprise=[])
    assert enc.state.side_rolls == (("party", 2), ("foes", 5))
    assert order_names(enc) == ["Goblin 1", "Goblin 2", "Ann", "Bo"]
    assert current(enc) is enc.combatant("goblin-1")
    assert enc.combatant("goblin-2").initiative == 5
    assert enc.combatant(cid(enc, "Ann")).initiative == 2


def test_group_d6_ties_act_together_members_interleaved() -> None:
    """R20: "if the rolls are equal, both group comes simultaneous": one step, interleaved."""
    enc = make_encounter([make_pc("Ann"), make_pc("Bo"), make_pc("Cy")], goblins(), [4, 4])
    start(enc, surprise=[])
    assert order_names(enc) == ["Ann", "Goblin 1", "Bo", "Goblin 2", "Cy"]


def test_group_order_stays_the_same_each_round_without_reroll() -> None:
    """R20: the reroll each round is optional; off by default, the order is kept (no dice)."""
    roller_faces = [6, 1]
    enc = party_vs_goblins(roller_faces)
    start(enc, surprise=[])
    first = enc.state.order
    assert walk(enc) == ["Ann", "Bo", "Goblin 1", "Goblin 2"]
    assert enc.state.round == 2 and enc.state.order == first  # a third die would be exhausted


def test_group_reroll_each_round_when_asked() -> None:
    """R20: "You can roll every turn": begin_round(reroll=True) rolls both sides again."""
    enc = party_vs_goblins([6, 1, 2, 3])
    start(enc, surprise=[])
    begin_round(enc, reroll=True)
    assert enc.state.round == 2 and enc.state.side_rolls == (("party", 2), ("foes", 3))
    assert order_names(enc)[0] == "Goblin 1"


def test_sacrificed_shield_gives_its_side_plus_two_on_the_next_d6_once() -> None:
    """R18: "+2 on a d6 group roll" after a shield sacrifice; the bonus is read and cleared."""
    enc = party_vs_goblins([3, 4, 3, 4])
    enc.combatant(cid(enc, "Bo")).initiative_bonus = 2
    start(enc, surprise=[])
    assert enc.state.side_rolls == (("party", 5), ("foes", 4))
    assert order_names(enc)[0] == "Ann"
    assert enc.combatant(cid(enc, "Bo")).initiative_bonus == 0
    begin_round(enc, reroll=True)  # the same faces again, now without the bonus
    assert enc.state.side_rolls == (("party", 3), ("foes", 4))


def test_group_d6_takes_gm_typed_dice() -> None:
    enc = party_vs_goblins()
    with enc.typed({("initiative", "party"): 1, ("initiative", "foes"): 6}):
        start(enc, surprise=[])
    assert enc.state.side_rolls == (("party", 1), ("foes", 6))
    assert enc.history[-1].rolls()[0].typed


# --- the round's flow ------------------------------------------------------------------------

def test_next_turn_skips_the_down_and_those_who_cannot_act_then_starts_a_round() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    enc.combatant(cid(enc, "Bo")).conditions = (ActiveCondition("STUNNED", 1, "rounds"),)
    enc.combatant("goblin-1").hp = 0
    assert walk(enc) == ["Ann", "Goblin 2"]
    assert enc.state.round == 2 and current(enc) is enc.combatant(cid(enc, "Ann"))


def test_a_new_round_resets_acted_dodging_and_jostled() -> None:
    """DODGE lasts until the dodger's next turn; jostled counts within a round (R31)."""
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    ann = enc.combatant(cid(enc, "Ann"))
    ann.acted, ann.dodging, ann.jostled = True, True, True
    begin_round(enc)
    assert (ann.acted, ann.dodging, ann.jostled) == (False, False, False)
    assert enc.state.round == 2


def test_who_already_acted_is_skipped_in_group_mode() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    enc.combatant(cid(enc, "Bo")).acted = True  # acted out of turn (a GM ruling)
    next_turn(enc)
    assert current(enc) is enc.combatant("goblin-1")


def test_undo_of_a_round_start_restores_the_state_before_it() -> None:
    enc = party_vs_goblins([6, 1, 2, 5])
    start(enc, surprise=[])
    next_turn(enc)
    before = enc.fingerprint()
    begin_round(enc, reroll=True)
    assert enc.state.round == 2
    enc.undo()
    assert enc.fingerprint() == before
    enc.undo()  # the next_turn
    enc.undo()  # round 1
    assert enc.state.round == 0 and enc.state.phase == "surprise" and enc.state.order == ()


def test_the_start_steps_undo_back_to_setup() -> None:
    enc = party_vs_goblins([6, 1])
    before = enc.fingerprint()
    start(enc, surprise=[])
    assert [s.action for s in enc.history] == ["surprise", "round"]
    enc.undo()
    enc.undo()
    assert enc.fingerprint() == before


def test_is_over_when_one_side_has_nobody_standing_records_the_winner() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    assert not is_over(enc)
    for g in ("goblin-1", "goblin-2"):
        enc.combatant(g).hp = 0
    assert is_over(enc)
    assert enc.state.phase == "over" and enc.state.winner == "party"
    assert enc.history[-1].action == "end"
    with pytest.raises(RuleError):
        next_turn(enc)
    enc.undo()
    assert enc.state.phase == "fighting" and enc.state.winner is None


def test_next_turn_ends_the_fight_when_a_side_falls() -> None:
    enc = party_vs_goblins([6, 1])
    start(enc, surprise=[])
    enc.combatant(cid(enc, "Ann")).out = True
    enc.character(enc.combatant(cid(enc, "Bo"))).hp = 0
    step = next_turn(enc)
    assert enc.state.phase == "over" and enc.state.winner == "foes"
    assert "over" in step.summary and current(enc) is None


def test_next_turn_before_the_start_is_refused() -> None:
    enc = party_vs_goblins()
    with pytest.raises(RuleError):
        next_turn(enc)
