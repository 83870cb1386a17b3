"""Furnace's combat tables: class crits, the crit die, fumbles, injuries, lingering injuries.

The tables are data (``resources/tables/crit_*.json``, ``fumble*.json``, ``injuries.json``,
``lingering_injuries.json``), transcribed from the seed's appendix ("Crit and Fumble",
"Injuries and Equipment"); this module holds their models, cached loaders and the small
mechanics of picking the right table and die:

- A natural 20 takes maximum DAM and rolls the crit die of the character's level on its class
  table (Furnace, "Class-specific CRIT tables"). Magic-users and 0-levels share the "Crit Table
  for 0-levels and Wizards". The die grows to d20+10 at 10th level, so every crit table is
  checked against ``d20+10`` and ends in an open row ("28+", "27+").
- A natural 1 rolls the fumble die of the armor worn on the fumble table: none d4, light d8,
  heavy d12, and medium d12 like heavy (R31).
- A stabilized character rolls the injuries table (R21), whose 8-13 sends it to lingering
  injuries; its 14-19 keeps the appendix wording ("All CHECKs are HARD until rest") as ``text``
  and the gameplay chapter's disadvantage as ``alt_text`` (R21).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.dice import Purpose, Roller, RollRecord
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow
from emberkeep.tables.effects import Effect
from emberkeep.tables.notation import DiceText

__all__ = [
    "ArmorWeight",
    "CritDieTable",
    "CritKind",
    "CritRow",
    "CritTable",
    "EffectRow",
    "EffectTable",
    "FumbleDieTable",
    "crit_die",
    "crit_kind_for_class",
    "crit_table",
    "crit_table_for_class",
    "fumble_die",
    "fumble_table",
    "injuries_table",
    "lingering_injuries_table",
    "roll_crit",
    "roll_fumble",
]

CritKind = Literal["fighter", "cleric", "rogue", "zero_level"]
ArmorWeight = Literal["none", "light", "medium", "heavy"]


class EffectRow(TableRow):
    """A row with its structured effects.

    A row either lists at least one effect with mechanics, or is marked ``flavour_only`` and
    lists only ``flavour`` notes (fumble 1 "You miss wildly", lingering 17-20 "Minor Scar").
    The effects are the row's classification: mechanical rows are applied by the
    encounter engine (``encounter/crits.py``) effect by effect; a ``flavour_only`` row is text
    the engine only logs, and says why in ``gm_note``.
    ``alt_text`` is an alternative wording for campaigns using advantage and disadvantage (R21).
    """

    effects: list[Effect] = Field(default_factory=list)
    flavour_only: bool = False
    alt_text: str | None = None
    gm_note: str | None = Field(default=None, min_length=1)
    """Why a row is text only (``flavour_only``): the classification's justification
    ("Text-only should be the rare exception, each one justified")."""

    @model_validator(mode="after")
    def _effects_or_flavour(self) -> EffectRow:
        mechanical = [e for e in self.effects if e.kind != "flavour"]
        if self.flavour_only and mechanical:
            raise ValueError(f"row {self.label} is marked flavour-only but has mechanics")
        if not self.flavour_only and not mechanical:
            raise ValueError(f"row {self.label} has no effects; mark it flavour_only if meant")
        return self


class EffectTable(RollTable[EffectRow]):
    """A rolled table whose rows carry effects; ``subject`` is whom they apply to: the foe
    (``target``, crit tables) or the one who rolled (``self``, fumbles and injuries)."""

    subject: Literal["target", "self"]


CritTable = EffectTable
"""The crit tables are effect tables whose subject is the foe."""
CritRow = EffectRow


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CritDieLevel(_Data):
    level: int = Field(ge=0)
    die: DiceText


class CritDieTable(_Data):
    """Level → crit die: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20, 6 d20+2 ... 10 d20+10."""

    id: str
    name: str
    levels: list[CritDieLevel]

    @model_validator(mode="after")
    def _every_level_once(self) -> CritDieTable:
        found = [entry.level for entry in self.levels]
        if found != list(range(len(found))):
            raise ValueError(f"crit die levels must run 0, 1, 2... in order, not {found}")
        return self

    def die_for(self, level: int) -> str:
        if not 0 <= level < len(self.levels):
            raise ValueError(f"no crit die for level {level} (levels 0 to {len(self.levels) - 1})")
        return self.levels[level].die


class FumbleDieEntry(_Data):
    weight: ArmorWeight
    text: str
    die: DiceText


class FumbleDieTable(_Data):
    """Armor weight → fumble die (Furnace's table, plus R31's medium = heavy)."""

    id: str
    name: str
    armor: list[FumbleDieEntry]

    @model_validator(mode="after")
    def _every_weight_once(self) -> FumbleDieTable:
        weights = sorted(entry.weight for entry in self.armor)
        if weights != sorted(("none", "light", "medium", "heavy")):
            raise ValueError(f"fumble dice need none, light, medium and heavy once, not {weights}")
        return self

    def die_for(self, weight: str) -> str:
        for entry in self.armor:
            if entry.weight == weight:
                return entry.die
        raise ValueError(f"unknown armor weight {weight!r} (none, light, medium or heavy)")


_CRIT_FILES: dict[CritKind, str] = {
    "fighter": "crit_fighter.json",
    "cleric": "crit_cleric.json",
    "rogue": "crit_rogue.json",
    "zero_level": "crit_zero_level.json",
}

_CLASS_KINDS: dict[str, CritKind] = {
    "fighter": "fighter",
    "cleric": "cleric",
    "rogue": "rogue",
    "magic_user": "zero_level",
    "magicuser": "zero_level",
    "wizard": "zero_level",
}


@cache
def crit_table(kind: CritKind) -> EffectTable:
    """The crit table of one kind (``zero_level`` is the 0-levels' and Wizards' table)."""
    if kind not in _CRIT_FILES:
        raise ValueError(f"no crit table {kind!r} (fighter, cleric, rogue or zero_level)")
    return load_model(EffectTable, "tables", _CRIT_FILES[kind])


def crit_kind_for_class(class_id: str | None, level: int) -> CritKind:
    """Which crit table a character uses: its class's, or the 0-level table for level 0, no
    class and Magic-users (the appendix: "Crit Table for 0-levels and Wizards")."""
    if class_id is None or level == 0:
        return "zero_level"
    key = class_id.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _CLASS_KINDS:
        raise ValueError(f"no crit table for class {class_id!r}")
    return _CLASS_KINDS[key]


def crit_table_for_class(class_id: str | None, level: int) -> EffectTable:
    return crit_table(crit_kind_for_class(class_id, level))


@cache
def _crit_dice() -> CritDieTable:
    return load_model(CritDieTable, "tables", "crit_die.json")


def crit_die(level: int) -> str:
    """The crit die of a character level, e.g. ``crit_die(6) == "d20+2"``."""
    return _crit_dice().die_for(level)


@cache
def _fumble_dice() -> FumbleDieTable:
    return load_model(FumbleDieTable, "tables", "fumble_die.json")


def fumble_die(armor_weight: str) -> str:
    """The fumble die for the armor worn: ``none``, ``light``, ``medium`` or ``heavy`` (R31)."""
    return _fumble_dice().die_for(armor_weight)


@cache
def fumble_table() -> EffectTable:
    return load_model(EffectTable, "tables", "fumble.json")


@cache
def injuries_table() -> EffectTable:
    return load_model(EffectTable, "tables", "injuries.json")


@cache
def lingering_injuries_table() -> EffectTable:
    return load_model(EffectTable, "tables", "lingering_injuries.json")


def roll_crit(class_id: str | None, level: int,
              roller: Roller) -> tuple[RollRecord, EffectRow]:
    """Roll the level's crit die on the class's crit table."""
    table = crit_table_for_class(class_id, level)
    return table.roll(roller, die=crit_die(level), purpose=Purpose.CRIT)


def roll_fumble(armor_weight: str, roller: Roller) -> tuple[RollRecord, EffectRow]:
    """Roll the armor's fumble die on the fumble table."""
    return fumble_table().roll(roller, die=fumble_die(armor_weight), purpose=Purpose.FUMBLE)
