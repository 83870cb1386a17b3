"""A Luck Die spent on a SPELLCHECK already seen, out of a fight (R29).

R29: "a d6 a player may roll and add to any d20 roll after seeing it, one die per use, spent
when used; it moves a SPELLCHECK's success level by at most one (R8)". The sheet's Cast dialog
shows the SPELLCHECK, then offers the die; the cast's record on the caster (R10's count, the
Cleric's disapproval range) is made again from the state before the cast, so a failure the die
turns into a success does not widen the range.
"""

from __future__ import annotations

from emberkeep.character.luck import spend_luck_die
from emberkeep.character.model import Character
from emberkeep.dice import Roller
from emberkeep.magic.limits import CasterState
from emberkeep.magic.spellcheck import SpellcheckResult, with_luck

__all__ = ["luck_on_spellcheck"]


def luck_on_spellcheck(character: Character, before: CasterState, result: SpellcheckResult,
                       roller: Roller) -> SpellcheckResult:
    """Spend one of ``character``'s Luck Dice on ``result`` (in place); ``before`` is the
    caster state the SPELLCHECK was recorded on. A ValueError: no die left, or one was spent."""
    if result.luck is not None:
        raise ValueError("a Luck Die was already spent on this SPELLCHECK (R29: one a roll)")
    character.luck, record = spend_luck_die(character.luck, roller)
    lucky = with_luck(result, record)
    character.caster = before.record_spellcheck(lucky)
    return lucky
