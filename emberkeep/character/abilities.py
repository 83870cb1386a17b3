"""Ability scores and their modifiers (R1), with injury loss kept apart from the score (R29).

R1: the seed's table lists 13 twice (9-13 → 0 and 13-15 → +1); the ruling reads it as
1-3 → -3, 4-5 → -2, 6-8 → -1, 9-12 → 0, 13-15 → +1, 16-17 → +2, 18-19 → +3, 20 → +4.
Scores run 0..20: natural play caps at 18, magic may raise a score to 20, and a score of 0 means
death (R22). A score of 0 is given the lowest band's -3 (the character is dead anyway).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ABILITIES",
    "MAX_SCORE",
    "MIN_SCORE",
    "NATURAL_CAP",
    "Ability",
    "AbilityScore",
    "AbilityScores",
    "modifier",
]

MIN_SCORE = 0
NATURAL_CAP = 18
MAX_SCORE = 20


class Ability(StrEnum):
    """The six abilities, in the order 3d6 is rolled for them."""

    STR = "STR"
    DEX = "DEX"
    CON = "CON"
    INT = "INT"
    WIS = "WIS"
    CHA = "CHA"


ABILITIES: tuple[Ability, ...] = tuple(Ability)
# Each ability's field on AbilityScores, without the enum's ``.value`` lookup on every read
_FIELD: dict[str, str] = {a: a.value for a in ABILITIES}

# (lowest score of the band, modifier), R1.
_BANDS: tuple[tuple[int, int], ...] = (
    (20, 4), (18, 3), (16, 2), (13, 1), (9, 0), (6, -1), (4, -2), (0, -3),
)


def _band_modifier(score: int) -> int:
    for low, mod in _BANDS:
        if score >= low:
            return mod
    raise AssertionError("unreachable")  # pragma: no cover


# Every score's modifier, read by index: asked on every attack and AC of a simulated fight.
_MODIFIERS: tuple[int, ...] = tuple(_band_modifier(s) for s in range(MIN_SCORE, MAX_SCORE + 1))


def modifier(score: int) -> int:
    """The R1 modifier of a score from 0 to 20."""
    if not MIN_SCORE <= score <= MAX_SCORE:
        raise ValueError(f"an ability score runs from {MIN_SCORE} to {MAX_SCORE}, not {score}")
    return _MODIFIERS[score - MIN_SCORE]


class AbilityScore(BaseModel):
    """One ability: the score as rolled and raised (``base``) and what injuries took (``loss``).

    R29: scores lost to injuries stay lost until magic or the GM restores them, so the sheet keeps
    the loss apart: restoring is setting ``loss`` back to 0, and the base is never rewritten.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    base: int = Field(ge=MIN_SCORE, le=MAX_SCORE)
    loss: int = Field(default=0, ge=0, le=MAX_SCORE)

    @property
    def effective(self) -> int:
        return max(MIN_SCORE, self.base - self.loss)

    @property
    def modifier(self) -> int:
        return modifier(self.effective)


class AbilityScores(BaseModel):
    """The six scores of a sheet, stored as ``{"STR": {"base": 12, "loss": 0}, ...}``."""

    model_config = ConfigDict(extra="forbid")

    STR: AbilityScore
    DEX: AbilityScore
    CON: AbilityScore
    INT: AbilityScore
    WIS: AbilityScore
    CHA: AbilityScore

    @classmethod
    def from_bases(cls, bases: dict[Ability, int]) -> "AbilityScores":
        missing = [a.value for a in ABILITIES if a not in bases]
        if missing:
            raise ValueError(f"scores missing for {', '.join(missing)}")
        return cls(**{a.value: AbilityScore(base=bases[a]) for a in ABILITIES})

    def get(self, ability: Ability) -> AbilityScore:
        score: AbilityScore = getattr(self, _FIELD[ability])
        return score

    def effective(self, ability: Ability) -> int:
        return self.get(ability).effective

    def modifier(self, ability: Ability) -> int:
        # Hot path (every ATK, SAVE, SPELLCHECK and AC of a fight, ~15 calls a fight): the
        # score's ``effective`` and ``modifier`` read in one place, not through three calls.
        score: AbilityScore = getattr(self, _FIELD[ability])
        effective = score.base - score.loss
        if MIN_SCORE <= effective <= MAX_SCORE:
            return _MODIFIERS[effective - MIN_SCORE]
        # a loss beyond the score counts as 0 (R29); ``modifier`` refuses a score above 20
        return modifier(max(MIN_SCORE, effective))

    def bases(self) -> dict[Ability, int]:
        return {a: self.get(a).base for a in ABILITIES}

    def any_zero(self) -> bool:
        """R22: a character whose effective score reaches 0 is dead."""
        # effective == max(0, base - loss) is 0 exactly when the loss reaches the base
        return any(score.loss >= score.base
                   for score in (self.STR, self.DEX, self.CON, self.INT, self.WIS, self.CHA))
