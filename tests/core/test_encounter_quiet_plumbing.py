"""The engine's plumbing answers as the long way does: an action served again, the rules told
of a combatant's standing only when an action set its HP or ``out``, the pair of standing
combatants asked first, the group order made once a fight, ``set_on`` for a combatant in hand."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Set
from emberkeep.encounter.initiative import group_ids
from emberkeep.encounter.setup import monster_combatants, pc_combatants

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(recording: bool = False, goblins: int = 3) -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, goblins)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller([]),
                     recording=recording)


def test_an_action_served_again_puts_back_only_its_own_changes() -> None:
    enc = _encounter()
    goblin, other = enc.combatant("goblin-1"), enc.combatant("goblin-2")
    with enc.action("gm", "first") as first:
        first.set_on(goblin, "acted", True)
    with pytest.raises(RuleError), enc.action("gm", "refused") as refused:
        assert refused is first  # the done action serves again
        refused.set(("c", "goblin-2"), "hp", 1)
        raise RuleError("refused half-way")
    assert goblin.acted and other.hp == 5
    with enc.action("gm", "outer") as outer:
        outer.set_on(other, "dodging", True)
        with pytest.raises(RuleError), enc.action("gm", "inner") as inner:
            assert inner is not outer  # an action still open is never handed out
            inner.set_on(goblin, "hp", 0)
            raise RuleError("refused inside")
        outer.set_on(other, "acted", True)
    assert (goblin.hp, other.dodging, other.acted) == (5, True, True)
    assert enc.steps_taken == 2
    enc.rewind()
    assert not goblin.acted and not other.dodging and not other.acted and enc.journal == []


@pytest.mark.parametrize("recording", [True, False], ids=["recording", "quiet"])
def test_the_rules_are_told_of_each_action_that_sets_a_combatants_hp_or_out(
        recording: bool) -> None:
    enc = _encounter(recording)
    seen: list[str] = []

    def rule(enc: Encounter, tx: Tx) -> None:
        seen.append(enc.state.phase + (" changed" if tx.changed_standing() else " unchanged"))

    enc.hooks.standing_changed.append(rule)
    goblin = enc.combatant("goblin-1")
    with enc.action("gm", "flag") as tx:
        tx.set_on(goblin, "acted", True)
    with enc.action("gm", "same hp") as tx:
        tx.set(("c", goblin.id), "hp", goblin.hp)  # unchanged: no change of standing
    with enc.action("gm", "hit") as tx:
        tx.set(("c", goblin.id), "hp", 2)
    with enc.action("gm", "out") as tx:
        tx.set_on(enc.combatant("goblin-2"), "out", True)
    assert seen == ["setup changed", "setup changed"]  # the flag and the same HP: nothing


def test_a_rule_plugged_into_one_encounter_is_not_plugged_into_the_next() -> None:
    enc, other = _encounter(), _encounter()
    enc.hooks.standing_changed.append(lambda enc, tx: None)
    assert len(enc.hooks.standing_changed) == len(other.hooks.standing_changed) + 1


def test_set_on_records_and_journals_what_set_does() -> None:
    loud, quiet = _encounter(recording=True), _encounter()
    for enc in (loud, quiet):
        with enc.action("gm", "flags") as tx:
            tx.set_on(enc.combatant("goblin-3"), "jostled", True)
            tx.set_on(enc.combatant("goblin-3"), "initiative", None)  # unchanged: nothing
    assert loud.history[-1].events == [Set(("c", "goblin-3"), "jostled", False, True)]
    goblin = quiet.combatant("goblin-3")
    assert list(quiet.journal) == [("c", ("c", "goblin-3"), goblin, "jostled", False)]


def test_two_sides_standing_never_trusts_a_fallen_or_removed_pair() -> None:
    enc = _encounter(goblins=2)
    assert enc.two_sides_standing()
    first, second = enc.combatant("goblin-1"), enc.combatant("goblin-2")
    second.hp = 0  # the pair it keeps is the last standing of each side: goblin 2 and a PC
    assert enc.two_sides_standing()
    del enc.combatants["goblin-1"]  # (a GM's undone "add combatant")
    assert not enc.two_sides_standing()
    enc.combatants["goblin-1"] = first
    first.out = True
    assert not enc.two_sides_standing()
    first.out = False
    assert enc.two_sides_standing()


def test_the_group_order_is_made_again_when_the_combatants_change() -> None:
    enc = _encounter(goblins=2)
    rolls = (("party", 3), ("foes", 5))
    with enc.action("gm", "round") as tx:
        order = group_ids(enc, tx, rolls)
        assert order[:2] == ["goblin-1", "goblin-2"] and len(order) == 6
        assert group_ids(enc, tx, rolls) == order  # the same rolls: the same order
        extra = monster_combatants(GOBLIN, 3)[2]
        enc.combatants[extra.id] = extra
        again = group_ids(enc, tx, rolls)
    assert again[:3] == ["goblin-1", "goblin-2", "goblin-3"] and extra.initiative == 5


def test_enemies_are_each_standing_foe_as_the_combatants_stand_now() -> None:
    enc = _encounter(goblins=2)
    pc = enc.standing("party")[0]
    assert [o.id for o in enc.enemies(pc)] == ["goblin-1", "goblin-2"]
    extra = monster_combatants(GOBLIN, 3)[2]
    enc.combatants[extra.id] = extra  # a new foe is seen at once
    assert [o.id for o in enc.enemies(pc)] == ["goblin-1", "goblin-2", "goblin-3"]
    enc.combatant("goblin-1").hp = 0
    del enc.combatants[extra.id]
    assert [o.id for o in enc.enemies(pc)] == ["goblin-2"]
