"""SAVEs in a fight: a PC's class saves (R7) and a monster's ROOM DC save (R30).

A PC rolls d20 + ability modifier + PROF (if the save is one of its proficient saves) against
the DC; a monster rolls d20 + (its ROOM DC − 10) (R30: "it saves with d20 + (ROOM DC − 10)
against the DC set"). EASY/HARD move the DC by 3 (R7); R28's WEAK makes STR saves HARD.
Success is meeting or beating the DC. The roll is recorded on the step like every other, and a
PC's save counts as a roll for its Luck Dice (R29) when that rule is on.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.character.abilities import Ability
from emberkeep.character.archetype_effects import roll_difficulty
from emberkeep.character.bonuses import save_bonus
from emberkeep.character.checks import Difficulty, combine_difficulty
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import names
from emberkeep.encounter.d20 import Advantage, check_roll
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.feature_actions import blocks_condition
from emberkeep.encounter.luck import record_outcome

__all__ = ["save_modifier", "saving_throw"]


def save_modifier(enc: Encounter, combatant: Combatant, ability: Ability) -> int:
    """What a combatant adds to a d20 SAVE: ability + PROF (PC, R7) or ROOM DC − 10 (R30)."""
    if combatant.kind == "pc":
        return save_bonus(enc.character(combatant), ability)  # the sheet's SAVE (R7)
    assert combatant.monster is not None
    return combatant.monster.save_bonus


def saving_throw(enc: Encounter, tx: Tx, combatant: Combatant, ability: Ability | str, dc: int,
                 *, difficulty: Difficulty = Difficulty.NORMAL,
                 against: str | None = None, purpose: Purpose = Purpose.SAVE,
                 contexts: Iterable[str] = (), advantage: Advantage = Advantage.NONE) -> bool:
    """Roll ``combatant``'s ``ability`` SAVE against ``dc``; ``True`` on a success.

    Archetype features: a SAVE ``against`` a condition the PC is immune to succeeds
    without a roll; ``contexts`` (``magic``...) select the features' EASY/HARD; ``advantage``
    is the GM's (with the campaign's advantage rule). ``purpose``: what a GM's typed
    d20 is found by (a PC's morale is a SAVE the GM types as morale)."""
    ability = Ability(ability)
    if against is not None and blocks_condition(enc, combatant, against):
        tx.note(f"{combatant.name} is immune to {against}: the SAVE succeeds")
        return True
    if combatant.kind == "pc":
        difficulty = combine_difficulty(difficulty, roll_difficulty(
            enc.character(combatant), enc.catalog, "save", ability=ability, contexts=contexts))
    if ability is Ability.STR and "WEAK" in names(combatant.conditions):
        difficulty = combine_difficulty(difficulty, Difficulty.HARD)  # R28: WEAK
    # R21: sheet conditions ("All CHECKs are HARD until rest") and the campaign's
    # advantage rule (instead of or beside EASY/HARD), in ``d20.check_roll``
    _record, _target, success = check_roll(
        enc, tx, combatant, f"{ability.value} SAVE", dc, save_modifier(enc, combatant, ability),
        keys=(ability.value, "save"), difficulty=difficulty, advantage=advantage,
        purpose=purpose)
    record_outcome(enc, tx, combatant, success)
    return success
