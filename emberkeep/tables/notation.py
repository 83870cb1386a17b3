"""``DiceText``: a field holding dice notation ("1d6", "d20+2"), checked when the data loads.

One annotated type instead of the same ``field_validator`` in every model with a dice field:
a bad cell in a table or catalog fails on load with the dice parser's error (a ValueError).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from emberkeep.dice import parse

__all__ = ["DiceText"]


def _check_dice(value: str) -> str:
    parse(value)  # raises DiceError (a ValueError) on bad notation
    return value


DiceText = Annotated[str, AfterValidator(_check_dice)]
