"""The odds dialog's default run: 2,000 fights of the example party against six bandits.

Timed as the dialog runs them: chunks of ``odds.CHUNK`` fights (``odds.run_chunk``, recording
nothing) in a warm pool of worker processes (the dialog's fork server pool, started and warmed
before timing, as it is after the dialog's first run), and the same fights in this one process.
Goal: the default 2,000 fights in ≤ 0.5 s. The machine is shared: each figure is the best of
three runs taken side by side.

Run: ``uv run python bench/odds.py [fights]``.
"""

from __future__ import annotations

import sys
import time

from fight_setup import combatants, party

from emberkeep.dice import RandomRoller
from emberkeep.encounter import odds
from emberkeep.encounter.engine import Encounter
from gui.encounter.odds_runner import pool


def _setup() -> odds.OddsSetup:
    characters = party()
    enc = Encounter(combatants(characters), characters, RandomRoller(1), room_dc=12)
    return odds.setup_of(enc)


def _in_pool(setup: odds.OddsSetup, fights: int) -> odds.Tally:
    executor = pool()
    futures = [executor.submit(odds.run_chunk, setup, 1, i, n) for i, n in odds.chunks(fights)]
    total = odds.Tally()
    for future in futures:
        total.add(future.result())
    return total


def timed(setup: odds.OddsSetup, fights: int) -> tuple[float, float, odds.Tally, int]:
    """The best of three runs of ``fights`` fights in the warm pool and in this process (side
    by side), the tally (the same both ways: checked) and the pool's worker count."""
    _in_pool(setup, 400)  # start the workers and warm them (the dialog's pool stays up)
    best_pool = best_one = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        pooled = _in_pool(setup, fights)
        best_pool = min(best_pool, time.perf_counter() - start)
        start = time.perf_counter()
        here = odds.simulate(setup, fights, seed=1)
        best_one = min(best_one, time.perf_counter() - start)
    assert pooled == here, "the same seed must give the same figures in workers or not"
    return best_pool, best_one, here, pool()._max_workers  # type: ignore[attr-defined]


def main() -> None:
    fights = int(next((a for a in sys.argv[1:] if a.isdigit()), str(odds.DEFAULT_FIGHTS)))
    setup = _setup()
    best_pool, best_one, here, workers = timed(setup, fights)
    figures = odds.odds_of(setup, here)
    print(f"{fights} fights (4 PCs vs 6 bandits), party wins {figures.party_wins.text()}, "
          f"flees {figures.fled.text()}, loses {figures.lost.text()}")
    print(f"{workers} worker processes: {best_pool:.2f} s ({best_pool / fights * 1e3:.3f} ms a "
          "fight)")
    print(f"one process      : {best_one:.2f} s ({best_one / fights * 1e3:.3f} ms a fight)")
    print(f"workers / one process: {best_pool / best_one:.2f}×")
    if fights == odds.DEFAULT_FIGHTS:
        print(f"goal {fights} fights ≤ 0.5 s: {'met' if best_pool <= 0.5 else 'NOT met'}")
    else:
        print(f"(the goal, ≤ 0.5 s, is for the default {odds.DEFAULT_FIGHTS} fights)")


if __name__ == "__main__":
    main()
