"""Furnace attacks: the roll against AC, then its damage, crit or fumble.

An attack is two steps so simultaneous melee can roll every attack before resolving any:
:func:`roll_attack` rolls d20 + ability + PROF + modifiers against the target's AC (EASY/HARD
±3 on the target number, R7) and says hit, crit or fumble; :func:`resolve_attack` applies it.
:func:`attack` is the whole action: it opens the step, rolls, may spend a Luck Die, resolves,
and marks the attacker as having acted.

- Ability: STR for melee, DEX for a ranged attack (a thrown weapon too: Furnace's DEX is "used
  for ... ranged attacks"); a *small* weapon (``gear.small``; the seed: "like dagger - tiny
  ... use DEX for the attack") takes the better of STR and DEX in melee. PROF if the class is
  proficient with the weapon's category (classes.json: simple / martial; a fist always). The
  number is ``character.bonuses.attack_bonus``, the one the sheet shows.
- Range by zones: melee needs CLOSE; *Thrown* can attack NEAR; *Low-range* only NEAR; other
  ranged weapons NEAR or RANGED; FAR never. A dropped or broken weapon cannot attack: by default
  a PC fights with the first weapon in hand that reaches, else a fist when CLOSE, else a carried
  weapon that reaches (drawn). A two-handed weapon cannot be used with a shield carried.
- HARD/EASY (R7; DODGE, R28's conditions, Sneak Attack, Protection...): :mod:`attack_difficulty`.
  "Next ATK" conditions are spent by the roll.
- A natural 20 (or the Barbarian's 19 in melee) always hits and is a crit; a natural 1 always
  misses and is a fumble. Monsters roll d20 + attack bonus. R38: a monster's natural 20 is a
  crit like anyone's (R15's armor point, R19's maximum or WDD's doubled damage); R30's
  ``monster_crits`` option decides only whether it also rolls a table row (``crits.tables_apply``),
  and with the option off a monster's 1 is a plain miss (no fumble row, no gear to notch).
- WDD segments (R20): a heavy two-handed weapon attacks only every other round unless STR is
  15 or more (``segments.heavy_weapon_ready``; the round is kept in ``Combatant.used``).
- R40: a natural 2 (no fumble) that reaches the AC hits, and WDD's low roll notches the weapon
  all the same (``gear_wear.wdd_notch``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from emberkeep.campaign.settings import CritDamage, InitiativeMode, MonsterCrits
from emberkeep.character.bonuses import attack_bonus
from emberkeep.character.checks import Difficulty, combine_difficulty
from emberkeep.dice import Purpose, RollRecord
from emberkeep.encounter import crits, feature_actions, gear_wear, mounts, shields, unaware, volleys
from emberkeep.encounter import grip as knife_grip
from emberkeep.encounter.attack_difficulty import (
    advantage_expression,
    found_difficulties,
)
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import NO_ACTIONS, names
from emberkeep.encounter.damage import DamageMode, Wielded, reaches, strike_damage
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.features import (
    cleave_candidates,
    crit_low,
    has_class_feature,
)
from emberkeep.encounter.luck import can_spend_luck, record_outcome, spend_luck_die
from emberkeep.encounter.segments import heavy_weapon_ready, record_heavy_attack
from emberkeep.encounter.weapon_choice import choose_weapon
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.optional_rules.advantage import Advantage
from emberkeep.records import record

__all__ = ["AttackOutcome", "AttackRoll", "attack", "choose_weapon", "luck_would_help", "reaches",
           "resolve_attack", "roll_attack", "spend_luck"]

MAX_FOLLOW_UPS = 20  # extra attacks one action may chain ("until you miss" included)


@record
class AttackRoll:
    attacker_id: str
    target_id: str
    record: RollRecord
    total: int
    target_ac: int
    hit: bool
    crit: bool
    fumble: bool
    natural: int
    target_number: int = 0  # AC moved by EASY/HARD (R7)
    difficulty: Difficulty = Difficulty.NORMAL
    weapon: Wielded = field(default_factory=lambda: Wielded(None, "fist", "1", "fist", False))
    sneak: bool = False
    luck: RollRecord | None = None
    depth: int = 0


@dataclass(slots=True)
class AttackOutcome:
    roll: AttackRoll
    damage: int = 0
    killed: bool = False
    hp_before: int | None = None
    hp_after: int | None = None
    crit_row: str | None = None  # "<table id> <label>"
    fumble_row: str | None = None
    shield: str | None = None  # "sundered" or "sacrificed"
    cleave: tuple[str, int] | None = None  # second target's id, damage dealt
    follow_ups: list[AttackOutcome] = field(default_factory=list)


# --- the roll ----------------------------------------------------------------------------

def _attack_modifier(enc: Encounter, attacker: Combatant, weapon: Wielded) -> int:
    """What the attacker adds to the d20: a monster's attack bonus, a PC's ATK."""
    if attacker.kind != "pc":
        assert attacker.monster is not None
        return attacker.monster.attack_bonus
    # The sheet shows this same number (``character.bonuses``): one rule, one number
    return attack_bonus(enc.character(attacker), enc.catalog, ranged=weapon.ranged,
                        small=weapon.small, proficient=weapon.proficient)


def _spend_next_attack(tx: Tx, c: Combatant, condition: str) -> None:
    """The attack spends ``c``'s "next ATK" ``condition``, if it carries one."""
    if not c.conditions:
        return
    kept = tuple(x for x in c.conditions
                 if not (x.name == condition and x.until == "next_attack"))
    if len(kept) != len(c.conditions):
        tx.set(("c", c.id), "conditions", kept)


def _heavy_rule(enc: Encounter, tx: Tx, attacker: Combatant, weapon: Wielded) -> None:
    """WDD: "Heavy, two-handed weapons can only be used once every other round UNLESS the
    bearer's STR is 15 or more" (asked in segment initiative only). Which weapons are heavy and
    the round mark live in ``segments.py``, so the view and this rule agree."""
    if attacker.kind != "pc" or weapon.uid is None:
        return
    piece = enc.character(attacker).inventory.find(weapon.uid)
    assert isinstance(piece, OwnedWeapon)
    if not heavy_weapon_ready(enc, attacker, piece):
        raise RuleError(f"{attacker.name}'s {weapon.name} is Heavy: once every other round "
                        "unless STR is 15 or more")
    record_heavy_attack(enc, tx, attacker, piece)


def _hits(natural: int, total: int, target_number: int, low: int) -> bool:
    if natural == 1:
        return False
    return natural >= low or total >= target_number


def _refuse_attack(enc: Encounter, a: Combatant, t: Combatant, own: frozenset[str]) -> None:
    """Refuse before anything is rolled (``own``: the attacker's condition names)."""
    if a.id == t.id:
        raise RuleError(f"{a.name} cannot attack itself")
    if enc.is_down(a):
        raise RuleError(f"{a.name} is down and cannot attack")
    if enc.is_down(t):
        raise RuleError(f"{t.name} is already down")
    if own and (own & NO_ACTIONS or "cant_attack" in own):
        raise RuleError(f"{a.name} cannot attack now")


# Many arguments, on purpose: one keyword per choice the GM makes for an attack, named at
# ~100 call sites (the sim, the GUI, the tests); a parameter object would only wrap them.
def roll_attack(enc: Encounter, tx: Tx, attacker: Combatant | str, target: Combatant | str, *,  # noqa: PLR0913
                weapon_uid: str | None = None,
                difficulty_extra: Iterable[Difficulty] = (), modifier: int = 0,
                off_hand: bool = False, protection_by: str | None = None,
                depth: int = 0, volunteer: str | None = None,
                advantage: Advantage = Advantage.NONE,
                wielded: Wielded | None = None) -> AttackRoll:
    """Roll one attack (recorded on ``tx``); nothing is damaged until :func:`resolve_attack`.

    ``wielded``: what :func:`choose_weapon` already returned for this attacker at this
    distance with the same ``weapon_uid``/``off_hand``, nothing changed since (the fight
    simulation asks it to know whether a foe is in reach): the weapon is not chosen twice.

    Engine II: a missile lands where the volley takes it (R31, ``volleys.land``; ``volunteer``
    names a shield bearer CLOSE to the target who takes it); a mounted attacker without the
    feat has -2 (``mounts``); one held in a knife grip attacks one-handed at -2 (``grip``)."""
    a = enc.combatant(attacker) if isinstance(attacker, str) else attacker
    t = enc.combatant(target) if isinstance(target, str) else target
    own = names(a.conditions)
    _refuse_attack(enc, a, t, own)
    weapon = wielded if wielded is not None else choose_weapon(enc, a, t, weapon_uid,
                                                               off_hand=off_hand)
    if weapon.ranged or volunteer is not None:
        t = volleys.land(enc, tx, a, t, weapon, volunteer)
    if depth == 0 and enc.state.mode == InitiativeMode.SEGMENTS:
        _heavy_rule(enc, tx, a, weapon)
    found, sneak = found_difficulties(enc, tx, a, t, weapon.ranged, difficulty_extra,
                                      protection_by)
    difficulty = combine_difficulty(*found)
    difficulty, expr = advantage_expression(enc, own, difficulty, advantage)  # R7, R21
    bonus = _attack_modifier(enc, a, weapon) + modifier
    low = crit_low(enc, a, not weapon.ranged)
    if a.mount:
        bonus += mounts.mounted_penalty(enc, a)
    bonus += knife_grip.attack_penalty(enc, a, weapon)
    record = tx.roll(expr, a.name, f"attack {t.name} ({weapon.name})", modifier=bonus,
                     purpose=Purpose.OFF_HAND if off_hand else Purpose.ATTACK)
    _spend_next_attack(tx, a, "attacks_hard")
    _spend_next_attack(tx, a, feature_actions.ATTACKS_EASY)
    _spend_next_attack(tx, t, "easy_to_hit")
    natural = record.natural or record.total - bonus
    ac = enc.armor_class(t)
    target_number = ac + difficulty.dc_shift
    hit = _hits(natural, record.total, target_number, low)
    # R38: any natural 20 is a crit (armor point, crit damage); the option gates only rows
    crit = hit and (natural >= low or sneak)
    fumble = natural == 1 and not (a.kind != "pc"
                                   and enc.settings.monster_crits is MonsterCrits.OFF)
    return AttackRoll(a.id, t.id, record, record.total, ac, hit, crit, fumble, natural,
                      target_number, difficulty, weapon, sneak, None, depth)


def spend_luck(enc: Encounter, tx: Tx, roll: AttackRoll) -> AttackRoll:
    """R29: the attacker spends a Luck Die after seeing the roll: the d6 is added to the total.

    One die per roll; a natural 1 stays a miss and a fumble (the d20 still shows 1)."""
    if roll.luck is not None:
        raise RuleError("a Luck Die was already spent on this roll (one die per use, R29)")
    a = enc.combatant(roll.attacker_id)
    luck = spend_luck_die(enc, tx, a)
    total = roll.total + luck.total
    low = crit_low(enc, a, not roll.weapon.ranged)
    hit = _hits(roll.natural, total, roll.target_number, low)
    crit = roll.crit or (hit and roll.sneak)
    return replace(roll, total=total, hit=hit, crit=crit, luck=luck)


def luck_would_help(enc: Encounter, roll: AttackRoll) -> bool:
    """A miss a Luck Die's 6 could still turn into a hit (what ``attack(luck=True)`` spends on)."""
    return (not roll.hit and roll.natural != 1 and roll.luck is None
            and roll.total + 6 >= roll.target_number
            and can_spend_luck(enc, enc.combatant(roll.attacker_id)))


# --- resolving -------------------------------------------------------------------------

def _crit_mode(enc: Encounter) -> DamageMode:
    return "double" if enc.settings.crit_damage is CritDamage.WDD_DOUBLE else "max"


def resolve_attack(enc: Encounter, tx: Tx, roll: AttackRoll, *, sunder_shield: bool = False,
                   sacrifice_shield: bool = False, cleave: bool | str = True) -> AttackOutcome:
    """Apply a rolled attack: damage, the crit (R19) or fumble row and its effects, R15's armor
    point, R17's notches, Cleave, follow-up attacks, Luck Dice bookkeeping.

    ``sunder_shield``: the target sunders its shield to soak half the damage (R12);
    ``sacrifice_shield``: it sacrifices it to turn a crit into a plain hit (R18). ``cleave``:
    ``True`` picks the second target at random, an id names it, ``False`` declines.
    """
    a, t = enc.combatant(roll.attacker_id), enc.combatant(roll.target_id)
    out = AttackOutcome(roll)
    wdd = gear_wear.wdd_notch(enc, tx, a, roll)  # R17: WDD's low rolls notch and drop
    if roll.hit:
        _resolve_hit(enc, tx, out, a, t, sunder_shield, sacrifice_shield, cleave)
    elif roll.fumble:
        out.fumble_row, pending = crits.fumble(enc, tx, a, roll, wdd)
        _follow_ups(enc, tx, a, t, roll, pending, out)
    record_outcome(enc, tx, a, roll.hit)  # R29: a roll toward the Luck Dice
    unaware.noticed(tx, t, a)  # R35: once attacked by it, it knows this attacker
    return out


def _resolve_hit(enc: Encounter, tx: Tx, out: AttackOutcome, a: Combatant, t: Combatant,
                 sunder: bool, sacrifice: bool, cleave: bool | str) -> None:
    roll = out.roll
    crit = roll.crit
    if crit and sacrifice:
        shields.sacrifice_shield(enc, tx, t)
        out.shield, crit = "sacrificed", False
    mode: DamageMode = _crit_mode(enc) if crit else "roll"
    damage = strike_damage(enc, tx, a, roll.weapon, mode=mode)
    damage += feature_actions.extra_damage(enc, tx, a, roll.weapon)  # Rage, Bloodmagic
    ctx: crits.RowContext | None = None  # a crit row's, when one was rolled
    row = None
    if crit and mode == "max" and crits.tables_apply(enc, a):
        low = crit_low(enc, a, not roll.weapon.ranged)
        row = crits.roll_crit_row(enc, tx, a, t, crits.crit_cause(roll.natural, low, roll.sneak))
        if row is not None:
            ctx = crits.RowContext(enc, tx, a, t, t, roll.weapon, crits.level_of(enc, a),
                                   roll.depth)
            out.crit_row = f"{row[0]} {row[1].label}"
            damage += crits.strike_extra(ctx, row[1])
    if crit:
        gear_wear.armor_point(enc, tx, a, t, roll.weapon)
    if sunder:
        damage = shields.sunder_shield(enc, tx, t, damage)
        out.shield = "sundered"
    before, after = enc.lose_hp(tx, t, damage)
    tx.set(("c", t.id), "jostled", True)  # R31: jostled means hit
    knife_grip.after_hit(enc, tx, roll)  # WDD: a knife or dagger hit on a 20 grips the foe
    out.damage, out.hp_before, out.hp_after = damage, before, after
    if ctx is not None:
        assert row is not None
        crits.apply_effects(ctx, [e for e in row[1].effects if e.kind != "extra_damage"])
    if before > 0 and after <= 0 and cleave is not False:
        _cleave(enc, tx, a, t, damage - before, cleave, out)
    out.killed = enc.is_down(t)
    if ctx is not None and ctx.pending:  # extra attacks come only from a crit row
        _follow_ups(enc, tx, a, t, roll, ctx.pending, out)


def _cleave(enc: Encounter, tx: Tx, a: Combatant, killed: Combatant, remaining: int,
            choice: bool | str, out: AttackOutcome) -> None:
    """Cleave: "you can deal the remaining DAM to a second target in CLOSE of the killed one"."""
    if remaining <= 0 or not has_class_feature(enc, a, "cleave"):
        return
    options = cleave_candidates(enc, a, killed)
    if isinstance(choice, str):
        chosen = next((c for c in options if c.id == choice), None)
        if chosen is None:
            raise RuleError(f"{choice} is not a foe CLOSE to {killed.name} (Cleave)")
    elif options:
        chosen = crits.pick(tx, a.name, "Cleave: second target", options)
    else:
        return
    enc.lose_hp(tx, chosen, remaining)
    tx.set(("c", chosen.id), "jostled", True)
    tx.note(f"Cleave: {remaining} remaining DAM to {chosen.name}")
    out.cleave = (chosen.id, remaining)


def _follow_ups(enc: Encounter, tx: Tx, a: Combatant, t: Combatant, roll: AttackRoll,
                pending: list[crits.FollowUp], out: AttackOutcome) -> None:
    """Extra attacks a crit row grants ("Make another ATK", "until you miss"), bounded."""
    for follow in pending:
        if follow.only_if_target_dies and not enc.is_down(t):
            continue
        for _ in range(MAX_FOLLOW_UPS if follow.until_miss else 1):
            if len(out.follow_ups) >= MAX_FOLLOW_UPS or enc.is_down(a):
                return
            foe = crits.follow_up_target(enc, tx, a, t, follow, roll.weapon)
            if foe is None:
                tx.note(f"{a.name}: no foe for the extra attack")
                break
            uid = _still_usable(enc, a, roll.weapon)
            extra = roll_attack(enc, tx, a, foe, weapon_uid=uid, depth=roll.depth + 1)
            out.follow_ups.append(resolve_attack(enc, tx, extra))
            if not extra.hit:
                break


def _still_usable(enc: Encounter, a: Combatant, weapon: Wielded) -> str | None:
    """The uid to attack with again, unless that weapon was dropped or broken meanwhile."""
    if weapon.uid is None or weapon.off_hand or a.kind != "pc":
        return None
    piece = enc.character(a).inventory.find(weapon.uid)
    assert isinstance(piece, OwnedWeapon)
    return None if piece.dropped or piece.broken else weapon.uid


# --- the whole action ----------------------------------------------------------------------

# Many arguments, on purpose: one keyword per choice the GM makes for an attack, named at
# ~100 call sites (the sim, the GUI, the tests); a parameter object would only wrap them.
def attack(enc: Encounter, attacker_id: str, target_id: str, *, weapon_uid: str | None = None,  # noqa: PLR0913
           difficulty_extra: Iterable[Difficulty] = (), modifier: int = 0, luck: bool = False,
           protection_by: str | None = None, sunder_shield: bool = False,
           sacrifice_shield: bool = False, cleave: bool | str = True, off_hand: bool = False,
           reroll: bool = False, volunteer: str | None = None,
           advantage: Advantage = Advantage.NONE, wielded: Wielded | None = None) -> Step:
    """One attack action, as a step: roll, maybe spend a Luck Die (``luck=True`` spends one when
    the roll missed and a 6 would hit), resolve, mark the attacker as having acted.
    ``reroll=True`` spends a once-a-fight attack reroll (Chosen one) when the roll missed.
    ``off_hand=True`` follows with the off-hand weapon's attack on the same target.
    ``weapon_uid``: a PC's owned weapon; for a monster of several weapons, one's name.
    ``wielded``: the weapon :func:`choose_weapon` just chose for this attack (see
    :func:`roll_attack`). Dice the GM rolled physically are typed by purpose around the call
    (``with enc.typed({"attack": 17, "damage": 6}): attack(...)``)."""
    a = enc.combatant(attacker_id)
    enc.require_can_act(a)
    if a.acted:
        raise RuleError(f"{a.name} has already acted this round")
    with enc.action(a.id, "attack") as tx:
        roll = roll_attack(enc, tx, a, target_id, weapon_uid=weapon_uid,
                           difficulty_extra=difficulty_extra, modifier=modifier,
                           protection_by=protection_by, volunteer=volunteer,
                           advantage=advantage, wielded=wielded)
        marked = any(  # Chosen one readied by a free step
            x.name == feature_actions.REROLL_MISS for x in a.conditions)
        if (reroll or marked) and not roll.hit and feature_actions.can_reroll_attack(enc, a):
            roll = feature_actions.reroll_attack(enc, tx, roll)  # Chosen one
        if marked:
            _spend_next_attack(tx, a, feature_actions.REROLL_MISS)
        if luck and luck_would_help(enc, roll):
            roll = spend_luck(enc, tx, roll)
        out = resolve_attack(enc, tx, roll, sunder_shield=sunder_shield,
                             sacrifice_shield=sacrifice_shield, cleave=cleave)
        t = enc.combatants[roll.target_id]  # a volley may have landed elsewhere (R31)
        second = None
        if off_hand and not enc.is_down(t) and not enc.is_down(a):
            second = roll_attack(enc, tx, a, t, off_hand=True,
                                 difficulty_extra=difficulty_extra, depth=1)
            resolve_attack(enc, tx, second)
        tx.set(("c", a.id), "acted", True)
        tx.summary(_summary(a, t, out, second))
    return enc.history[-1]


def _summary(a: Combatant, t: Combatant, out: AttackOutcome, second: AttackRoll | None) -> str:
    roll = out.roll
    if roll.hit:
        # R18: a sacrificed shield turned the crit into a plain hit; the log says so
        mark = (" (crit avoided: shield sacrificed)" if out.shield == "sacrificed"
                else " (crit)" if roll.crit else "")
        summary = f"{a.name} hits {t.name} for {out.damage}{mark}"
    else:
        summary = f"{a.name} misses {t.name}"
    if second is not None:
        summary += f"; off-hand {'hits' if second.hit else 'misses'}"
    return summary
