"""10,000 complete 4-vs-6 fights through the app's own engine, against a bare dice loop (issue #6).

Each fight is the example campaign's four 1st-level characters against six bandits (ROOM DC 12),
played to the end by ``emberkeep.encounter.sim.run_fight``: the same engine code the app runs
(turns, attacks, crits and fumbles, dying, injuries, morale, WDD gear damage...), no simplified
copy. Between fights the characters are put back by reverting the fight's steps (the app's undo),
so no deep copy is timed. The roller is a fast counting roller (``random.random``); in the same
run a bare loop rolls as many dice with the same roller, and the ratio of the two is reported.

Goals: 10,000 fights in ≤ 2 s on a 2-core machine (processes allowed) and ≤ 10× the bare loop.
Run: ``uv run python bench/fights.py [fights] [--profile]``.
"""

from __future__ import annotations

import cProfile
import multiprocessing
import pstats
import random
import sys
import time

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.character.model import Character
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight

BANDIT = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")


class FastRoller:
    """A counting roller: one ``random.random`` call a die."""

    __slots__ = ("_random", "count")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random
        self.count = 0

    def die(self, sides: int) -> int:
        self.count += 1
        return int(self._random() * sides) + 1


def _party() -> dict[str, Character]:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    return {c.id: c for c in party}


def _combatants(characters: dict[str, Character]) -> list[Combatant]:
    return [*pc_combatants(characters.values()), *monster_combatants(BANDIT, 6, position=2)]


def run_fights(count: int, seed: int = 1) -> tuple[int, int, dict[str, int]]:
    """Play ``count`` fights; returns (dice rolled, steps, wins by side)."""
    characters = _party()
    roller = FastRoller(seed)
    settings = CampaignSettings()  # the campaign's settings: one object, as in the app
    steps = 0
    wins: dict[str, int] = {}
    for _ in range(count):
        enc = Encounter(_combatants(characters), characters, roller, room_dc=12,
                        mode=InitiativeMode.GROUP, settings=settings)
        result = run_fight(enc)
        steps += result.steps
        key = str(result.winner)
        wins[key] = wins.get(key, 0) + 1
        for step in reversed(enc.history):  # the app's undo puts the sheets back
            enc.revert(step)
    return roller.count, steps, wins


def bare_loop(dice: int, seed: int = 2) -> int:
    """Roll ``dice`` d20s with the same roller and nothing else."""
    die = FastRoller(seed).die
    total = 0
    for _ in range(dice):
        total += die(20)
    return total


def _worker(args: tuple[int, int]) -> tuple[int, int, dict[str, int]]:
    return run_fights(*args)


def main() -> None:
    fights = int(next((a for a in sys.argv[1:] if a.isdigit()), "10000"))
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
    print(f"{fights} fights (4 PCs vs 6 bandits, group initiative), {dice} dice, {steps} steps")
    print(f"wins: {wins}")
    print(f"one process : {one:6.2f} s  {fights / one:8.0f} fights/s  "
          f"{one / fights * 1e3:.3f} ms/fight")
    print(f"{workers} processes : {multi:6.2f} s  {fights / multi:8.0f} fights/s  "
          f"({multi_dice} dice)")
    print(f"bare loop   : {bare:6.3f} s for {dice} dice ({bare / dice * 1e9:.0f} ns/die)")
    print(f"ratio fights / bare dice loop: {one / bare:.0f}× (one process), "
          f"{multi / bare:.0f}× ({workers} processes)")
    print(f"goal 10,000 fights ≤ 2 s: {'met' if multi * 10_000 / fights <= 2 else 'NOT met'}; "
          f"≤ 10× the bare loop: {'met' if one / bare <= 10 else 'NOT met'}")


if __name__ == "__main__":
    main()
