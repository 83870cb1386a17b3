"""Combat modifiers for one pair of fighters (seed: "COMBAT MODIFIERS"; R25's numbers).

Reflexive modifiers ("+5/-5") help one fighter and hinder the other. Height counts once: being
mounted against a footman (unless he holds a great spear or halberd), standing over a fallen foe
("this modifier applies when one character has fallen to the ground and the other remains
standing"; knockdown's own "-5/+5" is the same modifier) or holding a rampart. The lance charge's
+5 stacks with it ("for a total of +10").
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.breakdown import Breakdown, Part
from emberkeep.melee_round.catalog import MeleeWeapon

__all__ = ["COVER", "HEIGHT", "IMMOBILIZED", "LANCE_CHARGE", "SURPRISE", "UNBURDENED",
           "VISIBILITY", "Mods", "Stance", "fatigue_penalty", "pair_breakdowns", "pair_modifiers"]

COVER = 5  # "imposes a -5 modifier to attacker's weapon rolls"
HEIGHT = 5  # "+5/-5 reflexive modifier ... in favor of the character with the height advantage"
IMMOBILIZED = 10  # "-10/+10 reflexive modifier"
SURPRISE = 5  # "unopposed by the surprised victim, and also gains a +5 modifier"
UNBURDENED = 5  # "Knights not wearing armor ... gain a +5 modifier to all weapon rolls"
VISIBILITY = 10  # "a character suffers a -10 modifier to all weapon skills"
LANCE_CHARGE = 5  # "the charging knight gets a +5 modifier to his Lance skill"
FATIGUE_MAX = 5  # "normally, this modifier should not exceed a -5 penalty"


def fatigue_penalty(rounds_fought: int, con: int) -> int:
    """R33: -1 per consecutive round fought beyond CON, to -5 (returned as a positive number)."""
    return min(FATIGUE_MAX, max(0, rounds_fought - con))


@dataclass(frozen=True, slots=True)
class Stance:
    """One fighter's situation this round."""

    weapon: MeleeWeapon
    mounted: bool = False
    charging: bool = False  # a lance charge this round
    knocked_down: bool = False
    immobilized: bool = False
    in_cover: bool = False  # substantial cover other than armor or a shield
    unburdened: bool = False  # a knight (trained to armor) wearing none
    poor_visibility: bool = False  # darkness, fog, smoke for this fighter
    higher_ground: bool = False  # a rampart, a stair: height other than a horse
    fatigue: int = 0  # the penalty, 0..5 (fatigue_penalty)


@dataclass(frozen=True, slots=True)
class Mods:
    a: int
    b: int
    reasons: tuple[str, ...]


def _higher(x: Stance, y: Stance) -> bool:
    if x.knocked_down:
        return False
    mounted_edge = x.mounted and not y.mounted and not y.weapon.counters_height
    return mounted_edge or y.knocked_down or (x.higher_ground and not y.higher_ground)


def pair_breakdowns(a: Stance, b: Stance) -> tuple[Breakdown, Breakdown, tuple[str, ...]]:
    """The modifiers to ``a``'s and ``b``'s weapon rolls against each other, part by part
    (R25's numbers), and the reasons as the log words them."""
    pa: list[Part] = []
    pb: list[Part] = []
    why: list[str] = []
    if _higher(a, b) and not _higher(b, a):
        pa.append(Part("height", HEIGHT, 25))
        pb.append(Part("foe's height", -HEIGHT, 25))
        why.append("height +5/-5")
    elif _higher(b, a) and not _higher(a, b):
        pa.append(Part("foe's height", -HEIGHT, 25))
        pb.append(Part("height", HEIGHT, 25))
        why.append("height -5/+5")
    if a.charging and not b.charging:
        pa.append(Part("lance charge", LANCE_CHARGE, 25))
        why.append("lance charge +5")
    if b.charging and not a.charging:
        pb.append(Part("lance charge", LANCE_CHARGE, 25))
        why.append("lance charge +5 (foe)")
    for me, other, mine, theirs, foe in ((a, b, pa, pb, ""), (b, a, pb, pa, " (foe)")):
        if other.in_cover:
            mine.append(Part("foe in cover", -COVER, 25))
            why.append("cover -5" + foe)
        if me.immobilized:
            mine.append(Part("immobilized", -IMMOBILIZED, 25))
            theirs.append(Part("foe immobilized", IMMOBILIZED, 25))
            why.append("immobilized +10/-10" if foe else "immobilized -10/+10")
        if me.unburdened:
            mine.append(Part("unburdened", UNBURDENED, 25))
            why.append("unburdened +5" + foe)
        if me.poor_visibility:
            mine.append(Part("poor visibility", -VISIBILITY, 25))
            why.append("visibility -10" + foe)
        if me.fatigue:
            mine.append(Part("fatigue", -me.fatigue, 33))
            why.append(f"fatigue -{me.fatigue}" + foe)
    return Breakdown(pa), Breakdown(pb), tuple(why)


def pair_modifiers(a: Stance, b: Stance) -> Mods:
    """The modifiers to ``a``'s and ``b``'s weapon rolls against each other."""
    ba, bb, why = pair_breakdowns(a, b)
    return Mods(ba.total, bb.total, why)
