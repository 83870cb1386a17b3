"""A random spell name: two rolled words, in the spirit of the seed's Maze Rats generator.

Furnace: "I generally use the random spell generation for Maze Rats ... I work out the base
spell with the player based on the generated spell's name" (its example: *Ember Swarm*). The
word tables are this project's own (``resources/spell_names.json``): four tables of 36 words, an
element (physical or ethereal) and a form (physical or ethereal). A d4 picks which pair; each
word is a d66 (the first d6 picks a row of six, the second the word in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.dice import Roller
from emberkeep.resources import load_model

__all__ = ["SpellName", "SpellNameTables", "roll_spell_name", "spell_name_tables"]

WORDS_PER_TABLE = 36


class SpellNameTables(BaseModel):
    # built when a name is first rolled (Tools): not at start-up (bench/startup.py)
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    notes: tuple[str, ...] = ()
    patterns: tuple[tuple[str, str], ...] = Field(min_length=4, max_length=4)
    tables: dict[str, tuple[str, ...]]

    @model_validator(mode="after")
    def _tables_are_d66(self) -> SpellNameTables:
        for name, words in self.tables.items():
            if len(words) != WORDS_PER_TABLE or len(set(words)) != WORDS_PER_TABLE:
                raise ValueError(f"{name}: needs {WORDS_PER_TABLE} different words (a d66)")
        for first, second in self.patterns:
            if first not in self.tables or second not in self.tables:
                raise ValueError(f"pattern {first} + {second} names a missing table")
        return self


@cache
def spell_name_tables() -> SpellNameTables:
    return load_model(SpellNameTables, "spell_names.json")


@dataclass(frozen=True, slots=True)
class SpellName:
    name: str
    pattern: tuple[str, str]
    faces: tuple[int, ...]  # the d4, then each word's two d6


def _d66(roller: Roller, words: tuple[str, ...]) -> tuple[str, int, int]:
    row, col = roller.die(6), roller.die(6)
    return words[(row - 1) * 6 + (col - 1)], row, col


def roll_spell_name(roller: Roller) -> SpellName:
    """Roll a pattern (d4) and a word from each of its two tables (d66 each)."""
    tables = spell_name_tables()
    pick = roller.die(4)
    first, second = tables.patterns[pick - 1]
    a, r1, c1 = _d66(roller, tables.tables[first])
    b, r2, c2 = _d66(roller, tables.tables[second])
    return SpellName(f"{a} {b}", (first, second), (pick, r1, c1, r2, c2))
