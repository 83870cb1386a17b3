"""Skill Challenges [4e]: "Set a DC, set a Success Treshold, and let the players be creative."

A challenge has a DC, a success threshold and a failure limit (4e's three strikes; the GM sets
it). Each attempt is a CHECK the GM calls for (any skill the player argues for), logged with
who, what and the roll. The challenge succeeds the moment the successes reach the threshold —
exactly reaching it is enough — and fails when the failures reach the limit; after that it
takes no more attempts.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.character.difficulty import Difficulty
from emberkeep.dice import Purpose, Roller, roll

__all__ = ["ChallengeAttempt", "ChallengeState", "SkillChallenge", "attempt_challenge"]

ChallengeState = Literal["running", "succeeded", "failed"]


class ChallengeAttempt(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    who: str = Field(max_length=200)
    skill: str = Field(max_length=64)
    total: int = Field(ge=-100, le=200)
    dc: int = Field(ge=-20, le=60)
    success: bool


class SkillChallenge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    dc: int = Field(12, ge=1, le=40)
    successes_needed: int = Field(4, ge=1, le=50)
    failure_limit: int = Field(3, ge=1, le=50)
    log: list[ChallengeAttempt] = []

    @property
    def successes(self) -> int:
        return sum(1 for a in self.log if a.success)

    @property
    def failures(self) -> int:
        return sum(1 for a in self.log if not a.success)

    @property
    def state(self) -> ChallengeState:
        if self.successes >= self.successes_needed:
            return "succeeded"
        if self.failures >= self.failure_limit:
            return "failed"
        return "running"


def attempt_challenge(challenge: SkillChallenge, roller: Roller, *, who: str, skill: str,
                      bonus: int,
                      difficulty: Difficulty = Difficulty.NORMAL) -> ChallengeAttempt:
    """Roll d20 + ``bonus`` (ability + PROF) against the DC (EASY/HARD ±3, R7) and log it."""
    if challenge.state != "running":
        raise ValueError(f"{challenge.name} is over: it {challenge.state}")
    dc = challenge.dc + difficulty.dc_shift
    record = roll("d20", roller, modifier=bonus, purpose=Purpose.CHECK, who=who)
    entry = ChallengeAttempt(who=who, skill=skill, total=record.total, dc=dc,
                             success=record.total >= dc)
    challenge.log.append(entry)
    return entry
