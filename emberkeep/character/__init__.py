"""Furnace characters: abilities (R1), races (R2), classes (R3, R4), advancement (R5, R6, R32),
skills, checks and saves (R7), luck dice and rests (R29), the reaction roll, creation, the funnel
of 0-level characters, archetypes as data, and the :class:`Character` sheet.

Import the submodules directly (``emberkeep.character.checks``...); this package re-exports only
the names most callers need.
"""

from __future__ import annotations

from emberkeep.character.abilities import ABILITIES, Ability, AbilityScore, AbilityScores, modifier
from emberkeep.character.checks import CheckResult, Difficulty
from emberkeep.character.model import Character
from emberkeep.character.skills import SKILL_ABILITY, Skill

__all__ = [
    "ABILITIES",
    "SKILL_ABILITY",
    "Ability",
    "AbilityScore",
    "AbilityScores",
    "Character",
    "CheckResult",
    "Difficulty",
    "Skill",
    "modifier",
]
