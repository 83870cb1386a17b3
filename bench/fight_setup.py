"""What the fight benchmarks share: the fighters, a fast counting roller, the bare dice loop.

The fight is the example campaign's four 1st-level characters against six bandits (ROOM DC 12).
"""

from __future__ import annotations

import random

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.model import Character
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.setup import monster_combatants, pc_combatants

__all__ = ["BANDIT", "FastRoller", "bare_loop", "combatants", "party"]

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


def party() -> dict[str, Character]:
    """The example campaign's four 1st-level characters, by id."""
    return {c.id: c for c in build_example_campaign().characters if c.level == 1}


def combatants(characters: dict[str, Character]) -> list[Combatant]:
    return [*pc_combatants(characters.values()), *monster_combatants(BANDIT, 6, position=2)]


def bare_loop(dice: int, seed: int = 2) -> int:
    """Roll ``dice`` d20s with the same roller and nothing else."""
    die = FastRoller(seed).die
    total = 0
    for _ in range(dice):
        total += die(20)
    return total
