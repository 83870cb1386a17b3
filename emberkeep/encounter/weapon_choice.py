"""Which weapon an attack is made with (split out of ``attack.py``; see its module notes).

Ability and range rules live with the roll; here: a dropped or broken weapon cannot attack; by
default a PC fights with the first weapon in hand that reaches, else a fist when CLOSE, else a
carried weapon that reaches (drawn). A two-handed weapon cannot be used with a shield carried.
A monster uses its stat-block weapon — of several, the one the GM names, else the first that
reaches, its main weapon first — or bare hands (CLOSE only) once it has lost its weapon.
"""

from __future__ import annotations

from functools import lru_cache

from emberkeep.character import archetype_effects as fx
from emberkeep.character.bonuses import weapon_proficient
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import names
from emberkeep.encounter.damage import Wielded, reaches
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.halberd import thrusting
from emberkeep.encounter.zones import Band
from emberkeep.encounter.zones import band as zone_band
from emberkeep.gear.catalog import GearError
from emberkeep.gear.damage import Grip
from emberkeep.gear.inventory import Inventory
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.gear.small import is_small_weapon

__all__ = ["ONE_HAND", "choose_weapon"]

ONE_HAND = "one_hand"  # lingering injury 6-7, Hand: "You can use only one hand."

# Weapons that are no owned piece: immutable values, so one serves every attack.
_BARE_HANDS = Wielded(None, "bare hands", "1", "fist", False)
_FIST = Wielded(None, "fist", "1", "fist", False)


@lru_cache(maxsize=64)
def _monster_weapon(name: str, dice: str, ranged: bool) -> Wielded:
    """A monster's stat-block weapon (an immutable value: one serves every attack)."""
    return Wielded(None, name, dice, "monster", ranged)


@lru_cache(maxsize=16)
def _monster_reaches(band: Band, ranged: bool) -> bool:
    """Whether a monster's stat-block weapon reaches ``band`` (of these two alone)."""
    return reaches("monster", (), band, monster_ranged=ranged)


def _monster_pick(attacker: Combatant, target: Combatant, band: Band, m: MonsterStats,
                  name: str | None) -> Wielded:
    """A monster of several weapons: the one named (the GM's pick, by its name), else the
    first that reaches, the main weapon first — its bow NEAR or beyond, its axe CLOSE."""
    # (name, dice, ranged) of each, the main one first, read off the stat block
    carried = [(m.weapon, m.damage, m.ranged),
               *((w.name, w.damage, w.ranged) for w in m.other_weapons)]
    if name is not None:
        carried = [w for w in carried if w[0] == name]
        if not carried:
            raise RuleError(f"{attacker.name} carries no {name}")
    for weapon, dice, ranged in carried:
        if _monster_reaches(band, ranged):
            return _monster_weapon(weapon, dice, ranged)
    where = f"{target.name} ({band.name})"
    if name is not None:
        raise RuleError(f"{attacker.name}'s {name} cannot reach {where}")
    raise RuleError(f"{attacker.name} has no weapon that reaches {where}")


def _wield(enc: Encounter, attacker: Combatant, w: OwnedWeapon, band: Band,
           off_hand: bool = False, one_hand: bool = False) -> Wielded:
    ch = enc.character(attacker)
    inv = ch.inventory
    grip: Grip | None = None
    if w.kind == "two_handed":
        # R37: a halberd thrust is "without extra damage": no R12 two-handed bonus
        grip = "one_handed" if thrusting(attacker, w) else "two_handed"
    elif w.kind == "one_handed":
        # nothing else in hand, and two hands to hold it (lingering 6-7: "only one hand")
        both_free = (not one_hand and inv.shield is None
                     and all(o is w for o in inv.wielded))
        grip = "two_handed" if w.versatile and both_free and not off_hand else "one_handed"
    thrown = w.kind != "ranged" and band == Band.NEAR and "Thrown" in w.tags
    dice = w.versatile_damage if grip == "two_handed" and w.versatile_damage else w.damage
    # PROF as the sheet reads it (R4, archetype features); magical weapons (an archetype's)
    proficient = weapon_proficient(ch, enc.catalog, w.category, w.kind)
    return Wielded(w.uid, w.name, dice, w.kind, w.kind == "ranged" or thrown, thrown,
                   grip if not thrown else None, tuple(w.tags), w.notches,
                   w.magical or fx.weapons_magical(ch, enc.catalog), proficient, off_hand,
                   is_small_weapon(w.kind, w.tags, w.length_ft))


def _after_a_drop(inv: Inventory) -> bool:
    """A weapon lies on the ground: another is drawn only as the turn's action (R17)."""
    return any(w.dropped for w in inv.weapons)


def _usable(enc: Encounter, attacker: Combatant, w: OwnedWeapon, one_hand: bool = False) -> bool:
    """In hand and whole; a two-handed weapon needs both hands free: no shield carried, and
    not one who "can use only one hand" (lingering injury 6-7)."""
    return (not w.dropped and not w.broken
            and not (w.kind == "two_handed"
                     and (one_hand or enc.character(attacker).inventory.shield is not None)))


def choose_weapon(enc: Encounter, attacker: Combatant, target: Combatant,
                  weapon_uid: str | None = None, *, off_hand: bool = False) -> Wielded:
    """The weapon an attack is made with (see the module notes); refuses what the rules don't
    allow with a :class:`RuleError`."""
    band = zone_band(attacker.position, target.position)  # what ``enc.band`` answers
    if attacker.kind != "pc":
        m = attacker.monster
        assert m is not None
        if attacker.weapon_dropped or (attacker.conditions
                                       and "weapon_broken" in names(attacker.conditions)):
            if band != Band.CLOSE:
                raise RuleError(f"{attacker.name} has lost its weapon and must be CLOSE")
            return _BARE_HANDS
        if weapon_uid is None and not m.other_weapons:  # most monsters: one weapon
            if not _monster_reaches(band, m.ranged):
                raise RuleError(f"{attacker.name}'s {m.weapon} cannot reach {target.name} "
                                f"({band.name})")
            return _monster_weapon(m.weapon, m.damage, m.ranged)
        return _monster_pick(attacker, target, band, m, weapon_uid)
    one_hand = any(x.name == ONE_HAND for x in attacker.conditions)
    return _pc_weapon(enc, attacker, target, band, weapon_uid, off_hand, one_hand)


def _pc_weapon(enc: Encounter, attacker: Combatant, target: Combatant, band: Band,
               weapon_uid: str | None, off_hand: bool, one_hand: bool = False) -> Wielded:
    inv = enc.character(attacker).inventory
    if off_hand and one_hand:
        raise RuleError(f"{attacker.name} can use only one hand: no off-hand attack")
    if off_hand:
        return _off_hand_weapon(enc, attacker, target, band, inv)
    if weapon_uid is not None:
        return _chosen_weapon(enc, attacker, target, band, inv, weapon_uid, one_hand)
    for w in inv.wielded:
        if _usable(enc, attacker, w, one_hand) and reaches(w.kind, w.tags, band):
            return _wield(enc, attacker, w, band, one_hand=one_hand)
    if band == Band.CLOSE:
        return _FIST
    if _after_a_drop(inv):  # R17: "a round to pick it up or draw another"
        raise RuleError(f"{attacker.name} dropped its weapon: picking it up or drawing another "
                        "takes the round (R17)")
    for w in inv.weapons:
        if _usable(enc, attacker, w, one_hand) and reaches(w.kind, w.tags, band):
            return _wield(enc, attacker, w, band, one_hand=one_hand)
    raise RuleError(f"{attacker.name} has no weapon that reaches {target.name} "
                    f"({band.name})")


def _off_hand_weapon(enc: Encounter, attacker: Combatant, target: Combatant, band: Band,
                     inv: Inventory) -> Wielded:
    """Fighting style (f): the second one-handed weapon in hand."""
    hands = [w for w in inv.wielded if w.kind == "one_handed" and not w.broken]
    if len(hands) < 2:
        raise RuleError(f"{attacker.name} holds no second one-handed weapon")
    if not reaches(hands[1].kind, hands[1].tags, band):
        raise RuleError(f"the off-hand {hands[1].name} cannot reach {target.name}")
    return _wield(enc, attacker, hands[1], band, off_hand=True)


def _chosen_weapon(enc: Encounter, attacker: Combatant, target: Combatant, band: Band,
                   inv: Inventory, weapon_uid: str, one_hand: bool) -> Wielded:
    """The weapon the GM picked, refused with the reason it cannot strike now."""
    try:
        piece = inv.find(weapon_uid)
    except GearError as error:
        raise RuleError(str(error)) from None
    if not isinstance(piece, OwnedWeapon):
        raise RuleError(f"{piece.name} is not a weapon")
    if piece.dropped or piece.broken:
        state = "dropped" if piece.dropped else "broken"
        raise RuleError(f"{piece.name} is {state}: it cannot attack (use a fist)")
    if not piece.equipped and _after_a_drop(inv):
        raise RuleError(f"{piece.name} is not in hand: after a drop, drawing another "
                        "takes the round (R17)")
    if not _usable(enc, attacker, piece, one_hand):
        why = "only one hand can hold it" if one_hand else "a shield is carried"
        raise RuleError(f"{piece.name} needs both hands, and {why}")
    if not reaches(piece.kind, piece.tags, band):
        raise RuleError(f"{piece.name} cannot reach {target.name} ({band.name})")
    return _wield(enc, attacker, piece, band, one_hand=one_hand)
