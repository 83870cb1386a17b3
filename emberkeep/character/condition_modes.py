"""A character's ``MODE:key`` conditions (``HARD:all``, ``ADVANTAGE:spellcheck``, R21) as the
EASY/HARD and advantage of one roll, for a combatant and for a sheet alike.

Apart from casting's rules because every CHECK reads it, and a campaign's first load imports
the checks (its effort tasks name a difficulty) long before anyone casts.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.character.difficulty import Difficulty, combine_difficulty
from emberkeep.optional_rules.advantage import Advantage, combine_advantage

__all__ = ["Modes", "condition_modes"]

_DIFFICULTY = {"HARD": Difficulty.HARD, "EASY": Difficulty.EASY}
_ADVANTAGE = {"ADVANTAGE": Advantage.ADVANTAGE, "DISADVANTAGE": Advantage.DISADVANTAGE}

Modes = tuple[Difficulty, Advantage]


def condition_modes(names: Iterable[str], keys: Iterable[str]) -> Modes:
    """EASY/HARD and advantage from ``MODE:key`` conditions whose key is in ``keys`` (``all``
    always counts): R21's "All CHECKs are HARD until rest"."""
    wanted = {"all", *keys}
    found: list[Difficulty] = []
    advantages: list[Advantage] = []
    for name in names:
        mode, sep, what = name.partition(":")
        if not sep or what not in wanted:
            continue
        if mode in _DIFFICULTY:
            found.append(_DIFFICULTY[mode])
        elif mode in _ADVANTAGE:
            advantages.append(_ADVANTAGE[mode])
    return combine_difficulty(*found), combine_advantage(*advantages)
