"""Campaign operations: the one way anything changes a campaign.

An operation (:class:`Executable`) is run once, on the live campaign, and hands back its result
and an :class:`Undoable`: what it did, kept so that undo and redo only write values and never run
the rules (or roll) again. Every undoable names, as a :class:`~emberkeep.campaign.changes.
Change`, the parts it touched, so each view redraws only those. The app's one undo command
(``gui.commands.CampaignCommand``) holds one of each; nothing else writes into a campaign.

- :class:`Operation`: any function of the campaign, run under the recorder
  (:func:`emberkeep.campaign.recorder.run_recorded`), which diffs the parts its scope names;
- :class:`Prepared`: an operation already run once and taken back (a preview), applied as it
  was, rolls included;
- a fight's actions and setup (``emberkeep.encounter.fight``): the engine's own steps, which
  carry their values before and after.

A refusal is :class:`Refused` (a ``ValueError`` or ``KeyError`` of the rules reads the same
way): the campaign is left exactly as it was and the reason is the GM's to read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from emberkeep.campaign.changes import NOTHING, Change
from emberkeep.campaign.recorder import run_recorded
from emberkeep.campaign.scope import EVERYTHING, Scope
from emberkeep.refusal import Refused

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign
    from emberkeep.campaign.steps import Rows

__all__ = ["Composite", "Executable", "Operation", "Prepared", "Refused", "Undoable", "refusal"]

T_co = TypeVar("T_co", covariant=True)
T = TypeVar("T")


def refusal(exc: BaseException) -> Refused | None:
    """``exc`` as the rules' refusal, or None when it is a bug (which must not be swallowed)."""
    if isinstance(exc, Refused):
        return exc
    if isinstance(exc, KeyError):  # its str() is the repr of its argument: unwrap it
        return Refused(str(exc.args[0]) if exc.args else "not found")
    if isinstance(exc, ValueError):
        return Refused(str(exc))
    return None




@dataclass(frozen=True, slots=True)
class Operation(Generic[T_co]):
    """One change to a campaign, run once under the recorder and undone from what it recorded.

    ``run`` raises :class:`Refused` (or ``ValueError``/``KeyError``, read the same way) when the
    rules refuse it. ``scope`` is a fixed :class:`Scope` or a function of the campaign as it is
    just before ``run``.
    """

    text: str
    run: Callable[[Campaign], T_co]
    scope: Scope | Callable[[Campaign], Scope] = EVERYTHING

    def scope_of(self, campaign: Campaign) -> Scope:
        return self.scope if isinstance(self.scope, Scope) else self.scope(campaign)

    def execute(self, campaign: Campaign) -> tuple[T_co, Undoable]:
        return run_recorded(campaign, self.run, self.scope_of(campaign))


class Undoable(Protocol):
    """What an operation did: redo writes it again, undo takes it back; each says what changed.
    ``rows`` tells item models of rows coming and going (the roster)."""

    @property
    def change(self) -> Change: ...

    def redo(self, campaign: Campaign, rows: Rows = ...) -> Change: ...

    def undo(self, campaign: Campaign, rows: Rows = ...) -> Change: ...


class Executable(Protocol[T_co]):
    """Anything the undo command can run once: its words for the undo menu, and the run."""

    @property
    def text(self) -> str: ...

    def execute(self, campaign: Campaign) -> tuple[T_co, Undoable]: ...


@dataclass(frozen=True, slots=True)
class Prepared(Generic[T_co]):
    """An operation run once and taken back (a preview): executing it writes exactly what the
    preview showed, rolls included, and runs no rule again."""

    text: str
    result: T_co
    done: Undoable

    def execute(self, campaign: Campaign) -> tuple[T_co, Undoable]:
        self.done.redo(campaign)
        return self.result, self.done


@dataclass(frozen=True, slots=True)
class Composite:
    """Several undoables as one: redone in order, undone in reverse (a blow that ends a fight
    and the fight's time going on the clock)."""

    parts: tuple[Undoable, ...]

    @property
    def change(self) -> Change:
        return _joined(p.change for p in self.parts)

    def redo(self, campaign: Campaign, rows: Any = None) -> Change:
        return _joined(p.redo(campaign, *_rows(rows)) for p in self.parts)

    def undo(self, campaign: Campaign, rows: Any = None) -> Change:
        return _joined(p.undo(campaign, *_rows(rows)) for p in reversed(self.parts))

    def __bool__(self) -> bool:
        return any(bool(p) for p in self.parts)


def _rows(rows: Any) -> tuple[Any, ...]:
    return () if rows is None else (rows,)


def _joined(changes: Iterable[Change]) -> Change:
    total = NOTHING
    for change in changes:
        total = total | change
    return total
