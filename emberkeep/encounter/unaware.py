"""Who is unaware of whom (R35), for the Rogue's Sneak Attack.

R35: "A combatant is unaware of its foes while it is surprised (WDD's surprise round, Furnace's
skipped first round), and of one attacker the GM marks as unnoticed (hidden, out of sight,
attacked from behind while engaged with another). Being attacked ends it for that attacker."

Unawareness is an ``UNAWARE`` condition whose ``source`` is the one foe it does not see, so it
shows in the combatants table, undoes with the step and ends per attacker:

- the surprise check puts one on each surprised combatant for each foe (``until`` =
  ``"surprise"``); they end when round 2 begins (:func:`end_surprise`): WDD's surprise round and
  Furnace's skipped first round are both round 1;
- the GM marks or clears one with :func:`mark_unaware` (a free GM step);
- an attack by that foe ends it (:func:`noticed`, called by ``attack.resolve_attack``).

``Combatant.unaware`` (a flag set by hand in older code and tests) still means "of everyone".
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step

__all__ = ["UNAWARE", "end_surprise", "is_unaware_of", "mark_unaware", "noticed",
           "surprise_unaware"]

UNAWARE = "UNAWARE"
_SURPRISE = "surprise"  # ``until`` of the ones the surprise check put on


def is_unaware_of(target: Combatant, attacker: Combatant) -> bool:
    """R35: ``target`` does not see ``attacker`` coming."""
    if target.unaware:
        return True
    return any(x.name == UNAWARE and x.source == attacker.id for x in target.conditions)


def _without(target: Combatant, attacker_id: str | None, until: str | None = None
             ) -> tuple[ActiveCondition, ...]:
    return tuple(x for x in target.conditions
                 if not (x.name == UNAWARE and (attacker_id is None or x.source == attacker_id)
                         and (until is None or x.until == until)))


def surprise_unaware(enc: Encounter, tx: Tx) -> None:
    """R35: each surprised combatant is unaware of each of its foes for the surprise round
    (called by the surprise check, after ``surprised`` is set; a new check replaces them).
    Every side surprised: nobody has the surprise (``surprise`` module), nobody is caught
    unaware."""
    combatants = enc.combatants.values()
    everyone = all(c.surprised for c in combatants)
    standing = enc.standing()
    unaware: dict[str, tuple[ActiveCondition, ...]] = {}  # by side: of each standing foe
    for c in combatants:
        kept = _without(c, None, _SURPRISE) if c.conditions else ()
        if c.surprised and not everyone:
            of_foes = unaware.get(c.side)
            if of_foes is None:
                of_foes = unaware[c.side] = tuple(
                    ActiveCondition(UNAWARE, None, _SURPRISE, foe.id, 0)
                    for foe in standing if foe.side != c.side)
            kept += of_foes
        if kept != c.conditions:
            tx.set_on(c, "conditions", kept)


def end_surprise(enc: Encounter, tx: Tx) -> None:
    """Round 2 begins: the surprise round is over, and the unawareness it gave ends (R35)."""
    for c in enc.combatants.values():
        for x in c.conditions:  # (most carry no UNAWARE: the tuple is made only for those)
            if x.name == UNAWARE:
                kept = _without(c, None, _SURPRISE)
                if len(kept) != len(c.conditions):
                    tx.set_on(c, "conditions", kept)
                break


def noticed(tx: Tx, target: Combatant, attacker: Combatant) -> None:
    """R35: "Being attacked ends it for that attacker" (the old all-foes flag ends too)."""
    if target.unaware:
        tx.set(("c", target.id), "unaware", False)
    if target.conditions:
        kept = _without(target, attacker.id)
        if len(kept) != len(target.conditions):
            tx.set(("c", target.id), "conditions", kept)


def mark_unaware(enc: Encounter, target_id: str, attacker_id: str, on: bool = True) -> Step:
    """The GM marks ``target`` unaware of ``attacker`` (hidden, out of sight, from behind),
    or aware again: a free step, undoable and logged (R35)."""
    target, attacker = enc.combatant(target_id), enc.combatant(attacker_id)
    if target.id == attacker.id:
        raise RuleError(f"{target.name} cannot be unaware of itself")
    if target.side == attacker.side:
        raise RuleError(f"{attacker.name} is on {target.name}'s side")
    if enc.state.phase == "over":
        raise RuleError("the fight is over")
    if on == is_unaware_of(target, attacker):
        state = "already" if on else "not"
        raise RuleError(f"{target.name} is {state} unaware of {attacker.name}")
    with enc.action("gm", "unaware") as tx:
        if on:
            mark = ActiveCondition(UNAWARE, None, "removed", attacker.id, enc.state.round)
            tx.set(("c", target.id), "conditions", (*target.conditions, mark))
            tx.summary(f"{target.name} is unaware of {attacker.name} (R35)")
        else:
            noticed(tx, target, attacker)
            tx.summary(f"{target.name} sees {attacker.name} (R35)")
    return enc.history[-1]
