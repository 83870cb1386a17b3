"""Gear worn down in a fight: R15's dents in armor and R17's notches in weapons.

A crit dents the armor worn, the shield if none (-1 AC a point until repaired, R15); a weapon
takes notches within the campaign's allowances and breaks past them (R17), WDD's low attack
rolls notching and dropping it; magical gear is spared as R26 says. The crit and fumble rows
(``crits``), the attack and WDD fending all call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.gear.damage import after_notch
from emberkeep.gear.owned import OwnedWeapon

if TYPE_CHECKING:
    from emberkeep.encounter.attack import AttackRoll

__all__ = ["armor_point", "notch", "wdd_notch"]


def notch(enc: Encounter, tx: Tx, c: Combatant, piece: OwnedWeapon) -> None:
    """One notch with the campaign's allowances (R17); past them the weapon breaks."""
    ref = ("gear", enc.character(c).id, piece.uid)
    if piece.broken:
        return
    notches, broken = after_notch(piece.notches, piece.broken, piece.quality,
                                  enc.settings.repair.allowances())  # as the sheet's gear does
    if broken:
        tx.set(ref, "broken", True)
        tx.note(f"R17: {piece.name} takes one notch too many and breaks")
    else:
        tx.set(ref, "notches", notches)


def wdd_notch(enc: Encounter, tx: Tx, attacker: Combatant, roll: AttackRoll) -> tuple[bool, bool]:
    """R17 (WDD): a natural or modified attack roll of 1 or 2 notches the weapon; a natural 1
    also drops it. A magical weapon is dropped but never notched (R26). Returns (notched,
    dropped)."""
    if (not enc.settings.rules.armor_crits_and_notches or attacker.kind != "pc"
            or roll.weapon.uid is None or (roll.natural > 2 and roll.record.total > 2)):
        return False, False
    piece = enc.character(attacker).inventory.find(roll.weapon.uid)
    assert isinstance(piece, OwnedWeapon)
    notched = not piece.magical
    if notched:
        notch(enc, tx, attacker, piece)
    dropped = roll.natural == 1
    if dropped:
        tx.set(("gear", enc.character(attacker).id, piece.uid), "dropped", True)
    return notched, dropped


def armor_point(enc: Encounter, tx: Tx, attacker: Combatant, target: Combatant,
                weapon: Wielded, points: int = 1, *, always: bool = False) -> None:
    """R15: a critical hit dents the armor worn (the shield if none), -1 AC each point until
    repaired; a monster without gear loses 1 AC for the encounter. R26: magical gear only by a
    magical weapon. ``always``: a table row's damage (lingering 16), applied whatever the
    campaign's WDD option says (R26: "Whatever combat procedure is in use")."""
    if not (always or enc.settings.rules.armor_crits_and_notches):
        return
    if target.kind != "pc":
        tx.set(("c", target.id), "ac_penalty", target.ac_penalty + points)
        return
    ch = enc.character(target)
    piece = ch.inventory.armor_crit_target(by_magic=weapon.magical)
    if piece is None:
        tx.note(f"R15: {target.name} has no armor that takes the dent")
        return
    tx.set(("gear", ch.id, piece.uid), "damage_points",
           min(piece.armor_bonus, piece.damage_points + points))
