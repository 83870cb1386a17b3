"""A hit's damage and taking HP (R12, R17, R19, R28, R29).

How a strike's damage is put together::

    weapon dice (rolled; at maximum on a Furnace crit)
      + STR for melee (two-handed: ceil(1.5 × STR) for STR > 0, R12; ranged: nothing unless
        Recoil, R29; a thrown weapon is a ranged attack; an off-hand blow adds no positive STR
        without the 2 weapon fighting style)
      + Dueling's +1 (one-handed melee)
      − one per notch (R17)                       → at least 1 (R29: a hit always does 1)
    R28 WEAK halves melee damage, rounded down     → at least 1
    R19 WDD_DOUBLE: the whole is doubled on a crit instead of the crit table (after WEAK's
        halving, R40).

A versatile weapon is held in two hands (its 2H dice and bonus) when nothing else is in hand
(no shield, no second weapon). A Heavy weapon is two-handed only: its d12 is its catalog dice.
A PC whose weapons are all dropped or broken fights with a fist (damage "1", + STR as any melee
blow); a monster whose weapon was knocked away or sundered does 1. The damage is taken with
``Encounter.lose_hp``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from emberkeep.character.bonuses import damage_bonus
from emberkeep.dice import Purpose, parse
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import names
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.features import GREAT_WEAPON_MASTER, fighting_style, reroll_ones
from emberkeep.encounter.zones import Band
from emberkeep.gear.damage import Grip
from emberkeep.records import record

__all__ = ["DamageMode", "Wielded", "reaches", "strike_damage", "weapon_reaches"]

DamageMode = Literal["roll", "max", "double"]


@record
class Wielded:
    """What an attack is made with, as the rules need it (a PC's owned weapon, a fist, or a
    monster's natural or carried weapon)."""

    uid: str | None  # the owned weapon's uid (PC); None for a fist or a monster's weapon
    name: str
    dice: str  # damage dice for the grip used
    kind: str  # one_handed, two_handed, ranged, fist, monster
    ranged: bool  # a ranged attack: a ranged weapon, a thrown weapon, a monster's missile
    thrown: bool = False
    grip: Grip | None = None
    tags: tuple[str, ...] = ()
    notches: int = 0
    magical: bool = False
    proficient: bool = True
    off_hand: bool = False
    small: bool = False  # ``gear.small``: DEX for the ATK, WDD's initiative and knife grip


_SHOOTING = (Band.NEAR, Band.RANGED)  # where a (not Low-range) missile weapon reaches


def reaches(kind: str, tags: Iterable[str], band: Band, *, monster_ranged: bool = False) -> bool:
    """Whether a weapon can attack a foe ``band`` away (Furnace's zones and the seed's tags):
    melee CLOSE; *Thrown* also NEAR; *Low-range* only NEAR; other ranged NEAR or RANGED; FAR
    never."""
    if band == Band.FAR:
        return False
    if kind == "ranged" or (kind == "monster" and monster_ranged):
        return band == Band.NEAR if "Low-range" in tags else band in _SHOOTING
    return band == Band.CLOSE or (band == Band.NEAR and "Thrown" in tags)


def weapon_reaches(weapon: Wielded, band: Band) -> bool:
    if weapon.thrown:
        return reaches("one_handed", ("Thrown",), band)
    return reaches(weapon.kind, weapon.tags, band, monster_ranged=weapon.ranged)


def _modifier(enc: Encounter, attacker: Combatant, weapon: Wielded) -> int:
    if attacker.kind != "pc":
        return 0
    # The sheet shows this same number (``character.bonuses``): one rule, one place
    return damage_bonus(enc.character(attacker), ranged=weapon.ranged,
                        recoil="Recoil" in weapon.tags, grip=weapon.grip,
                        notches=weapon.notches, off_hand=weapon.off_hand)


def strike_damage(enc: Encounter, tx: Tx, attacker: Combatant, weapon: Wielded, *,
                  mode: DamageMode = "roll") -> int:
    """The damage of one blow with ``weapon``: rolled, at maximum (Furnace crit, R19) or
    doubled (WDD crit, R19), with the modifiers above; always at least 1."""
    mod = _modifier(enc, attacker, weapon)
    who = attacker.name
    if mode == "max":
        dice_total = parse(weapon.dice).maximum
        tx.note(f"{who}: maximum damage on a crit, {weapon.dice} = {dice_total} (R19)")
    else:
        record = tx.roll(weapon.dice, who, f"damage ({weapon.name})", purpose=Purpose.DAMAGE)
        dice_total = record.total
        if (weapon.grip == "two_handed"
                and fighting_style(enc, attacker) == GREAT_WEAPON_MASTER):
            dice_total = reroll_ones(tx, record, who) + record.modifier
    total = max(1, dice_total + mod)
    if not weapon.ranged and attacker.conditions and "WEAK" in names(attacker.conditions):
        total = max(1, total // 2)  # R28: WEAK halves melee damage, rounded down
    if mode == "double":
        total *= 2  # R19: WDD's doubling
    return total
