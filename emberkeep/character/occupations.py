"""0-level occupations (DCC's, as Furnace asks): resources/tables/occupations.json, a d50 table.

Each row gives a skill PROF or a tool PROF "appropriate to the Occupation" (Ditch digger -
Athletics, Blacksmith - smith's tools, Beggar - Performance) and one starting item from the gear
catalog: the trade's own tool, or the catalog weapon it fights as ("a smith's hammer (as a mace)").
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from dataclasses import dataclass
from functools import cache

from pydantic import Field, model_validator

from emberkeep.character.skills import Skill, skill_name
from emberkeep.dice import Purpose, Roller, RollRecord
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

__all__ = ["OccupationResult", "OccupationRow", "OccupationTable", "occupation_gives",
           "occupation_table", "roll_occupation"]


class OccupationRow(TableRow):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    skill: Skill | None = None
    tool: str | None = None
    item: str
    item_text: str

    @model_validator(mode="after")
    def _one_proficiency(self) -> "OccupationRow":
        if (self.skill is None) == (self.tool is None):
            raise ValueError(f"occupation {self.id}: give a skill PROF or a tool PROF (one)")
        return self


class OccupationTable(RollTable[OccupationRow]):
    @model_validator(mode="after")
    def _unique_ids(self) -> "OccupationTable":
        ids = [r.id for r in self.rows]
        if len(ids) != len(set(ids)):
            raise ValueError("occupation ids repeat")
        return self

    def by_id(self, occupation_id: str) -> OccupationRow:
        for row in self.rows:
            if row.id == occupation_id:
                return row
        raise ValueError(f"unknown occupation {occupation_id!r}")


@cache
def occupation_table() -> OccupationTable:
    return load_model(OccupationTable, "tables", "occupations.json")


@dataclass(frozen=True, slots=True)
class OccupationResult:
    roll: RollRecord
    row: OccupationRow


def roll_occupation(roller: Roller) -> OccupationResult:
    record, row = occupation_table().roll(roller, purpose=Purpose.OCCUPATION)
    return OccupationResult(record, row)


def occupation_gives(row: OccupationRow) -> tuple[str, str]:
    """What the occupation gives, in words: its PROF ("Medicine", "smith's tools") and its item
    ("a razor (as a dagger)")."""
    proficiency = skill_name(row.skill) if row.skill is not None else str(row.tool)
    return proficiency, row.item_text
