"""The Injuries and Lingering Injuries tables applied when a PC is stabilized (R21, R22, R29).

Furnace: "When you are stabilized, roll from the table, and apply that injury to your
character." Every row's typed effects (``resources/tables/injuries.json``,
``lingering_injuries.json``) are applied here, those the crit rows share through
``crits.apply_effects``, with the character as the subject:

- 1 "A false hope, you're dead" → dead (R21).
- 2-7 "Lose 1d6 <score>" → the loss is kept apart on the sheet (``AbilityScore.loss``, R29);
  a score at 0 is death (R22).
- 8-13 → the Lingering Injuries table: 1 CON SAVE (ROOM DC) or UNCONSCIOUS; 2 CON SAVE or
  STUNNED 1d4 rounds; 3 one eye (sight and ranged ATK HARD; the second eye: BLINDED); 4-5 foot
  (move only NEAR); 6-7 hand (one hand); 8-11 torso (a CON SAVE every round, fail: can't act that
  turn); 12-13 open wound (1 HP a round); 14 horrible scar (Persuasion HARD, Intimidation EASY);
  15 broken weapon (R26); 16 damaged armor, 2 points (R15); 17-20 minor scar (noted).
- 14-19 "All CHECKs are HARD until rest" → ``HARD:all`` until rest; with the campaign's
  advantage and disadvantage, ``DISADVANTAGE:all`` (R21).
- 20 "Instantly heal 1 HD" → one roll of the character's hit die is healed (R29: what the die
  shows, no CON); the pool is not spent (reading: it is the table's gift, not a rest).

What lasts beyond the fight is written on the sheet at once (``lasting.persist``), so it
persists; ``lasting.py`` also brings it back into the next fight and ends it at a rest.
"""

from __future__ import annotations

from emberkeep.character.abilities import Ability
from emberkeep.character.rest import hit_die_of
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.crits import RowContext, add_condition, apply_effects, level_of
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.death import kill
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.lasting import persist
from emberkeep.encounter.ruling import change_hp
from emberkeep.tables.combat import EffectRow, injuries_table, lingering_injuries_table
from emberkeep.tables.effects import Effect

__all__ = ["apply_injury_row", "roll_injuries", "roll_lingering"]

_NO_WEAPON = Wielded(None, "injury", "1", "fist", False)
# Conditions an injury row puts on that end by their own rule inside the fight (not the sheet).
_FIGHT_ONLY = frozenset({"UNCONSCIOUS", "STUNNED", "cant_act", "PRONE", "dying_in", "stable"})
_LASTS = {"rest": "rest", "permanent": "permanent", "removed": "permanent"}


def roll_injuries(enc: Encounter, tx: Tx, c: Combatant) -> EffectRow | None:
    """Roll the Injuries table for a stabilized PC and apply the row (``None``: rule off)."""
    if not enc.settings.rules.injuries or c.kind != "pc":
        return None
    table = injuries_table()
    record = tx.roll(table.die, c.name, "injuries (R21)", purpose=Purpose.INJURY)
    row = table.lookup(record.total)
    text = row.alt_text if enc.settings.rules.advantage_disadvantage and row.alt_text \
        else row.text
    tx.row(table.id, record.total, row.label, text)
    apply_injury_row(enc, tx, c, row)
    return row


def roll_lingering(enc: Encounter, tx: Tx, c: Combatant) -> EffectRow:
    table = lingering_injuries_table()
    record = tx.roll(table.die, c.name, "lingering injury", purpose=Purpose.LINGERING)
    row = table.lookup(record.total)
    tx.row(table.id, record.total, row.label, row.text)
    apply_injury_row(enc, tx, c, row)
    return row


def apply_injury_row(enc: Encounter, tx: Tx, c: Combatant, row: EffectRow) -> None:
    """Apply an Injuries or Lingering Injuries row to ``c``; what lasts goes on the sheet."""
    before = set(c.conditions)
    ctx = RowContext(enc, tx, c, c, c, _NO_WEAPON, level_of(enc, c))
    shared: list[Effect] = []
    for effect in row.effects:
        if effect.kind == "ability_loss":
            _lose_score(enc, tx, c, Ability(effect.ability), effect.dice)
        elif effect.kind == "lingering":
            roll_lingering(enc, tx, c)
        elif effect.kind == "heal_hd":
            _heal_hit_dice(enc, tx, c, effect.count)
        elif effect.kind == "check_modifier" and effect.alt_mode is not None \
                and enc.settings.rules.advantage_disadvantage:
            for check in effect.checks:  # R21: disadvantage instead of HARD
                add_condition(ctx, c, f"{effect.alt_mode.upper()}:{check}",
                                    effect.duration)
        elif effect.kind == "dead":
            kill(enc, tx, c, f"{row.text} (R21)")
        else:
            shared.append(effect)
    if shared:
        apply_effects(ctx, shared)
    for condition in c.conditions:
        if condition not in before and condition.name not in _FIGHT_ONLY \
                and condition.until in _LASTS:
            persist(enc, tx, c, condition, _LASTS[condition.until])


def _lose_score(enc: Encounter, tx: Tx, c: Combatant, ability: Ability, dice: str) -> None:
    ch = enc.character(c)
    lost = tx.roll(dice, c.name, f"{ability.value} score lost",
                   purpose=Purpose.ABILITY_LOSS).total
    score = ch.scores.get(ability)
    loss = min(score.base, score.loss + lost)
    tx.set(("score", ch.id, ability.value), "loss", loss)
    tx.note(f"{c.name} loses {lost} {ability.value} (kept apart on the sheet, R29): "
            f"{score.effective}")
    if score.effective == 0:
        kill(enc, tx, c, f"{ability.value} score 0 (R22)")


def _heal_hit_dice(enc: Encounter, tx: Tx, c: Combatant, count: int) -> None:
    ch = enc.character(c)
    die = hit_die_of(ch, enc.catalog)  # a 0-level character's d4 (R5)
    healed = sum(max(1, tx.roll(f"1d{die}", c.name, "heal 1 HD (Injuries table, roll 20)",
                                purpose=Purpose.HIT_DIE).total)
                 for _ in range(count))
    change_hp(enc, tx, c, healed)
