"""Where the rules plug into the engine.

The engine (``engine.py``, ``transaction.py``, ``quiet.py``) knows no rule by name. At three
points it asks the rules plugged in here, in the order they were plugged in:

- ``hp_lost``: after damage took a combatant's HP (``Encounter.lose_hp``), with its HP before
  and after: R21's dying and R22's death (``dying.hp_lost``).
- ``hp_regained``: after healing raised it (``Encounter.regain_hp``): R21's "any healing
  stabilizes" and waking up (``dying.healed``).
- ``standing_changed``: once an action has set a combatant's HP or ``out``, before its step
  closes, so what the rule changes is part of the same undoable step: the morale prompt
  (``morale.watch``).

A GM's number set by hand (``Encounter.set_hp``, a ruling) is no damage and no healing: no
rule reacts to it. :data:`RULES` holds the rules every new encounter starts with;
``rulebook.py`` plugs Furnace's in, and the package imports it, so no encounter plays without
them. An encounter keeps its own copy (``Encounter.hooks``): a test may plug a rule of its own
into one fight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from emberkeep.encounter.combatant import Combatant
    from emberkeep.encounter.engine import Encounter
    from emberkeep.encounter.transaction import Tx

__all__ = ["RULES", "ActionRule", "Hooks", "HpRule"]

HpRule = Callable[["Encounter", "Tx", "Combatant", int, int], None]
"""A rule told of an HP change: (encounter, the action's transaction, combatant, before, after)."""

ActionRule = Callable[["Encounter", "Tx"], None]
"""A rule told of an action that set a combatant's HP or ``out`` (its transaction still open)."""


class Hooks:
    """The rules plugged in at each point (see the module notes)."""

    __slots__ = ("hp_lost", "hp_regained", "standing_changed")

    def __init__(self, hp_lost: list[HpRule] | None = None,
                 hp_regained: list[HpRule] | None = None,
                 standing_changed: list[ActionRule] | None = None) -> None:
        self.hp_lost: list[HpRule] = list(hp_lost or ())
        self.hp_regained: list[HpRule] = list(hp_regained or ())
        self.standing_changed: list[ActionRule] = list(standing_changed or ())

    def copy(self) -> Hooks:
        return Hooks(self.hp_lost, self.hp_regained, self.standing_changed)


RULES = Hooks()
"""The rules a new encounter starts with (``rulebook.py`` plugs them in)."""
