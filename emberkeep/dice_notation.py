"""The dice tray's notation: sums of dice terms and arithmetic with constants.

The rules roll one term at a time (``d20+3``, ``4d6kh3``) through :func:`emberkeep.dice.roll`; a GM
at the tray types more: ``1d8+1d6+2``, ``d%``, ``4d6dl1`` (drop the lowest), ``(2d6+1)*2``. This
module parses that into a small tree and rolls every dice term with :func:`emberkeep.dice.roll`,
so each die still comes from the injected (or typed) roller and leaves a :class:`RollRecord`.

Grammar (spaces ignored, case-insensitive)::

    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/") unary)*
    unary   := "-" unary | atom
    atom    := NUMBER | dice | "(" sum ")"
    dice    := [COUNT] "d" (SIDES | "%") [("kh"|"kl"|"k"|"dh"|"dl"|"d") N]

``/`` divides rounding down, as the rules' halves do (R12's "rounded down"). ``d%`` is a d100.
Dropping N dice is keeping the others, so ``4d6dl1`` rolls as ``4d6kh3``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TypeAlias

from emberkeep.dice import DiceError, DiceExpr, Keep, Roller, RollRecord, parse, roll

__all__ = ["NotationRoll", "Term", "dropped_faces", "parse_notation", "roll_notation"]

_MAX_TERMS = 50

_TOKEN = re.compile(
    r"\s*(?:(?P<dice>\d*[dD](?:\d+|%)(?:[kKdD][hHlL]?\d+)?)|(?P<num>\d+)|(?P<op>[-+*/()]))")
_DICE = re.compile(r"(?P<count>\d*)[dD](?P<sides>\d+|%)(?:(?P<kind>[kKdD])(?P<hl>[hHlL]?)"
                   r"(?P<n>\d+))?$")


@dataclass(frozen=True)
class _Const:
    value: int


@dataclass(frozen=True)
class _Dice:
    expr: DiceExpr
    text: str  # as the GM wrote it (``4d6dl1``), shown in the result


@dataclass(frozen=True)
class _Neg:
    operand: Term


@dataclass(frozen=True)
class _BinOp:
    op: str
    left: Term
    right: Term


Term: TypeAlias = _Const | _Dice | _Neg | _BinOp


def _dice_term(text: str, whole: str) -> _Dice:
    match = _DICE.match(text)
    if match is None:  # pragma: no cover - the tokenizer only passes what _DICE reads
        raise DiceError(f"{whole!r}: {text!r} is not a dice term")
    count = int(match["count"]) if match["count"] else 1
    sides = "100" if match["sides"] == "%" else match["sides"]
    base = parse(f"{count}d{sides}")  # the core's limits on counts and sides, and its errors
    if match["kind"] is None:
        return _Dice(base, text)
    n = int(match["n"])
    hl = match["hl"].lower()
    keep: Keep
    if match["kind"].lower() == "k":
        keep, keep_n = ("low" if hl == "l" else "high"), n
        if not 1 <= n <= count:
            raise DiceError(f"{text!r}: can keep between 1 and {count} dice, not {n}")
    else:  # drop N: keep the others, from the other end ("d" alone drops the lowest)
        keep, keep_n = ("low" if hl == "h" else "high"), count - n
        if not 1 <= n < count:
            raise DiceError(f"{text!r}: can drop between 1 and {count - 1} of {count} dice, "
                            f"not {n}")
    return _Dice(DiceExpr(count=count, sides=base.sides, keep=keep, keep_n=keep_n), text)


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    position = 0
    stripped = text.rstrip()
    while position < len(stripped):
        match = _TOKEN.match(stripped, position)
        if match is None or match.end() == position:
            bad = stripped[position:].strip()
            raise DiceError(f"{text.strip()!r} is not dice notation: cannot read {bad[:12]!r} "
                            "(expected e.g. 3d6, 1d8+1d6+2, d%, 4d6dl1, 4d6kh3, 2d6*2)")
        tokens.append(match.group(0).strip())
        position = match.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.tokens = _tokens(text)
        self.at = 0
        self.dice_terms = 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise DiceError(f"{self.text!r} ends too soon: a number or dice must follow")
        self.at += 1
        return token

    def sum(self) -> Term:
        term = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()
            term = _BinOp(op, term, self.product())
        return term

    def product(self) -> Term:
        term = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            term = _BinOp(op, term, self.unary())
        return term

    def unary(self) -> Term:
        if self.peek() == "-":
            self.take()
            return _Neg(self.unary())
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.atom()

    def atom(self) -> Term:
        token = self.take()
        if token == "(":
            inner = self.sum()
            if self.peek() != ")":
                raise DiceError(f"{self.text!r}: a '(' is not closed")
            self.take()
            return inner
        if token.isdigit():
            return _Const(int(token))
        if token[0].isdigit() or token[0] in "dD":
            self.dice_terms += 1
            if self.dice_terms > _MAX_TERMS:
                raise DiceError(f"{self.text!r}: at most {_MAX_TERMS} dice terms")
            return _dice_term(token, self.text)
        raise DiceError(f"{self.text!r}: {token!r} cannot stand here; a number or dice must")


def parse_notation(text: str) -> Term:
    """Parse the tray's notation into a term tree, or raise :class:`DiceError` saying why."""
    if not text.strip():
        raise DiceError("type some dice, e.g. 3d6 or 1d8+1d6+2")
    parser = _Parser(text)
    term = parser.sum()
    rest = parser.peek()
    if rest is not None:
        raise DiceError(f"{parser.text!r}: unexpected {rest!r} after a complete expression")
    return term


def dropped_faces(record: RollRecord) -> tuple[int, ...]:
    """The faces a keep/drop roll left out (``4d6dl1`` rolling 6, 4, 3, 1 drops the 1)."""
    left = Counter(record.faces)
    left.subtract(record.kept)
    return tuple(sorted(left.elements()))


@dataclass(frozen=True)
class NotationRoll:
    """One roll of the tray's notation: the total and each dice term's record, in order."""

    text: str
    total: int
    dice: tuple[tuple[str, RollRecord], ...]  # (the term as typed, its record)

    @property
    def natural(self) -> int | None:
        """The natural d20 when the roll is one d20 term (advantage included), else None."""
        return self.dice[0][1].natural if len(self.dice) == 1 else None

    @property
    def dropped(self) -> tuple[int, ...]:
        return tuple(f for _, r in self.dice for f in dropped_faces(r))

    def describe(self) -> str:
        """``4d6dl1+2: 4d6dl1 [6, 4, 3, (1 dropped)] = 15``: every face, the dropped marked."""
        parts = []
        for text, record in self.dice:
            faces = [str(f) for f in record.kept]
            faces += [f"({f} dropped)" for f in dropped_faces(record)]
            shown = ", ".join(faces) if faces else f"{record.total} typed"
            parts.append(f"{text} [{shown}]")
        return f"{self.text}: {' '.join(parts) if parts else 'no dice'} = {self.total}"


def _evaluate(term: Term, roller: Roller, purpose: str | None,
              out: list[tuple[str, RollRecord]]) -> int:
    if isinstance(term, _Const):
        return term.value
    if isinstance(term, _Dice):
        record = roll(term.expr, roller, purpose=purpose)
        out.append((term.text, record))
        return record.total
    if isinstance(term, _Neg):
        return -_evaluate(term.operand, roller, purpose, out)
    left = _evaluate(term.left, roller, purpose, out)
    right = _evaluate(term.right, roller, purpose, out)
    if term.op == "+":
        return left + right
    if term.op == "-":
        return left - right
    if term.op == "*":
        return left * right
    if right == 0:
        raise DiceError("cannot divide by 0")
    return left // right


def roll_notation(text: str, roller: Roller, *, modifier: int = 0,
                  purpose: str | None = None) -> NotationRoll:
    """Parse and roll ``text`` (plus ``modifier``), every die through ``roller``."""
    term = parse_notation(text)
    dice: list[tuple[str, RollRecord]] = []
    total = _evaluate(term, roller, purpose, dice) + modifier
    shown = " ".join(text.split())
    if modifier:
        shown = f"{shown} {modifier:+d}"
    return NotationRoll(shown, total, tuple(dice))
