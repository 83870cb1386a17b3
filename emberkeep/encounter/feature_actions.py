"""Archetype features in a fight, read from their typed effects.

The engine's attack, damage and SAVE code asks these small functions (and
:mod:`emberkeep.character.archetype_effects`) what a PC's features change; nothing here knows a
feature by name. Every change is an event on the step, so undo and replay hold.

- A toggled state (Rage): :func:`toggle_state` is a step that switches the sheet condition; while
  on, its damage bonus is added to each blow (:func:`extra_damage`) and its AC change is part of
  the sheet's AC the engine reads (Rage: +PROF DAM, -PROF AC).
- HP into damage (Bloodmagic, "Convert 1d6 HP to DAM"): :func:`declare_hp_to_damage` marks the
  next blow; when it hits, the dice are rolled, the attacker loses that many HP and the blow does
  that much more. A miss keeps the mark for the next blow.
- A once-a-fight reroll (Chosen one, "Once a fight reroll an ATK"): :func:`reroll_attack` rolls
  the d20 again with the same bonus and target; the new roll stands. Uses are kept in
  ``Combatant.used`` per feature.
- "Once a fight chosen ally ATK is EASY": :func:`use_ally_easy` spends the use and returns the
  EASY the caller adds to the ally's attack.
- Immunity: :func:`blocks_condition` says whether a condition may be applied.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from emberkeep.character import archetype_effects as fx
from emberkeep.character.archetypes import ArchetypeFeature
from emberkeep.character.bonuses import state_damage
from emberkeep.character.checks import Difficulty
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.features import crit_low

if TYPE_CHECKING:
    from emberkeep.encounter.attack import AttackRoll
    from emberkeep.encounter.damage import Wielded

__all__ = [
    "ATTACKS_EASY",
    "HP_TO_DAMAGE",
    "REROLL_MISS",
    "blocks_condition",
    "can_reroll_attack",
    "declare_hp_to_damage",
    "expire_toggle",
    "extra_damage",
    "grant_ally_easy",
    "mark_reroll",
    "reroll_attack",
    "toggle_state",
    "use_ally_easy",
]

HP_TO_DAMAGE = "hp_to_damage"  # the combatant's mark for the next blow
REROLL_MISS = "reroll_miss"  # Chosen one: the next attack that misses is rolled again
ATTACKS_EASY = "attacks_easy"  # an ally's feature: the next attack is EASY
TOGGLE_CLOCK = "feature"  # the source of a toggled state's rounds in a fight


def _uses_left(c: Combatant, pairs: list[tuple[ArchetypeFeature, int]]
               ) -> ArchetypeFeature | None:
    for feature, uses in pairs:
        if c.used.count(fx.use_key(feature)) < uses:
            return feature
    return None


def toggle_state(enc: Encounter, combatant_id: str, state: str, on: bool) -> Step:
    """Switch a feature's state (Rage) on or off: a free step, undone like any other."""
    c = enc.combatant(combatant_id)
    if c.kind != "pc":
        raise RuleError(f"{c.name} is a monster: it has no archetype features")
    ch = enc.character(c)
    try:
        conditions = fx.set_toggle(ch, enc.catalog, state, on)
    except ValueError as error:
        raise RuleError(str(error)) from None
    rounds = next((t.rounds for t in fx.toggles(ch, enc.catalog) if t.state == state), None)
    with enc.action(c.id, f"{state} {'on' if on else 'off'}") as tx:
        tx.set(("pc", ch.id), "conditions", conditions)
        # its duration runs on the fight's rounds; when it runs out it switches off
        kept = tuple(x for x in c.conditions if x.name != state)
        if on and rounds is not None:
            kept = (*kept, ActiveCondition(state, rounds, "rounds", TOGGLE_CLOCK, enc.state.round))
        if kept != c.conditions:
            tx.set(("c", c.id), "conditions", kept)
        lasts = f" for {rounds} rounds" if on and rounds is not None else ""
        tx.summary(f"{c.name}: {state} {'on' if on else 'off'}{lasts}")
    return enc.history[-1]


def expire_toggle(enc: Encounter, tx: Tx, c: Combatant, name: str) -> None:
    """A state's rounds ran out (``durations.end_of_turn``): switch it off on the sheet."""
    if c.kind != "pc":
        return
    ch = enc.character(c)
    if name not in {t.state for t in fx.active_toggles(ch, enc.catalog)}:
        return
    tx.set(("pc", ch.id), "conditions", fx.set_toggle(ch, enc.catalog, name, False))
    tx.note(f"{c.name}: {name} runs out")


def mark_reroll(enc: Encounter, combatant_id: str) -> Step:
    """Chosen one: the next attack that misses is rolled again (once a fight), a free step."""
    c = enc.combatant(combatant_id)
    if not can_reroll_attack(enc, c):
        raise RuleError(f"{c.name} has no attack reroll left this fight")
    with enc.action(c.id, "reroll ready") as tx:
        kept = tuple(x for x in c.conditions if x.name != REROLL_MISS)
        tx.set(("c", c.id), "conditions",
               (*kept, ActiveCondition(REROLL_MISS, None, "next_attack", c.id)))
        tx.summary(f"{c.name} will reroll the next attack if it misses")
    return enc.history[-1]


def grant_ally_easy(enc: Encounter, user_id: str, ally_id: str) -> Step:
    """"Once a fight chosen ally ATK is EASY": the ally's next attack is EASY (a free step)."""
    ally = enc.combatant(ally_id)
    with enc.action(user_id, "ally's attack EASY") as tx:
        use_ally_easy(enc, tx, user_id, ally)
        kept = tuple(x for x in ally.conditions if x.name != ATTACKS_EASY)
        tx.set(("c", ally.id), "conditions",
               (*kept, ActiveCondition(ATTACKS_EASY, None, "next_attack", user_id)))
        tx.summary(f"{ally.name}'s next attack is EASY")
    return enc.history[-1]


def declare_hp_to_damage(enc: Encounter, combatant_id: str) -> Step:
    """Mark the next blow that hits to convert HP into damage (Bloodmagic)."""
    c = enc.combatant(combatant_id)
    if c.kind != "pc" or not fx.hp_to_damage(enc.character(c), enc.catalog):
        raise RuleError(f"{c.name} has no feature that converts HP into damage")
    with enc.action(c.id, "convert HP to DAM") as tx:
        kept = tuple(x for x in c.conditions if x.name != HP_TO_DAMAGE)
        tx.set(("c", c.id), "conditions",
               (*kept, ActiveCondition(HP_TO_DAMAGE, None, "next_attack", c.id)))
        tx.summary(f"{c.name} will convert HP into damage on the next hit")
    return enc.history[-1]


def extra_damage(enc: Encounter, tx: Tx, attacker: Combatant, weapon: Wielded) -> int:
    """What features add to a blow that hit: active states (Rage: +PROF) and HP converted."""
    if attacker.kind != "pc":
        return 0
    ch = enc.character(attacker)
    # A toggled state is on while the sheet carries its condition (archetype_effects): a
    # sheet with no condition (nearly every blow) adds nothing.
    extra = state_damage(ch, enc.catalog, ranged=weapon.ranged) if ch.conditions else 0
    if extra:
        tx.note(f"{attacker.name}: {extra:+d} DAM from "
                + ", ".join(t.state for t in fx.active_toggles(ch, enc.catalog)))
    if attacker.conditions and any(x.name == HP_TO_DAMAGE for x in attacker.conditions):
        for _feature, dice in fx.hp_to_damage(ch, enc.catalog)[:1]:
            paid = tx.roll(dice, attacker.name, "HP converted to DAM",
                           purpose=Purpose.EXTRA_DAMAGE).total
            tx.set(("pc", ch.id), "hp", ch.hp - paid)
            tx.set(("c", attacker.id), "conditions",
                   tuple(x for x in attacker.conditions if x.name != HP_TO_DAMAGE))
            tx.note(f"{attacker.name} converts {paid} HP into {paid} DAM")
            extra += paid
    return extra


def can_reroll_attack(enc: Encounter, c: Combatant) -> bool:
    return c.kind == "pc" and _uses_left(
        c, fx.reroll_uses(enc.character(c), enc.catalog, "attack")) is not None


def reroll_attack(enc: Encounter, tx: Tx, roll: AttackRoll) -> AttackRoll:
    """Spend a once-a-fight reroll: a new d20 with the same bonus; the new roll stands."""
    a = enc.combatant(roll.attacker_id)
    feature = _uses_left(a, fx.reroll_uses(enc.character(a), enc.catalog, "attack")) \
        if a.kind == "pc" else None
    if feature is None:
        raise RuleError(f"{a.name} has no attack reroll left this fight")
    tx.set(("c", a.id), "used", (*a.used, fx.use_key(feature)))
    bonus = roll.record.modifier
    record = tx.roll("d20", a.name, f"{feature.name}: reroll the attack", modifier=bonus,
                     purpose=Purpose.REROLL)
    natural = record.natural or record.total - bonus
    low = crit_low(enc, a, not roll.weapon.ranged)
    total = record.total + (roll.luck.total if roll.luck is not None else 0)
    hit = natural != 1 and (natural >= low or total >= roll.target_number)
    return replace(roll, record=record, total=total, natural=natural, hit=hit,
                   crit=hit and (natural >= low or roll.sneak), fumble=natural == 1)


def use_ally_easy(enc: Encounter, tx: Tx, user_id: str, ally: Combatant) -> Difficulty:
    """Spend "once a fight chosen ally ATK is EASY" for ``ally``; returns the EASY to add."""
    user = enc.combatant(user_id)
    if user.kind != "pc" or user.side != ally.side or user.id == ally.id:
        raise RuleError(f"{user.name} can make only an ally's attack EASY")
    feature = _uses_left(user, fx.ally_easy_uses(enc.character(user), enc.catalog))
    if feature is None:
        raise RuleError(f"{user.name} has no use of that feature left this fight")
    tx.set(("c", user.id), "used", (*user.used, fx.use_key(feature)))
    tx.note(f"{user.name} ({feature.name}): {ally.name}'s attack is EASY")
    return Difficulty.EASY


def blocks_condition(enc: Encounter, c: Combatant, name: str) -> bool:
    """Whether ``c`` is immune to the condition ``name`` ("Immune to FEAR effects")."""
    return c.kind == "pc" and fx.immune_to(enc.character(c), enc.catalog, name)
