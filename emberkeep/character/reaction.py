"""Meeting NPCs: the reaction roll, 2d6 + CHA on the table in resources/tables/reaction.json."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from pydantic import ConfigDict

from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

__all__ = ["Attitude", "ReactionResult", "ReactionRow", "ReactionTable", "reaction_of",
           "reaction_roll", "reaction_table"]


class Attitude(StrEnum):
    HOSTILE = "hostile"
    UNFRIENDLY = "unfriendly"
    NEUTRAL = "neutral"
    INDIFFERENT = "indifferent"
    HELPFUL = "helpful"


class ReactionRow(TableRow):
    # built when first rolled on or shown: the first window imports this module only through
    # the rules reference, which reads no table at start-up (bench/startup.py)
    model_config = ConfigDict(defer_build=True)

    attitude: Attitude


class ReactionTable(RollTable[ReactionRow]):
    model_config = ConfigDict(defer_build=True)


@cache
def reaction_table() -> ReactionTable:
    return load_model(ReactionTable, "tables", "reaction.json")


@dataclass(frozen=True, slots=True)
class ReactionResult:
    roll: RollRecord
    row: ReactionRow

    @property
    def attitude(self) -> Attitude:
        return self.row.attitude


def reaction_roll(roller: Roller, cha_mod: int) -> ReactionResult:
    """Roll 2d6 + CHA; totals past either end fall in the open rows (2 or less, 12 or more)."""
    record = roll(reaction_table().die, roller, modifier=cha_mod, purpose=Purpose.REACTION)
    return reaction_of(record)


def reaction_of(record: RollRecord) -> ReactionResult:
    """The row a reaction roll already rolled (by the encounter's recorded step) lands on."""
    return ReactionResult(record, reaction_table().lookup(record.total))
