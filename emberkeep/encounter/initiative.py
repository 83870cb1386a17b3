"""Who acts when (R18, R20): the order's slots, weapons for ordering, group d6, simultaneous.

The round's acting order is ``EncounterState.order``, a tuple of strings, one per *slot*:

- group d6 (Furnace): a slot is a combatant id, one per combatant;
- simultaneous (Furnace/PDM) and segments (WDD): a slot is ``"id|segment|kind"``, because one
  combatant may have several slots in a round (WDD's ROF 2 and 3; the simultaneous round's two
  phases) and the kind (missile, melee, spell) decides what happens first on one segment.

:class:`Slot` reads and writes both forms; read an order through it, never by splitting strings.
Tie-breaks are deterministic everywhere: encounter order (the order combatants were added).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant

if TYPE_CHECKING:
    from emberkeep.encounter.engine import Encounter, Tx
    from emberkeep.gear.owned import OwnedWeapon

__all__ = [
    "KIND_RANK",
    "MELEE_PHASE",
    "MISSILE_PHASE",
    "Slot",
    "SlotKind",
    "group_ids",
    "is_ranged",
    "main_weapon",
    "roll_group",
    "simultaneous_order",
    "weapon_length",
]

SlotKind = Literal["any", "missile", "melee", "spell"]

# R20 (WDD): "if two happen on the same Segment, are resolved in this order: Missiles, Melee,
# Spells". "any" (group d6) never shares a segment with the others.
KIND_RANK: dict[str, int] = {"missile": 0, "any": 1, "melee": 1, "spell": 2}

# Simultaneous mode (Furnace/PDM): "first ranged attacks and magic, then melee attacks".
MISSILE_PHASE = 1
MELEE_PHASE = 2

_SEP = "|"


class _Parsed(dict[str, "Slot"]):
    """Each order entry's :class:`Slot`, parsed on its first lookup (slots are frozen, so one
    serves every later lookup; an order has a few dozen distinct entries, the bound is for
    safety)."""

    def __missing__(self, entry: str) -> Slot:
        if _SEP not in entry:
            slot = Slot(entry)
        else:
            cid, segment, kind = entry.rsplit(_SEP, 2)
            slot = Slot(cid, int(segment), cast(SlotKind, kind))
        if len(self) < 100_000:
            self[entry] = slot
        return slot


_PARSED = _Parsed()


@dataclass(frozen=True, slots=True)
class Slot:
    """One place in the round's order: who, on which segment (0: none), doing what."""

    cid: str
    segment: int = 0
    kind: SlotKind = "any"

    def entry(self) -> str:
        if self.kind == "any":
            return self.cid
        return f"{self.cid}{_SEP}{self.segment}{_SEP}{self.kind}"

    # ``Slot.parse(entry)``: the slot an order entry names. A plain lookup in the parsed
    # entries (a miss parses), with no Python call on a hit: the turn flow reads the order's
    # slots ~50 times a fight.
    parse = staticmethod(_PARSED.__getitem__)


# --- weapons, as initiative sees them -----------------------------------------------------

def main_weapon(enc: Encounter, c: Combatant) -> OwnedWeapon | None:
    """A PC's weapon for initiative: the first wielded weapon that is not broken (``None``:
    fists, or a monster, whose weapon is in its stats)."""
    if c.kind != "pc":
        return None
    for weapon in enc.character(c).inventory.wielded:
        if not weapon.broken:
            return weapon
    return None


def is_ranged(enc: Encounter, c: Combatant) -> bool:
    """Shoots rather than strikes: a ranged weapon in hand, or a monster marked ranged."""
    if c.kind != "pc":
        return c.monster is not None and c.monster.ranged
    weapon = main_weapon(enc, c)
    return weapon is not None and weapon.kind == "ranged"


def weapon_length(enc: Encounter, c: Combatant) -> int:
    """R31's weapon length in feet: the PC's wielded weapon (a fist 0, a ranged weapon, which has
    no melee length, 0), a monster's ``weapon_length_ft``."""
    if c.kind != "pc":
        return c.monster.weapon_length_ft if c.monster is not None else 0
    weapon = main_weapon(enc, c)
    if weapon is None or weapon.length_ft is None:
        return 0
    return weapon.length_ft


# --- group d6 (Furnace) ---------------------------------------------------------------------

def roll_group(enc: Encounter, tx: Tx) -> tuple[tuple[str, int], ...]:
    """Furnace: "both side roll d6, the group with the greater value starts the fight".

    R18: a side one of whose standing members sacrificed a shield adds +2 (not more: several
    sacrifices on one side do not stack, the +2 is the side's). Every member's pending bonus is
    read and cleared, standing or not. Sides with nobody standing do not roll. A GM's typed d6
    is found under ``("initiative", side)``.
    """
    # One pass gathers each side's members (sides in the order they joined) and its bonus:
    # the largest pending bonus of a standing member, ``None`` while nobody stands.
    by_side: dict[str, list[Combatant]] = {}
    bonus: dict[str, int | None] = {}
    up = {id(c) for c in enc.standing()}
    for c in enc.combatants.values():
        side = c.side
        members = by_side.get(side)
        if members is None:
            members = by_side[side] = []
            bonus[side] = None
        members.append(c)
        if id(c) in up:
            best = bonus[side]
            if best is None or c.initiative_bonus > best:
                bonus[side] = c.initiative_bonus
    results: list[tuple[str, int]] = []
    for side, members in by_side.items():
        best = bonus[side]
        if best is None:
            continue
        record = tx.roll("d6", side, "group initiative", modifier=best,
                         purpose=Purpose.INITIATIVE)
        for c in members:
            if c.initiative_bonus:
                tx.set_on(c, "initiative_bonus", 0)
        results.append((side, record.total))
    rolls = tuple(results)
    tx.set(("enc",), "side_rolls", rolls)
    return rolls


# The last order ``group_ids`` made, with what it was made from: (side rolls, the encounter's
# combatants, each side's roll, the order). Unless a side rerolls, every round of a fight asks
# for the same order again.
_last_group: tuple[tuple[tuple[str, int], ...], tuple[Combatant, ...], dict[str, int],
                   tuple[str, ...]] | None = None


def group_ids(enc: Encounter, tx: Tx, side_rolls: tuple[tuple[str, int], ...]) -> list[str]:
    """The sides by their d6, greatest first, as the order's entries (a group slot's entry is
    its combatant's id); each member's ``initiative`` is its side's roll.

    Ties: "if the rolls are equal, both group comes simultaneous". Tied sides take the same step
    of the order as one group, their members interleaved (first of each side in the order the
    sides joined the encounter, then the second of each...), so neither side's members all go
    before the other's. Each member still acts on its own turn; a GM who wants the tied blows
    to land at once resolves them with ``resolve_simultaneous_melee``.
    """
    global _last_group
    members = tuple(enc.combatants.values())
    last = _last_group
    # (the same rolls object and the same combatants, by identity or, failing that, by value:
    # the order reads only their ids and sides)
    if last is not None and last[0] is side_rolls and last[1] == members:
        rolled = last[2]
        for c in members:
            initiative = rolled.get(c.side)
            if c.initiative != initiative:
                tx.set_on(c, "initiative", initiative)
        return list(last[3])
    rolled = dict(side_rolls)
    by_side: dict[str, list[str]] = {}  # the ids by side, in encounter order
    # One pass: each member's ``initiative`` is its side's roll, and the ids are gathered by
    # side; the order below records nothing, so the Sets come out as if made after it.
    for c in members:
        side = c.side
        ids = by_side.get(side)
        if ids is None:
            by_side[side] = [c.id]
        else:
            ids.append(c.id)
        initiative = rolled.get(side)
        if c.initiative != initiative:
            tx.set_on(c, "initiative", initiative)
    order: list[str] = []
    for value in sorted(set(rolled.values()), reverse=True):
        tied = [by_side.get(side, []) for side, v in side_rolls if v == value]
        if len(tied) == 1:  # no tie (the usual case): the side's members in order
            order.extend(tied[0])
            continue
        for rank in range(max(len(m) for m in tied)):
            for group in tied:
                if rank < len(group):
                    order.append(group[rank])
    _last_group = (side_rolls, members, rolled, tuple(order))
    return order


# --- simultaneous (Furnace/PDM) --------------------------------------------------------------

def simultaneous_order(enc: Encounter) -> list[Slot]:
    """Furnace: "first ranged attacks and magic, then melee attacks".

    Every combatant has a slot in the missiles-and-magic phase (segment 1: shoot, cast, move or
    pass), then one in the melee phase (segment 2). "Everyone does one thing a turn": who acted
    in the first phase is skipped in the second. The melee phase is meant to be resolved at once
    with ``resolve_simultaneous_melee``; stepping through it one by one also works.
    """
    ids = list(enc.combatants)
    return ([Slot(cid, MISSILE_PHASE, "missile") for cid in ids]
            + [Slot(cid, MELEE_PHASE, "melee") for cid in ids])
