"""WDD's Fending Feat, with R30's Save vs Death.

"A character with a weapon more than five feet long may make a Fending attack to keep an opponent
at bay. If this attack has a successful 'Hit', their opponent takes 2 HP damage and must roll a
Save vs Death to be able to attack this round. The PC making the Fend attack may fend off one
opponent per two HD, rounding up (Ex.: a L3 Soldier may use an eight foot long spear to fend off
two attackers, rolling to hit against each of them)."

- The weapon: a PC's wielded weapon with ``length_ft`` over 5 (R31: spear 8, halberd 8, great
  spear 10, lance 10); a monster's ``weapon_length_ft``.
- Opponents: one per two HD rounded up, the HD being the level (a 0-level or 0-HD monster: one).
- Each is an attack roll as any other (its EASY/HARD and WDD notches on a 1 or 2), no crit
  table: a hit does 2 HP and jostles; then R30's Save vs Death: CON SAVE against DC 10 + the
  fender's level (a monster fending: the ROOM DC); a failure: ``cant_attack`` this round.
- Fending is the fender's action for the round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from emberkeep.character.abilities import Ability
from emberkeep.character.rest import max_hit_dice
from emberkeep.encounter import crits, gear_wear
from emberkeep.encounter.attack import roll_attack
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import ready, spend_turn
from emberkeep.encounter.saves import saving_throw
from emberkeep.gear.owned import OwnedWeapon

__all__ = ["FEND_DAMAGE", "FEND_LENGTH_FT", "fend", "fend_limit", "fending_weapon",
           "save_vs_death_dc"]

FEND_LENGTH_FT = 5  # "more than five feet long"
FEND_DAMAGE = 2
CANT_ATTACK = "cant_attack"


def fending_weapon(enc: Encounter, c: Combatant) -> OwnedWeapon | None:
    """A PC's usable wielded weapon over 5 ft (``None`` for a monster: see its stats)."""
    if c.kind != "pc":
        return None
    for w in enc.character(c).inventory.wielded:
        if not (w.dropped or w.broken) and (w.length_ft or 0) > FEND_LENGTH_FT:
            return w
    return None


def _can_fend(enc: Encounter, c: Combatant) -> bool:
    if c.kind == "pc":
        return fending_weapon(enc, c) is not None
    assert c.monster is not None
    return c.monster.weapon_length_ft > FEND_LENGTH_FT and not c.weapon_dropped


def fend_limit(enc: Encounter, c: Combatant) -> int:
    """One opponent per two HD, rounded up (at least one). R36: a character's HD is its Hit
    Dice count (``rest.max_hit_dice``: it stops at 5, so 7th level fends three); a monster's is
    set in its form."""
    hd = max_hit_dice(enc.character(c).level) if c.kind == "pc" else crits.level_of(enc, c)
    return max(1, math.ceil(hd / 2))


def save_vs_death_dc(enc: Encounter, fender: Combatant) -> int:
    """R30: DC 10 + the fender's level; a monster fending: the ROOM DC."""
    if fender.kind == "pc":
        return 10 + enc.character(fender).level
    return enc.state.room_dc


def fend(enc: Encounter, fender_id: str, target_ids: Sequence[str]) -> Step:
    """Fend off ``target_ids`` (see the module notes). The GM's typed dice: the fender's attack
    d20s in the targets' order, each target's CON SAVE under ``("save", its name)``."""
    a = ready(enc, fender_id)
    if not _can_fend(enc, a):
        raise RuleError(f"{a.name} holds no weapon more than five feet long")
    ids = list(dict.fromkeys(target_ids))
    if not ids:
        raise RuleError("fend off whom?")
    limit = fend_limit(enc, a)
    if len(ids) > limit:
        raise RuleError(f"{a.name} fends off at most {limit} (one per two HD, rounded up)")
    weapon = fending_weapon(enc, a)
    with enc.action(a.id, "fend") as tx:
        kept_at_bay = []
        for tid in ids:
            t = enc.combatant(tid)
            if t.side == a.side:
                raise RuleError(f"{t.name} is not an opponent")
            roll = roll_attack(enc, tx, a, t, weapon_uid=None if weapon is None else weapon.uid)
            gear_wear.wdd_notch(enc, tx, a, roll)
            if not roll.hit:
                continue
            enc.lose_hp(tx, t, FEND_DAMAGE)
            tx.set(("c", t.id), "jostled", True)
            if enc.is_down(t):
                continue
            dc = save_vs_death_dc(enc, a)
            if not saving_throw(enc, tx, t, Ability.CON, dc):
                kept = tuple(x for x in t.conditions if x.name != CANT_ATTACK)
                tx.set(("c", t.id), "conditions", (*kept, ActiveCondition(
                    CANT_ATTACK, 1, "this_round", a.id, enc.state.round)))
                kept_at_bay.append(t.name)
        spend_turn(tx, a)
        tx.summary(f"{a.name} fends: " + (", ".join(kept_at_bay) + " kept at bay"
                                          if kept_at_bay else "no one kept at bay"))
    return enc.history[-1]
