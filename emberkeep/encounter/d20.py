"""The d20 of an ATK, CHECK or SAVE in a fight: EASY/HARD, advantage and the roller's expression.

Two sources meet here (R7, R21):

- The campaign's optional rule ``advantage_disadvantage`` with its ``advantage_mode``
  (Furnace: "Use instead or next to HARD and EASY"). ``instead``: an EASY becomes advantage
  (2d20 keep high) and a HARD disadvantage (2d20 keep low), the DC stays put; ``beside``: the
  EASY/HARD shift stays and a GM-given advantage or disadvantage rolls on top of it
  (``character.checks.translate``). With the rule off, a GM-given advantage still rolls
  two dice (it was asked for), and EASY/HARD are R7's ±3.
- Conditions a PC carries (R21, injuries 14-19 "All CHECKs are HARD until rest", written on the
  sheet and brought into the fight by ``lasting.sheet_conditions``): ``HARD:all``,
  ``EASY:<key>``, ``DISADVANTAGE:all``, ``ADVANTAGE:<key>``, where the key is ``all``, the
  ability (``STR``) or a skill (``medicine``). They apply to every CHECK and SAVE.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.character.casting import condition_modes as modes_of
from emberkeep.character.checks import Difficulty, combine_difficulty, translate
from emberkeep.dice import Purpose, RollRecord
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.optional_rules.advantage import (
    Advantage,
    AdvantageMode,
    combine_advantage,
    d20_expression,
)

__all__ = ["Advantage", "check_roll", "condition_modes", "expression"]

_NOTHING = (Difficulty.NORMAL, Advantage.NONE)  # what no condition changes


def condition_modes(c: Combatant, keys: Iterable[str]) -> tuple[Difficulty, Advantage]:
    """EASY/HARD and advantage from ``c``'s ``MODE:key`` conditions whose key is in ``keys``
    (``all`` always counts): R21's "All CHECKs are HARD until rest". The sheet reads its own
    conditions with the same rule (``character.casting.condition_modes``)."""
    if not c.conditions:
        return _NOTHING
    return modes_of((x.name for x in c.conditions), keys)


def expression(enc: Encounter, difficulty: Difficulty,
               advantage: Advantage = Advantage.NONE) -> tuple[Difficulty, str]:
    """The difficulty left (its ±3 on the DC, R7) and the dice to roll under the campaign's
    advantage rule (see the module notes)."""
    rules = enc.settings.rules
    if rules.advantage_disadvantage and rules.advantage_mode is AdvantageMode.INSTEAD:
        difficulty, advantage = translate(difficulty, advantage, AdvantageMode.INSTEAD)
    return difficulty, d20_expression(advantage)


def check_roll(enc: Encounter, tx: Tx, c: Combatant, label: str, dc: int, modifier: int, *,
               keys: Iterable[str] = (), difficulty: Difficulty = Difficulty.NORMAL,
               advantage: Advantage = Advantage.NONE,
               purpose: Purpose = Purpose.CHECK) -> tuple[RollRecord, int, bool]:
    """Roll a CHECK or SAVE of ``c`` against ``dc``: its conditions (``keys``: the ability and
    skill), the GM's EASY/HARD and advantage, the campaign's rule. Returns the record, the
    target number and whether it was met. ``label`` names it in the log; a GM's typed d20 is
    found by ``purpose``."""
    own_difficulty, own_advantage = condition_modes(c, keys)
    difficulty = combine_difficulty(difficulty, own_difficulty)
    advantage = combine_advantage(advantage, own_advantage)
    difficulty, expr = expression(enc, difficulty, advantage)
    target = dc + difficulty.dc_shift
    record = tx.roll(expr, c.name, f"{label} vs DC {target}", modifier=modifier,
                     purpose=purpose)
    return record, target, record.total >= target
