"""Properties of the encounter engine under random legal play (Hypothesis).

Whatever sequence of actions is tried (attacks, moves, DODGE, DISENGAGE, grapples, shoves,
spells, Lay on Hands, items, GM rulings, turns and rounds), and whatever the dice:

- a refused action (RuleError) changes nothing;
- no combatant who is down (dying, dead, out) or held by a no-action condition (R28) takes an
  action; HP never rises above the maximum; no count goes negative (notches, armor points,
  quantities, hit dice, Luck Dice, spell counts, a condition's rounds);
- replaying the recorded steps (Step.to_json → from_json → redo) on a fresh copy of the start
  gives the same state, and undoing everything returns to the start.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter import actions, turns
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.setup import monster_combatants, pc_combatants

ORC = MonsterStats(name="Orc", max_hp=6, room_dc=12, attack_bonus=3, damage="1d8")
CONDITIONS = ("PRONE", "STUNNED", "cant_move", "move_near_only", "BLINDED", "WEAK",
              "FRIGHTENED", "GRAPPLED")
SPELLS = ("fireball", "chill_touch", "ember_swarm", "bless", "shield", "torchlight")
KINDS = ("attack", "move", "move_and_attack", "disengage", "dodge", "grapple", "break_free",
         "shove", "stand_up", "cast", "lay_on_hands", "use_item", "ruling_hp",
         "ruling_condition", "ruling_remove", "next_turn", "next_turn", "begin_round")


@cache
def _party() -> tuple[Character, ...]:
    return tuple(c for c in build_example_campaign().characters if c.level == 1)


def _fresh(roller_seed: int | None, mode: InitiativeMode) -> Encounter:
    characters = {c.id: c.model_copy(deep=True) for c in _party()}
    combatants = [*pc_combatants(characters.values()),
                  *monster_combatants(ORC, 2, position=1),
                  *monster_combatants(ORC, 1, position=0, first_number=3)]
    roller = RandomRoller(roller_seed) if roller_seed is not None else ScriptedRoller([])
    return Encounter(combatants, characters, roller, mode=mode)


def _counts_ok(enc: Encounter) -> None:
    for c in enc.combatants.values():
        assert all(x.rounds_left is None or x.rounds_left >= 0 for x in c.conditions), c.name
        assert c.ac_penalty >= 0
        if c.kind == "monster":
            assert c.monster is not None and c.hp <= c.monster.max_hp, c.name
    for ch in enc.characters.values():
        assert ch.hp <= ch.max_hp, ch.name
        assert ch.hit_dice >= 0 and 0 <= ch.luck.dice <= 3 and ch.luck.fail_streak >= 0
        assert ch.caster.spells_cast_since_check >= 0 and ch.caster.healed_hd_today >= 0
        inv = ch.inventory
        assert all(w.notches >= 0 for w in inv.weapons)
        assert all(p.damage_points >= 0 for p in [*inv.armor, *inv.shields])
        assert all(i.quantity >= 0 for i in inv.items)


Move = tuple[str, int, int, int, int]

moves = st.tuples(st.sampled_from(KINDS), st.integers(0, 6), st.integers(0, 6),
                  st.integers(-2, 2), st.integers(0, 99))


def _do(enc: Encounter, move: Move) -> Any:
    kind, who, whom, delta, n = move
    ids = list(enc.combatants)
    current = turns.current(enc)
    actor = enc.combatants[ids[who]] if current is None or n % 3 == 0 else current
    if kind in ("cast", "lay_on_hands") and n % 2 == 0:  # the casters, more often
        wanted = "cleric" if kind == "lay_on_hands" or n % 4 == 0 else "magic_user"
        actor = next(c for c in enc.combatants.values()
                     if c.kind == "pc" and enc.character(c).class_id == wanted)
    target = enc.combatants[ids[whom]]
    play = _PLAYS.get(kind)
    if play is not None:
        return play(enc, actor, target, delta, n)
    if kind == "begin_round":
        return turns.begin_round(enc)
    if enc.state.phase == "setup":
        return turns.start(enc, surprise=[])
    return turns.next_turn(enc)


def _use_item(enc: Encounter, actor: Combatant, target: Combatant, delta: int, n: int) -> Step:
    items = enc.character(actor).inventory.items if actor.kind == "pc" else []
    uid = items[n % len(items)].uid if items else "none"
    return actions.use_item(enc, actor.id, uid, heal=n % 4)


def _ruling_hp(enc: Encounter, actor: Combatant, target: Combatant, delta: int, n: int) -> Step:
    _hp, max_hp = enc.hp_with_max(target)
    lost = n % 12 if n % 3 == 0 else n % 3
    return actions.gm_ruling(enc, "by hand", [actions.SetHp(target.id, max_hp - lost)])


def _ruling_condition(enc: Encounter, actor: Combatant, target: Combatant, delta: int,
                      n: int) -> Step:
    cond = ActiveCondition(CONDITIONS[n % len(CONDITIONS)], delta + 2 if n % 2 else None,
                           "rounds" if n % 2 else "removed", actor.id)
    return actions.gm_ruling(enc, "a condition", [actions.AddCondition(target.id, cond)])


# Each move kind an actor plays at a target (``delta``: zones; ``n``: picks an option).
_PLAYS: dict[str, Callable[[Encounter, Combatant, Combatant, int, int], Step]] = {
    "attack": lambda enc, a, t, delta, n: actions.attack(enc, a.id, t.id, luck=n % 2 == 0),
    "move": lambda enc, a, t, delta, n: actions.move(enc, a.id, a.position + delta,
                                                     free_disengage=n % 2 == 0),
    "move_and_attack": lambda enc, a, t, delta, n: actions.move_and_attack(
        enc, a.id, a.position + delta, t.id),
    "disengage": lambda enc, a, t, delta, n: actions.disengage(enc, a.id, a.position + delta),
    "dodge": lambda enc, a, t, delta, n: actions.dodge(enc, a.id),
    "grapple": lambda enc, a, t, delta, n: actions.grapple(enc, a.id, t.id),
    "break_free": lambda enc, a, t, delta, n: actions.break_free(enc, a.id),
    "shove": lambda enc, a, t, delta, n: actions.shove(
        enc, a.id, t.id, result="prone" if n % 2 else "push", direction=1 if delta >= 0 else -1),
    "stand_up": lambda enc, a, t, delta, n: actions.stand_up(enc, a.id),
    "cast": lambda enc, a, t, delta, n: actions.cast(enc, a.id, SPELLS[n % len(SPELLS)], [t.id],
                                                     luck=n % 5 == 0),
    "lay_on_hands": lambda enc, a, t, delta, n: actions.lay_on_hands(enc, a.id, t.id),
    "use_item": _use_item,
    "ruling_hp": _ruling_hp,
    "ruling_condition": _ruling_condition,
    "ruling_remove": lambda enc, a, t, delta, n: actions.gm_ruling(enc, "lifted", [
        actions.RemoveCondition(t.id, CONDITIONS[n % len(CONDITIONS)])]),
}


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), mode=st.sampled_from(list(InitiativeMode)),
       begin=st.booleans(), plays=st.lists(moves, min_size=1, max_size=60))
def test_random_play_stays_legal_replays_and_undoes(seed: int, mode: InitiativeMode,
                                                    begin: bool, plays: list[Move]) -> None:
    enc = _fresh(seed, mode)
    start = enc.fingerprint()
    if begin:
        turns.start(enc, surprise=[])
    for play in plays:
        before = enc.fingerprint()
        taken = len(enc.history)
        actors_able = {cid: enc.can_act(c) for cid, c in enc.combatants.items()}
        try:
            _do(enc, play)
        except RuleError:
            assert enc.fingerprint() == before and len(enc.history) == taken
            continue
        for step in enc.history[taken:]:
            if step.actor in actors_able:  # a combatant's own action, not the GM's
                assert actors_able[step.actor], f"{step.actor} acted while unable"
        _counts_ok(enc)
    end = enc.fingerprint()

    saved = [s.to_json() for s in enc.history]
    while enc.history:
        enc.undo()
    assert enc.fingerprint() == start

    fresh = _fresh(None, mode)  # the same start, with no dice: replay never rolls
    assert fresh.fingerprint() == start
    for data in saved:
        fresh.redo(Step.from_json(data))
    assert fresh.fingerprint() == end
