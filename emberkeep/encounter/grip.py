"""WDD's knife and dagger grip.

"If a PC is in melee combat, using a knife or dagger (or similar, small weapon) and they score a
hit with a Natural or Modified 20, they are able to get in close to their opponent, grip them,
and make two attacks per following round, that hit automatically for maximum damage. An enemy
(or PC) that is thus gripped may attempt to break free in lieu of an attack by making a STR
check vs the opponents STR. A character in the grip of another in this manner may only attack
with one-handed weapons, at -2 to hit."

- A small weapon is :mod:`emberkeep.gear.small`'s: tagged *tiny* (the dagger) or 1 ft at most
  (R31: dagger or knife), one definition with the ATK and WDD's initiative. The grip is taken
  by :func:`after_hit` (``attack.resolve_attack``) when the campaign's ``knife_grip`` is on.
- It is kept as two conditions: ``gripping`` on the gripper (source: the held one's id, since:
  the round it began) and ``gripped`` on the held one (source: the gripper's id). It ends when
  either is down or they are no longer CLOSE, or on a break free.
- :func:`grip_attacks`: from the next round on, the gripper's action: two blows at maximum DAM
  that hit without a roll (R17's notches still cost their -1).
- :func:`break_free`: the held one's action: a STR check (R7: d20 + STR + PROF in Athletics; a
  monster d20 + ROOM DC − 10, R30) against the gripper's STR score (a monster: ROOM DC), as
  R31's grapple.
- The held one attacks only with one-handed weapons (a fist, a one-handed weapon or a monster's
  own), at -2 (:func:`attack_penalty`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.d20 import check_roll
from emberkeep.encounter.damage import Wielded, strike_damage
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.grapple import str_check_bonus, str_dc
from emberkeep.encounter.ruling import ready, spend_turn
from emberkeep.encounter.weapon_choice import choose_weapon
from emberkeep.encounter.zones import Band

if TYPE_CHECKING:
    from emberkeep.encounter.attack import AttackRoll

__all__ = ["GRIPPED", "GRIPPING", "after_hit", "attack_penalty", "break_free", "grip_attacks",
           "gripper_of", "is_small", "release"]

GRIPPING = "gripping"
GRIPPED = "gripped"
GRIP_PENALTY = -2


def is_small(weapon: Wielded) -> bool:
    """``gear.small``'s small weapon, as ``weapon_choice.choose_weapon`` read it off the piece
    (its tag or its length, never its name)."""
    return weapon.small


def _condition(c: Combatant, name: str) -> ActiveCondition | None:
    return next((x for x in c.conditions if x.name == name), None)


def gripper_of(enc: Encounter, c: Combatant) -> Combatant | None:
    """Who holds ``c`` in a grip now (standing and CLOSE), if anyone."""
    held = _condition(c, GRIPPED)
    if held is None:
        return None
    other = enc.combatants.get(held.source)
    if other is None or enc.is_down(other) or enc.band(c, other) != Band.CLOSE:
        return None
    return other


def after_hit(enc: Encounter, tx: Tx, roll: AttackRoll) -> None:
    """Take the grip after a hit when WDD's conditions hold (see the module notes)."""
    if roll.natural != 20 and roll.total < 20:
        return
    if not enc.settings.rules.knife_grip or roll.weapon.ranged or not is_small(roll.weapon):
        return
    a, t = enc.combatants[roll.attacker_id], enc.combatants[roll.target_id]
    if a.kind != "pc" or enc.is_down(t) or enc.is_down(a) or _condition(a, GRIPPING):
        return
    now = enc.state.round
    tx.set(("c", a.id), "conditions", (*a.conditions,
                                       ActiveCondition(GRIPPING, None, "removed", t.id, now)))
    tx.set(("c", t.id), "conditions", (*t.conditions,
                                       ActiveCondition(GRIPPED, None, "removed", a.id, now)))
    tx.note(f"{a.name} grips {t.name} (WDD: a {roll.weapon.name} hit on a 20)")


def release(tx: Tx, a: Combatant, t: Combatant) -> None:
    tx.set(("c", a.id), "conditions", tuple(x for x in a.conditions if x.name != GRIPPING))
    tx.set(("c", t.id), "conditions", tuple(x for x in t.conditions if x.name != GRIPPED))


def attack_penalty(enc: Encounter, a: Combatant, weapon: Wielded) -> int:
    """-2 for one held in a grip, who may attack only with a one-handed weapon."""
    if not a.conditions or gripper_of(enc, a) is None:
        return 0
    if weapon.kind not in ("one_handed", "fist", "monster") or weapon.thrown or (
            weapon.kind == "one_handed" and weapon.grip == "two_handed"):
        raise RuleError(f"{a.name} is gripped: only a one-handed weapon can attack")
    return GRIP_PENALTY


def _held(enc: Encounter, a: Combatant) -> Combatant:
    holding = _condition(a, GRIPPING)
    if holding is None:
        raise RuleError(f"{a.name} holds no one in a grip")
    t = enc.combatants.get(holding.source)
    if t is None or enc.is_down(t) or enc.band(a, t) != Band.CLOSE:
        raise RuleError(f"{a.name}'s grip is lost")
    if holding.since >= enc.state.round:
        raise RuleError("the grip's two blows come in the following rounds")
    return t


def grip_attacks(enc: Encounter, attacker_id: str, *, weapon: Wielded | None = None) -> Step:
    """The gripper's two automatic maximum-damage blows for this round."""
    a = ready(enc, attacker_id)
    t = _held(enc, a)
    with enc.action(a.id, "grip attacks") as tx:
        w = weapon or choose_weapon(enc, a, t)
        total = 0
        for _ in range(2):
            if enc.is_down(t):
                break
            dmg = strike_damage(enc, tx, a, w, mode="max")
            enc.lose_hp(tx, t, dmg)
            total += dmg
        tx.set(("c", t.id), "jostled", True)
        if enc.is_down(t):
            release(tx, a, t)
        spend_turn(tx, a)
        tx.summary(f"{a.name} stabs the gripped {t.name} twice for {total}")
    return enc.history[-1]


def break_free(enc: Encounter, cid: str) -> Step:
    """The held one's STR check against the gripper's STR, in lieu of an attack."""
    c = ready(enc, cid)
    holder = gripper_of(enc, c)
    if holder is None:
        raise RuleError(f"{c.name} is not held in a grip")
    with enc.action(c.id, "break grip") as tx:
        # R21: the sheet's HARD/advantage conditions count, and the campaign's advantage rule
        _record, _dc, success = check_roll(
            enc, tx, c, f"STR check vs {holder.name}'s STR", str_dc(enc, holder),
            str_check_bonus(enc, c), keys=("STR", "athletics"))
        spend_turn(tx, c)
        if success:
            release(tx, holder, c)
            tx.summary(f"{c.name} breaks {holder.name}'s grip")
        else:
            tx.summary(f"{c.name} cannot break {holder.name}'s grip")
    return enc.history[-1]
