"""Seeded simulated fights written as plain text, one line a step: the golden record that
speed work on the engine must leave unchanged.

Each line is ``actor | action | summary | sets | dice`` with every character id, gear uid and
combatant id replaced by its name, so the file reads as a fight log. Regenerate it (only when
a rule change is meant to change fights) with::

    uv run python -m tests.core.fight_trace > tests/files/sim_fights_golden.txt
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled, Set
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight

BANDIT = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")
FIGHTS_PER_MODE = 12


class _Roller:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def die(self, sides: int) -> int:
        return int(self._random() * sides) + 1


def trace_lines() -> Iterator[str]:
    for mode in (InitiativeMode.GROUP, InitiativeMode.SIMULTANEOUS, InitiativeMode.SEGMENTS):
        party = [c for c in build_example_campaign().characters if c.level == 1]
        characters = {c.id: c for c in party}
        names = {c.id: c.name for c in party}
        for c in party:
            names.update((g.uid, g.name) for g in c.inventory.all_gear())
        roller = _Roller(7)
        settings = CampaignSettings()
        for number in range(1, FIGHTS_PER_MODE + 1):
            combatants = [*pc_combatants(party), *monster_combatants(BANDIT, 6, position=2)]
            names.update((c.id, c.name) for c in combatants)
            enc = Encounter(combatants, characters, roller, room_dc=12, mode=mode,
                            settings=settings)
            result = run_fight(enc)
            yield f"# {mode.value} fight {number}: {result.winner} after {result.rounds} rounds"
            for step in enc.history:
                sets = sum(1 for e in step.events if type(e) is Set)
                dice = [f for e in step.events if type(e) is Rolled for f in e.record.faces]
                text = f"{step.actor} | {step.action} | {step.summary} | {sets} | {dice}"
                for key in sorted(names, key=len, reverse=True):
                    text = text.replace(key, names[key])
                yield text
            for step in reversed(enc.history):
                enc.revert(step)


if __name__ == "__main__":
    sys.stdout.write("\n".join(trace_lines()) + "\n")
