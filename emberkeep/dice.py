"""Dice: notation, injected rollers and the record every roll leaves behind.

Why our own small parser and not the ``d20`` library: a fight simulation resolves tens of
thousands of attacks through the same engine code, and ``d20`` costs ~25 µs a roll and ~110 ms at
import, against ~1.3 µs for a plain roller. The notation the rules need is small (``NdM±K``, keep
highest/lowest, a plain number), so a cached parse plus ``random.Random`` covers it, and every roll
returns a :class:`RollRecord` the log, the undo stack and the ledger can store as it is.

Rules never call ``random`` themselves: they take a :class:`Roller`. Tests pass a
:class:`ScriptedRoller` (the faces the test expects, in order); play uses a seedable
:class:`RandomRoller`; a GM who rolls a physical die types its face and the rule is given
``typed=`` instead of rolling.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal, Protocol

from emberkeep.records import record

__all__ = [
    "DiceError",
    "DiceExpr",
    "RandomRoller",
    "RollRecord",
    "Roller",
    "ScriptExhausted",
    "ScriptedRoller",
    "parse",
    "roll",
]


class DiceError(ValueError):
    """A dice expression or a typed result that cannot be used, with the reason."""


class ScriptExhausted(DiceError):
    """A scripted roller was asked for more dice than the test supplied."""


class Roller(Protocol):
    """Where faces come from. ``die(6)`` returns a face from 1 to 6."""

    def die(self, sides: int) -> int: ...


class RandomRoller:
    """A seedable pseudo-random roller; the same seed gives the same faces."""

    __slots__ = ("_randint", "_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._randint = self._rng.randint

    def die(self, sides: int) -> int:
        return self._randint(1, sides)


class ScriptedRoller:
    """Returns the given faces in order, checking each fits the die asked for.

    A test states exactly which faces it expects to be rolled, so a rule that rolls the wrong
    die or rolls too often fails loudly instead of passing by luck.
    """

    __slots__ = ("_faces", "asked")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._faces.reverse()
        self.asked: list[int] = []

    def die(self, sides: int) -> int:
        self.asked.append(sides)
        if not self._faces:
            raise ScriptExhausted(f"scripted roller ran out of faces (asked for a d{sides})")
        face = self._faces.pop()
        if not 1 <= face <= sides:
            raise DiceError(f"scripted face {face} cannot come up on a d{sides}")
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces)


Keep = Literal["all", "high", "low"]


@record
class DiceExpr:
    """A parsed expression: ``count`` dice of ``sides`` faces, keep some, add ``modifier``.

    ``sides == 0`` is a constant (``"1"``: a fist's damage), whose value is the modifier.
    """

    count: int
    sides: int
    modifier: int = 0
    keep: Keep = "all"
    keep_n: int = 0

    @property
    def kept_count(self) -> int:
        return self.count if self.keep == "all" else self.keep_n

    @property
    def minimum(self) -> int:
        return self.kept_count + self.modifier if self.sides else self.modifier

    @property
    def maximum(self) -> int:
        return self.kept_count * self.sides + self.modifier

    def __str__(self) -> str:
        if not self.sides:
            return str(self.modifier)
        text = f"{self.count}d{self.sides}"
        if self.keep != "all":
            text += f"k{'h' if self.keep == 'high' else 'l'}{self.keep_n}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


_NOTATION = re.compile(
    r"""^\s*(?:
        (?P<count>\d*)\s*[dD]\s*(?P<sides>\d+)
        (?:\s*[kK](?P<keep>[hHlL]?)\s*(?P<keep_n>\d+))?
        (?:\s*(?P<sign>[+-])\s*(?P<mod>\d+))?
      | (?P<const>[+-]?\d+)
    )\s*$""",
    re.VERBOSE,
)

_MAX_DICE = 1000
_MAX_SIDES = 1000


@lru_cache(maxsize=512)
def parse(text: str) -> DiceExpr:
    """Parse ``NdM±K``, ``NdMkhX`` / ``NdMklX`` (keep highest/lowest), ``dM`` or a plain number."""
    match = _NOTATION.match(text)
    if match is None:
        raise DiceError(f"{text!r} is not dice notation (expected e.g. 3d6, d20+2, 4d6kh3 or 5)")
    if match["const"] is not None:
        return DiceExpr(count=0, sides=0, modifier=int(match["const"]))
    count = int(match["count"]) if match["count"] else 1
    sides = int(match["sides"])
    if not 1 <= count <= _MAX_DICE:
        raise DiceError(f"{text!r}: between 1 and {_MAX_DICE} dice, not {count}")
    if not 2 <= sides <= _MAX_SIDES:
        raise DiceError(f"{text!r}: a die has between 2 and {_MAX_SIDES} sides, not {sides}")
    keep: Keep = "all"
    keep_n = 0
    if match["keep_n"] is not None:
        keep = "low" if match["keep"].lower() == "l" else "high"
        keep_n = int(match["keep_n"])
        if not 1 <= keep_n <= count:
            raise DiceError(f"{text!r}: can keep between 1 and {count} dice, not {keep_n}")
    modifier = int(match["mod"]) if match["mod"] is not None else 0
    if match["sign"] == "-":
        modifier = -modifier
    return DiceExpr(count=count, sides=sides, modifier=modifier, keep=keep, keep_n=keep_n)


@lru_cache(maxsize=512)
def _parsed(text: str) -> tuple[DiceExpr, str]:
    """:func:`parse` with the expression's canonical text (``str(expr)``), which every roll
    records: an expression is immutable, so its text is worked out once, not on every roll."""
    expr = parse(text)
    return expr, str(expr)


@record
class RollRecord:
    """What a roll did: enough for the log to show it and for replay to never roll again.

    ``faces`` are all dice rolled, ``kept`` those that count; ``natural`` is the kept face of a
    single d20 (what crits, fumbles and notches look at), else ``None``. ``modifier`` is the sum of
    the expression's own modifier and any extra ones the rule added. ``typed`` marks a result the
    GM typed in from a physical die.
    """

    expression: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    modifier: int
    total: int
    natural: int | None = None
    typed: bool = False

    @property
    def dice_total(self) -> int:
        return self.total - self.modifier

    def describe(self) -> str:
        """Short text for the log: ``d20+3: [17] +3 = 20``."""
        shown = ", ".join(str(f) for f in self.faces) if self.faces else "—"
        mod = f" {self.modifier:+d}" if self.modifier else ""
        typed = " (typed)" if self.typed else ""
        return f"{self.expression}: [{shown}]{mod} = {self.total}{typed}"


def roll(
    expression: str | DiceExpr,
    roller: Roller,
    *,
    modifier: int = 0,
    typed: int | Iterable[int] | None = None,
) -> RollRecord:
    """Roll ``expression`` with ``roller`` and add ``modifier``.

    ``typed`` takes what the GM read off physical dice instead of rolling: either every face (an
    iterable, one per die) or, for a single die or a plain sum, the dice total as one number.
    A value the dice could not show is refused with a :class:`DiceError`.
    """
    if isinstance(expression, DiceExpr):
        expr = expression
        text = str(expr)
    else:  # hot path (~33 rolls a fight): the parse and its text, both cached
        expr, text = _parsed(expression)
    total_mod = expr.modifier + modifier
    sides = expr.sides
    if not sides:
        return RollRecord(text, (), (), total_mod, total_mod)
    if typed is not None:
        return _typed(expr, text, total_mod, typed)
    count = expr.count
    if count == 1:
        face = roller.die(sides)
        faces: tuple[int, ...] = (face,)
        return RollRecord(text, faces, faces, total_mod, face + total_mod,
                          face if sides == 20 else None)
    die = roller.die
    faces = tuple([die(sides) for _ in range(count)])  # a list is made faster than a generator
    kept = faces if expr.keep == "all" else _keep(expr, faces)
    natural = kept[0] if sides == 20 and len(kept) == 1 else None
    return RollRecord(text, faces, kept, total_mod, sum(kept) + total_mod, natural)


def _keep(expr: DiceExpr, faces: tuple[int, ...]) -> tuple[int, ...]:
    if expr.keep == "all":
        return faces
    ordered = sorted(faces, reverse=expr.keep == "high")
    return tuple(ordered[: expr.keep_n])


def _typed(
    expr: DiceExpr, text: str, total_mod: int, typed: int | Iterable[int]
) -> RollRecord:
    if isinstance(typed, int):
        if expr.count == 1:
            faces: tuple[int, ...] = (typed,)
        elif expr.keep == "all":
            low, high = expr.count, expr.count * expr.sides
            if not low <= typed <= high:
                raise DiceError(f"{text} cannot show {typed} (only {low} to {high})")
            return RollRecord(text, (), (), total_mod, typed + total_mod, None, True)
        else:
            raise DiceError(f"{text} keeps some dice: type every face, not a total")
    else:
        faces = tuple(typed)
    if len(faces) != expr.count:
        raise DiceError(f"{text} rolls {expr.count} dice, {len(faces)} faces were typed")
    for face in faces:
        if not 1 <= face <= expr.sides:
            raise DiceError(f"a d{expr.sides} cannot show {face}")
    kept = _keep(expr, faces)
    natural = kept[0] if expr.sides == 20 and len(kept) == 1 else None
    return RollRecord(text, faces, kept, total_mod, sum(kept) + total_mod, natural, True)
