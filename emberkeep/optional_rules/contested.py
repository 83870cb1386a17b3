"""Contested CHECKs [OSR], roll-under.

Furnace: "Each side rolls, and whoever rolls highest without going over, wins. On a tie the side
with the bigger Ability score wins. If both side fail, you can call a re-roll one turn later, or
the creature who rolled closer to its Ability score wins."

Readings: a roll *equal* to the score does not go over, so it succeeds. A tie is the
same roll on both sides when both succeed; the bigger score wins it, and equal scores too are a
draw (roll again). When both fail, the campaign setting says what happens: ``reroll`` (no winner
now; roll again next turn) or ``closer`` (the smaller overshoot wins; an equal overshoot goes to
the bigger score, then a draw).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from emberkeep.dice import Purpose, Roller, RollRecord, roll

__all__ = ["BothFail", "ContestResult", "Contestant", "contest"]


class BothFail(StrEnum):
    REROLL = "reroll"
    CLOSER = "closer"


@dataclass(frozen=True, slots=True)
class Contestant:
    name: str
    score: int  # the raw Ability score (3-18, up to 20 by magic), not its modifier


@dataclass(frozen=True, slots=True)
class ContestResult:
    a: Contestant
    b: Contestant
    roll_a: RollRecord
    roll_b: RollRecord
    winner: Contestant | None
    reason: str
    reroll_next_turn: bool = False

    def describe(self) -> str:
        head = (f"{self.a.name} {self.roll_a.total} vs {self.a.score}, "
                f"{self.b.name} {self.roll_b.total} vs {self.b.score}: ")
        who = f"{self.winner.name} wins" if self.winner else "no winner"
        return f"{head}{who} ({self.reason})"


def _by_score(a: Contestant, b: Contestant) -> Contestant | None:
    if a.score == b.score:
        return None
    return a if a.score > b.score else b


def contest(roller: Roller, a: Contestant, b: Contestant, *,
            both_fail: BothFail = BothFail.REROLL) -> ContestResult:
    """Both sides roll a d20 under their score; see the module notes for every edge. A GM's
    typed d20s: ``("contest", name)`` for each side, or ``"contest"`` in order (a, then b)."""
    ra = roll("d20", roller, purpose=Purpose.CONTEST, who=a.name)
    rb = roll("d20", roller, purpose=Purpose.CONTEST, who=b.name)
    x, y = ra.total, rb.total
    ok_a, ok_b = x <= a.score, y <= b.score

    def result(winner: Contestant | None, reason: str, again: bool = False) -> ContestResult:
        return ContestResult(a, b, ra, rb, winner, reason, again)

    if ok_a and not ok_b:
        return result(a, f"{b.name} went over")
    if ok_b and not ok_a:
        return result(b, f"{a.name} went over")
    if ok_a and ok_b:
        if x != y:
            return result(a if x > y else b, "the higher roll without going over")
        bigger = _by_score(a, b)
        return result(bigger, "a tie: the bigger Ability score wins" if bigger
                      else "a tie with equal scores: roll again", bigger is None)
    if both_fail is BothFail.REROLL:
        return result(None, "both failed: roll again next turn", True)
    over_a, over_b = x - a.score, y - b.score
    if over_a != over_b:
        return result(a if over_a < over_b else b, "both failed: the closer roll wins")
    bigger = _by_score(a, b)
    return result(bigger, "both failed equally close: the bigger Ability score wins" if bigger
                  else "both failed equally close with equal scores: roll again",
                  bigger is None)
