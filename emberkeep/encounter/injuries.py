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

What lasts beyond the fight is written on the sheet at once (``Character.conditions``, with
``lasts`` "rest" or "permanent"), so it persists; :func:`sheet_conditions` brings it back into
the next fight and :func:`schedule_rest_conditions` puts the "until rest" ones on the campaign's
timeline, so the clock's next rest ends them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.character.abilities import Ability
from emberkeep.character.model import Character
from emberkeep.character.rest import hit_die_of
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.dice import Purpose
from emberkeep.encounter import crits
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.tables.combat import EffectRow, injuries_table, lingering_injuries_table
from emberkeep.tables.effects import Effect

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign
    from emberkeep.campaign.timeline import Timed

__all__ = ["INJURY_SOURCE", "apply_injury_row", "persist", "roll_injuries", "roll_lingering",
           "schedule_rest_conditions", "sheet_conditions"]

INJURY_SOURCE = "injury"
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
    ctx = crits.RowContext(enc, tx, c, c, c, _NO_WEAPON, crits.level_of(enc, c))
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
                crits.add_condition(ctx, c, f"{effect.alt_mode.upper()}:{check}",
                                    effect.duration)
        elif effect.kind == "dead":
            from emberkeep.encounter.dying import kill

            kill(enc, tx, c, f"{row.text} (R21)")
        else:
            shared.append(effect)
    if shared:
        crits.apply_effects(ctx, shared)
    for condition in c.conditions:
        if condition not in before and condition.name not in _FIGHT_ONLY \
                and condition.until in _LASTS:
            persist(enc, tx, c, condition, _LASTS[condition.until])


def persist(enc: Encounter, tx: Tx, c: Combatant, condition: ActiveCondition,
            lasts: str) -> None:
    """Write a lasting condition on the PC's sheet (once), so it outlives the fight."""
    if c.kind != "pc":
        return
    ch = enc.character(c)
    if any(x.name == condition.name and x.lasts == lasts for x in ch.conditions):
        return
    entry = CharacterCondition(name=condition.name, source=INJURY_SOURCE,
                               lasts=lasts)
    tx.set(("pc", ch.id), "conditions", [*ch.conditions, entry])


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
        from emberkeep.encounter.dying import kill

        kill(enc, tx, c, f"{ability.value} score 0 (R22)")


def _heal_hit_dice(enc: Encounter, tx: Tx, c: Combatant, count: int) -> None:
    ch = enc.character(c)
    die = hit_die_of(ch, enc.catalog)  # a 0-level character's d4 (R5)
    healed = sum(max(1, tx.roll(f"1d{die}", c.name, "heal 1 HD (injuries 20)",
                                purpose=Purpose.HIT_DIE).total)
                 for _ in range(count))
    from emberkeep.encounter.ruling import change_hp

    change_hp(enc, tx, c, healed)


# --- the sheet between fights --------------------------------------------------------------

def sheet_conditions(character: Character) -> tuple[ActiveCondition, ...]:
    """The lasting conditions on a sheet, as the next fight's combatant carries them."""
    if not character.conditions:  # the common sheet (asked for every PC of every fight)
        return ()
    return tuple(ActiveCondition(x.name, None, x.lasts, x.source or INJURY_SOURCE)
                 for x in character.conditions if x.lasts != "removed")


def schedule_rest_conditions(campaign: Campaign, character: Character) -> list[Timed]:
    """Put each "until rest" condition the fight wrote on the sheet on the campaign timeline
    (ended by any rest), so the clock removes it; returns the entries made."""
    from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind

    made: list[Timed] = []
    updated: list[CharacterCondition] = []
    for x in character.conditions:
        if x.lasts == "rest" and x.timed_id is None:
            entry = Timed(kind=TimedKind.INJURY, label=f"{x.name} ({x.source or 'injury'})",
                          starts_at=campaign.time, ends_on=EndsOn.ANY_REST,
                          character_id=character.id, condition=x.name)
            campaign.timeline.append(entry)
            made.append(entry)
            x = x.model_copy(update={"timed_id": entry.id})
        updated.append(x)
    character.conditions = updated
    return made
