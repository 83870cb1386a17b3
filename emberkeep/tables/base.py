"""A rolled table: rows that each cover a range of the die, checked for gaps and overlaps.

Every shipped table (crits, fumbles, injuries, mishaps, reaction, occupations...) is a
:class:`RollTable` of some row type, so one validator guarantees that whatever the die shows,
exactly one row answers. A row's ``high`` of ``None`` is open-ended ("28+", "12 or more"), a
``low`` of ``None`` likewise ("2 or less"); the die's own range must still be covered.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from emberkeep.dice import DiceExpr, Roller, RollRecord, parse, roll

__all__ = ["RollTable", "TableRow"]


class TableRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    low: int | None
    high: int | None
    text: str

    @model_validator(mode="after")
    def _ordered(self) -> "TableRow":
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"row {self.low}-{self.high} runs backwards")
        return self

    def covers(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    @property
    def label(self) -> str:
        if self.low is None:
            return f"{self.high} or less"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


R = TypeVar("R", bound=TableRow)


class RollTable(BaseModel, Generic[R]):
    """Rows in ascending order; ``die`` is the notation rolled on it (``d20``, ``2d6``...)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    die: str
    rows: list[R]

    @property
    def expr(self) -> DiceExpr:
        return parse(self.die)

    @model_validator(mode="after")
    def _covers_die_without_gaps(self) -> "RollTable[R]":
        if not self.rows:
            raise ValueError(f"table {self.id} has no rows")
        expr = parse(self.die)
        for before, after in zip(self.rows, self.rows[1:], strict=False):
            if before.high is None or after.low is None:
                raise ValueError(f"table {self.id}: only the first row may start open "
                                 f"and only the last may end open ({before.label}, {after.label})")
            if after.low != before.high + 1:
                kind = "gap" if after.low > before.high + 1 else "overlap"
                raise ValueError(
                    f"table {self.id}: {kind} between {before.label} and {after.label}")
        first, last = self.rows[0], self.rows[-1]
        if first.low is not None and first.low > expr.minimum:
            raise ValueError(f"table {self.id}: {self.die} can roll {expr.minimum}, "
                             f"but the first row starts at {first.low}")
        if last.high is not None and last.high < expr.maximum:
            raise ValueError(f"table {self.id}: {self.die} can roll {expr.maximum}, "
                             f"but the last row ends at {last.high}")
        return self

    def lookup(self, value: int) -> R:
        """The row for ``value``; values beyond the ends fall on the first or last row.

        Modified rolls (a crit die of d20+10, a reaction of 2d6-3) may leave the die's range;
        an open-ended row takes them, and a closed end clamps, as a GM reading the table would.
        """
        for row in self.rows:  # ``row.covers(value)``, inline: every SPELLCHECK, crit, injury
            low, high = row.low, row.high
            if (low is None or value >= low) and (high is None or value <= high):
                return row
        return self.rows[0] if self.rows[0].low is not None and value < self.rows[0].low \
            else self.rows[-1]

    def roll(self, roller: Roller, *, die: str | None = None,
             purpose: str | None = None) -> tuple[RollRecord, R]:
        """Roll on the table (``die`` overrides, e.g. a crit die that grows with level);
        ``purpose``: what a GM's typed answer is found by (see ``dice.Typed``)."""
        record = roll(die or self.die, roller, purpose=purpose)
        return record, self.lookup(record.total)
