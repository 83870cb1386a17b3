"""Picking up a dropped weapon, or drawing another, as the turn's one thing (WDD, R17).

WDD, Fumbles: a natural 1 drops the weapon and the character "must take a melee round to pick it
up again"; R17: "(a round to pick it up or draw another)". So both are an action that spends
the turn: :func:`pick_up_weapon` puts the dropped weapon back in hand (a PC's gear ``dropped``,
a monster's ``weapon_dropped``), :func:`draw_weapon` takes another carried weapon in hand.
"""

from __future__ import annotations

from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import ready, spend_turn
from emberkeep.gear.owned import OwnedWeapon

__all__ = ["draw_weapon", "drawable", "dropped_weapons", "pick_up_weapon"]


def dropped_weapons(enc: Encounter, cid: str) -> list[OwnedWeapon]:
    """A PC's weapons lying on the ground (not broken: a broken one is for the smith)."""
    c = enc.combatant(cid)
    if c.kind != "pc":
        return []
    return [w for w in enc.character(c).inventory.weapons if w.dropped and not w.broken]


def drawable(enc: Encounter, cid: str) -> list[OwnedWeapon]:
    """A PC's carried weapons not in hand that it could draw (not dropped, not broken)."""
    c = enc.combatant(cid)
    if c.kind != "pc":
        return []
    return [w for w in enc.character(c).inventory.weapons
            if not (w.equipped or w.dropped or w.broken or w.at_smith)]


def pick_up_weapon(enc: Encounter, cid: str, weapon_uid: str | None = None) -> Step:
    """WDD: "must take a melee round to pick it up again": the dropped weapon (the first one
    when ``weapon_uid`` is None) is back in hand; the turn is spent."""
    c = ready(enc, cid)
    if c.kind != "pc":
        if not c.weapon_dropped:
            raise RuleError(f"{c.name} has not dropped its weapon")
        with enc.action(cid, "pick up") as tx:
            tx.set(("c", c.id), "weapon_dropped", False)
            spend_turn(tx, c)
            tx.summary(f"{c.name} picks up its weapon (WDD: the round)")
        return enc.history[-1]
    lying = dropped_weapons(enc, cid)
    piece = next((w for w in lying if weapon_uid in (None, w.uid)), None)
    if piece is None:
        raise RuleError(f"{c.name} has no dropped weapon to pick up")
    ch = enc.character(c)
    with enc.action(cid, "pick up") as tx:
        tx.set(("gear", ch.id, piece.uid), "dropped", False)
        tx.set(("gear", ch.id, piece.uid), "equipped", True)
        spend_turn(tx, c)
        tx.summary(f"{c.name} picks up {piece.name} (WDD: the round)")
    return enc.history[-1]


def draw_weapon(enc: Encounter, cid: str, weapon_uid: str) -> Step:
    """R17: "a round to pick it up or draw another": the carried weapon is taken in hand (a
    two-handed one puts the others away); the turn is spent."""
    c = ready(enc, cid)
    piece = next((w for w in drawable(enc, cid) if w.uid == weapon_uid), None)
    if piece is None:
        raise RuleError(f"{c.name} carries no such weapon to draw")
    ch = enc.character(c)
    with enc.action(cid, "draw") as tx:
        if piece.kind == "two_handed":
            for other in ch.inventory.weapons:
                if other.equipped:
                    tx.set(("gear", ch.id, other.uid), "equipped", False)
        tx.set(("gear", ch.id, piece.uid), "equipped", True)
        spend_turn(tx, c)
        tx.summary(f"{c.name} draws {piece.name} (the round)")
    return enc.history[-1]
