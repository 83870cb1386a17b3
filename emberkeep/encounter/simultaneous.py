"""Simultaneous melee (Furnace/PDM, R20): every blow rolled, then resolved highest first.

Furnace: "At simultaneous melee attacks, if a target dies, compare the attack values, and if the
attack of the killed target is lower, it loses it's attack." So every declared attack is rolled
first (attack.py's ``roll_attack``), then resolved in descending total (ties: encounter order).
An attacker brought down by an attack whose total is higher than its own loses its blow; one
brought down by an equal total still strikes (neither was lower), and a higher attacker always
strikes, having been resolved before the blow that fells it. A blow whose target is already
down lands on nobody. One step, undone as a whole; every declared attacker has acted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from emberkeep.encounter.attack import AttackOutcome, AttackRoll, resolve_attack, roll_attack
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step

__all__ = ["melee_pairs", "resolve_simultaneous_melee"]


def melee_pairs(enc: Encounter) -> dict[str, str]:
    """Who strikes whom when nobody declared: every able combatant that has not acted, on the
    first standing foe CLOSE to it (encounter order). The GM's table and the simulated fight
    both ask here."""
    pairs: dict[str, str] = {}
    for c in enc.combatants.values():
        if c.acted or not enc.can_act(c):
            continue
        close = [o for o in enc.enemies(c) if o.position == c.position]
        if close:
            pairs[c.id] = close[0].id
    return pairs


def resolve_simultaneous_melee(
    enc: Encounter,
    declarations: Mapping[str, str] | Iterable[tuple[str, str]],
) -> Step:
    """Resolve the declared melee attacks (attacker id → target id) at once.

    The GM's typed dice are found by purpose and attacker name (``("attack", "Brom")``).
    """
    pairs = list(declarations.items() if isinstance(declarations, Mapping) else declarations)
    if enc.state.phase != "fighting":
        raise RuleError("the fight has not started" if enc.state.phase != "over"
                        else "the fight is over")
    if not pairs:
        raise RuleError("no melee attacks declared")
    seen: set[str] = set()
    for attacker_id, target_id in pairs:
        a = enc.combatant(attacker_id)
        enc.combatant(target_id)
        if attacker_id in seen:
            raise RuleError(f"{a.name} declared two attacks")
        seen.add(attacker_id)
        enc.require_can_act(a)
        if a.acted:
            raise RuleError(f"{a.name} has already acted this round")
    index = {cid: i for i, cid in enumerate(enc.combatants)}
    with enc.action("gm", "simultaneous melee") as tx:
        rolls: list[AttackRoll] = [
            roll_attack(enc, tx, a_id, t_id)
            for a_id, t_id in pairs
        ]
        rolls.sort(key=lambda r: (-r.total, index[r.attacker_id]))
        felled_by: dict[str, int] = {}  # who went down in this melee → the total that did it
        outcomes: list[AttackOutcome] = []
        for r in rolls:
            a, t = enc.combatants[r.attacker_id], enc.combatants[r.target_id]
            if r.attacker_id in felled_by and felled_by[r.attacker_id] > r.total:
                tx.note(f"{a.name} falls before striking ({r.total} < "
                        f"{felled_by[r.attacker_id]}): the attack is lost")
                continue
            if enc.is_down(t):
                tx.note(f"{a.name}'s blow finds {t.name} already down")
                continue
            up = {cid for cid, c in enc.combatants.items() if not enc.is_down(c)}
            outcomes.append(resolve_attack(enc, tx, r))
            for cid in up:
                if enc.is_down(enc.combatants[cid]):
                    felled_by.setdefault(cid, r.total)
        for a_id, _ in pairs:
            tx.set(("c", a_id), "acted", True)
        hits = sum(1 for o in outcomes if o.roll.hit)
        tx.summary(f"Simultaneous melee: {len(pairs)} attacks, {hits} hit, "
                   f"{len(felled_by)} down")
    return enc.history[-1]
