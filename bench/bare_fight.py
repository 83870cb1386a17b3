"""A floor for bench/fights.py: the same 4-vs-6 fight reduced to to-hit and damage.

Not a rule of the app and used by nothing but this benchmark: each round a d6 per side sets who
goes first, each standing fighter hits the first standing foe on d20 + ATK ≥ AC for a damage
die, and the fight ends when a side is down. No crits, fumbles, notches, dying, injuries,
morale, zones, luck, spells or conditions: what a fight costs in Python before any of Furnace's
rules. The numbers are the example party's and the bench's bandits (fight_setup.BANDIT).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from fight_setup import FastRoller, bare_loop

__all__ = ["bare_fights"]

# (HP, AC, ATK, damage die) of the example's four 1st-level PCs (their sheets' HP, AC and
# melee ATK; their weapons' dice), then of a bandit
_PARTY = ((7, 17, 2, 8), (5, 16, 1, 6), (6, 13, 0, 4), (4, 10, 1, 6))
_BANDIT = (7, 12, 3, 8)


def _fight(die: Callable[[int], int]) -> int:
    party = [list(p) for p in _PARTY]
    foes = [list(_BANDIT) for _ in range(6)]
    sides = (party, foes)
    while True:
        first = 0 if die(6) >= die(6) else 1
        for s in (first, 1 - first):
            mine, theirs = sides[s], sides[1 - s]
            for fighter in mine:
                if fighter[0] <= 0:
                    continue
                target = next((t for t in theirs if t[0] > 0), None)
                if target is None:
                    return s
                if die(20) + fighter[2] >= target[1]:
                    target[0] -= die(fighter[3])
        for s in (0, 1):
            if not any(f[0] > 0 for f in sides[s]):
                return 1 - s


def bare_fights(fights: int, seed: int = 3) -> tuple[float, float, int]:
    """(seconds for ``fights`` bare fights, seconds for the bare dice loop of as many dice,
    dice rolled)."""
    roller = FastRoller(seed)
    die = roller.die
    start = time.perf_counter()
    for _ in range(fights):
        _fight(die)
    spent = time.perf_counter() - start
    start = time.perf_counter()
    bare_loop(roller.count)
    return spent, time.perf_counter() - start, roller.count


if __name__ == "__main__":
    spent, bare, dice = bare_fights(10_000)
    print(f"10000 to-hit-and-damage fights: {spent:.3f} s, {dice} dice, "
          f"{spent / bare:.1f}× the bare loop")
