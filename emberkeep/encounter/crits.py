"""Crit and fumble rows applied effect by effect (R15, R17, R19, R26, R28, R30).

The rows' typed effects (``tables/effects.py``) ARE the classification the issue asks for:
every effect kind the crit, fumble and lingering tables use is applied here
(:data:`HANDLED_KINDS`; a test checks the data uses no other), and a row whose only effect is
to be read aloud carries ``flavour_only`` and its justification in the data.

Readings, each a house default documented here:
- The subject of a crit row is the foe; of a fumble row, the one who fumbled (R30's monster
  crits: the PC a monster hit, for the class tables and for lingering injuries alike).
- "N+level" DCs use the attacker's level (a monster's ``level``); "room" is the ROOM DC.
- Durations become :class:`ActiveCondition`: ``rounds`` (dice rolled now) counts rounds left;
  ``next_round``/``this_round`` one round; ``next_attack`` ends with the next attack by (or
  against) the subject; ``encounter``, ``removed`` (PRONE: standing up), ``rest`` and
  ``permanent`` end by their rule. Engine II's clock ticks them.
- "Foe loses 50% of current HP" takes half rounded UP, so a blow always takes something.
- "Dies instantly": a PC is marked dead on the sheet, a monster goes to 0 HP (``death.kill``).
  "Die in 1d4 rounds" records ``dying_in`` with the rounds rolled; engine II ticks it.
- R26 gear damage: a target's weapon knocked into the air is dropped; sundered is broken (1d12
  DAM instead if it has none; a magical weapon only by a magical one); one fumble is one notch
  (R17: no second notch or drop when WDD's own natural-1 notch and drop already applied); a
  magical weapon's own fumbles never notch or break it; a monster's weapon is dropped, or
  dropped and ``weapon_broken``; a monster has no gear to notch (noted).
- A check modifier becomes one condition per check, named ``"HARD:<check>"``/``"EASY:<check>"``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from emberkeep.campaign.settings import MonsterCrits
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.condition_names import condition_label
from emberkeep.encounter.conditions import ActiveCondition, names, with_condition
from emberkeep.encounter.damage import Wielded, strike_damage, weapon_reaches
from emberkeep.encounter.death import kill
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.feature_actions import blocks_condition
from emberkeep.encounter.gear_wear import armor_point, notch
from emberkeep.encounter.lasting import persist
from emberkeep.encounter.saves import saving_throw
from emberkeep.encounter.zones import Band
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.records import record
from emberkeep.tables.combat import (
    EffectRow,
    crit_die,
    crit_table,
    crit_table_for_class,
    fumble_die,
    fumble_table,
    lingering_injuries_table,
)
from emberkeep.tables.effects import (
    AllyDamage,
    ArmorDamage,
    BodyPartLost,
    CheckModifier,
    Condition,
    DieIn,
    Duration,
    Effect,
    ExtraAttack,
    ExtraDamage,
    Flavour,
    HitSelf,
    HpLossPerRound,
    InstantDeath,
    LoseHalfHp,
    SaveOr,
    WeaponBroken,
    WeaponSundered,
    save_dc,
)

if TYPE_CHECKING:
    from emberkeep.encounter.attack import AttackRoll

__all__ = [
    "HANDLED_KINDS",
    "FollowUp",
    "RowContext",
    "apply_effects",
    "crit_cause",
    "fumble",
    "fumble_cause",
    "level_of",
    "pick",
    "put_condition",
    "roll_crit_row",
    "strike_extra",
    "tables_apply",
]

_UNTIL = {"rounds": "rounds", "next_round": "next_round", "this_round": "this_round",
          "next_attack": "next_attack", "encounter": "encounter", "until_removed": "removed",
          "until_rest": "rest", "permanent": "permanent"}


@record
class FollowUp:
    """An attack a row grants or forces, made by :mod:`attack` once the row is applied."""

    targets: Literal["any", "near", "another_near", "ally"] = "any"
    only_if_target_dies: bool = False
    until_miss: bool = False


@dataclass(slots=True)
class RowContext:
    enc: Encounter
    tx: Tx
    attacker: Combatant
    foe: Combatant  # the attack's target
    subject: Combatant  # whom the row's effects land on
    weapon: Wielded  # the attacker's weapon
    level: int  # the attacker's level, for "N+level" DCs
    depth: int = 0
    fumbling: bool = False
    wdd_notched: bool = False
    wdd_dropped: bool = False
    pending: list[FollowUp] = field(default_factory=list)


def level_of(enc: Encounter, c: Combatant) -> int:
    if c.kind == "pc":
        return enc.character(c).level
    assert c.monster is not None
    return c.monster.level


def tables_apply(enc: Encounter, attacker: Combatant) -> bool:
    """Crit tables are on (and, for a monster, R30's option is not off)."""
    if not enc.settings.rules.crit_tables:
        return False
    return attacker.kind == "pc" or enc.settings.monster_crits is not MonsterCrits.OFF


def pick(tx: Tx, who: str, label: str, options: list[Combatant]) -> Combatant:
    """A random one of ``options`` (a recorded d-N roll when there is a choice)."""
    if len(options) == 1:
        return options[0]
    return options[tx.roll(f"d{len(options)}", who, label, purpose=Purpose.CHOICE).total - 1]


def crit_cause(natural: int, low: int, sneak: bool) -> str:
    """What made a hit a crit, in the GM's words: "natural 20", "natural 19, crit range
    19-20" (a feature's), or "Sneak Attack" (an automatic crit, R15)."""
    if natural >= 20:
        return "natural 20"
    if natural >= low:
        return f"natural {natural}, crit range {low}-20"
    return "Sneak Attack" if sneak else "crit"


def roll_crit_row(enc: Encounter, tx: Tx, attacker: Combatant, target: Combatant,
                  cause: str = "crit") -> tuple[str, EffectRow] | None:
    """Roll the attacker's crit table with its level's crit die (R19); a monster per R30.
    The roll's label says which rule chose the table and the die, after ``cause``
    (:func:`crit_cause`): "natural 20 → Crit Table for Fighters, d6 at level 1, R19"."""
    level = level_of(enc, attacker)
    if attacker.kind == "pc":
        table = crit_table_for_class(enc.character(attacker).class_id, level)
        die = crit_die(level)
        why = f"{table.name}, {die} at level {level}, R19"
    elif enc.settings.monster_crits is MonsterCrits.CLASS_TABLES:
        table, die = crit_table("zero_level"), crit_die(level)
        why = f"{table.name}, {die} at level {level}, R30"
    else:
        table = lingering_injuries_table()
        die = table.die
        why = f"{table.name} for a monster, R30"
    # the label opens "crit (" as every crit row's roll has (the typed dice find it so)
    record = tx.roll(die, attacker.name, f"crit ({cause} → {why})", purpose=Purpose.CRIT)
    row = table.lookup(record.total)
    tx.row(table.id, record.total, row.label, row.text)
    return table.id, row


def strike_extra(ctx: RowContext, row: EffectRow) -> int:
    """The row's "+dice DAM with this strike": rolled now and added to the blow."""
    total = 0
    for effect in row.effects:
        if effect.kind == "extra_damage":
            total += ctx.tx.roll(effect.dice, ctx.attacker.name, "crit extra DAM",
                                   purpose=Purpose.CRIT_DAMAGE).total
    return total


# --- conditions and gear ------------------------------------------------------------------

def add_condition(ctx: RowContext, subject: Combatant, name: str, duration: Duration) -> None:
    put_condition(ctx.enc, ctx.tx, ctx.attacker, subject, name, duration)


def put_condition(enc: Encounter, tx: Tx, source: Combatant, subject: Combatant, name: str,
                  duration: Duration) -> None:
    """A condition from a table row or a spell on ``subject``, for ``duration``."""
    if blocks_condition(enc, subject, name):  # an archetype immunity ("Immune to ...")
        tx.note(f"{subject.name} is immune to {name}")
        return
    rounds = None
    if duration.unit == "rounds":
        assert duration.dice is not None
        rounds = tx.roll(duration.dice, subject.name, f"{condition_label(name)}: rounds",
                         purpose=Purpose.DURATION).total
    elif duration.unit in ("next_round", "this_round"):
        rounds = 1
    condition = ActiveCondition(name, rounds, _UNTIL[duration.unit], source.id,
                                enc.state.round)
    tx.set(("c", subject.id), "conditions", with_condition(subject.conditions, condition))
    if subject.kind == "pc" and condition.until in ("rest", "permanent"):
        persist(enc, tx, subject, condition, condition.until)


def _held_weapon(enc: Encounter, c: Combatant) -> OwnedWeapon | None:
    if c.kind != "pc":
        return None
    return next((w for w in enc.character(c).inventory.wielded if not w.broken), None)


def _fumbled_weapon(ctx: RowContext) -> OwnedWeapon | None:
    """The weapon the fumbler swung (none for a fist or a monster)."""
    if ctx.subject.kind != "pc" or ctx.weapon.uid is None:
        return None
    piece = ctx.enc.character(ctx.subject).inventory.find(ctx.weapon.uid)
    return piece if isinstance(piece, OwnedWeapon) else None


def _subject_weapon(ctx: RowContext) -> OwnedWeapon | None:
    return _fumbled_weapon(ctx) if ctx.fumbling else _held_weapon(ctx.enc, ctx.subject)


def _gear_set(ctx: RowContext, c: Combatant, piece: OwnedWeapon, fld: str, value: object) -> None:
    ctx.tx.set(("gear", ctx.enc.character(c).id, piece.uid), fld, value)


def _drop(ctx: RowContext, c: Combatant) -> None:
    if c.kind != "pc":
        ctx.tx.set(("c", c.id), "weapon_dropped", True)
        return
    piece = _subject_weapon(ctx)
    if piece is None:
        ctx.tx.note(f"{c.name} holds no weapon to drop")
    elif ctx.fumbling and ctx.wdd_dropped:
        ctx.tx.note("R17: the weapon is already dropped by this fumble")
    else:
        _gear_set(ctx, c, piece, "dropped", True)


def _break(ctx: RowContext, c: Combatant) -> bool:
    """Break the subject's weapon; ``False`` if it has none to break."""
    if c.kind != "pc":
        if c.weapon_dropped:
            return False
        ctx.tx.set(("c", c.id), "weapon_dropped", True)
        add_condition(ctx, c, "weapon_broken", Duration(unit="encounter"))
        return True
    piece = _subject_weapon(ctx)
    if piece is None:
        return False
    if piece.magical and (ctx.fumbling or not ctx.weapon.magical):
        ctx.tx.note(f"R26: {piece.name} is magical and is not broken")
    else:
        _gear_set(ctx, c, piece, "broken", True)
    return True


# --- effects ------------------------------------------------------------------------------

def apply_effects(ctx: RowContext, effects: list[Effect]) -> None:
    """Apply a row's effects in order to ``ctx.subject`` (see the module notes)."""
    for e in effects:
        apply = _APPLY.get(e.kind)
        if apply is None:
            ctx.tx.note(f"{e.kind}: for the GM to apply (not a fight effect)")
        else:
            apply(ctx, ctx.subject, e)


def _extra_damage(ctx: RowContext, s: Combatant, e: ExtraDamage) -> None:
    ctx.enc.lose_hp(ctx.tx, s, ctx.tx.roll(e.dice, ctx.attacker.name, "crit DAM",
                                            purpose=Purpose.CRIT_DAMAGE).total)


def _ally_damage(ctx: RowContext, s: Combatant, e: AllyDamage) -> None:
    enc, tx = ctx.enc, ctx.tx
    allies = [c for c in enc.allies(ctx.attacker) if enc.band(c, ctx.foe) == Band.CLOSE]
    if not allies:
        tx.note("no ally CLOSE to the target takes the stray blow")
        return
    ally = pick(tx, ctx.attacker.name, "random ally CLOSE to the target", allies)
    enc.lose_hp(tx, ally, tx.roll(e.dice, ctx.attacker.name, "ally DAM",
                                   purpose=Purpose.CRIT_DAMAGE).total)
    tx.set(("c", ally.id), "jostled", True)


def _condition(ctx: RowContext, s: Combatant, e: Condition) -> None:
    add_condition(ctx, s, e.name, e.duration)


def _check_modifier(ctx: RowContext, s: Combatant, e: CheckModifier) -> None:
    for check in e.checks:
        add_condition(ctx, s, f"{e.mode}:{check}", e.duration)


def _save_or(ctx: RowContext, s: Combatant, e: SaveOr) -> None:
    dc = save_dc(e.dc, level=ctx.level, room_dc=ctx.enc.state.room_dc)
    if not saving_throw(ctx.enc, ctx.tx, s, e.ability, dc):
        apply_effects(ctx, e.on_fail)
    if e.every_round:
        add_condition(ctx, s, f"save_each_round:{e.ability}", Duration(unit="until_removed"))


def _extra_attack(ctx: RowContext, s: Combatant, e: ExtraAttack) -> None:
    ctx.pending.append(FollowUp(e.targets, e.only_if_target_dies, e.until_miss))


def _weapon_sundered(ctx: RowContext, s: Combatant, e: WeaponSundered) -> None:
    if not _break(ctx, s):
        dmg = ctx.tx.roll(e.damage_if_unarmed, ctx.attacker.name, "no weapon to sunder",
                          purpose=Purpose.CRIT_DAMAGE)
        ctx.enc.lose_hp(ctx.tx, s, dmg.total)


def _weapon_broken(ctx: RowContext, s: Combatant, e: WeaponBroken) -> None:
    if not _break(ctx, s):
        ctx.tx.note(f"{s.name} holds no weapon to break")


def _armor_damage(ctx: RowContext, s: Combatant, e: ArmorDamage) -> None:
    armor_point(ctx.enc, ctx.tx, ctx.attacker, s, ctx.weapon, e.points, always=True)


def _instant_death(ctx: RowContext, s: Combatant, e: InstantDeath) -> None:
    if e.when == "always" or ctx.enc.hp(s) < ctx.enc.hp(ctx.attacker):
        kill(ctx.enc, ctx.tx, s, "the blow kills outright (crit row)")
    else:
        apply_effects(ctx, e.otherwise)


def _lose_half_hp(ctx: RowContext, s: Combatant, e: LoseHalfHp) -> None:
    hp = ctx.enc.hp(s)
    if hp > 0:
        ctx.enc.lose_hp(ctx.tx, s, math.ceil(hp / 2))



def _die_in(ctx: RowContext, s: Combatant, e: DieIn) -> None:
    add_condition(ctx, s, "dying_in", Duration(unit="rounds", dice=e.rounds))


def _hp_loss_per_round(ctx: RowContext, s: Combatant, e: HpLossPerRound) -> None:
    add_condition(ctx, s, f"hp_loss:{e.amount}", e.duration)


def _hit_self(ctx: RowContext, s: Combatant, e: HitSelf) -> None:
    ctx.enc.lose_hp(ctx.tx, s, strike_damage(ctx.enc, ctx.tx, s, ctx.weapon))


def _body_part_lost(ctx: RowContext, s: Combatant, e: BodyPartLost) -> None:
    _lose_part(ctx, s, e.part, e.when_none_left)


def _flavour(ctx: RowContext, s: Combatant, e: Flavour) -> None:
    ctx.tx.note(f"{s.name}: {e.note}")


# Each effect kind the fight applies, by its ``kind``: a row's effects are validated models, so
# the kind names the model the handler reads. The injuries table's own (ability loss, heal,
# lingering) belong to stabilizing (R21, engine II) and fall through to the GM.
_APPLY: dict[str, Callable[[RowContext, Combatant, Any], None]] = {
    "extra_damage": _extra_damage,
    "ally_damage": _ally_damage,
    "condition": _condition,
    "check_modifier": _check_modifier,
    "save_or": _save_or,
    "extra_attack": _extra_attack,
    "attack_ally": lambda ctx, s, e: ctx.pending.append(FollowUp("ally")),
    "weapon_dropped": lambda ctx, s, e: _drop(ctx, s),
    "weapon_sundered": _weapon_sundered,
    "weapon_notched": lambda ctx, s, e: _notch_effect(ctx),
    "weapon_broken": _weapon_broken,
    "armor_damage": _armor_damage,
    "instant_death": _instant_death,
    "lose_half_hp": _lose_half_hp,
    "die_in": _die_in,
    "hp_loss_per_round": _hp_loss_per_round,
    "hit_self": _hit_self,
    "body_part_lost": _body_part_lost,
    "flavour": _flavour,
    "dead": lambda ctx, s, e: kill(ctx.enc, ctx.tx, s, "the row says so"),
}

HANDLED_KINDS = frozenset(_APPLY)
"""Effect kinds this module applies; the injuries table's own (ability loss, heal, lingering)
belong to stabilizing (R21, engine II)."""


def _notch_effect(ctx: RowContext) -> None:
    piece = _fumbled_weapon(ctx)
    if ctx.subject.kind != "pc":
        ctx.tx.note(f"{ctx.subject.name}: a monster has no gear to notch")
    elif piece is None:
        ctx.tx.note(f"{ctx.subject.name} fought bare-handed: nothing to notch")
    elif piece.magical:
        ctx.tx.note(f"R26: {piece.name} is magical; its own fumble does not notch it")
    elif ctx.wdd_notched:
        ctx.tx.note("R17: one fumble is one notch, already taken")
    else:
        notch(ctx.enc, ctx.tx, ctx.subject, piece)


def _lose_part(ctx: RowContext, s: Combatant, part: str, none_left: str | None) -> None:
    forever = Duration(unit="permanent")
    if none_left is not None and f"lost_{part}" in names(s.conditions):
        add_condition(ctx, s, none_left, forever)  # the second eye: BLINDED
    add_condition(ctx, s, f"lost_{part}", forever)


# --- fumbles and follow-ups ---------------------------------------------------------------

def fumble_cause(enc: Encounter, attacker: Combatant) -> str:
    """Which rule chose the fumble die: "natural 1 → d12 for Chain mail, medium armor, R31"."""
    armor = enc.character(attacker).inventory.worn_armor if attacker.kind == "pc" else None
    if armor is None:
        worn = "no armor" if attacker.kind == "pc" else "a monster, no armor"
        return f"natural 1 → {fumble_die('none')} for {worn}, R31"
    return f"natural 1 → {fumble_die(armor.weight)} for {armor.name}, {armor.weight} " \
           "armor, R31"


def fumble(enc: Encounter, tx: Tx, attacker: Combatant, roll: AttackRoll,
           wdd: tuple[bool, bool]) -> tuple[str | None, list[FollowUp]]:
    """A natural 1: the fumble die of the armor worn (R31; a monster: none, d4) on the fumble
    table, applied to the fumbler. Off when the campaign's fumble tables are off."""
    if not enc.settings.rules.fumble_tables:
        return None, []
    weight = enc.character(attacker).inventory.armor_weight() if attacker.kind == "pc" \
        else "none"
    table = fumble_table()
    record = tx.roll(fumble_die(weight), attacker.name,
                     f"fumble die ({fumble_cause(enc, attacker)})", purpose=Purpose.FUMBLE)
    row = table.lookup(record.total)
    tx.row(table.id, record.total, row.label, row.text)
    foe = enc.combatant(roll.target_id)
    ctx = RowContext(enc, tx, attacker, foe, attacker, roll.weapon, level_of(enc, attacker),
                     roll.depth, True, wdd[0], wdd[1])
    apply_effects(ctx, list(row.effects))
    return f"{table.id} {row.label}", ctx.pending


def follow_up_target(enc: Encounter, tx: Tx, a: Combatant, t: Combatant, follow: FollowUp,
                     weapon: Wielded) -> Combatant | None:
    """Whom a follow-up attack goes at. "near"/"another_near" foes are NEAR the attacker; a
    melee attacker steps into the foe's zone first ("Go NEAR and ATK", a move the row grants)."""
    if follow.targets == "ally":
        options = [c for c in enc.allies(a) if weapon_reaches(weapon, enc.band(a, c))]
        return pick(tx, a.name, "random ally within range", options) if options else None
    if follow.targets == "any":
        if not enc.is_down(t) and weapon_reaches(weapon, enc.band(a, t)):
            return t
        options = [c for c in enc.enemies(a) if weapon_reaches(weapon, enc.band(a, c))]
        return pick(tx, a.name, "extra ATK target", options) if options else None
    options = [c for c in enc.enemies(a) if enc.band(a, c) <= Band.NEAR
               and not (follow.targets == "another_near" and c.id == t.id)]
    if weapon.ranged:
        options = [c for c in options if weapon_reaches(weapon, enc.band(a, c))]
    if not options:
        return None
    foe = pick(tx, a.name, "extra ATK: foe NEAR", options)
    if not weapon.ranged and enc.band(a, foe) != Band.CLOSE:
        tx.set(("c", a.id), "position", foe.position)
    return foe
