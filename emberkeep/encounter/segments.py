"""WDD segment initiative (R18, R20, R31): d10 plus every listed modifier, slots per segment.

"roll a d10 to find which of the ten 6-second Segments your PC will act on". The modifiers use
raw scores (R20), the effective score after any injury loss (R29); R31: DEX 19-20 counts as 18
and STR 19-20 as 18. The result is clamped to 1..10.

Readings of the list (each "apply every listed modifier that applies"):

- R41: "+1 for carrying a shield or wearing Light Armor" counts the shield and the armor apart:
  a shield's +1 adds to the armor's +1 (light), +2 (medium) or +3 (heavy), so light armor and a
  shield give +2 and heavy armor and a shield +4.
- a long thrusting weapon is one of 8 ft or more (spear, halberd, great spear, lance, R31); a
  two-handed weapon is one of kind ``two_handed``, or a versatile one (spear, warhammer) held
  in both hands, as attack.py grips it: no shield and no other weapon in hand. So a halberd, a
  great spear or a spear in two hands takes both (-1 + 1 = 0). (The text's halberd "without
  extra damage" / "with extra damage" reads as a choice; Furnace always gives the two-handed
  damage, and the brief's list puts the halberd among the long thrusting weapons.) R37 settles
  the halberd: thrust (-1) or two-handed (+1), chosen per fight (``halberd.py``), never both.
- a small weapon is ``gear.small``'s (tagged "tiny", or 1 ft at most: dagger, knife); a fist is
  no weapon.
- R40: the +2 of "DEX 3" is for any DEX of 3 or less (an injury can lower it below 3).
- monsters: d10 + ``MonsterStats.initiative_modifier`` + the length modifiers of their weapon.
- R18: a sacrificed shield gives -2 on the next d10 (``Combatant.initiative_bonus``, cleared).

Heavy two-handed weapons ("can only be used once every other round UNLESS the bearer's STR is
15 or more"): the round a PC last attacked with one is kept in ``Combatant.used`` as
``"heavy@<n>"`` (attack.py writes it; :func:`heavy_weapon_ready` reads it for a view, and
:func:`record_heavy_attack` writes it the same way).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from emberkeep.breakdown import Breakdown, Part
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.abilities import Ability
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.halberd import is_halberd, thrusting
from emberkeep.encounter.initiative import (
    KIND_RANK,
    Slot,
    SlotKind,
    is_ranged,
    main_weapon,
    weapon_length,
)
from emberkeep.gear.small import is_small_weapon

if TYPE_CHECKING:
    from emberkeep.encounter.engine import Encounter, Tx
    from emberkeep.gear.inventory import Inventory
    from emberkeep.gear.owned import OwnedWeapon

__all__ = [
    "HEAVY_MARK",
    "ROF_SEGMENTS",
    "combatant_slots",
    "heavy_weapon_ready",
    "is_heavy_two_handed",
    "rate_of_fire",
    "record_heavy_attack",
    "roll_segment",
    "segment_breakdown",
    "segment_modifiers",
    "segment_order",
    "slot_key",
    "spell_segment",
    "surprise_round_order",
]

SEGMENT_DIE = "d10"
FIRST_SEGMENT, LAST_SEGMENT = 1, 10
WILL_GRAPPLE = "WILL GRAPPLE"  # WDD: "-2 if you attempt to Grapple", declared before the d10
LONG_THRUST_FT = 8  # R31: spear 8 ft (the text's example), halberd 8, great spear 10, lance 10

# R20: "ROF 2 acts on 1 and 6, ROF 3 on 1, 4 and 7". Tags "ROF 2"/"ROF 3" in weapons.json.
ROF_SEGMENTS: dict[int, tuple[int, ...]] = {2: (1, 6), 3: (1, 4, 7)}

HEAVY_MARK = "heavy@"  # the mark attack.py writes
# Two-handed weapons WDD's note calls heavy, besides any weapon tagged "Heavy" (the greataxe).
HEAVY_TWO_HANDED_IDS = frozenset({"maul", "greataxe"})


def _score(enc: Encounter, c: Combatant, ability: Ability) -> int:
    """R20, R31: the raw (effective) score, 19 and 20 counting as 18."""
    return min(18, enc.character(c).scores.effective(ability))


def _two_handed(weapon: OwnedWeapon, inventory: Inventory) -> bool:
    if weapon.kind == "two_handed":
        return True
    alone = inventory.shield is None and len(inventory.wielded) == 1
    return weapon.kind == "one_handed" and weapon.versatile and alone


def segment_modifiers(enc: Encounter, c: Combatant, *,
                      grappling: bool = False) -> list[tuple[str, int]]:
    """Every listed WDD modifier that applies to ``c``, as (label, value) pairs, in the text's
    order (R18's shield bonus is applied by :func:`roll_segment`)."""
    mods: list[tuple[str, int]] = [("grapple", -2)] if grappling else []
    if c.kind != "pc":
        assert c.monster is not None
        return mods + _monster_modifiers(c.monster)
    weapon = main_weapon(enc, c)
    inventory = enc.character(c).inventory
    dex, strength = _score(enc, c, Ability.DEX), _score(enc, c, Ability.STR)
    thrust = thrusting(c, weapon)
    return mods + _weapon_and_score_modifiers(weapon, dex, strength, thrust) \
        + _load_modifiers(weapon, inventory, thrust)


def _monster_modifiers(m: MonsterStats) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = []
    if m.initiative_modifier:
        mods.append(("monster", m.initiative_modifier))
    if is_small_weapon("ranged" if m.ranged else "one_handed", (), m.weapon_length_ft):
        mods.append(("small weapon", -1))
    if not m.ranged and m.weapon_length_ft >= LONG_THRUST_FT:
        mods.append(("long thrusting weapon", -1))
    return mods


def _weapon_and_score_modifiers(weapon: OwnedWeapon | None, dex: int, strength: int,
                                thrust: bool) -> list[tuple[str, int]]:
    """A PC's small weapon, DEX and STR, long thrusting weapon, low DEX (the text's order)."""
    mods: list[tuple[str, int]] = []
    if weapon is not None and is_small_weapon(weapon.kind, weapon.tags, weapon.length_ft):
        mods.append(("small weapon", -1))
    if dex >= 18:
        mods.append(("DEX 18", -2))
    elif dex >= 14:
        mods.append(("DEX 14-17", -1))
    if strength >= 15:
        mods.append(("STR 15-18", -1))
    melee = weapon is not None and weapon.kind not in ("fist", "ranged")
    # R37: a halberd is thrust (-1) or swung two-handed (+1) as chosen for the fight, never both
    halberd = is_halberd(weapon)
    if melee and weapon is not None and (weapon.length_ft or 0) >= LONG_THRUST_FT \
            and (thrust or not halberd):
        mods.append(("long thrusting weapon", -1))
    if 4 <= dex <= 7:
        mods.append(("DEX 4-7", +1))
    elif dex <= 3:
        mods.append(("DEX 3", +2))
    return mods


def _load_modifiers(weapon: OwnedWeapon | None, inventory: Inventory,
                    thrust: bool) -> list[tuple[str, int]]:
    """A PC's two-handed weapon (not when a halberd is thrust, R37), shield and armor."""
    mods: list[tuple[str, int]] = []
    if weapon is not None and _two_handed(weapon, inventory) and not thrust:
        mods.append(("two-handed weapon", +1))
    weight = inventory.armor_weight()
    if inventory.shield is not None:
        mods.append(("shield", +1))
    if weight == "light":
        mods.append(("light armor", +1))
    elif weight == "medium":
        mods.append(("medium armor", +2))
    elif weight == "heavy":
        mods.append(("heavy armor", +3))
    return mods


# the ruling that settles each listed modifier's reading (module notes)
_RULINGS = {"DEX 18": 31, "DEX 14-17": 20, "STR 15-18": 31, "DEX 4-7": 20, "DEX 3": 40,
            "long thrusting weapon": 31, "small weapon": 31, "two-handed weapon": 37,
            "shield": 41, "light armor": 41, "medium armor": 41, "heavy armor": 41,
            "shield sacrificed": 18, "monster": 30}


def segment_breakdown(enc: Encounter, c: Combatant, *, grappling: bool = False) -> Breakdown:
    """What ``c``'s segment d10 adds, part by part: every listed modifier and R18's sacrificed
    shield; :func:`roll_segment` rolls exactly its total."""
    mods = segment_modifiers(enc, c, grappling=grappling)
    if c.initiative_bonus:
        mods.append(("shield sacrificed", -c.initiative_bonus))  # R18: -2 on a d10
    return Breakdown(Part(label, value, _RULINGS.get(label)) for label, value in mods)


def roll_segment(enc: Encounter, tx: Tx, c: Combatant, *, grappling: bool = False) -> int:
    """Roll ``c``'s segment: d10 + modifiers (less R18's bonus), clamped to 1..10; recorded
    in ``c.initiative``."""
    found = segment_breakdown(enc, c, grappling=grappling)
    if c.initiative_bonus:
        tx.set(("c", c.id), "initiative_bonus", 0)
    label = "segment"
    if found.parts:
        label += " (" + ", ".join(f"{p.label} {p.amount:+d}" for p in found.parts) + ")"
    record = tx.roll(SEGMENT_DIE, c.name, label, modifier=found.total,
                     purpose=Purpose.INITIATIVE)
    segment = min(LAST_SEGMENT, max(FIRST_SEGMENT, record.total))
    tx.set(("c", c.id), "initiative", segment)
    return segment


def rate_of_fire(enc: Encounter, c: Combatant) -> int:
    """A ranged weapon's ROF from its "ROF 2"/"ROF 3" tag; 1 otherwise (monsters: 1)."""
    weapon = main_weapon(enc, c)
    if weapon is None or weapon.kind != "ranged":
        return 1
    for tag in weapon.tags:
        if tag.upper().startswith("ROF "):
            rof = int(tag[4:])
            if rof in ROF_SEGMENTS:
                return rof
    return 1


def spell_segment(enc: Encounter, c: Combatant, segment: int) -> int | None:
    """R20: "M-Us will add their casting time to this number to find out when their spell
    executes"; ``None`` without a declared spell."""
    if c.declared_spell is None:
        return None
    return segment + enc.catalog.spell(c.declared_spell).casting_time


def combatant_slots(enc: Encounter, c: Combatant) -> list[Slot]:
    """``c``'s slots in a normal segment round (its ``initiative`` already rolled)."""
    if c.declared_spell is not None and c.spell_segment is not None:
        return [Slot(c.id, c.spell_segment, "spell")]
    if is_ranged(enc, c):
        rof = rate_of_fire(enc, c)
        if rof > 1:
            return [Slot(c.id, s, "missile") for s in ROF_SEGMENTS[rof]]
        return [Slot(c.id, c.initiative or FIRST_SEGMENT, "missile")]
    return [Slot(c.id, c.initiative or FIRST_SEGMENT, "melee")]


def slot_key(enc: Encounter, slot: Slot, index: dict[str, int]) -> tuple[int, int, int, int]:
    """Segment, then missiles → melee → spells (R20), then longest weapon, then encounter order.

    A spell whose segment passes the last one (segment 9 + casting time 3) keeps its number and
    so goes off at the end of the round, after everything else.
    """
    c = enc.combatants[slot.cid]
    return (slot.segment, KIND_RANK[slot.kind], -weapon_length(enc, c), index[slot.cid])


def segment_order(enc: Encounter, tx: Tx, *, grappling: Iterable[str] = ()) -> list[Slot]:
    """Roll every standing combatant's segment and build the round's slots.

    A ROF 2/3 shooter with no spell declared needs no roll: its shots are on fixed segments
    (its ``initiative`` is its first, segment 1). A declared spell's slot is at segment +
    casting time and replaces the caster's attack (casting is its action). A GM's typed d10
    is found under ``("initiative", name)``.
    """
    grapplers = set(grappling)
    slots: list[Slot] = []
    for c in enc.combatants.values():
        if enc.is_down(c):
            continue
        if c.conditions and any(x.name == WILL_GRAPPLE for x in c.conditions):
            grapplers.add(c.id)  # declared with ``grapple.declare_grapple``; spent by this roll
            tx.set(("c", c.id), "conditions",
                   tuple(x for x in c.conditions if x.name != WILL_GRAPPLE))
        if c.declared_spell is None and rate_of_fire(enc, c) > 1:
            tx.set(("c", c.id), "initiative", FIRST_SEGMENT)
        else:
            segment = roll_segment(enc, tx, c, grappling=c.id in grapplers)
            tx.set(("c", c.id), "spell_segment", spell_segment(enc, c, segment))
        slots.extend(combatant_slots(enc, c))
    index = {cid: i for i, cid in enumerate(enc.combatants)}
    slots.sort(key=lambda s: slot_key(enc, s, index))
    return slots


def surprise_round_order(enc: Encounter) -> list[Slot]:
    """R20 (WDD): "the combatant with the longest weapon, on the side with the Surprise
    Initiative, goes first. After all of the combatants on the 'winning' side ... have taken a
    turn, those on the 'losing' side take a turn, again, with the longest weapon going first".

    No segments are rolled in this round (slots on segment 0); a declared spell is cast in the
    caster's place, and is still lost if the caster is jostled before it.
    """
    index = {cid: i for i, cid in enumerate(enc.combatants)}
    standing = [c for c in enc.combatants.values() if not enc.is_down(c)]
    standing.sort(key=lambda c: (c.surprised, -weapon_length(enc, c), index[c.id]))
    slots = []
    for c in standing:
        kind: SlotKind = ("spell" if c.declared_spell
                          else "missile" if is_ranged(enc, c) else "melee")
        slots.append(Slot(c.id, 0, kind))
    return slots


# --- heavy two-handed weapons ----------------------------------------------------------------

def is_heavy_two_handed(weapon: OwnedWeapon) -> bool:
    """A two-handed weapon tagged Heavy, or a maul or greataxe."""
    if weapon.kind != "two_handed":
        return False
    return weapon.catalog_id in HEAVY_TWO_HANDED_IDS or any(t.lower() == "heavy"
                                                           for t in weapon.tags)


def _last_heavy_round(c: Combatant) -> int | None:
    for mark in c.used:
        if mark.startswith(HEAVY_MARK):
            return int(mark[len(HEAVY_MARK):])
    return None


def _limited(enc: Encounter, c: Combatant, weapon: OwnedWeapon) -> bool:
    return (enc.state.mode == InitiativeMode.SEGMENTS and c.kind == "pc"
            and is_heavy_two_handed(weapon) and enc.character(c).scores.effective(Ability.STR) < 15)


def heavy_weapon_ready(enc: Encounter, c: Combatant, weapon: OwnedWeapon) -> bool:
    """WDD: "Heavy, two-handed weapons can only be used once every other round UNLESS the
    bearer's STR is 15 or more" (segment mode only): used in round n, ready again in n + 2."""
    if not _limited(enc, c, weapon):
        return True
    last = _last_heavy_round(c)
    return last is None or enc.state.round - last >= 2


def record_heavy_attack(enc: Encounter, tx: Tx, c: Combatant, weapon: OwnedWeapon) -> None:
    """Note the round ``c`` attacked with a heavy two-handed weapon (a no-op when unlimited)."""
    if not _limited(enc, c, weapon):
        return
    kept = tuple(u for u in c.used if not u.startswith(HEAVY_MARK))
    tx.set(("c", c.id), "used", (*kept, f"{HEAVY_MARK}{enc.state.round}"))
