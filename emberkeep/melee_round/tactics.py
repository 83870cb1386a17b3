"""Tactics beyond the plain exchange: surprise and ranged attacks (unopposed), dodging, evasion,
and several opponents splitting a knight's skill (seed: "SURPRISE", "EVASION", "DODGING",
"MULTIPLE OPPONENTS", "RANGED WEAPONS"; R25, R33).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from emberkeep.dice import Purpose
from emberkeep.encounter.engine import RuleError
from emberkeep.melee_round.modifiers import COVER, SURPRISE, VISIBILITY, pair_modifiers
from emberkeep.melee_round.phases import (
    Blow,
    GearLoss,
    LoserResult,
    Side,
    losers_phase,
    winners_phase,
)
from emberkeep.melee_round.rolls import Check, Dice, opposed, roll_check

__all__ = ["EVASION", "Dodge", "Evasion", "Unopposed", "dodge", "evade", "max_attackers",
           "ranged_glory", "split_skill", "unopposed_attack"]

EVASION = 5  # "+5/-5 reflexive modifiers to the attacker and the dodging character"


@dataclass(frozen=True, slots=True)
class Unopposed:
    check: Check
    modifier: int
    reasons: tuple[str, ...]
    gear: tuple[GearLoss, ...]
    blow: Blow | None
    loser: LoserResult | None


def _fumble_loss(side: Side, chk: Check) -> tuple[GearLoss, ...]:
    if not chk.fumble or side.brawling:
        return ()
    w = side.stance.weapon
    what = "dropped" if w.sword else "broken"
    return (GearLoss(side.who, what, f"fumble: {w.name} {what} (R23, R26)"),)


def unopposed_attack(dice: Dice, attacker: Side, target: Side, *, surprise: bool = False,
                     damage_dice: int | None = None,
                     target_shield: bool = False) -> Unopposed:
    """An attack the target does not oppose: from surprise ("always unopposed by the surprised
    victim, and also gains a +5 modifier") or with a ranged weapon ("All ranged attacks are made
    as unopposed rolls. If the target has a shield ... the shield acts as "cover," imposing a -5
    modifier")."""
    attacker.validate()
    ranged = attacker.stance.weapon.ranged
    reasons: list[str] = []
    if ranged:
        mod = 0
        if target.stance.in_cover or target_shield:  # R40: cover and a shield are -5 once
            mod -= COVER
            reasons.append("shield as cover -5" if target_shield else "cover -5")
        if attacker.stance.poor_visibility:
            mod -= VISIBILITY
            reasons.append("visibility -10")
        if attacker.stance.fatigue:
            mod -= attacker.stance.fatigue
            reasons.append(f"fatigue -{attacker.stance.fatigue}")
    else:
        mods = pair_modifiers(attacker.stance, target.stance)
        mod, reasons = mods.a, list(mods.reasons)
    if surprise:
        mod += SURPRISE
        reasons.append("surprise +5")
    name, skill = attacker.skill()
    chk = roll_check(dice, skill + mod, attacker.who, name)
    blow = loser = None
    if chk.succeeded:
        blow = winners_phase(dice, attacker, chk, damage_dice=damage_dice)
        loser = losers_phase(dice, target, blow, partial=False)
    return Unopposed(chk, mod, tuple(reasons), _fumble_loss(attacker, chk), blow, loser)


def ranged_glory(glory: int) -> int:
    """"the Glory gained from defeating an opponent or creature using ranged attacks is always
    1/10th of normal" (R33)."""
    return glory // 10


@dataclass(frozen=True, slots=True)
class Dodge:
    dodge: Check
    attack: Check
    gear: tuple[GearLoss, ...]
    fell: bool  # "a failed or fumbled dodge ... the character fell to the ground"
    blow: Blow | None
    loser: LoserResult | None


def dodge(dice: Dice, dodger: Side, attacker: Side, *, dex_share: int | None = None) -> Dodge:
    """"Treat a dodge as an unopposed DEX roll, with the attacking character making an unopposed
    weapon skill roll at the same time." A dodger facing several foes divides its DEX among them
    (``dex_share``)."""
    dex = dodger.fighter.dex_roll if dex_share is None else dex_share
    if dex_share is not None and not 0 <= dex_share <= dodger.fighter.dex_roll:
        raise RuleError(f"a share of {dex_share} is more DEX than {dodger.fighter.name} has")
    d = roll_check(dice, dex, dodger.who, "DEX to dodge", Purpose.DODGE)
    mods = pair_modifiers(attacker.stance, dodger.stance)
    name, skill = attacker.skill()
    a = roll_check(dice, skill + mods.a, attacker.who, name)
    gear = _fumble_loss(attacker, a)
    if d.succeeded:  # "avoided the blow entirely, taking no damage and avoiding any knockdown"
        return Dodge(d, a, gear, False, None, None)
    blow = loser = None
    if a.succeeded:
        blow = winners_phase(dice, attacker, a)
        loser = losers_phase(dice, dodger, blow, partial=False, skip_knockdown=True)
    return Dodge(d, a, gear, True, blow, loser)


@dataclass(frozen=True, slots=True)
class Evasion:
    evader: Check
    attacker: Check
    escaped: bool  # won: "dodges the enemy's attack and may still move normally this turn"
    fell: bool  # a fumbled evasion: "he falls down"
    fall_damage: int
    gear: tuple[GearLoss, ...]
    blow: Blow | None
    loser: LoserResult | None


def evade(dice: Dice, evader: Side, attacker: Side, *, opponents: int = 1,
          gm_approves: bool = False) -> Evasion:
    """Leave a melee: an opposed DEX roll on foot (Horsemanship if both are mounted) against the
    attacker's modified weapon skill, at +5 for the attacker and -5 for the evader."""
    if evader.stance.mounted and not attacker.stance.mounted:
        raise RuleError(f"{evader.fighter.name} is mounted against a footman and may simply ride "
                        "away (R33): no evasion needed")
    if opponents > 1 and not gm_approves:
        raise RuleError("against several opponents evasion needs the Gamemaster's approval")
    both_mounted = evader.stance.mounted and attacker.stance.mounted
    skill = evader.fighter.skill("Horsemanship") if both_mounted else evader.fighter.dex_roll
    mods = pair_modifiers(attacker.stance, evader.stance)
    e = roll_check(dice, skill - EVASION, evader.who,
                   "Horsemanship to evade" if both_mounted else "DEX to evade", Purpose.EVADE)
    name, wskill = attacker.skill()
    a = roll_check(dice, wskill + mods.a + EVASION, attacker.who, name)
    result = opposed(a, e)
    gear = _fumble_loss(attacker, a)
    fall = 0
    if e.fumble and evader.stance.mounted:
        fall = dice.roll("1d6", evader.who, "fumbled evasion: fall from the horse",
                         purpose=Purpose.FALL).total
    blow = loser = None
    if result.winner == "a":  # "he deals damage normally and the evading character cannot move"
        blow = winners_phase(dice, attacker, a)
        hit = Side(evader.who, evader.fighter, evader.stance, evader.hp - fall, evader.rebated,
                   evader.brawling, evader.height_yards)
        loser = losers_phase(dice, hit, blow, partial=result.partial, skip_knockdown=e.fumble)
    # R40: both rolls failing leaves the evader where it is, unhurt (neither branch above)
    return Evasion(e, a, result.winner == "b", e.fumble, fall, gear, blow, loser)


def max_attackers(target_mounted: bool, attackers_mounted: bool) -> int:
    """"Up to three enemies may attack a single character on foot; only two may attack a single
    foe if all are mounted.\""""
    return 2 if target_mounted and attackers_mounted else 3


def split_skill(skill: int, shares: Sequence[int]) -> tuple[int, ...]:
    """"he can divide his weapon value among them as he wishes": shares of at most the skill."""
    if any(s < 0 for s in shares) or sum(shares) > skill:
        raise RuleError(f"shares {list(shares)} divide more than the skill of {skill}")
    return tuple(shares)

