"""Dying and death in a fight (R21, R22).

Furnace: "When you reach 0 HP, you go unconscious. Roll 1d4, after that many turn you die. Roll a
d20 in every round, on a natural 20 you get up with 1 hp." R21 adds how it stops: an ally CLOSE
stabilizes the dying with an action and a WIS (Medicine) check against the ROOM DC, or any healing
does; then the Injuries table is rolled (``injuries.py``).

How the engine keeps it:
- A PC knocked to 0 HP or below (:func:`hp_lost`, plugged in where the engine tells the rules
  that damage took HP, ``Encounter.lose_hp``, the one place HP is taken) gets ``UNCONSCIOUS``
  (until removed) and ``dying_in`` with the 1d4 rounds left. A monster at 0 HP is simply down.
- R22: dead at -(3 + LVL + CON) HP or below (``death.kill``: the sheet's ``alive`` is set, so
  no later healing brings it back), or with an ability score at 0 (``injuries.py``). Optional
  (``knocked_twice_save``): knocked to 0 twice in one encounter → CON SAVE vs ROOM DC or die.
- Each new round (:func:`bleed`, from ``durations.round_upkeep``) a bleeding PC rolls its d20: a
  natural 20 gets it up with 1 HP; otherwise one round of ``dying_in`` runs out, and at 0 it dies.
  Reading: getting up on the natural 20 ends the dying as a stabilization does, so the Injuries
  table is rolled then too ("When you are stabilized, roll from the table").
  ``dying_in`` put on a foe still standing by a crit row (Fighter 27, "expires in 1d4 rounds")
  counts down the same way, without the d20.
- Healing (:func:`healed`, plugged in where the engine tells the rules that HP was regained,
  ``Encounter.regain_hp``) stabilizes the dying and wakes the stabilized.

All of it is Furnace's: in a Melee Round (R39: the knight's own HP) R33's wounds rule instead.
"""

from __future__ import annotations

from typing import Literal

from emberkeep.character.abilities import Ability
from emberkeep.character.archetype_effects import roll_difficulty
from emberkeep.character.bonuses import skill_bonus
from emberkeep.character.checks import Difficulty
from emberkeep.character.skills import Skill
from emberkeep.character.status import Status
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.condition_names import rounds_text
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.d20 import check_roll
from emberkeep.encounter.death import DYING, STABLE, kill
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.injuries import roll_injuries
from emberkeep.encounter.ruling import ready, spend_turn
from emberkeep.encounter.saves import saving_throw
from emberkeep.encounter.zones import Band

__all__ = ["DYING", "STABLE", "UNCONSCIOUS", "LifeState", "bleed", "dying_rounds", "healed",
           "hp_lost", "is_bleeding", "life_state", "stabilize", "without"]

UNCONSCIOUS = "UNCONSCIOUS"


def without(c: Combatant, *drop: str) -> tuple[ActiveCondition, ...]:
    return tuple(x for x in c.conditions if x.name not in drop)


def _put(enc: Encounter, tx: Tx, c: Combatant, *conditions: ActiveCondition) -> None:
    drop = {x.name for x in conditions}
    tx.set(("c", c.id), "conditions", (*without(c, *drop), *conditions))


def is_bleeding(enc: Encounter, c: Combatant) -> bool:
    """A PC at 0 HP or below, alive, with its ``dying_in`` countdown running (R21)."""
    if c.kind != "pc" or not c.conditions:
        return False
    ch = enc.character(c)
    return ch.alive and ch.hp <= 0 and any(x.name == DYING for x in c.conditions)


LifeState = Literal["up", "dying", "stable", "down", "dead", "out"]


def dying_rounds(c: Combatant) -> int | None:
    """The rounds R21's countdown has left (``dying_in``), or None when none runs."""
    for x in c.conditions:
        if x.name == DYING:
            return x.rounds_left
    return None


def life_state(enc: Encounter, c: Combatant) -> LifeState:
    """Where a combatant stands, for every view (the GM's table, the banner, the players'
    screen): ``out`` of the fight; a PC ``dead`` by the sheet's status (R22: recorded, at or
    below -(3 + LVL + CON), or a score at 0), ``dying`` at 0 HP or below with R21's countdown
    running, else ``stable``; a monster at 0 HP ``down``; anyone else ``up``. In a Melee Round
    the HP is the knight's (R39), and a knight at 0 or below is ``dying`` (R33: it dies unless
    given first aid within the hour; no countdown of rounds)."""
    if c.out:
        return "out"
    if c.kind == "pc":
        ch = enc.character(c)
        if ch.status is Status.DEAD:
            return "dead"
        hp, top = enc.hp_with_max(c)
        if top and hp <= 0:  # (no maximum: a PC without a knight profile in a Melee Round)
            if enc.knight_hp:
                return "dying"
            return "dying" if dying_rounds(c) is not None else "stable"
        return "up"
    return "down" if enc.is_down(c) else "up"


def hp_lost(enc: Encounter, tx: Tx, c: Combatant, before: int, after: int) -> None:
    """R21/R22 after damage took ``c``'s HP from ``before`` to ``after`` (only PCs bleed out;
    see the module notes)."""
    if c.kind != "pc" or after > 0 or enc.knight_hp:
        return
    ch = enc.character(c)
    if not ch.alive:
        return
    if after <= ch.death_threshold:
        kill(enc, tx, c, f"{after} HP is at or below -(3 + LVL + CON) = {ch.death_threshold}"
             " (R22)")
        return
    if before <= 0:
        return  # already down: only the threshold above can kill it now
    tx.set(("c", c.id), "knocked", c.knocked + 1)
    if enc.settings.rules.knocked_twice_save and c.knocked >= 2:
        tx.note("R22: knocked down a second time this encounter: CON SAVE vs ROOM DC or die")
        if not saving_throw(enc, tx, c, Ability.CON, enc.state.room_dc):
            kill(enc, tx, c, "knocked down twice and failed the CON SAVE (R22)")
            return
    rounds = tx.roll("1d4", c.name, "dying: rounds to live (R21)",
                     purpose=Purpose.DYING).total
    _put(enc, tx, c, ActiveCondition(UNCONSCIOUS, None, "removed", "dying", enc.state.round),
         ActiveCondition(DYING, rounds, "rounds", "0 HP", enc.state.round))
    tx.note(f"{c.name} falls unconscious at {after} HP and will die in {rounds_text(rounds)}")


def bleed(enc: Encounter, tx: Tx, c: Combatant) -> None:
    """One new round for a combatant with ``dying_in``: the d20 (bleeding PCs), the countdown."""
    countdown = next((x for x in c.conditions if x.name == DYING), None)
    if countdown is None:
        return
    if c.kind == "pc" and not enc.character(c).alive:
        tx.set(("c", c.id), "conditions", without(c, DYING))
        return
    if is_bleeding(enc, c):
        record = tx.roll("d20", c.name, "dying: a natural 20 gets up (R21)",
                         purpose=Purpose.DYING)
        if record.natural == 20:
            ch = enc.character(c)
            tx.set(("pc", ch.id), "hp", 1)
            tx.set(("c", c.id), "conditions", without(c, DYING, UNCONSCIOUS, STABLE))
            tx.note(f"{c.name} rolls a natural 20 and gets up with 1 HP")
            roll_injuries(enc, tx, c)
            return
    left = (countdown.rounds_left or 1) - 1
    if left <= 0:
        kill(enc, tx, c, "the dying countdown ran out (R21)")
        return
    kept = tuple(x if x is not countdown else ActiveCondition(
        DYING, left, x.until, x.source, x.since) for x in c.conditions)
    tx.set(("c", c.id), "conditions", kept)


def _stop_dying(enc: Encounter, tx: Tx, c: Combatant, how: str) -> None:
    tx.set(("c", c.id), "conditions", (*without(c, DYING, STABLE),
                                       ActiveCondition(STABLE, None, "removed", how,
                                                       enc.state.round)))
    tx.note(f"{c.name} is stabilized ({how})")


def healed(enc: Encounter, tx: Tx, c: Combatant, before: int, after: int) -> None:
    """R21: "any healing" stabilizes the dying (then the Injuries table); back above 0 HP the
    character wakes up. After healing raised ``c``'s HP from ``before`` to ``after``."""
    if c.kind != "pc" or after <= before or enc.knight_hp:
        return
    if before <= 0 and enc.character(c).alive and any(x.name == DYING for x in c.conditions):
        _stop_dying(enc, tx, c, "healed")
        roll_injuries(enc, tx, c)
    if after > 0 and enc.character(c).alive and any(
            x.name in (UNCONSCIOUS, STABLE) for x in c.conditions):
        tx.set(("c", c.id), "conditions", without(c, UNCONSCIOUS, STABLE))


def _medicine_bonus(enc: Encounter, c: Combatant) -> int:
    if c.kind == "pc":
        return skill_bonus(enc.character(c), Skill.MEDICINE)  # the sheet's Medicine (R7)
    assert c.monster is not None
    return c.monster.save_bonus


def stabilize(enc: Encounter, helper_id: str, patient_id: str) -> Step:
    """R21: an ally CLOSE spends its action on a WIS (Medicine) check against the ROOM DC;
    on a success the dying one stops dying and rolls on the Injuries table."""
    helper = ready(enc, helper_id)
    patient = enc.combatant(patient_id)
    if patient.side != helper.side or patient.id == helper.id:
        raise RuleError(f"{helper.name} stabilizes an ally, not {patient.name}")
    if not is_bleeding(enc, patient):
        raise RuleError(f"{patient.name} is not dying")
    if enc.band(helper, patient) != Band.CLOSE:
        raise RuleError(f"{helper.name} must be CLOSE to {patient.name}")
    with enc.action(helper.id, "stabilize") as tx:
        # R21 and the campaign's advantage rule; the Bloodshaman's "Medicine CHECKS are EASY"
        easy = (roll_difficulty(enc.character(helper), enc.catalog, "check",
                                skill=Skill.MEDICINE, ability=Ability.WIS)
                if helper.kind == "pc" else Difficulty.NORMAL)
        _record, _dc, success = check_roll(
            enc, tx, helper, "WIS (Medicine)", enc.state.room_dc,
            _medicine_bonus(enc, helper), keys=("WIS", "medicine"), difficulty=easy)
        spend_turn(tx, helper)
        if success:
            _stop_dying(enc, tx, patient, f"{helper.name}'s Medicine")
            roll_injuries(enc, tx, patient)
            tx.summary(f"{helper.name} stabilizes {patient.name}")
        else:
            tx.summary(f"{helper.name} fails to stabilize {patient.name}")
    return enc.history[-1]
