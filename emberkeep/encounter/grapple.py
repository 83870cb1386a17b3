"""Grapple, break free and shove (R31).

R31: "A grapple is an action: STR check against the target's STR (or ROOM DC)". The check is a
CHECK as R7 writes it: d20 + STR modifier + PROF if proficient in Athletics (the skill that covers
grappling); a monster rolls d20 + (ROOM DC − 10), as it does its SAVEs (R30). The DC is the
target's STR *score* when the target is a character, the ROOM DC when it is a monster. WEAK makes
STR checks HARD (R28: +3 to the DC).

A successful grapple puts GRAPPLED on the target (it can't move while its grappler stands CLOSE)
and jostles it (R31: "Jostled" means hit, grappled or shoved: a Magic-user's spell in the casting
is lost). Breaking free is the grappled one's action: the same check against the grappler's STR
(or ROOM DC). A shove is the same check; on a success the target is pushed one zone away, or
knocked PRONE, and is jostled.
"""

from __future__ import annotations

from typing import Literal

from emberkeep.character.abilities import Ability
from emberkeep.character.bonuses import skill_bonus
from emberkeep.character.checks import Difficulty
from emberkeep.character.skills import Skill
from emberkeep.dice import RollRecord
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.d20 import check_roll
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.luck import record_outcome
from emberkeep.encounter.movement import GRAPPLED, PRONE, grappler_of
from emberkeep.encounter.ruling import (
    add_condition,
    has_condition,
    ready,
    remove_condition,
    spend_turn,
)
from emberkeep.encounter.segments import WILL_GRAPPLE

__all__ = ["break_free", "declare_grapple", "grapple", "shove", "str_check_bonus", "str_dc"]

WEAK = "WEAK"


def str_check_bonus(enc: Encounter, c: Combatant) -> int:
    """R7 for a character (STR + PROF in Athletics), R30 for a monster (ROOM DC − 10)."""
    if c.kind == "pc":
        return skill_bonus(enc.character(c), Skill.ATHLETICS)  # the sheet's Athletics (R7)
    assert c.monster is not None
    return c.monster.save_bonus


def str_dc(enc: Encounter, c: Combatant) -> int:
    """R31: a character resists with its STR score, a monster with its ROOM DC."""
    if c.kind == "pc":
        return enc.character(c).scores.effective(Ability.STR)
    assert c.monster is not None
    return c.monster.room_dc


def _contest(enc: Encounter, tx: Tx, actor: Combatant, against: Combatant,
             label: str) -> tuple[RollRecord, int, bool]:
    weak = Difficulty.HARD if has_condition(actor, WEAK) else Difficulty.NORMAL  # R28
    # R21 "All CHECKs are HARD until rest" and the advantage rule: d20.check_roll
    record, dc, success = check_roll(enc, tx, actor, label, str_dc(enc, against),
                                     str_check_bonus(enc, actor), keys=("STR", "athletics"),
                                     difficulty=weak)
    record_outcome(enc, tx, actor, success)  # R29: a PC's check feeds its Luck Dice
    return record, dc, success


def _close_target(enc: Encounter, c: Combatant, target_id: str) -> Combatant:
    target = enc.combatant(target_id)
    if target.id == c.id:
        raise RuleError(f"{c.name} cannot do that to itself")
    if enc.is_down(target):
        raise RuleError(f"{target.name} is out of the fight")
    if target.position != c.position:
        raise RuleError(f"{target.name} is not CLOSE to {c.name}")
    return target


def grapple(enc: Encounter, cid: str, target_id: str) -> Step:
    """R31: STR check against the target's STR (or ROOM DC); success holds it (GRAPPLED)."""
    c = ready(enc, cid)
    target = _close_target(enc, c, target_id)
    with enc.action(cid, "grapple") as tx:
        record, dc, success = _contest(enc, tx, c, target, "grapple")
        if success:
            add_condition(tx, target, ActiveCondition(GRAPPLED, source=c.id))
            tx.set(("c", target.id), "jostled", True)
        spend_turn(tx, c)
        outcome = "grapples" if success else "fails to grapple"
        tx.summary(f"{c.name} {outcome} {target.name} ({record.total} vs {dc})")
    return enc.history[-1]


def break_free(enc: Encounter, cid: str) -> Step:
    """The grappled one's action: STR check against the grappler's STR (or ROOM DC).

    A hold whose grappler is down or no longer CLOSE has lapsed: it is shaken off, no roll.
    """
    c = ready(enc, cid)
    if not has_condition(c, GRAPPLED):
        raise RuleError(f"{c.name} is not grappled")
    holder = grappler_of(enc, c)
    with enc.action(cid, "break free") as tx:
        if holder is None:
            remove_condition(tx, c, GRAPPLED)
            tx.summary(f"{c.name} shakes off a hold that had lapsed")
        else:
            if holder is c:  # a hold the GM put on it: the ROOM DC resists
                record, dc, success = check_roll(
                    enc, tx, c, "break free", enc.state.room_dc, str_check_bonus(enc, c),
                    keys=("STR", "athletics"))
                record_outcome(enc, tx, c, success)
            else:
                record, dc, success = _contest(enc, tx, c, holder, "break free")
            if success:
                remove_condition(tx, c, GRAPPLED)
            outcome = "breaks free" if success else "fails to break free"
            tx.summary(f"{c.name} {outcome} ({record.total} vs {dc})")
        spend_turn(tx, c)
    return enc.history[-1]


def shove(enc: Encounter, cid: str, target_id: str, *,
          result: Literal["push", "prone"] = "push", direction: int = 1) -> Step:
    """A STR contest like a grapple; success pushes the target one zone (``direction`` +1 or
    −1 along the line) or knocks it PRONE, and jostles it (R31)."""
    if direction not in (1, -1):
        raise RuleError("a shove pushes one zone, +1 or -1")
    c = ready(enc, cid)
    target = _close_target(enc, c, target_id)
    with enc.action(cid, "shove") as tx:
        record, dc, success = _contest(enc, tx, c, target, "shove")
        if success:
            if result == "prone":
                add_condition(tx, target, ActiveCondition(PRONE, source=c.id))
            else:
                remove_condition(tx, target, GRAPPLED)
                for other in enc.combatants.values():
                    if other.id != target.id:
                        remove_condition(tx, other, GRAPPLED, source=target.id)
                tx.set(("c", target.id), "position", target.position + direction)
            tx.set(("c", target.id), "jostled", True)
        spend_turn(tx, c)
        what = ("knocks " + target.name + " PRONE") if result == "prone" else \
            f"pushes {target.name} one zone"
        outcome = what if success else f"fails to shove {target.name}"
        tx.summary(f"{c.name} {outcome} ({record.total} vs {dc})")
    return enc.history[-1]


def declare_grapple(enc: Encounter, cid: str, on: bool = True) -> Step:
    """WDD's segment initiative: "-2 if you attempt to Grapple the opponent". Declared before
    the round's d10s (a free GM step), spent when the segment is rolled (``segment_order``)."""
    c = enc.combatant(cid)
    if enc.is_down(c):
        raise RuleError(f"{c.name} is out of the fight")
    if on == has_condition(c, WILL_GRAPPLE):
        raise RuleError(f"{c.name} {'already means' if on else 'does not mean'} to grapple")
    with enc.action("gm", "grapple intent") as tx:
        if on:
            add_condition(tx, c, ActiveCondition(WILL_GRAPPLE, source=c.id))
            tx.summary(f"{c.name} means to grapple: -2 on the next segment d10 (WDD)")
        else:
            remove_condition(tx, c, WILL_GRAPPLE)
            tx.summary(f"{c.name} no longer means to grapple")
    return enc.history[-1]
