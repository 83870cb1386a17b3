"""10,000 complete 4-vs-6 fights through the app's own engine, against a bare dice loop.

Each fight is the example campaign's four 1st-level characters against six bandits (ROOM DC 12),
played to the end by ``emberkeep.encounter.sim.run_fight``: the same engine code the app runs
(turns, attacks, crits and fumbles, dying, injuries, morale, WDD gear damage...), no simplified
copy. Between fights the characters are put back by ``Encounter.rewind`` (recording nothing) or
by reverting the fight's steps (the app's undo), so no deep copy is timed. The roller is a fast
counting roller (``random.random``); in the same run a bare loop rolls as many dice with the
same roller, and the ratio of the two is reported.

Goals: 10,000 fights in ≤ 1 s on a 2-core machine (processes allowed) and ≤ 10×
the bare loop per process. The fights record nothing (``Encounter(recording=False)``, the
simulator's way); the run also times the same fights recording every step, side by side.
For scale, the run also times making the step records of the fights alone, with no rule
(``recording_floor.py``): what any engine that records what the app records must spend; and
the same fight reduced to to-hit and damage with none of Furnace's rules (``bare_fight.py``):
what a fight costs in plain Python before any rule.
Run: ``uv run python bench/fights.py [fights] [--profile | --one]``. ``--one`` plays the fights
in this process and nothing else (no warm-up, no other timing): for counting instructions per
fight under ``valgrind --tool=callgrind``, where wall times swing with the machine's load (run
it with 0 fights too, and divide the difference by the fights).
"""

from __future__ import annotations

import cProfile
import multiprocessing
import pstats
import sys
import time

from bare_fight import bare_fights
from fight_setup import FastRoller, bare_loop, combatants, party
from recording_floor import floor_against_bare_loop, recorded_fights

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.sim import run_fight


def run_fights(count: int, seed: int = 1, recording: bool = False
               ) -> tuple[int, int, dict[str, int]]:
    """Play ``count`` fights; returns (dice rolled, steps, wins by side). ``recording=False``
    (the simulator's way): no step records, the sheets put back by ``rewind``."""
    characters = party()
    roller = FastRoller(seed)
    settings = CampaignSettings()  # the campaign's settings: one object, as in the app
    steps = 0
    wins: dict[str, int] = {}
    for _ in range(count):
        enc = Encounter(combatants(characters), characters, roller, room_dc=12,
                        mode=InitiativeMode.GROUP, settings=settings, recording=recording)
        result = run_fight(enc)
        steps += result.steps
        key = str(result.winner)
        wins[key] = wins.get(key, 0) + 1
        if recording:
            for step in reversed(enc.history):  # the app's undo puts the sheets back
                enc.revert(step)
        else:
            enc.rewind()
    return roller.count, steps, wins


def _worker(args: tuple[int, int]) -> tuple[int, int, dict[str, int]]:
    return run_fights(*args)


def main() -> None:
    fights = int(next((a for a in sys.argv[1:] if a.isdigit()), "10000"))
    if "--one" in sys.argv:
        dice, steps, wins = run_fights(fights)
        print(f"{fights} fights, {dice} dice, {steps} steps, wins: {wins}")
        return
    if "--profile" in sys.argv:
        profiler = cProfile.Profile()
        profiler.enable()
        run_fights(min(fights, 2000))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    run_fights(50)  # warm the caches (tables, catalogs) once
    start = time.perf_counter()
    dice, steps, wins = run_fights(fights)
    one = time.perf_counter() - start
    start = time.perf_counter()
    bare_loop(dice)
    bare = time.perf_counter() - start
    workers = min(2, multiprocessing.cpu_count())
    share = [(fights // workers + (1 if i < fights % workers else 0), 10 + i)
             for i in range(workers)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        pool.map(_worker, [(20, 0)] * workers)  # start the workers and warm them
        start = time.perf_counter()
        parts = pool.map(_worker, share)
        multi = time.perf_counter() - start
    multi_dice = sum(p[0] for p in parts)
    # Recording on against off, side by side on the same fights (same seed): what not
    # building the undo history saves.
    side = min(fights, 2000)
    best_on = best_off = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run_fights(side, recording=True)
        best_on = min(best_on, time.perf_counter() - start)
        start = time.perf_counter()
        run_fights(side)
        best_off = min(best_off, time.perf_counter() - start)
    stripped, stripped_bare, _ = bare_fights(fights)
    recorded, floor_dice = recorded_fights(min(fights, 2000))
    floor, floor_bare, _ = floor_against_bare_loop(recorded, floor_dice)
    print(f"{fights} fights (4 PCs vs 6 bandits, group initiative), {dice} dice, {steps} steps")
    print(f"wins: {wins}")
    print(f"one process : {one:6.2f} s  {fights / one:8.0f} fights/s  "
          f"{one / fights * 1e3:.3f} ms/fight")
    print(f"{workers} processes : {multi:6.2f} s  {fights / multi:8.0f} fights/s  "
          f"({multi_dice} dice)")
    print(f"bare loop   : {bare:6.3f} s for {dice} dice ({bare / dice * 1e9:.0f} ns/die)")
    print(f"ratio fights / bare dice loop: {one / bare:.0f}× (one process), "
          f"{multi / bare:.0f}× ({workers} processes)")
    print(f"recording   : {side} fights {best_on:.2f} s recording every step, {best_off:.2f} s "
          f"recording nothing ({best_off / best_on:.2f}× the time)")
    print(f"floor       : making the {len(recorded)} fights' step records alone (no rule) is "
          f"{floor / floor_bare:.0f}× the bare loop for their dice (bench/recording_floor.py)")
    print(f"bare fight  : the fight reduced to to-hit and damage, none of the rules "
          f"(bench/bare_fight.py): {stripped / stripped_bare:.1f}× the bare loop; the engine's "
          f"fight is {one / fights / (stripped / fights):.0f}× that")
    print(f"goal 10,000 fights ≤ 1 s: {'met' if multi * 10_000 / fights <= 1 else 'NOT met'}; "
          f"≤ 10× the bare loop: {'met' if one / bare <= 10 else 'NOT met'}")


if __name__ == "__main__":
    main()
