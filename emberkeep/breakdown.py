"""A number as the sum of its labelled parts, so a number can say where it comes from.

A rule that computes a number the GM reads (AC, an ATK, a SAVE, the load) builds a
:class:`Breakdown`: each part is what the GM would name ("chain mail", "1 dent", "Rage
(Barbarian)") with its amount and the ruling that settles it, and the total is the sum of the
parts by construction. The function that returns the bare number returns the breakdown's
total, so a sheet, an encounter and an explanation can never disagree.

This module imports nothing from the rules: every layer of the core may use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["Breakdown", "Part", "signed"]


class Part(NamedTuple):
    """One addend: its label in the GM's words, its amount, and the ruling behind it (if one
    settles it). A tuple, not a dataclass: the engine builds a few per attack in simulated
    fights, and a tuple is the cheapest object Python makes."""

    label: str
    amount: int
    ruling: int | None = None


def signed(amount: int) -> str:
    """``+2``, ``−1`` (a true minus sign, as the sheet prints), ``+0``."""
    return f"−{-amount}" if amount < 0 else f"+{amount}"


class Breakdown:
    """A total and the parts it is the sum of (``total == sum(parts)``, always).

    Immutable: the parts are a tuple and the total is computed once, from them."""

    __slots__ = ("parts", "total")

    parts: tuple[Part, ...]
    total: int

    def __init__(self, parts: Iterable[Part] = ()) -> None:
        kept = tuple(parts)
        object.__setattr__(self, "parts", kept)
        object.__setattr__(self, "total", sum(p.amount for p in kept))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Breakdown is immutable ({name})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Breakdown) and other.parts == self.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"Breakdown({self.total}, {list(self.parts)!r})"

    def plus(self, *parts: Part) -> Breakdown:
        """This breakdown with ``parts`` added after its own."""
        return Breakdown((*self.parts, *parts))

    def rulings(self) -> tuple[int, ...]:
        """The rulings the parts cite, each once, in order."""
        seen: dict[int, None] = {}
        for part in self.parts:
            if part.ruling is not None:
                seen.setdefault(part.ruling, None)
        return tuple(seen)

    def text(self, *, bonus: bool = False) -> str:
        """``15 = chain mail 16 + 2 shield − 1 dent (R15)``: the total, then each part with its
        ruling. The first part reads as a base (``chain mail 16``), or signed when the number is
        a bonus added to a die (``+3 = STR +1 + 2 PROF``)."""
        words: list[str] = []
        for index, part in enumerate(self.parts):
            cite = f" (R{part.ruling})" if part.ruling is not None else ""
            if index == 0:
                amount = signed(part.amount) if bonus or part.amount < 0 else str(part.amount)
                words.append(f"{part.label} {amount}{cite}")
            else:
                sign = "−" if part.amount < 0 else "+"
                words.append(f"{sign} {abs(part.amount)} {part.label}{cite}")
        total = signed(self.total) if bonus or self.total < 0 else str(self.total)
        return f"{total} = {' '.join(words) if words else 'nothing'}"
