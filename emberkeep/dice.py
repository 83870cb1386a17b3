"""Dice: notation, injected rollers and the record every roll leaves behind.

Why our own small parser and not the ``d20`` library: a fight simulation resolves tens of
thousands of attacks through the same engine code, and ``d20`` costs ~25 µs a roll and ~110 ms at
import, against ~1.3 µs for a plain roller. The notation the rules need is small (``NdM±K``, keep
highest/lowest, a plain number), so a cached parse plus ``random.Random`` covers it, and every roll
returns a :class:`RollRecord` the log, the undo stack and the ledger can store as it is.

Rules never call ``random`` themselves: they take a :class:`Roller`. Tests pass a
:class:`ScriptedRoller` (the faces the test expects, in order); play uses a seedable
:class:`RandomRoller`.

A GM who rolls a physical die types what it shows. Rules do not take a parameter per die for
that: every roll names its :class:`Purpose`, and a :class:`TypedRoller` (a roller wrapped
around the GM's :class:`Typed` answers) answers the purposes the GM typed and rolls the rest.
So any roll anywhere can take a typed die, and a rule gains no parameter when it gains a die.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Literal, Protocol, TypeAlias

from emberkeep.records import record
from emberkeep.refusal import Refused

__all__ = [
    "Answer",
    "DiceError",
    "DiceExpr",
    "Purpose",
    "RandomRoller",
    "RollRecord",
    "Roller",
    "ScriptExhausted",
    "ScriptedRoller",
    "Typed",
    "TypedRoller",
    "parse",
    "roll",
]


class DiceError(Refused):
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


class Purpose(StrEnum):
    """What a die is rolled for: the key the GM's typed answer is found by.

    The log keeps its own, longer text for each roll (``damage (Longsword)``); a purpose is the
    short name a GM (or the GUI's field for that die) types an answer under.
    """

    ABILITY = "ability"  # 3d6 for a score at creation
    ABILITY_LOSS = "ability loss"  # an injury's lost score points
    ATTACK = "attack"  # the d20 of an attack (or the Melee Round's skill check to strike)
    CHARGES = "charges"  # a magic item's uses a day ("1d4 a day"), when given and at midnight
    CHECK = "check"  # an ability or skill CHECK (grapple, medicine, break free...)
    CHOICE = "choice"  # which of several options a table leaves to a die (where a volley lands)
    CONTEST = "contest"  # an opposed d20 outside a fight
    CRIT = "crit"  # the crit table's die
    CRIT_DAMAGE = "crit damage"  # extra damage a crit row rolls
    DAMAGE = "damage"  # a weapon's or a spell's damage dice
    DODGE = "dodge"
    DAMAGE_REROLL = "damage reroll"  # a feature rerolling some damage dice (1s)
    DURATION = "duration"  # how many rounds an effect lasts
    DYING = "dying"  # rounds to live, and the bleeding d20 whose natural 20 gets up (R21)
    EFFORT = "effort"
    EVADE = "evade"
    EXPERIENCE = "experience"  # the Melee Round's year-end d20 per skill
    EXTRA_DAMAGE = "extra damage"  # dice a feature adds to a blow (HP converted to DAM)
    FALL = "fall"  # damage of a fall
    FUMBLE = "fumble"  # the fumble table's die
    GENTLE_FALL = "gentle fall"  # the DEX check for a gentle fall
    HIT_DIE = "hit die"  # HP at a level, healing from a spent hit die
    INITIATIVE = "initiative"
    INJURY = "injury"
    KNOCKDOWN = "knockdown"
    LINGERING = "lingering injury"
    LUCK = "luck"  # a Luck Die spent, or the luck score rolled at creation
    MISHAP = "mishap"
    MORALE = "morale"
    OCCUPATION = "occupation"
    OFF_HAND = "off-hand"  # the d20 of a second, off-hand attack
    REACTION = "reaction"
    REROLL = "reroll"  # a feature's reroll of an attack (the Chosen One)
    SAVE = "save"
    SPELLCHECK = "spellcheck"
    SURPRISE = "surprise"
    TIMER = "timer"


_PURPOSES = frozenset(Purpose)

Answer: TypeAlias = int | tuple[int, ...]
"""One typed roll: the total (or a single die's face), or every face of the roll as a tuple."""

Answers: TypeAlias = Answer | Sequence[Answer | Sequence[int]]
"""One answer, or a list of them taken in order by a purpose rolled several times."""

Key: TypeAlias = str | tuple[str, str]
"""A purpose, or ``(purpose, who)`` for one of several who roll for the same purpose."""


def _answer(value: object) -> Answer:
    if isinstance(value, bool) or not isinstance(value, (int, Sequence)):
        raise DiceError(f"{value!r} is not a typed die (a number, or the faces of one roll)")
    if isinstance(value, int):
        return value
    faces = tuple(value)
    if not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        raise DiceError(f"{value!r} is not a typed die (a number, or the faces of one roll)")
    return faces


class Typed:
    """What the GM read off physical dice for one action, by purpose.

    ``Typed({"attack": 17, "damage": [7, 4]})``: the attack's d20 showed 17, the first damage
    roll totals 7 and the second (an off-hand blow's) 4. A list is a queue a purpose rolled several
    times takes in order; a tuple is every face of one roll (``"damage": (3, 4)`` for 2d6). A key
    ``(purpose, who)`` answers only that roller (``("initiative", "party")``) and is asked
    before the plain purpose. A purpose with no answer left is rolled.
    """

    __slots__ = ("_outer", "_queues")

    def __init__(self, answers: Mapping[Key, Answers] | None = None) -> None:
        self._queues: dict[Key, deque[Answer]] = {}
        self._outer: Typed | None = None
        for key, value in (answers or {}).items():
            self.add(key, value)

    def over(self, outer: Typed) -> Typed:
        """These answers first, then ``outer``'s for what they leave out: a panel's own dice
        (the attack's d20) inside a step that the GM's typed-dice entry also answers (a crit
        die). The queues are shared, so an answer used here is used there."""
        chained = Typed()
        chained._queues = self._queues
        chained._outer = outer
        return chained

    def add(self, key: Key, value: Answers) -> Typed:
        """Queue ``value`` (one answer, or a list of them) behind ``key``'s earlier answers."""
        purpose = key if isinstance(key, str) else key[0]
        if purpose not in _PURPOSES:
            raise DiceError(f"no die is rolled for {purpose!r}; the purposes are "
                            + ", ".join(sorted(_PURPOSES)))
        answers = [_answer(v) for v in value] if isinstance(value, list) else [_answer(value)]
        self._queues.setdefault(key, deque()).extend(answers)
        return self

    def peek(self, purpose: str, who: str | None = None) -> tuple[Key, Answer] | None:
        """The next answer for ``purpose`` rolled by ``who``, left in place."""
        queues = self._queues
        if who is not None:
            queue = queues.get((purpose, who))
            if queue:
                return (purpose, who), queue[0]
        queue = queues.get(purpose)
        if queue:
            return purpose, queue[0]
        if self._outer is not None:
            return self._outer.peek(purpose, who)
        return None

    def take(self, key: Key) -> None:
        """Use up the answer :meth:`peek` found under ``key``."""
        queue = self._queues.get(key)
        if queue:
            queue.popleft()
        elif self._outer is not None:
            self._outer.take(key)
        else:
            raise KeyError(key)

    def unused(self) -> dict[Key, list[Answer]]:
        """The answers no roll asked for (a crit die typed for an attack that missed)."""
        return {k: list(q) for k, q in self._queues.items() if q}

    def __bool__(self) -> bool:
        return any(self._queues.values())

    def __repr__(self) -> str:
        return f"Typed({self.unused()!r})"


class TypedRoller:
    """A roller that answers the purposes the GM typed and rolls the rest with ``base``."""

    __slots__ = ("base", "typed")
    base: Roller
    typed: Typed

    def __init__(self, base: Roller, typed: Typed | Mapping[Key, Answers] | None = None) -> None:
        if isinstance(base, TypedRoller):  # a nested block answers alone, over the same dice
            base = base.base
        self.base = base
        self.typed = typed if isinstance(typed, Typed) else Typed(typed)

    def die(self, sides: int) -> int:
        return self.base.die(sides)


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


_SPECS: dict[str, tuple[DiceExpr, str, int, int, int]] = {}
_MAX_SPECS = 512  # the rules roll a few dozen expressions; a GM's typing can add more


def _spec(text: str) -> tuple[DiceExpr, str, int, int, int]:
    """The parse of ``text`` and what :func:`roll` reads of it (canonical text, count, sides,
    modifier), kept in a plain dict: an expression is immutable, and a dict lookup is the
    cheapest way back to it (this runs once per new text, then never)."""
    expr, canonical = _parsed(text)  # refuses bad notation before anything is kept
    if len(_SPECS) >= _MAX_SPECS:
        _SPECS.clear()
    spec = _SPECS[text] = (expr, canonical, expr.count, expr.sides, expr.modifier)
    return spec


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
    purpose: str | None = None,
    who: str | None = None,
) -> RollRecord:
    """Roll ``expression`` with ``roller`` and add ``modifier``.

    When ``roller`` is a :class:`TypedRoller` holding an answer for ``purpose`` (rolled by
    ``who``), that answer is the roll instead: every face, or for a single die (or the kept die
    of advantage) its face, or for a plain sum of dice the total. A value the dice could not
    show is refused with a :class:`DiceError` and the answer is left unused.
    """
    if type(expression) is str:
        # Hot path (~33 rolls a fight): what a roll reads of the expression, kept by its text
        spec = _SPECS.get(expression)
        if spec is None:
            spec = _spec(expression)
        expr, text, count, sides, total_mod = spec
    else:
        expr = expression if isinstance(expression, DiceExpr) else parse(expression)
        text, count, sides, total_mod = str(expr), expr.count, expr.sides, expr.modifier
    total_mod += modifier
    if not sides:
        return RollRecord(text, (), (), total_mod, total_mod)
    if type(roller) is TypedRoller and purpose is not None:
        found = roller.typed.peek(purpose, who)
        if found is not None:
            record = _typed(expr, text, total_mod, found[1])
            roller.typed.take(found[0])
            return record
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


def _typed(expr: DiceExpr, text: str, total_mod: int, typed: Answer) -> RollRecord:
    if isinstance(typed, int):
        if expr.count == 1:
            faces: tuple[int, ...] = (typed,)
        elif expr.keep_n == 1:  # advantage: the one die that counts, so every die shows it
            faces = (typed,) * expr.count
        elif expr.keep == "all":
            low, high = expr.count, expr.count * expr.sides
            if not low <= typed <= high:
                raise DiceError(f"{text} cannot show {typed} (only {low} to {high})")
            return RollRecord(text, (), (), total_mod, typed + total_mod, None, True)
        else:
            raise DiceError(f"{text} keeps some dice: type every face, not a total")
    else:
        faces = typed
    if len(faces) != expr.count:
        raise DiceError(f"{text} rolls {expr.count} dice, {len(faces)} faces were typed")
    for face in faces:
        if not 1 <= face <= expr.sides:
            raise DiceError(f"a d{expr.sides} cannot show {face}")
    kept = _keep(expr, faces)
    natural = kept[0] if expr.sides == 20 and len(kept) == 1 else None
    return RollRecord(text, faces, kept, total_mod, sum(kept) + total_mod, natural, True)
