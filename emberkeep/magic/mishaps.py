"""Magical mishaps (R8): what a Magic-user's natural 1 on a SPELLCHECK sets off.

The General Mishap table is a d20; a spell may have its own d6 table instead (the seed's
Fireball and Polymorph tables). Rows keep the seed's wording in ``text``; ``save`` names the
SAVE the row asks for, if any (the Fireball row's "WISE SAVE" is read as WIS), and
``success_level_die`` is set where the row says "roll d6 for Success Level": that die is rolled
with the mishap, so the log shows the level the stray spell lands at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import ConfigDict

from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.magic.spell_effects import SpellEffect
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

__all__ = [
    "GENERAL_MISHAP_TABLE",
    "MISHAP_TABLES",
    "MishapResult",
    "MishapRow",
    "MishapTable",
    "SaveAbility",
    "load_mishap_table",
    "roll_mishap",
]

SaveAbility = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]

GENERAL_MISHAP_TABLE = "mishap_general"
MISHAP_TABLES: tuple[str, ...] = (GENERAL_MISHAP_TABLE, "mishap_fireball", "mishap_polymorph")
_TABLE_ID = re.compile(r"mishap_[a-z0-9_]+")


class MishapRow(TableRow):
    # built when first rolled on: no table of this module is read at start-up (bench/startup.py)
    model_config = ConfigDict(defer_build=True)

    save: SaveAbility | None = None
    success_level_die: str | None = None
    effects: tuple[SpellEffect, ...] = ()  # what the row does, typed


class MishapTable(RollTable[MishapRow]):
    """A mishap table: a RollTable of :class:`MishapRow`."""

    model_config = ConfigDict(defer_build=True)


@cache
def load_mishap_table(table_id: str) -> MishapTable:
    """Load ``resources/tables/<table_id>.json`` once.

    The shipped tables are :data:`MISHAP_TABLES`; a GM may add ``mishap_<name>.json`` for a
    spell of their own, so any id of that shape is accepted (and nothing else: it is a file name).
    """
    if _TABLE_ID.fullmatch(table_id) is None:
        raise KeyError(f"{table_id!r} is not a mishap table id (mishap_<lowercase name>)")
    table = load_model(MishapTable, "tables", f"{table_id}.json")
    if table.id != table_id:
        raise ValueError(f"{table_id}.json holds table {table.id!r}")
    return table


@dataclass(frozen=True, slots=True)
class MishapResult:
    """A rolled mishap: the table, its roll and row, and the Success Level die if the row asks."""

    table_id: str
    record: RollRecord
    row: MishapRow
    success_level: RollRecord | None = None


def roll_mishap(roller: Roller, table_id: str | None = None) -> MishapResult:
    """Roll on ``table_id`` (the spell's own table) or, without one, the General Mishap table."""
    table = load_mishap_table(table_id or GENERAL_MISHAP_TABLE)
    record, row = table.roll(roller, purpose=Purpose.MISHAP)
    level = roll(row.success_level_die, roller, purpose=Purpose.MISHAP) \
        if row.success_level_die else None
    return MishapResult(table.id, record, row, level)
