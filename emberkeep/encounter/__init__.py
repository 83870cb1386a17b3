"""The encounter engine: state + actions → events (issue #4).

Headless and Qt-free: the encounter window, the repair tracker and fight simulations are views
over it. An action resolves into a :class:`~emberkeep.encounter.events.Step`, a list of events
that record *results* (each field's value before and after, the rolls as rolled, the table row
as read). Applying a step mutates the state; reverting it restores the values before, so undo is
cheap and replay never rolls a die or reads a table again.
"""
