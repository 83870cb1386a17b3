"""Shields as a last resort (R12, R18, R26).

- Sunder (R12, Furnace: "Shield can be sundered to soak up half of the incoming DAM. This will
  destroy the shield."): half of one hit's damage, rounded down, is soaked; the rest gets through.
- Sacrifice (R18, WDD: "A character may sacrifice a shield to avoid a Critical Hit. Doing so adds
  +2 to their next Initiative roll in this combat."): the crit becomes a plain hit, the shield is
  destroyed, and ``Combatant.initiative_bonus`` is set to 2: how much better the next roll is.
  The initiative code applies it in its own direction and clears it: +2 on a d6 group roll
  (higher acts first), -2 on a d10 segment roll (lower acts first; ``segments.roll_segment``).

Either way the shield is destroyed (R26: it goes to the repair tracker as replaced, not
repaired, R16). Only PCs carry shields; a monster's are part of its ROOM DC.
"""

from __future__ import annotations

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.gear.owned import OwnedShield

__all__ = ["SACRIFICE_BONUS", "sacrifice_shield", "sunder_shield"]

SACRIFICE_BONUS = 2  # R18: +2 on a d6 group roll, -2 on a d10 segment roll


def _carried(enc: Encounter, c: Combatant) -> OwnedShield:
    if c.kind != "pc":
        raise RuleError(f"{c.name} carries no shield it can give up")
    shield = enc.character(c).inventory.shield
    if shield is None:
        raise RuleError(f"{c.name} carries no shield")
    return shield


def _destroy(enc: Encounter, tx: Tx, c: Combatant, shield: OwnedShield) -> None:
    ref = ("gear", enc.character(c).id, shield.uid)
    tx.set(ref, "destroyed", True)
    tx.set(ref, "equipped", False)


def sunder_shield(enc: Encounter, tx: Tx, target: Combatant, incoming: int) -> int:
    """R12: the shield soaks half of ``incoming`` (rounded down) and is destroyed; returns the
    damage that gets through."""
    shield = _carried(enc, target)
    _destroy(enc, tx, target, shield)
    soaked = incoming // 2
    tx.note(f"{target.name} sunders {shield.name}: {soaked} of {incoming} DAM soaked (R12)")
    return incoming - soaked


def sacrifice_shield(enc: Encounter, tx: Tx, target: Combatant) -> None:
    """R18: give up the shield to turn a critical hit into a plain one."""
    shield = _carried(enc, target)
    _destroy(enc, tx, target, shield)
    tx.set(("c", target.id), "initiative_bonus", SACRIFICE_BONUS)
    shown = "-2 on the next d10 segment" if enc.state.mode == InitiativeMode.SEGMENTS \
        else "+2 on the next initiative d6"
    tx.note(f"{target.name} sacrifices {shield.name} to avoid the crit (R18): {shown}")
