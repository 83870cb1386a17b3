"""The Resolution, Winner's and Loser's phases of one opposed exchange (seed: "MELEE ROUND
PROCEDURE"; R23-R25, R33).

Pure rules over :class:`Side` values: rolls go through a :class:`~emberkeep.melee_round.rolls.Dice`
(the encounter's ``Tx`` records them), and the results come back as plain records the engine
bridge turns into events. Nothing here changes any state.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.breakdown import Breakdown, Part
from emberkeep.dice import Purpose
from emberkeep.encounter.engine import RuleError
from emberkeep.melee_round.fighter import Fighter
from emberkeep.melee_round.modifiers import Mods, Stance, pair_breakdowns
from emberkeep.melee_round.rolls import Check, Dice, Opposed, opposed, roll_check

__all__ = ["Blow", "Exchange", "GearLoss", "LoserResult", "Side", "fall_dice", "losers_phase",
           "resolve_exchange", "winners_phase"]

CHARGE_YARDS = 6  # "The horse must move at least 6 yards in a roughly straight line"


def fall_dice(height_yards: int) -> int:
    """R33: a fall from a height does 1d6 per 3 yards (at least 1d6)."""
    return max(1, height_yards // 3)


@dataclass(frozen=True, slots=True)
class Side:
    """One combatant in an exchange: its numbers, its situation and what it fights with."""

    who: str  # the combatant id (for the log and the bridge)
    fighter: Fighter
    stance: Stance
    hp: int
    rebated: bool = False  # rebated weapon or pulled blows ("NONLETHAL COMBAT")
    brawling: bool = False
    height_yards: int = 0  # on a wall or other high place: how far a fall is

    def skill(self) -> tuple[str, int]:
        """The skill rolled: brawling's best of STR, DEX and Grapple; a lance charge's Lance
        (even with a spear); else the weapon's skill."""
        f = self.fighter
        if self.brawling:
            return max((("STR", f.skill("STR")), ("DEX", f.skill("DEX")),
                        ("Grapple", f.skill("Grapple"))), key=lambda s: s[1])
        w = self.stance.weapon
        name = w.charge_skill if self.stance.charging and w.charge_skill else w.skill
        return name, f.skill(name)

    def validate(self) -> None:
        w = self.stance.weapon
        if self.stance.mounted and w.two_handed and not self.brawling:
            raise RuleError(f"{self.fighter.name}: two-handed weapons may not be used from "
                            "horseback")
        if self.stance.charging and (not self.stance.mounted or w.charge_skill is None):
            raise RuleError(f"{self.fighter.name}: a lance charge needs a mount and a lance or "
                            "spear")


@dataclass(frozen=True, slots=True)
class GearLoss:
    who: str
    what: str  # "dropped" or "broken"
    reason: str


@dataclass(frozen=True, slots=True)
class Blow:
    """The Winner's Phase: the damage rolled (knockdown uses it whole) and what it may do."""

    dice: int
    rolled: int
    doubled: bool
    wounds: bool  # False: rebated or pulled, no actual damage (knockdown still counts)
    lance_broke: bool


@dataclass(frozen=True, slots=True)
class LoserResult:
    knockdown: str  # "none", "skipped", "recovered", "fell", "automatic"
    knockdown_check: Check | None
    fell: bool
    dismounted: bool
    fall_damage: int
    shield: int
    armor: int
    actual: int  # the wound: damage beyond armor (and shield)
    hp_before: int
    hp_after: int
    major_wound: bool
    unconscious: bool
    dying: bool
    gentle_fall: Check | None


@dataclass(frozen=True, slots=True)
class Exchange:
    a: Side
    b: Side
    mods: Mods
    result: Opposed
    gear: tuple[GearLoss, ...]
    fell: tuple[str, ...]  # brawlers who fumbled and fell ("fell down clumsily")
    blow: Blow | None
    loser: LoserResult | None
    tick: str | None  # the winner's weapon skill, on a critical (R32: the GM may tick it)
    # each side's skill after the modifiers, part by part: the numbers the d20s were rolled under
    skills: tuple[Breakdown, Breakdown] = (Breakdown(), Breakdown())

    @property
    def winner(self) -> Side | None:
        return self.a if self.result.winner == "a" else self.b if self.result.winner == "b" \
            else None

    @property
    def loser_side(self) -> Side | None:
        return self.b if self.result.winner == "a" else self.a if self.result.winner == "b" \
            else None


def winners_phase(dice: Dice, winner: Side, check: Check, *,
                  damage_dice: int | None = None) -> Blow:
    """Roll the winner's damage: the horse's on a lance charge, Damage minus two dice when
    brawling (R33, at least 1d6), doubled dice on a critical, except rebated weapons (R25)."""
    f = winner.fighter
    charge = winner.stance.charging and f.horse is not None
    if damage_dice is not None:
        count = damage_dice
    elif charge:
        assert f.horse is not None
        count = int(f.horse.damage.split("d")[0])
    elif winner.brawling:
        count = max(1, f.damage_dice - 2)
    else:
        count = f.damage_dice
    doubled = check.critical and not winner.rebated
    if doubled:
        count *= 2
    record = dice.roll(f"{count}d6", winner.who, "damage", purpose=Purpose.DAMAGE)
    wounds = not winner.rebated or check.critical
    lance_broke = (charge and winner.stance.weapon.breaks_on_odd_charge
                   and record.total % 2 == 1)
    return Blow(count, record.total, doubled, wounds, lance_broke)


def _fall(dice: Dice, who: str, mounted: bool, height_yards: int, why: str) -> int:
    if mounted:
        return dice.roll("1d6", who, f"{why}: fall from the horse", purpose=Purpose.FALL).total
    n = fall_dice(height_yards)
    return dice.roll(f"{n}d6", who, f"{why}: fall of {height_yards} yards",
                     purpose=Purpose.FALL).total


def losers_phase(dice: Dice, loser: Side, blow: Blow, *, partial: bool,
                 skip_knockdown: bool = False) -> LoserResult:
    """The Loser's Phase in the text's order: knockdown against SIZ and 2×SIZ, the shield on a
    partial success, armor, the wound, Major Wound, Unconscious, the DEX roll for a gentle fall,
    and R33's HP 0 or less (dying)."""
    f, st, who = loser.fighter, loser.stance, loser.who
    mounted = st.mounted
    knock, knock_check, fell, fall_damage = "none", None, False, 0
    if skip_knockdown or st.knocked_down:
        knock = "skipped"
    elif blow.rolled >= 2 * f.siz:
        knock, fell = "automatic", True
    elif blow.rolled >= f.siz:
        skill = f.skill("Horsemanship") if mounted else f.dex_roll
        knock_check = roll_check(dice, skill, who, "Horsemanship to stay mounted" if mounted
                                 else "DEX against knockdown", Purpose.KNOCKDOWN)
        fell = not knock_check.succeeded
        knock = "fell" if fell else "recovered"
    if fell and (mounted or (loser.height_yards and knock_check is not None
                             and knock_check.fumble)):
        fall_damage = _fall(dice, who, mounted, loser.height_yards, "knockdown")
    dismounted = fell and mounted
    shield = f.shield if partial else 0
    actual = max(0, blow.rolled - f.armor - shield) if blow.wounds else 0
    hp_after = loser.hp - fall_damage - actual
    major = f.major_wound is not None and actual >= f.major_wound and actual > 0
    gentle = None
    still_up_high = (mounted and not dismounted) or (loser.height_yards > 0 and not fell)
    collapsing = major or hp_after <= f.unconscious
    if collapsing and still_up_high:
        gentle = roll_check(dice, f.dex_roll, who, "DEX for a gentle fall",
                            Purpose.GENTLE_FALL)
        if not gentle.succeeded:
            hp_after -= _fall(dice, who, mounted, loser.height_yards, "collapse")
        fell, dismounted = True, dismounted or mounted
    elif collapsing:
        fell = True
    return LoserResult(knock, knock_check, fell, dismounted, fall_damage, shield, f.armor, actual,
                       loser.hp, hp_after, major, hp_after <= f.unconscious, hp_after <= 0,
                       gentle)


def _gear_losses(a: Side, b: Side, result: Opposed) -> list[GearLoss]:
    losses = []
    for side, chk in ((a, result.a), (b, result.b)):
        if chk.fumble and not side.brawling:
            w = side.stance.weapon
            what = "dropped" if w.sword else "broken"
            losses.append(GearLoss(side.who, what, f"fumble: {w.name} {what} (R23, R26)"))
    if result.tie and not (a.brawling or b.brawling):
        wa, wb = a.stance.weapon, b.stance.weapon
        if wa.sword != wb.sword:
            broken = b if wa.sword else a
            losses.append(GearLoss(broken.who, "broken",
                                   f"tie: the sword breaks the {broken.stance.weapon.name} "
                                   "(R23, R26)"))
    return losses


def exchange_skills(a: Side, b: Side, *, extra: tuple[int, int] = (0, 0),
                    extra_reason: str = "") -> tuple[Breakdown, Breakdown, Mods]:
    """Each side's weapon skill after the pair's modifiers (R25) and ``extra`` (a share of the
    skill against several foes), part by part: the d20 is rolled under each total."""
    ma, mb, why = pair_breakdowns(a.stance, b.stance)
    if extra != (0, 0):
        why = (*why, extra_reason)
        ma = ma.plus(Part(extra_reason, extra[0])) if extra[0] else ma
        mb = mb.plus(Part(extra_reason, extra[1])) if extra[1] else mb
    (a_name, a_skill), (b_name, b_skill) = a.skill(), b.skill()
    return (Breakdown((Part(f"{a_name} skill", a_skill), *ma.parts)),
            Breakdown((Part(f"{b_name} skill", b_skill), *mb.parts)),
            Mods(ma.total, mb.total, why))


def resolve_exchange(dice: Dice, a: Side, b: Side, *, extra: tuple[int, int] = (0, 0),
                     extra_reason: str = "") -> Exchange:
    """One opposed exchange through the Resolution, Winner's and Loser's phases. A GM's typed
    d20s are found under ``("attack", who)`` for each side; then ``damage``, ``knockdown``,
    ``fall`` and ``gentle fall``."""
    a.validate()
    b.validate()
    skill_a, skill_b, mods = exchange_skills(a, b, extra=extra, extra_reason=extra_reason)
    a_name, b_name = a.skill()[0], b.skill()[0]
    ca = roll_check(dice, skill_a.total, a.who, a_name)
    cb = roll_check(dice, skill_b.total, b.who, b_name)
    result = opposed(ca, cb)
    gear = _gear_losses(a, b, result)
    fell = tuple(s.who for s, c in ((a, ca), (b, cb)) if s.brawling and c.fumble)
    blow = loser = None
    tick = None
    if result.winner is not None:
        win, lose = (a, b) if result.winner == "a" else (b, a)
        wcheck = ca if result.winner == "a" else cb
        blow = winners_phase(dice, win, wcheck)
        if blow.lance_broke:
            gear.append(GearLoss(win.who, "broken", f"odd damage ({blow.rolled}): the "
                                 f"{win.stance.weapon.name} breaks (R25, R26)"))
        loser = losers_phase(dice, lose, blow, partial=result.partial,
                             skip_knockdown=lose.who in fell)
        if wcheck.critical and not win.brawling:
            tick = (a_name if result.winner == "a" else b_name)
    return Exchange(a, b, mods, result, tuple(gear), fell, blow, loser, tick, (skill_a, skill_b))
