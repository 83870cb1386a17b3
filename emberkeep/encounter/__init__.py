"""The encounter engine: state + actions → events.

Headless and Qt-free: the encounter window, the repair tracker and fight simulations are views
over it. An action resolves into a :class:`~emberkeep.encounter.events.Step`, a list of events
that record *results* (each field's value before and after, the rolls as rolled, the table row
as read). Applying a step mutates the state; reverting it restores the values before, so undo is
cheap and replay never rolls a die or reads a table again.

Where to start reading: ``engine.py`` (the state, the targets, the HP tracks), ``transaction.py``
and ``quiet.py`` (an action's changes, recorded or not), ``hooks.py`` (the points where rules plug
into the engine) and ``rulebook.py`` (Furnace's rules plugged in there); then the rules, each
module one part of them, from the d20 (``d20.py``, ``saves.py``) up to an attack
(``attack.py``), the round's flow (``turns.py``) and the headless fights (``sim.py``).

Importing the package plugs Furnace's rules in (``rulebook``), so no encounter is built
without them.
"""

from emberkeep.encounter import rulebook as _rulebook  # noqa: F401  (plugs the rules in)
