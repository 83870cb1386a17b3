"""A spell level's and a mishap row's typed effects, applied inside the cast's step.

The data and its readings are in :mod:`emberkeep.magic.spell_effects`. Everything here goes
through the step's ``Tx`` (rolls recorded by purpose, HP and conditions set), so undoing the
cast undoes its effects. Durations are put on as the crit rows' are
(:func:`~emberkeep.encounter.crits.put_condition`): rounds rolled now, an archetype immunity
honoured, a PC's condition "until REST" kept on the sheet after the fight.

- Damage is rolled once for the whole area (a crit adds the SPELLCHECK's extra dice, R8) and
  each subject loses it; ``each_round`` then takes that total again each round it lasts
  (``hp_loss:N``, ticked by ``durations``).
- A row's SAVE is each subject's, against the ROOM DC, in the ``magic`` context (the Arcane
  Trickster's EASY SAVE vs. magical EFFECTS); HARD when the row says so.
- Conditions land on those still standing ("the survivors run away FRIGHTENED").
- "Can't be healed" is the ``cant_be_healed`` condition: healing in the fight adds nothing
  while it lasts (``ruling.change_hp``). "Can't cast" is ``cant_cast`` (any spell) or
  ``cant_cast:<spell id>``, until REST; ``casting`` refuses a cast while it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from emberkeep.character.checks import Difficulty
from emberkeep.dice import Purpose, parse
from emberkeep.encounter.areas import area_band, in_area
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.crits import pick, put_condition
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.ruling import NO_HEALING, change_hp
from emberkeep.encounter.saves import saving_throw
from emberkeep.magic.mishaps import MishapResult
from emberkeep.magic.spell_effects import (
    CantCast,
    GmCall,
    NoHealing,
    Nothing,
    SpellCondition,
    SpellDamage,
    SpellEffect,
)
from emberkeep.magic.spellcheck import CRIT_EXTRA_DICE
from emberkeep.magic.spells import WONDER_LEVEL, Spell, SpellLevel
from emberkeep.tables.effects import Duration

__all__ = ["CANT_CAST", "NO_HEALING", "apply_level", "apply_mishap", "cast_barred"]

CANT_CAST = "cant_cast"
_UNTIL_REST = Duration(unit="until_rest")


@dataclass(slots=True)
class _Cast:
    enc: Encounter
    tx: Tx
    caster: Combatant
    spell: Spell
    level: SpellLevel
    targets: list[Combatant]
    crit: bool = False
    at_caster: bool = False  # a backfire: the caster is the target and in its own areas
    chosen: bool = False  # the GM chose whom the level's areas take (a mishap chooses nobody)
    depth: int = 0
    hit: list[str] | None = None  # names hurt, for the step's summary
    dealt: list[int] | None = None  # the damage rolled (the first is the summary's)


def cast_barred(c: Combatant, spell_id: str) -> bool:
    """A mishap's "can't cast (this spell) until REST" holds on the caster."""
    held = {x.name for x in c.conditions}
    return CANT_CAST in held or f"{CANT_CAST}:{spell_id}" in held


def apply_level(enc: Encounter, tx: Tx, caster: Combatant, spell: Spell, level: SpellLevel,
                targets: Sequence[Combatant], *, crit: bool = False) -> tuple[int, list[str]]:
    """Apply a reached Success Level's effects; returns the damage rolled and who it hit."""
    cast = _Cast(enc, tx, caster, spell, level, list(targets), crit=crit, hit=[], dealt=[],
                 chosen=bool(targets))
    _apply(cast, level.effects)
    return (cast.dealt[0] if cast.dealt else 0), (cast.hit or [])


def apply_mishap(enc: Encounter, tx: Tx, caster: Combatant, spell: Spell,
                 targets: Sequence[Combatant], mishap: MishapResult) -> None:
    """Apply a mishap row's effects; a row's rolled Success Level sets the stray spell's."""
    level = mishap.success_level.total if mishap.success_level is not None else 1
    cast = _Cast(enc, tx, caster, spell, _level(spell, level), list(targets), hit=[])
    _apply(cast, mishap.row.effects)


def _level(spell: Spell, number: int) -> SpellLevel:
    return spell.levels[max(1, min(WONDER_LEVEL, number)) - 1]


def _subjects(cast: _Cast, area: str, centre: str, foes_only: bool,
              allies_only: bool = False) -> list[Combatant]:
    """Who an effect lands on. Aimed at a target, the area bounds the GM's chosen targets (the
    first is the centre: "in CLOSE of the target"); centred on the caster (a mishap's
    explosion, a backfire), it takes everyone there, the caster only in a backfire. Who is
    in an area is :func:`~emberkeep.encounter.areas.in_area`'s, as the cast dialog offers."""
    enc, caster = cast.enc, cast.caster
    reach = area_band(area)
    if area == "caster":
        found = [caster]
    elif centre == "caster" or cast.at_caster:
        found = [caster] if reach is None else [
            c for c in in_area(enc, caster, reach) if cast.at_caster or c.id != caster.id]
        if cast.chosen and not cast.at_caster and reach is not None:
            left_in = {t.id for t in cast.targets}  # those the GM left in the area
            found = [c for c in found if c.id in left_in]
    elif not cast.targets:
        found = []
    elif reach is None:
        found = cast.targets[:1]
    else:
        first = cast.targets[0]
        there = {c.id for c in in_area(enc, first, reach)}
        found = [t for t in cast.targets if t.id in there]
        for t in cast.targets:
            if t.id not in there:
                cast.tx.note(f"{t.name} is beyond {reach.name} of {first.name}: untouched")
    if foes_only:
        found = [c for c in found if c.side != caster.side]
    if allies_only:
        found = [c for c in found if c.side == caster.side]
    return found


def _saved(cast: _Cast, subject: Combatant, save: str | None, hard: bool) -> bool:
    if save is None:
        return False
    return saving_throw(cast.enc, cast.tx, subject, save, cast.enc.state.room_dc,
                        difficulty=Difficulty.HARD if hard else Difficulty.NORMAL,
                        contexts=("magic",))


def _apply(cast: _Cast, effects: Sequence[SpellEffect]) -> None:
    enc, tx, caster, spell = cast.enc, cast.tx, cast.caster, cast.spell
    for e in effects:
        if isinstance(e, SpellDamage):
            _damage(cast, e)
        elif isinstance(e, SpellCondition | NoHealing):
            name = e.name if isinstance(e, SpellCondition) else NO_HEALING
            subjects = _subjects(cast, e.area, e.centre, e.foes_only, e.allies_only)
            if not subjects:
                tx.note(f"{spell.name}: nobody there to be {name}")
            for s in subjects:
                if not enc.is_down(s) and not _saved(cast, s, e.save, e.save_hard):
                    put_condition(enc, tx, caster, s, name, e.duration)
        elif isinstance(e, CantCast):
            if not _saved(cast, caster, e.save, False):
                name = CANT_CAST if e.spell == "any" else f"{CANT_CAST}:{spell.id}"
                put_condition(enc, tx, caster, caster, name, _UNTIL_REST)
                what = "any spell" if e.spell == "any" else spell.name
                tx.note(f"{caster.name} can't cast {what} until REST")
        elif isinstance(e, GmCall):
            tx.note(f"For the GM: {e.reason}")
        elif isinstance(e, Nothing):
            tx.note(f"{spell.name}: nothing happens")
        else:  # a random target, a backfire, a random known spell
            _stray(cast, e.kind)


def _damage(cast: _Cast, e: SpellDamage) -> None:
    enc, tx = cast.enc, cast.tx
    dice = e.dice or cast.level.damage
    subjects = _subjects(cast, e.area, e.centre, e.foes_only, e.allies_only)
    if dice is None or not subjects:
        tx.note(f"{cast.spell.name}: no damage dealt" + ("" if subjects else " (nobody there)"))
        return
    expr = parse(dice)
    if cast.crit:
        dice = f"{expr.count + CRIT_EXTRA_DICE}d{expr.sides}"
    total = tx.roll(dice, cast.caster.name, f"{cast.spell.name} damage",
                    purpose=Purpose.DAMAGE).total
    if cast.dealt is not None:
        cast.dealt.append(total)
    for s in subjects:
        if _saved(cast, s, e.save, e.save_hard):
            continue
        change_hp(enc, tx, s, -total)
        if cast.hit is not None:
            cast.hit.append(s.name)
        if e.each_round is not None and not enc.is_down(s):
            put_condition(enc, tx, cast.caster, s, f"hp_loss:{total}", e.each_round)


def _stray(cast: _Cast, kind: str) -> None:
    """A random target, a backfire or a random known spell, at the cast's level."""
    enc, tx, caster = cast.enc, cast.tx, cast.caster
    if cast.depth >= 2:  # a stray spell's own strays stop here
        tx.note("the stray spell fizzles")
        return
    spell, targets, at_caster = cast.spell, cast.targets, False
    if kind == "random_target":
        options = [c for c in enc.combatants.values() if c.id != caster.id and not enc.is_down(c)]
        if not options:
            tx.note(f"{spell.name} finds no one to strike")
            return
        targets = [pick(tx, caster.name, f"{spell.name}: random target", options)]
    elif kind == "backfire":
        targets, at_caster = [caster], True
    else:
        known = enc.character(caster).spells_known if caster.kind == "pc" else []
        if not known:
            tx.note(f"{caster.name} knows no spell to cast at random")
            return
        face = tx.roll(f"d{len(known)}", caster.name, "random spell", purpose=Purpose.CHOICE)
        spell = enc.catalog.spell(known[face.total - 1])
    level = _level(spell, cast.level.level)
    tx.note(f"{spell.name} at Success Level {level.level}"
            + (f" on {', '.join(t.name for t in targets)}" if targets else "")
            + f": {level.text}")
    stray = _Cast(enc, tx, caster, spell, level, list(targets), at_caster=at_caster,
                  depth=cast.depth + 1, hit=cast.hit, dealt=cast.dealt)
    _apply(stray, level.effects)
