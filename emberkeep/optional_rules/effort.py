"""Effort [ICRPG]: a task with a DC to attempt and an effort total to fill.

Furnace: "Attempt DC is the ROOM DC. The effort needed can be also the ROOM DC or arbitrary.
Without PROF: 1d4 + Ability modifier. With PROF: 1d8 + Ability modifier."

Each attempt is a CHECK (d20 + ability + PROF if proficient) against the attempt DC; a success
rolls effort and adds it to the progress (a negative modifier never takes progress away: an
effort roll counts at least 0). The task is done when the progress reaches the effort needed —
reaching it exactly is enough. A done task takes no more attempts. The task is plain data kept
in the campaign, so the GUI shows it as progress and undo restores it.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.character.difficulty import Difficulty
from emberkeep.dice import Purpose, Roller, roll

__all__ = ["EffortAttempt", "EffortTask", "attempt_effort", "effort_dice"]

_STRICT = ConfigDict(extra="forbid")


class EffortAttempt(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    who: str = Field(max_length=200)
    check_total: int = Field(ge=-100, le=200)
    dc: int = Field(ge=-20, le=60)
    success: bool
    effort_dice: str = Field("", max_length=16)
    effort: int = Field(0, ge=0, le=200)


class EffortTask(BaseModel):
    model_config = _STRICT

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    attempt_dc: int = Field(12, ge=1, le=40)
    effort_needed: int = Field(12, ge=1, le=1000)
    progress: int = Field(0, ge=0, le=2000)
    log: list[EffortAttempt] = []

    @property
    def done(self) -> bool:
        return self.progress >= self.effort_needed

    @property
    def fraction(self) -> float:
        return min(1.0, self.progress / self.effort_needed)


def effort_dice(proficient: bool) -> str:
    """ICRPG in Furnace: 1d8 with PROF, 1d4 without."""
    return "1d8" if proficient else "1d4"


def attempt_effort(task: EffortTask, roller: Roller, *, who: str, ability_mod: int,
                   prof_bonus: int, proficient: bool,
                   difficulty: Difficulty = Difficulty.NORMAL) -> EffortAttempt:
    """One attempt: a CHECK against the attempt DC; on a success, effort is rolled and added.
    A GM's typed dice: ``check`` and ``effort``."""
    if task.done:
        raise ValueError(f"{task.name} is already done ({task.progress}/{task.effort_needed})")
    dc = task.attempt_dc + difficulty.dc_shift
    check = roll("d20", roller, modifier=ability_mod + (prof_bonus if proficient else 0),
                 purpose=Purpose.CHECK, who=who)
    if check.total < dc:
        entry = EffortAttempt(who=who, check_total=check.total, dc=dc, success=False)
    else:
        dice = effort_dice(proficient)
        amount = max(0, roll(dice, roller, modifier=ability_mod, purpose=Purpose.EFFORT,
                              who=who).total)
        task.progress = min(task.progress + amount, 2000)
        entry = EffortAttempt(who=who, check_total=check.total, dc=dc, success=True,
                              effort_dice=dice, effort=amount)
    task.log.append(entry)
    return entry
