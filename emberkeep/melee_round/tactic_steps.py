"""The Melee Round's tactic steps through the encounter engine, each one undoable, logged step:
a knight against several foes (skill split), unopposed attacks (surprise, ranged), dodging,
evasion and Glory (R33: ranged kills give 1/10 Glory). They build on :mod:`engine_bridge`'s
helpers (a side of an exchange, gear losses, the loser's phase) and its exchange step.
"""

from __future__ import annotations

from collections.abc import Mapping

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import has_condition
from emberkeep.melee_round.catalog import MeleeWeapon
from emberkeep.melee_round.engine_bridge import (
    MOUNTED,
    PRONE,
    Declared,
    apply_gear_losses,
    apply_loser,
    fall_down,
    fighter_of,
    melee_exchange,
    side_of,
)
from emberkeep.melee_round.modifiers import Stance
from emberkeep.melee_round.movement import engaged
from emberkeep.melee_round.phases import Side
from emberkeep.melee_round.round_marks import BRAWLED, EVADED, FOUGHT, mark, marked
from emberkeep.melee_round.tactics import (
    dodge,
    evade,
    max_attackers,
    ranged_glory,
    split_skill,
    unopposed_attack,
)

__all__ = ["award_glory", "dodge_step", "evade_step", "melee_several", "unopposed_step"]


def melee_several(enc: Encounter, knight_id: str, shares: Mapping[str, int],
                  declared: Mapping[str, Declared] | None = None) -> list[Step]:
    """A knight against several foes: "he can divide his weapon value among them as he wishes"
    and rolls separately against each (up to 3 on foot, 2 if all are mounted)."""
    declared = declared or {}
    k = enc.combatant(knight_id)
    foes = [enc.combatant(f) for f in shares]
    all_mounted = has_condition(k, MOUNTED) and all(has_condition(f, MOUNTED) for f in foes)
    limit = max_attackers(has_condition(k, MOUNTED), all_mounted)
    if len(foes) > limit:
        raise RuleError(f"only {limit} may attack {k.name} at once")
    side = side_of(enc, k, declared.get(knight_id, Declared()))
    split_skill(side.skill()[1], list(shares.values()))
    steps = []
    for foe in foes:
        steps.append(melee_exchange(enc, knight_id, foe.id, declared.get(knight_id),
                                    declared.get(foe.id), a_share=shares[foe.id]))
    return steps


def unopposed_step(enc: Encounter, attacker_id: str, target_id: str,
                   a: Declared | None = None, *, surprise: bool = False,
                   damage_dice: int | None = None, glory: int = 0,
                   target_cover: bool = False) -> Step:
    """An attack from surprise (+5, unopposed; "very dishonorable") or a ranged attack
    (unopposed, the target's shield as cover -5)."""
    da = a or Declared()
    ca, ct = enc.combatant(attacker_id), enc.combatant(target_id)
    with enc.action(attacker_id, "unopposed") as tx:
        mark(enc, tx, enc.combatant(attacker_id), FOUGHT)
        sa = side_of(enc, ca, da)
        if not sa.stance.weapon.ranged and not engaged(ca.position, ct.position):
            raise RuleError(f"{ct.name} is not within 1 yard of {ca.name}")
        st = _side_target(enc, ct, target_cover)
        res = unopposed_attack(tx, sa, st, surprise=surprise, damage_dice=damage_dice,
                               target_shield=sa.stance.weapon.ranged and st.fighter.shield > 0)
        for reason in res.reasons:
            tx.note(reason)
        apply_gear_losses(enc, tx, res.gear, {attacker_id: da.weapon_uid})
        if res.loser is not None and res.blow is not None:
            what = apply_loser(enc, tx, ct, res.loser)
            tx.summary(f"{ca.name} hits {ct.name} unopposed: {res.blow.rolled} damage, {what}")
            if res.loser.dying and glory:
                award = ranged_glory(glory) if sa.stance.weapon.ranged else glory
                _glory(enc, tx, ca, award)
        else:
            tx.summary(f"{ca.name} misses {ct.name}")
    return enc.history[-1]


def _side_target(enc: Encounter, c: Combatant, cover: bool) -> Side:
    f = fighter_of(enc, c)
    stance = Stance(weapon=MeleeWeapon(id="none", name="none", skill="none"),
                    mounted=has_condition(c, MOUNTED), knocked_down=has_condition(c, PRONE),
                    in_cover=cover)
    return Side(c.id, f, stance, enc.hp(c))


def dodge_step(enc: Encounter, dodger_id: str, attacker_id: str, a: Declared | None = None, *,
               dex_share: int | None = None) -> Step:
    """Dodge ``attacker_id``'s blow: an unopposed DEX roll (``dex_share``: the part of DEX
    against this foe when dodging several)."""
    da = a or Declared()
    cd, ca = enc.combatant(dodger_id), enc.combatant(attacker_id)
    with enc.action(dodger_id, "dodge") as tx:
        for who in (dodger_id, attacker_id):  # both took part in the blow
            mark(enc, tx, enc.combatant(who), FOUGHT)
        sd = side_of(enc, cd, Declared(brawl=True))
        sa = side_of(enc, ca, da)
        res = dodge(tx, sd, sa, dex_share=dex_share)
        apply_gear_losses(enc, tx, res.gear, {attacker_id: da.weapon_uid})
        if res.fell:
            fall_down(enc, tx, cd)
        if res.loser is not None:
            what = apply_loser(enc, tx, cd, res.loser)
            tx.summary(f"{cd.name} fails to dodge, falls and is hit: {what}")
        else:
            tx.summary(f"{cd.name} dodges {ca.name}" if not res.fell
                       else f"{cd.name} falls dodging, but {ca.name} misses")
    return enc.history[-1]


def evade_step(enc: Encounter, evader_id: str, attacker_id: str, a: Declared | None = None, *,
               gm_approves: bool = False) -> Step:
    """Leave a melee (opposed DEX, or Horsemanship when both ride)."""
    da = a or Declared()
    ce, ca = enc.combatant(evader_id), enc.combatant(attacker_id)
    with enc.action(evader_id, "evade") as tx:
        se, sa = side_of(enc, ce, Declared(brawl=True)), side_of(enc, ca, da)
        foes = sum(1 for o in enc.enemies(ce) if engaged(o.position, ce.position))
        res = evade(tx, se, sa, opponents=foes, gm_approves=gm_approves)
        apply_gear_losses(enc, tx, res.gear, {attacker_id: da.weapon_uid})
        if res.fell:
            enc.set_hp(tx, ce, enc.hp(ce) - res.fall_damage)
            fall_down(enc, tx, ce)
        if res.loser is not None:
            what = apply_loser(enc, tx, ce, res.loser)
            tx.summary(f"{ca.name} stops {ce.name}'s evasion: {what}; {ce.name} cannot move")
        elif res.escaped:
            mark(enc, tx, ce, EVADED)  # the Movement Phase lets it leave the melee
            tx.summary(f"{ce.name} evades {ca.name} and may move")
        else:
            tx.summary(f"{ce.name} fails to get away but is not hit")
    return enc.history[-1]


def _glory(enc: Encounter, tx: Tx, c: Combatant, amount: int) -> None:
    if c.kind != "pc" or amount <= 0:
        return
    knight = enc.character(c).knight
    if knight is not None:
        tx.set(("pc", enc.character(c).id), "knight",
               knight.model_copy(update={"glory": min(10_000_000, knight.glory + amount)}))
        tx.note(f"{c.name}: +{amount} Glory")


def award_glory(enc: Encounter, cid: str, glory: int, *, ranged: bool = False) -> Step:
    """Glory for a foe defeated; a tenth of it for a ranged kill (R33)."""
    c = enc.combatant(cid)
    amount = ranged_glory(glory) if ranged else glory
    with enc.action(cid, "glory") as tx:
        if marked(enc, c, BRAWLED):
            tx.note("Glory cannot be gained from brawling")
            tx.summary(f"{c.name} gains no Glory: the foe was beaten brawling")
        else:
            _glory(enc, tx, c, amount)
            tx.summary(f"{c.name} gains {amount} Glory")
    return enc.history[-1]
