"""R23: a d20 against a skill, and opposed resolution.

Below the skill succeeds, equal is a critical, above fails, 20 is a fumble (unless the skill is
20 or more). A skill over 20 adds its excess to the roll; a total of 20 or more is then a
critical. Opposed: a critical beats any plain success; if both succeed plainly, the higher roll
wins and the loser had a partial success (its shield counts); equal successful rolls tie; both
critical tie; both failing miss.

Rolls go through a :class:`Dice`: the encounter's ``Tx`` is one (its ``roll`` records the roll in
the step); :class:`RollerDice` wraps a plain roller for use outside an encounter.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["Check", "Dice", "Opposed", "Outcome", "RollerDice", "check", "opposed",
           "roll_check"]


class Dice(Protocol):
    """Rolls for a ``purpose`` (what a GM's typed answer is found by, ``dice.Typed``), recorded
    under ``label``."""

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord: ...


class RollerDice:
    """Dice from a plain roller (no encounter): the records are kept in ``rolls``."""

    __slots__ = ("roller", "rolls")

    def __init__(self, roller: Roller) -> None:
        self.roller = roller
        self.rolls: list[tuple[str, str, RollRecord]] = []

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord:
        record = roll(expression, self.roller, modifier=modifier, purpose=purpose, who=who)
        self.rolls.append((who, label, record))
        return record


class Outcome(StrEnum):
    CRITICAL = "critical"
    SUCCESS = "success"
    FAILURE = "failure"
    FUMBLE = "fumble"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.CRITICAL, Outcome.SUCCESS)


@dataclass(frozen=True, slots=True)
class Check:
    """One d20 against a (modified) skill: ``value`` is the roll compared in an opposed roll
    (the natural die plus any excess of the skill over 20)."""

    natural: int
    skill: int
    value: int
    outcome: Outcome

    @property
    def succeeded(self) -> bool:
        return self.outcome.succeeded

    @property
    def critical(self) -> bool:
        return self.outcome is Outcome.CRITICAL

    @property
    def fumble(self) -> bool:
        return self.outcome is Outcome.FUMBLE


def check(skill: int, natural: int) -> Check:
    """R23 for one roll of ``natural`` (1-20) against ``skill`` (already modified)."""
    if not 1 <= natural <= 20:
        raise ValueError(f"a d20 cannot show {natural}")
    if skill >= 20:
        value = natural + skill - 20
        outcome = Outcome.CRITICAL if value >= 20 else Outcome.SUCCESS
        return Check(natural, skill, min(value, 20), outcome)
    if natural == 20:
        outcome = Outcome.FUMBLE
    elif natural == skill:
        outcome = Outcome.CRITICAL
    elif natural < skill:
        outcome = Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    return Check(natural, skill, natural, outcome)


def roll_check(dice: Dice, skill: int, who: str, label: str,
               purpose: Purpose = Purpose.ATTACK) -> Check:
    record = dice.roll("d20", who, f"{label} (against {skill})", purpose=purpose)
    return check(skill, record.total)


@dataclass(frozen=True, slots=True)
class Opposed:
    """Who won an opposed roll. ``winner`` is "a", "b" or None (a tie or two misses);
    ``partial`` marks a loser who succeeded too (R23: its shield counts)."""

    a: Check
    b: Check
    winner: str | None
    tie: bool
    partial: bool

    @property
    def both_failed(self) -> bool:
        return not self.a.succeeded and not self.b.succeeded


def opposed(a: Check, b: Check) -> Opposed:
    """R23's opposed resolution of two checks."""
    if a.succeeded and not b.succeeded:
        return Opposed(a, b, "a", False, False)
    if b.succeeded and not a.succeeded:
        return Opposed(a, b, "b", False, False)
    if not a.succeeded:  # both failed: "both missed that round"
        return Opposed(a, b, None, False, False)
    if a.critical and b.critical:  # "unless both fighters rolled criticals ... a tie"
        return Opposed(a, b, None, True, False)
    if a.critical != b.critical:  # "a critical beats any plain success"; R40: the loser's
        # plain success is partial against a critical too, so its shield counts
        return Opposed(a, b, "a" if a.critical else "b", False, True)
    if a.value == b.value:  # "both roll the same number and both are successful"
        return Opposed(a, b, None, True, False)
    return Opposed(a, b, "a" if a.value > b.value else "b", False, True)
