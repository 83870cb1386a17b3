"""GM rulings, and the bookkeeping every action shares: who may act, HP and conditions.

Furnace asks the GM to keep things "simple and flowing, but let the players innovate": whatever
the rules here do not cover, the GM rules by hand. :func:`gm_ruling` is that free action: a note
and any numbers changed by hand (HP, a condition added or removed, a move, someone out of the
fight), each recorded as a ``Set`` event, so undo and replay treat a ruling like any action.

The helpers below are what the other actions (movement, grapple, casting, items) use to change
state the same way: through the action's :class:`~emberkeep.encounter.engine.Tx` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition, with_condition
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.feature_actions import blocks_condition

__all__ = [
    "GM",
    "AddCondition",
    "Change",
    "MarkOut",
    "MoveTo",
    "RemoveCondition",
    "SetHp",
    "add_condition",
    "change_hp",
    "gm_ruling",
    "has_condition",
    "ready",
    "remove_condition",
    "spend_turn",
]

GM = "gm"  # the actor of a GM ruling's step


# --- shared bookkeeping --------------------------------------------------------------------

def ready(enc: Encounter, cid: str) -> Combatant:
    """The combatant, if it may take its one thing this turn (Furnace: "Everyone does one
    thing a turn"): standing, not held by a no-action condition (R28), not surprised in the
    first round, and it has not acted yet this round. Otherwise a :class:`RuleError`."""
    c = enc.combatant(cid)
    enc.require_can_act(c)
    if c.acted:
        raise RuleError(f"{c.name} has already acted this round")
    return c


def spend_turn(tx: Tx, c: Combatant) -> None:
    """Mark the combatant's one thing this round as done."""
    tx.set(("c", c.id), "acted", True)


def has_condition(c: Combatant, name: str) -> bool:
    return bool(c.conditions) and any(cond.name == name for cond in c.conditions)


def add_condition(tx: Tx, c: Combatant, condition: ActiveCondition) -> None:
    """Add (or replace one of the same name) so a combatant holds each condition once."""
    if condition.rounds_left is not None and condition.rounds_left < 0:
        raise RuleError(f"{condition.name}: a duration cannot be negative")
    if blocks_condition(tx.enc, c, condition.name):  # an archetype immunity
        tx.note(f"{c.name} is immune to {condition.name}")
        return
    tx.set(("c", c.id), "conditions", with_condition(c.conditions, condition))


def remove_condition(tx: Tx, c: Combatant, name: str, *, source: str | None = None) -> bool:
    """Remove the named condition (only one from ``source`` when given); ``True`` if it was."""
    if not has_condition(c, name):
        return False
    kept = tuple(x for x in c.conditions
                 if not (x.name == name and (source is None or x.source == source)))
    if len(kept) == len(c.conditions):  # none from that source
        return False
    tx.set(("c", c.id), "conditions", kept)
    return True


NO_HEALING = "cant_be_healed"
"""A spell's "the target can't be healed": healing in the fight adds nothing."""

def change_hp(enc: Encounter, tx: Tx, c: Combatant, delta: int) -> int:
    """Add ``delta`` HP (negative: damage), never above the maximum; returns the new HP.

    Damage is ``Encounter.lose_hp`` (the one place that takes HP) and jostles the combatant
    (R31: "Jostled" means hit). Healing is ``Encounter.regain_hp``: it stops at the maximum
    (and never lowers HP already above it by a GM's hand); a spell's "can't be healed" stops it.
    """
    if delta < 0:
        _before, after = enc.lose_hp(tx, c, -delta)
        tx.set(("c", c.id), "jostled", True)
        return after
    if delta > 0 and any(x.name == NO_HEALING for x in c.conditions):
        tx.note(f"{c.name} can't be healed now (a spell's effect): no HP regained")
        return enc.hp(c)
    return enc.regain_hp(tx, c, delta)


# --- the GM's ruling -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SetHp:
    cid: str
    hp: int


@dataclass(frozen=True, slots=True)
class AddCondition:
    cid: str
    condition: ActiveCondition


@dataclass(frozen=True, slots=True)
class RemoveCondition:
    cid: str
    name: str


@dataclass(frozen=True, slots=True)
class MoveTo:
    cid: str
    position: int


@dataclass(frozen=True, slots=True)
class MarkOut:
    """Out of the fight (fled, surrendered, removed by the GM), or back in with ``out=False``."""

    cid: str
    out: bool = True


Change = SetHp | AddCondition | RemoveCondition | MoveTo | MarkOut


def gm_ruling(enc: Encounter, note: str, changes: Iterable[Change] = ()) -> Step:
    """A free action: the GM's note and the numbers changed by hand, all undoable.

    HP may be set anywhere up to the maximum (not above it: that is no longer HP but a new
    maximum, the sheet's business). A free action spends nobody's turn.
    """
    with enc.action(GM, "ruling") as tx:
        tx.note(note)
        for change in changes:
            c = enc.combatant(change.cid)
            if isinstance(change, SetHp):
                _hp, max_hp = enc.hp_with_max(c)  # R39: the fight's track
                if change.hp > max_hp:
                    raise RuleError(f"{c.name}: {change.hp} HP is above the maximum {max_hp}")
                enc.set_hp(tx, c, change.hp)
            elif isinstance(change, AddCondition):
                add_condition(tx, c, change.condition)
            elif isinstance(change, RemoveCondition):
                if not remove_condition(tx, c, change.name):
                    raise RuleError(f"{c.name} is not {change.name}")
            elif isinstance(change, MoveTo):
                tx.set(("c", c.id), "position", change.position)
            else:
                tx.set(("c", c.id), "out", change.out)
        tx.summary(f"GM: {note}" if note else "GM ruling")
    return enc.history[-1]
