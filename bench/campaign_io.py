"""Campaign load and save against orjson, in one run.

Generates a ~4.5 MB campaign (500 characters, each carrying its class's gear, seven pieces or
so; 200 encounters with 10,000 log events, 40 of them keeping their combatants, four PCs and two
goblins each; 1,000 ledger entries and 300 timeline entries naming the characters, so the load's
cross-checks have references to follow), then times:

- load: ``storage.load`` (read, strict JSON parse refusing duplicate keys/NaN, migrate, validate,
  check the references) against ``orjson.loads`` of the same bytes; and the load of a file the
  app saved itself and nobody touched since (``saved_sha256``: the strict parse is skipped, the
  validation and the references are not);
- save: ``saving.save`` (serialize, write a temporary file, fsync, keep a backup, replace,
  fsync the folder) against ``orjson.dumps`` + a plain write of the same data;
- the bundled example campaign's load, the file a GM opens first.

The sides of each comparison run in turn, round after round, and each row prints min / median /
max of both sides and of the per-round ratio. Goal, on the median ratio: load ≤ 3×, save ≤ 5×.
Run: ``uv run python bench/campaign_io.py [ROUNDS]`` (11 by default).
"""

from __future__ import annotations

import gc
import hashlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

from emberkeep.campaign.model import Campaign, EncounterRecord, LedgerEntry, LedgerKind, LogEvent
from emberkeep.campaign.saving import save
from emberkeep.campaign.storage import load
from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind
from emberkeep.character.abilities import Ability, AbilityScores
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, roll
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.gear.inventory import Inventory
from emberkeep.resources import resource_path

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")

CLASSES = [("fighter", 10, ["longsword", "chain_mail", "shield", "crossbow"]),
           ("cleric", 8, ["mace", "scale_mail", "shield", "holy_symbol"]),
           ("rogue", 8, ["dagger", "arming_sword", "boiled_leather", "thieves_tools"]),
           ("magic_user", 6, ["dagger", "sling", "spellbook"])]


def make_campaign(characters: int = 500, encounters: int = 200, events: int = 10_000,
                  seed: int = 1, fought: int = 40, ledger: int = 1_000,
                  timeline: int = 300) -> Campaign:
    roller = RandomRoller(seed)
    roster = []
    for n in range(characters):
        class_id, die, gear = CLASSES[n % 4]
        level = 1 + n % 10
        scores = {a: roll("3d6", roller).total for a in Ability}
        max_hp = level * (die // 2 + 1)
        inventory = Inventory.from_catalog([*gear, "rations", "rope", "torch", "torch"])
        inventory.purse.gp = roll("3d6", roller).total * 10
        roster.append(Character(
            name=f"Adventurer {n}", player=f"Player {n % 7}", race="human", class_id=class_id,
            level=level, xp=10 * level * level, scores=AbilityScores.from_bases(scores),
            hp=max_hp, max_hp=max_hp, hit_dice=min(level, 5), inventory=inventory,
            notes="Met the party at the Ember Gate; owes the smith 3 gp." if n % 3 == 0 else ""))
    per = events // encounters
    fights = [EncounterRecord(
        name=f"Encounter {e}", room_dc=10 + e % 6,
        combatants=[c.to_json() for c in (*pc_combatants(roster[4 * e % characters:][:4]),
                                          *monster_combatants(GOBLIN, 2))] if e < fought else [],
        log=[LogEvent(seq=i, round=1 + i // 10, kind="attack",
                      text=f"Adventurer {i % characters} attacks goblin {i % 5}: d20+3 = {i % 23}",
                      data={"natural": 1 + i % 20, "total": i % 23, "damage": i % 9})
             for i in range(per)]) for e in range(encounters)]
    books = [LedgerEntry(at=3600 * n, kind=LedgerKind.WEAPON_REPAIR,
                         description="longsword: 1 notch", cost_cp=150,
                         paid_by=roster[n % characters].id,
                         character_id=roster[n % characters].id) for n in range(ledger)]
    timed = [Timed(kind=TimedKind.INJURY, label="HARD:all (injury)", starts_at=60 * n,
                   ends_on=EndsOn.ANY_REST, character_id=roster[n % characters].id,
                   condition="HARD:all") for n in range(timeline)]
    return Campaign(name="Benchmark", characters=roster, encounters=fights, ledger=books,
                    timeline=timed)


def alternated(sides: dict[str, Callable[[], object]], rounds: int,
               clock: Callable[[], float] = time.perf_counter) -> dict[str, list[float]]:
    """Each side's time in each of ``rounds`` rounds, the sides run in turn within a round, each
    run started from a collected heap.

    In turn, so a neighbour's burst on the shared machine lands on both sides of a ratio rather
    than on one side's whole series. Collected, because without it whichever side runs after
    the other pays for the garbage the other left (a 4 MB document is ~250k objects), which
    swung the orjson baseline between 25 and 70 ms here.
    """
    times: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(rounds):
        for name, fn in sides.items():
            gc.collect()
            start = clock()
            result = fn()
            times[name].append(clock() - start)
            del result  # freeing what was loaded is not part of loading it, on either side
    return times


def spread(values: list[float]) -> tuple[float, float, float]:
    """min, median, max."""
    ordered = sorted(values)
    return ordered[0], statistics.median(ordered), ordered[-1]


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    campaign = make_campaign()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        save(campaign, path)
        raw = path.read_bytes()
        data = orjson.loads(raw)
        plain = Path(folder) / "plain.json"

        def orjson_write() -> None:
            plain.write_bytes(orjson.dumps(data))

        digest = hashlib.sha256(raw).hexdigest()  # what the app records when it saves
        assert load(path) == campaign
        # loads in CPU time: they wait on nothing, and on a shared machine the wall clock
        # times the neighbours too (orjson's 25 ms read anywhere from 25 to 120 here)
        loads = alternated({"base": lambda: orjson.loads(path.read_bytes()),
                            "load": lambda: load(path),
                            "own": lambda: load(path, saved_sha256=digest)},
                           rounds, clock=time.process_time)
        saves = alternated({"base": orjson_write, "save": lambda: save(campaign, path)},
                           rounds)
    example = resource_path("example_campaign.json")
    load_example = alternated({"load": lambda: load(example)}, 31)["load"]

    size_mb = len(raw) / 2**20
    gear = sum(len(list(c.inventory.all_gear())) for c in campaign.characters)
    print(f"campaign: {size_mb:.2f} MB, {len(campaign.characters)} characters carrying "
          f"{gear} pieces of gear, {len(campaign.encounters)} encounters, "
          f"{sum(len(e.log) for e in campaign.encounters)} log events; "
          f"{rounds} alternated rounds, ms as min / median / max")
    rows = [("load", loads["load"], loads["base"], "orjson.loads", 3),
            ("load, saved by the app and untouched", loads["own"], loads["base"],
             "orjson.loads", 3),
            ("save", saves["save"], saves["base"], "orjson.dumps + write", 5)]
    worst = 0.0
    for name, ours, base, label, goal in rows:
        ratios = spread([a / b for a, b in zip(ours, base, strict=True)])
        worst = max(worst, ratios[1] / goal)
        print(f"{name}:\n  emberkeep {_ms(ours)}   {label} {_ms(base)}\n"
              f"  ratio min {ratios[0]:.2f}x  median {ratios[1]:.2f}x  max {ratios[2]:.2f}x"
              f"  (goal: median <= {goal}x)")
    print(f"example campaign ({example.stat().st_size / 1024:.0f} KB) load: "
          f"{_ms(load_example)}")
    return 0 if worst <= 1 else 1


def _ms(times: list[float]) -> str:
    return " / ".join(f"{t * 1000:.1f}" for t in spread(times)) + " ms"


if __name__ == "__main__":
    sys.exit(main())
