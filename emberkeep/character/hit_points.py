"""Hit points (R5, Pure Hit Dice from 5e Hardcore Mode, with DCC's 0-level funnel).

* 0-level: 1d4.
* 1st to 5th level: roll the class die; the gain is ``max(roll, min(1 + CON, die // 2))`` and
  never below 1 ("at least 1 + CON, but cannot be more than half of the Hit Die"). Both worked
  examples hold: Fighter CON +2 rolling 1-3 gains 3; Magic-user CON +3 rolling 1-3 gains 3.
* 6th to 10th: a fixed +3 (Fighter), +2 (Cleric, Rogue), +1 (Magic-user), no roll.
* Made directly at 1st level: the 1st-level gain only, or, when the campaign says so, the fixed
  option (Fighter 4 + CON, Cleric and Rogue 3 + CON, Magic-user 2 + CON), at least 1.

Every gain is kept as an :class:`HpEntry` on the sheet, so the history shows what was rolled.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.breakdown import Breakdown, Part
from emberkeep.dice import Purpose, Roller, roll

__all__ = [
    "LAST_ROLLED_LEVEL",
    "ZERO_LEVEL_DIE",
    "HpEntry",
    "HpMethod",
    "fixed_first_level_hp",
    "fixed_high_level_hp",
    "gain_breakdown",
    "level_gain",
    "level_gain_breakdown",
    "roll_level_hp",
    "roll_zero_level_hp",
]

ZERO_LEVEL_DIE = 4
LAST_ROLLED_LEVEL = 5


class HpMethod(StrEnum):
    ZERO_LEVEL = "zero_level"
    ROLL = "roll"
    FIXED_FIRST = "fixed_first"
    FIXED = "fixed"


class HpEntry(BaseModel):
    """One level's HP gain: how it was found, the faces rolled (if any) and the gain."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=0, le=10)
    method: HpMethod
    die: int | None = Field(default=None, ge=2, le=100)
    faces: tuple[Annotated[int, Field(ge=1, le=100)], ...] = ()
    con_mod: int = Field(default=0, ge=-5, le=5)
    gain: int = Field(ge=1, le=100)


def level_gain_breakdown(face: int, die: int, con_mod: int) -> Breakdown:
    """R5: the roll, raised to ``min(1 + CON, die // 2)`` (never below 1) when lower."""
    floor = min(1 + con_mod, die // 2)
    gain = max(1, face, floor)
    parts = [Part(f"d{die} rolled", face)]
    if gain > face:
        parts.append(Part("raised to 1 + CON, at most half the die", gain - face, 5))
    return Breakdown(parts)


def level_gain(face: int, die: int, con_mod: int) -> int:
    """R5: ``max(roll, min(1 + CON, die // 2))``, never below 1."""
    return level_gain_breakdown(face, die, con_mod).total


def gain_breakdown(entry: HpEntry) -> Breakdown:
    """How a level's recorded gain came about (R5), from what the entry kept; a gain the
    entry's roll does not give (edited in the file) shows the difference as set by hand."""
    if entry.method is HpMethod.ROLL and entry.die is not None and entry.faces:
        found = level_gain_breakdown(sum(entry.faces), entry.die, entry.con_mod)
    elif entry.method is HpMethod.ZERO_LEVEL:
        found = Breakdown([Part(f"d{entry.die or ZERO_LEVEL_DIE} rolled (0-level)", entry.gain)])
    elif entry.method is HpMethod.FIXED_FIRST:
        found = Breakdown([Part("fixed 1st-level amount", entry.gain - entry.con_mod, 5),
                           Part("CON", entry.con_mod)])
    else:
        found = Breakdown([Part(f"fixed for level {entry.level}", entry.gain, 5)])
    if found.total != entry.gain:
        found = found.plus(Part("set by hand", entry.gain - found.total))
    return found


def roll_zero_level_hp(roller: Roller) -> HpEntry:
    record = roll(f"d{ZERO_LEVEL_DIE}", roller, purpose=Purpose.HIT_DIE)
    return HpEntry(level=0, method=HpMethod.ZERO_LEVEL, die=ZERO_LEVEL_DIE, faces=record.faces,
                   gain=record.total)


def roll_level_hp(level: int, die: int, con_mod: int, roller: Roller) -> HpEntry:
    """Roll the class die for a level from 1st to 5th (R5)."""
    if not 1 <= level <= LAST_ROLLED_LEVEL:
        raise ValueError(f"the hit die is rolled at levels 1-{LAST_ROLLED_LEVEL}, not {level}")
    record = roll(f"d{die}", roller, purpose=Purpose.HIT_DIE)
    return HpEntry(level=level, method=HpMethod.ROLL, die=die, faces=record.faces,
                   con_mod=con_mod, gain=level_gain(record.total, die, con_mod))


def fixed_first_level_hp(base: int, con_mod: int) -> HpEntry:
    """The fixed 1st-level option (a campaign setting, R5): ``base + CON``, at least 1."""
    return HpEntry(level=1, method=HpMethod.FIXED_FIRST, con_mod=con_mod,
                   gain=max(1, base + con_mod))


def fixed_high_level_hp(level: int, gain: int) -> HpEntry:
    """Levels 6-10 add the class's fixed amount, no roll (R5)."""
    if not LAST_ROLLED_LEVEL < level <= 10:
        raise ValueError(f"fixed HP is for levels 6-10, not {level}")
    return HpEntry(level=level, method=HpMethod.FIXED, gain=gain)
