"""CHECKs, SAVEs and the reaction roll the GM calls for in a fight.

A GM asks anyone in the fight for an ability CHECK, a skill CHECK or a SAVE against the ROOM DC
or a DC of its own (R7). A PC rolls d20 + ability + PROF (if PROF in the skill or the save,
Expertise counting the same, R7) with every EASY and HARD that applies, named in the log: the
GM's, its conditions' (R28, R21), its race's EASY situation (R2) and its archetype features'
(the Bloodshaman's Medicine, the Trickster's SAVEs vs magic). A monster rolls d20 + (ROOM DC −
10) (R30: "Every creature's value is based on that rating ... their SAVE, ALL DC"). A PC may
spend a Luck Die after seeing the d20 (R29): the d6 is added and the outcome counts once
toward its Luck Dice streak. The roll is a free step (the GM called for it; it takes nobody's
turn), undoable and replayed like any other.

Meeting NPCs: the reaction roll, 2d6 + the speaker's CHA (Furnace: CHA "shows how friendly are
people generally to you") on the shipped reaction table, logged with its row.
"""

from __future__ import annotations

from emberkeep.character.abilities import Ability
from emberkeep.character.checks import (
    CheckRequest,
    Why,
    check_reasons,
    combine_difficulty,
    condition_reasons,
    proficient_in,
)
from emberkeep.character.reaction import reaction_of, reaction_table
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.d20 import check_roll
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.luck import record_outcome, spend_luck_die
from emberkeep.encounter.ruling import GM

__all__ = ["check_modifier", "reaction", "reasons_for", "roll_check"]


def reasons_for(enc: Encounter, c: Combatant, request: CheckRequest) -> list[Why]:
    """Every EASY/HARD on ``c``'s roll (the preview lists them before the roll)."""
    names = [x.name for x in c.conditions]
    if c.kind == "pc":
        return check_reasons(enc.character(c), enc.catalog, request, names)
    found = [Why(request.difficulty, "the GM")] if request.difficulty.dc_shift else []
    return found + condition_reasons(names, request)


def check_modifier(enc: Encounter, c: Combatant, request: CheckRequest) -> int:
    """What ``c`` adds to the d20: ability + PROF for a PC (R7), ROOM DC − 10 for a monster
    (R30)."""
    if c.kind == "pc":
        ch = enc.character(c)
        return ch.modifier(request.ability) + (ch.prof if proficient_in(ch, request) else 0)
    assert c.monster is not None
    return c.monster.save_bonus


def roll_check(enc: Encounter, cid: str, request: CheckRequest, *, luck: bool = False) -> None:
    """Roll ``request`` for combatant ``cid`` as one free step; ``luck``: the PC spends a Luck
    Die on it (R29). A GM's typed d20 is found under ``check`` or ``save``."""
    c = enc.combatant(cid)
    if enc.state.phase == "over":
        raise RuleError("the fight is over")
    if c.kind == "pc" and not enc.character(c).alive:
        raise RuleError(f"{c.name} is dead")
    reasons = reasons_for(enc, c, request)
    difficulty = combine_difficulty(*(w.difficulty for w in reasons))
    label = request.label()
    with enc.action(GM, request.check_kind) as tx:
        for why in reasons:
            tx.note(f"{c.name}'s {label} is {why}")
        record, target, success = check_roll(
            enc, tx, c, label, request.dc, check_modifier(enc, c, request),
            keys=request.keys, difficulty=difficulty,
            purpose=Purpose.SAVE if request.kind == "save" else Purpose.CHECK)
        total = record.total
        if luck:
            total += spend_luck_die(enc, tx, c).total  # R29: added after the roll is seen
            success = total >= target
        record_outcome(enc, tx, c, success)
        shown = f"{record.total} + Luck Die = {total}" if luck else str(total)
        tx.summary(f"{c.name}: {label} {shown} vs DC {target}: "
                   + ("success" if success else "failure"))


def reaction(enc: Encounter, npc_id: str, speaker_id: str | None = None) -> None:
    """The reaction roll of ``npc_id`` meeting the party: 2d6 + the speaker's CHA (a PC's;
    none: +0), its row logged. Free: talking is not a blow."""
    npc = enc.combatant(npc_id)
    if npc.kind == "pc":
        raise RuleError(f"{npc.name} is a player character: the reaction roll is an NPC's")
    speaker = enc.combatant(speaker_id) if speaker_id is not None else None
    if speaker is not None and speaker.kind != "pc":
        raise RuleError(f"{speaker.name} is not a player character")
    cha = 0 if speaker is None else enc.character(speaker).modifier(Ability.CHA)
    table = reaction_table()
    by = f" to {speaker.name}" if speaker is not None else ""
    with enc.action(GM, "reaction") as tx:
        record = tx.roll(table.die, npc.name, f"reaction{by} (2d6 + CHA)", modifier=cha,
                         purpose=Purpose.REACTION)
        result = reaction_of(record)
        tx.row(table.id, record.total, f"{npc.name} reacts{by}", result.row.text)
        tx.summary(f"{npc.name} reacts{by}: {record.total} → {result.row.text}")

