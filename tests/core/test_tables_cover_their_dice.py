"""Every rolled table shipped in resources/ covers its die: no gaps, no overlaps.

Table files are discovered, not listed, so a table added later is checked too. A table is a JSON
object with ``die`` and ``rows``; each row's ``low``/``high`` must tile the die's range.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ConfigDict, ValidationError

from emberkeep.dice import parse
from emberkeep.resources import resource_dir
from emberkeep.tables.base import RollTable, TableRow


class AnyRow(TableRow):
    model_config = ConfigDict(extra="allow", frozen=True)


class AnyTable(RollTable[AnyRow]):
    """Tables carry their own fields (subject, notes...); only the tiling is checked here."""

    model_config = ConfigDict(extra="allow", frozen=True)


def _rolled_tables() -> list[Path]:
    found = []
    for path in sorted(resource_dir().rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "rows" in data and "die" in data:
            found.append(path)
    return found


TABLES = _rolled_tables()


def test_the_rolled_tables_are_found() -> None:
    names = {p.stem for p in TABLES}
    expected = {"crit_fighter", "crit_cleric", "crit_rogue", "crit_zero_level", "fumble",
                "injuries", "lingering_injuries", "mishap_general", "mishap_fireball",
                "mishap_polymorph", "reaction", "spellcheck", "lay_on_hands", "occupations"}
    assert expected <= names


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_rows_tile_the_die(path: Path) -> None:
    table = AnyTable.model_validate_json(path.read_text(encoding="utf-8"))
    expr = parse(table.die)
    for value in range(expr.minimum, expr.maximum + 1):
        assert sum(row.covers(value) for row in table.rows) == 1, f"{table.id}: {value}"


def _table(rows: list[dict[str, Any]], die: str = "d6") -> AnyTable:
    return AnyTable.model_validate({"id": "t", "name": "T", "die": die, "rows": rows})


def test_a_gap_is_refused() -> None:
    with pytest.raises(ValidationError, match="gap between 1-2 and 4-6"):
        _table([{"low": 1, "high": 2, "text": "a"}, {"low": 4, "high": 6, "text": "b"}])


def test_an_overlap_is_refused() -> None:
    with pytest.raises(ValidationError, match="overlap"):
        _table([{"low": 1, "high": 3, "text": "a"}, {"low": 3, "high": 6, "text": "b"}])


def test_a_short_table_is_refused() -> None:
    with pytest.raises(ValidationError, match="can roll 6"):
        _table([{"low": 1, "high": 5, "text": "a"}])
    with pytest.raises(ValidationError, match="first row starts at 2"):
        _table([{"low": 2, "high": 6, "text": "a"}])


def test_open_ends_take_modified_rolls() -> None:
    table = _table([{"low": None, "high": 2, "text": "low"}, {"low": 3, "high": 11, "text": "mid"},
                    {"low": 12, "high": None, "text": "high"}], die="2d6")
    assert table.lookup(-3).text == "low"
    assert table.lookup(15).text == "high"
