"""Furnace's rules that plug into the engine (see :mod:`emberkeep.encounter.hooks`), in one place.

- ``hp_lost``: R21 dying and R22 death (``dying.hp_lost``).
- ``hp_regained``: R21, any healing stabilizes the dying and wakes the stabilized
  (``dying.healed``).
- ``standing_changed``: morale checks prompted at OSE's moments (``morale.watch``).

The package imports this module (``emberkeep/encounter/__init__.py``), so the rules are in
:data:`~emberkeep.encounter.hooks.RULES` before any encounter is built.
"""

from __future__ import annotations

from emberkeep.encounter.dying import healed, hp_lost
from emberkeep.encounter.hooks import RULES
from emberkeep.encounter.morale import watch

__all__: list[str] = []

RULES.hp_lost.append(hp_lost)
RULES.hp_regained.append(healed)
RULES.standing_changed.append(watch)
