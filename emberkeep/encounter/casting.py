"""Casting in a fight: SPELLCHECK (R8), depletion and disapproval (R10), Lay on Hands (R11).

A spell is a character's one thing this turn ("ATK/SPELLCHECK"). The SPELLCHECK is
:func:`emberkeep.magic.spellcheck` (Magic-user INT, Cleric WIS, + PROF, against the ROOM DC);
its dice are recorded as ``Rolled`` events, the mishap row as a ``Row``, the effect text at the
level reached as a note for the GM, and the caster's :class:`~emberkeep.magic.CasterState`
before and after as one ``Set`` (so undo puts the spell count and disapproval range back).

- A barred Magic-user cannot cast (R10/R29: a failed depletion SAVE bars casting until a long
  rest). The INT SAVE is rolled in the same step as the 4th spell ("After casting 4 spell, INT
  SAVE against the ROOM DC").
- A damage spell rolls its level's damage once (``SpellLevel.damage``, +2 dice on a natural 20,
  R8) and every target takes it, and is jostled (R31).
- Cantrips never roll ("Cantrip: ... NO SPELLCHECK") and do not count towards depletion.
- Segments (R20): a spell declared at the start of the round (``Combatant.declared_spell``)
  resolves at its segment, and "If an M-U is struck or jostled during casting, the spell is
  lost" (WDD): cast it then, and a jostled caster's declared spell is recorded as lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from emberkeep.character import casting as core
from emberkeep.character.abilities import Ability
from emberkeep.character.bonuses import CASTING_ABILITY
from emberkeep.character.bonuses import caster_kind as sheet_caster_kind
from emberkeep.character.casting import (
    DEPLETION_KEYS,
    depletion_difficulty,
    heal_target,
    spellcheck_keys,
)
from emberkeep.character.model import Character
from emberkeep.character.scrolls import scroll_caster
from emberkeep.character.status import Status
from emberkeep.dice import Purpose, RollRecord, parse
from emberkeep.encounter.areas import spell_area
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.d20 import condition_modes, expression
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.luck import record_outcome, spend_luck_die
from emberkeep.encounter.ruling import change_hp, ready, spend_turn
from emberkeep.encounter.saves import save_modifier
from emberkeep.encounter.spell_effects import apply_level, apply_mishap, cast_barred
from emberkeep.encounter.zones import Band
from emberkeep.magic import (
    CasterState,
    DepletionSaveResult,
    Spell,
    SpellcheckResult,
    get_cantrip,
    lay_on_hands_check,
    spellcheck,
    with_luck,
)
from emberkeep.magic.spellcheck import CRIT_EXTRA_DICE, Caster
from emberkeep.magic.spells import SpellLevel
from emberkeep.optional_rules.advantage import Advantage

__all__ = ["cast", "cast_in", "caster_kind", "lay_on_hands", "lose_declared_spell"]



def caster_kind(enc: Encounter, c: Combatant, *, scroll: bool = False) -> Caster:
    """The character's kind of magic (R8), or a RuleError for a non-caster or a monster; from a
    scroll, a reader of arcane scrolls casts as a Magic-user (``scrolls``)."""
    if c.kind != "pc":
        raise RuleError(f"{c.name}: a monster's magic is the GM's to rule (gm_ruling)")
    ch = enc.character(c)
    kind = scroll_caster(ch, enc.catalog) if scroll else sheet_caster_kind(ch)  # as the sheet says
    if kind is None:
        raise RuleError(f"{c.name} casts no spells" + (" and reads no scrolls" if scroll else ""))
    return kind


def _record(tx: Tx, who: str, purpose: str, record: RollRecord) -> None:
    tx.rolled(who, purpose, record)


# Why a SPELLCHECK failed, in the rules' words (R8, R10)
_FAILURE_WORDS = {"natural_1": "a natural 1", "disapproval": "disapproval",
                  "too_low": "no Success Level", "room_dc": "below the ROOM DC",
                  "spell_fails": "the spell fails at that Success Level"}


def _record_check(tx: Tx, c: Combatant, result: SpellcheckResult) -> None:
    _record(tx, c.name, "SPELLCHECK", result.check)
    if result.mishap is not None:
        mishap = result.mishap
        _record(tx, c.name, "mishap", mishap.record)
        row = mishap.row
        label = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
        tx.row(mishap.table_id, mishap.record.total, label, row.text)
        if mishap.success_level is not None:
            _record(tx, c.name, "mishap Success Level", mishap.success_level)


def _check_modes(enc: Encounter, c: Combatant, ch: Character, kind: Caster, dc_shift: int,
                 scroll: bool, advantage: Advantage) -> tuple[int, Advantage]:
    """The SPELLCHECK's shift and advantage, by the rule the sheet's Cast dialog uses too
    (``character.casting.spellcheck_dice``), with the caster's conditions read once (every
    cast and Lay on Hands asks)."""
    rules = enc.settings.rules
    return core.spellcheck_dice(ch, enc.catalog, dc_shift, advantage,
                                condition_modes(c, spellcheck_keys(kind)), scroll=scroll,
                                rule_on=rules.advantage_disadvantage, mode=rules.advantage_mode)


def _own_mishap(tx: Tx, c: Combatant, spell: Spell) -> None:
    """A natural 1 on a spell with its own d6 mishap texts (the spell editor):
    that table, not the General Mishap table."""
    if not spell.mishaps:
        return
    face = tx.roll("d6", c.name, "mishap", purpose=Purpose.MISHAP).total
    tx.row(f"mishaps:{spell.id}", face, str(face), spell.mishaps[face - 1])


def _depletion_save(enc: Encounter, tx: Tx, c: Combatant, state: CasterState) -> CasterState:
    """R10: INT SAVE (+ PROF if INT is a save of the character's) against the ROOM DC."""
    # R21's "HARD until rest" (or disadvantage), the features' EASY/HARD on an INT SAVE (as
    # on the sheet, ``character.casting``) and the campaign's advantage rule
    own, advantage = condition_modes(c, DEPLETION_KEYS)
    difficulty = depletion_difficulty(enc.character(c), enc.catalog, own)
    difficulty, expr = expression(enc, difficulty, advantage)
    record = tx.roll(expr, c.name, "depletion INT SAVE",
                     modifier=save_modifier(enc, c, Ability.INT), purpose=Purpose.SAVE)
    save = DepletionSaveResult(record, enc.state.room_dc + difficulty.dc_shift)
    record_outcome(enc, tx, c, save.success)
    outcome = "the count starts over" if save.success else "casting barred until a long rest"
    tx.note(f"Spell Depletion: INT SAVE {record.total} vs {save.dc}: {outcome} (R10)")
    return state.after_depletion_save(save)


def _targets(enc: Encounter, c: Combatant, target_ids: Sequence[str], spell: Spell,
             ) -> list[Combatant]:
    """The chosen, the first aimed at within the spell's reach; the others may stand beyond
    it if they are in the spell's area around the first (a fireball bursts where it lands)."""
    reach = Band.CLOSE if spell.kind == "melee" else Band.RANGED
    area = spell_area(spell)
    out: list[Combatant] = []
    for tid in target_ids:
        target = enc.combatant(tid)
        if enc.is_down(target):
            raise RuleError(f"{target.name} is out of the fight")
        engulfed = bool(out) and area is not None and enc.band(out[0], target) <= area
        if enc.band(c, target) > reach and not engulfed:
            raise RuleError(f"{target.name} is out of reach ({reach.name} at most)")
        out.append(target)
    return out


def lose_declared_spell(enc: Encounter, tx: Tx, c: Combatant) -> None:
    """WDD: the declared spell of a jostled caster is lost; the turn is spent."""
    tx.note(f"{c.name} was jostled while casting: {c.declared_spell} is lost (R20, R31)")
    tx.set(("c", c.id), "declared_spell", None)
    tx.set(("c", c.id), "spell_segment", None)
    spend_turn(tx, c)
    tx.summary(f"{c.name}'s spell is lost")


def cast(enc: Encounter, caster_id: str, spell_id: str, target_ids: Sequence[str] = (), *,
         luck: bool = False, dc_shift: int = 0, scroll: bool = False,
         advantage: Advantage = Advantage.NONE) -> Step:
    """Cast ``spell_id`` (a known spell or cantrip) at ``target_ids``; the turn's one thing.

    ``luck`` spends a Luck Die on the SPELLCHECK (R29), ``dc_shift`` is EASY (−3) or HARD (+3)
    from the GM (R7). ``scroll``: cast from a scroll (the archetypes' "scroll" context: the
    Wizard's "Spells cast from scrolls are EASY", the Arcane Trickster's "Read arcane scrolls,
    HARD SPELLCHECK"). The GM's typed dice: ``spellcheck``, ``damage``, ``luck``, ``mishap``.
    """
    c = ready(enc, caster_id)
    with enc.action(caster_id, "cast") as tx:
        cast_in(enc, tx, c, spell_id, target_ids, luck=luck, dc_shift=dc_shift, scroll=scroll,
                advantage=advantage)
    return enc.history[-1]


def cast_in(enc: Encounter, tx: Tx, c: Combatant, spell_id: str,
            target_ids: Sequence[str] = (), *, luck: bool = False, dc_shift: int = 0,
            scroll: bool = False, advantage: Advantage = Advantage.NONE) -> None:
    """The spell part of an action, inside the caller's ``tx`` ("Go NEAR and SPELLCHECK" is
    one step); spends the turn. Refusals raise before anything is rolled."""
    ch = enc.character(c) if c.kind == "pc" else None
    if ch is not None and spell_id in ch.cantrips and c.declared_spell is None:
        _cast_cantrip(tx, c, spell_id)  # no SPELLCHECK: a Trickster's cantrip too
        return
    kind = caster_kind(enc, c, scroll=scroll)
    ch = enc.character(c)
    if c.declared_spell is not None and c.declared_spell != spell_id:
        raise RuleError(f"{c.name} declared {c.declared_spell}, not {spell_id}")
    if c.declared_spell is not None and c.jostled:
        lose_declared_spell(enc, tx, c)
        return
    if spell_id in ch.cantrips:
        _cast_cantrip(tx, c, spell_id)
        return
    if spell_id not in ch.spells_known and not scroll:  # a scroll holds any spell
        raise RuleError(f"{c.name} does not know {spell_id}")
    spell = enc.catalog.spell(spell_id)
    if cast_barred(c, spell_id):  # a mishap's "can't cast until REST"
        raise RuleError(f"{c.name} can't cast {spell.name} until a REST (a mishap)")
    targets = _targets(enc, c, target_ids, spell)
    if ch.caster.barred_until_long_rest:
        raise RuleError(f"{c.name} cannot cast until a long rest (failed depletion SAVE, R10)")
    state = ch.caster
    if state.depletion_save_due:  # a sheet carried in with the SAVE still owed
        state = _depletion_save(enc, tx, c, state)
    if state.can_cast:
        shift, adv = _check_modes(enc, c, ch, kind, dc_shift, scroll, advantage)
        _resolve_spell(enc, tx, _Casting(c, ch, kind, spell, targets), state, luck=luck,
                       dc_shift=shift, advantage=adv)
    else:
        tx.set(("pc", ch.id), "caster", state)
        spend_turn(tx, c)
        tx.summary(f"{c.name} is spent: no more spells until a long rest (R10)")


@dataclass(frozen=True, slots=True)
class _Casting:
    """Who casts what at whom: what ``cast_in`` has checked, for ``_resolve_spell``."""

    c: Combatant
    ch: Character
    kind: Caster
    spell: Spell
    targets: list[Combatant]


def _resolve_spell(enc: Encounter, tx: Tx, casting: _Casting, state: CasterState, *,
                   luck: bool, dc_shift: int, advantage: Advantage = Advantage.NONE) -> None:
    c, ch, kind, spell, targets = (casting.c, casting.ch, casting.kind, casting.spell,
                                   casting.targets)
    result = spellcheck(enc.roller, caster=kind, ability_mod=ch.modifier(CASTING_ABILITY[kind]),
                        prof=ch.prof, room_dc=enc.state.room_dc, dc_shift=dc_shift, spell=spell,
                        disapproval_range=state.disapproval_range, advantage=advantage)
    _record_check(tx, c, result)
    if result.natural == 1 and kind == "magic_user" and result.mishap is None:
        _own_mishap(tx, c, spell)
    elif result.mishap is not None and result.mishap.row.effects:  # the row's typed effects
        apply_mishap(enc, tx, c, spell, targets, result.mishap)
    if luck:  # R29: added after seeing the roll; the level moves at most one (R8)
        result = with_luck(result, spend_luck_die(enc, tx, c))
    record_outcome(enc, tx, c, result.success)
    if result.disapproval:
        tx.note(f"Disapproval (natural {result.natural} within 1-{result.disapproval_range}): "
                "the GM rules what the god asks (R10)")
    effect = result.effect
    if effect is None:
        why = _FAILURE_WORDS.get(result.failure or "", "")
        tx.summary(f"{c.name}'s {spell.name} fails ({result.total} vs DC {result.dc}"
                   f", {why})")
    else:
        _succeed(enc, tx, casting, result, effect)
    state = state.record_spellcheck(result)
    if state.depletion_save_due:  # after the spell: "After casting 4 spell, INT SAVE"
        state = _depletion_save(enc, tx, c, state)
    tx.set(("pc", ch.id), "caster", state)
    if c.declared_spell is not None:  # only WDD segments declare: most casts have nothing
        tx.set(("c", c.id), "declared_spell", None)  # to clear (Tx.set would record nothing)
    if c.spell_segment is not None:
        tx.set(("c", c.id), "spell_segment", None)
    spend_turn(tx, c)


def _succeed(enc: Encounter, tx: Tx, casting: _Casting, result: SpellcheckResult,
             effect: SpellLevel) -> None:
    """The spell's level takes effect: its typed effects, or its damage at the targets."""
    c, spell, targets = casting.c, casting.spell, casting.targets
    tx.note(f"{spell.name}, Success Level {result.level}: {effect.text}")
    damage = ""
    if effect.effects:  # the level's typed effects
        dealt, hit = apply_level(enc, tx, c, spell, effect, targets, crit=result.crit)
        if hit:
            damage = f": {dealt} DAM to {', '.join(hit)}"
    elif effect.damage is not None and targets:
        expr = parse(effect.damage)
        dice = f"{expr.count + (CRIT_EXTRA_DICE if result.crit else 0)}d{expr.sides}"
        record = tx.roll(dice, c.name, f"{spell.name} damage", purpose=Purpose.DAMAGE)
        for target in targets:
            change_hp(enc, tx, target, -record.total)
        damage = f": {record.total} DAM to {', '.join(t.name for t in targets)}"
    tx.summary(f"{c.name} casts {spell.name} at level {result.level}{damage}")


def _cast_cantrip(tx: Tx, c: Combatant, cantrip_id: str) -> None:
    cantrip = get_cantrip(cantrip_id)
    tx.note(f"{cantrip.name} (cantrip, no SPELLCHECK): {cantrip.text}")
    tx.set(("c", c.id), "declared_spell", None)
    tx.set(("c", c.id), "spell_segment", None)
    spend_turn(tx, c)
    tx.summary(f"{c.name} casts {cantrip.name}")


def lay_on_hands(enc: Encounter, cleric_id: str, target_id: str, *, luck: bool = False,
                 advantage: Advantage = Advantage.NONE) -> Step:
    """R11: "You can try to HEAL an ally CLOSE to you. On a successful SPELLCHECK, she can use
    her HD pool to recover hit points": the HD are the target's, capped by its level a day.

    The GM's typed dice: ``spellcheck``, ``luck``, and ``hit die`` a list, one per HD spent.
    """
    c = ready(enc, cleric_id)
    if caster_kind(enc, c) != "cleric":
        raise RuleError(f"{c.name} has no Lay on Hands (a Cleric's)")
    target = enc.combatant(target_id)
    if target.id == c.id or target.side != c.side:
        raise RuleError("Lay on Hands heals an ally")
    if target.kind != "pc":
        raise RuleError(f"{target.name} has no HD pool to spend")
    if target.position != c.position:
        raise RuleError(f"{target.name} is not CLOSE to {c.name}")
    ch, tch = enc.character(c), enc.character(target)
    if tch.status is Status.DEAD:
        raise RuleError(f"{target.name} is dead")
    with enc.action(cleric_id, "lay on hands") as tx:
        shift, adv = _check_modes(enc, c, ch, "cleric", 0, False, advantage)
        check = lay_on_hands_check(enc.roller, wis_mod=ch.modifier(Ability.WIS), prof=ch.prof,
                                   room_dc=enc.state.room_dc, dc_shift=shift,
                                   disapproval_range=ch.caster.disapproval_range,
                                   advantage=adv)
        _record_check(tx, c, check)
        if luck:
            check = with_luck(check, spend_luck_die(enc, tx, c))
        record_outcome(enc, tx, c, check.success)
        tx.set(("pc", ch.id), "caster", ch.caster.record_spellcheck(check))
        if check.disapproval:
            tx.note(f"Disapproval (natural {check.natural}): the GM rules (R10)")
        result = heal_target(check, tch, enc.catalog, enc.roller)  # R11, as on the sheet
        for record in result.heal_rolls:
            _record(tx, c.name, f"heal {target.name}", record)
        if result.hd_spent:
            tx.set(("pc", tch.id), "hit_dice", tch.hit_dice - result.hd_spent)
            tx.set(("pc", tch.id), "caster", tch.caster.record_healed(result.hd_spent))
            change_hp(enc, tx, target, result.healed)
        if result.limited_by is not None:
            tx.note(f"{target.name}: limited by its {result.limited_by.replace('_', ' ')} (R11)")
        spend_turn(tx, c)
        tx.summary(f"{c.name} lays hands on {target.name}: {result.hd_spent} HD, "
                   f"+{result.healed} HP" if check.success else
                   f"{c.name}'s Lay on Hands fails ({check.total} vs DC {check.dc})")
    return enc.history[-1]

