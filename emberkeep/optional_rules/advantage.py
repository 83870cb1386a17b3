"""Advantage and disadvantage [5e], beside or instead of EASY and HARD.

Furnace: "Use instead or next to HARD and EASY. If the circumstances are so in favor of the
character you can give both or you can give autosuccess to the attempt."

- Advantage rolls 2d20 and keeps the higher, disadvantage the lower (5e); any advantage and any
  disadvantage cancel, and several of one kind count once (5e, like EASY/HARD in R7).
- ``instead``: an EASY becomes advantage and a HARD disadvantage, and the DC stays the ROOM DC
  (R21's "disadvantage where the campaign uses advantage and disadvantage"). ``beside``: both
  apply as they are, so a very favourable attempt may be EASY *and* roll with advantage.
  That meeting of EASY/HARD with advantage is :func:`emberkeep.character.checks.translate`:
  this module knows only dice, so the spells' and the items' rules below the character can
  use it.
"""

from __future__ import annotations

from enum import StrEnum

from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["Advantage", "AdvantageMode", "combine_advantage", "d20_expression", "roll_d20"]


class Advantage(StrEnum):
    NONE = "none"
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"


class AdvantageMode(StrEnum):
    BESIDE = "beside"
    INSTEAD = "instead"


# The members named once: naming one on its enum class goes through EnumType's slow
# ``__getattr__`` hook (every CHECK and SAVE in a fight combines advantages).
_NONE, _ADVANTAGE, _DISADVANTAGE = Advantage.NONE, Advantage.ADVANTAGE, Advantage.DISADVANTAGE


def combine_advantage(*sources: Advantage) -> Advantage:
    """5e: advantage and disadvantage cancel; repeats don't stack."""
    adv = _ADVANTAGE in sources
    dis = _DISADVANTAGE in sources
    if adv == dis:
        return _NONE
    return _ADVANTAGE if adv else _DISADVANTAGE


def d20_expression(advantage: Advantage) -> str:
    if advantage is Advantage.ADVANTAGE:
        return "2d20kh1"
    if advantage is Advantage.DISADVANTAGE:
        return "2d20kl1"
    return "d20"


def roll_d20(roller: Roller, advantage: Advantage = Advantage.NONE, *, modifier: int = 0,
             purpose: Purpose = Purpose.CHECK) -> RollRecord:
    """The d20 of a CHECK, SAVE or ATK with advantage (keep high) or disadvantage (keep low);
    the record's ``natural`` is the kept face (what a single typed number stands for)."""
    return roll(d20_expression(advantage), roller, modifier=modifier, purpose=purpose)
