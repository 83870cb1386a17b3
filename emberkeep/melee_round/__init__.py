"""The Melee Round: Pendragon-style knights and the opposed melee round (seed 001, R23-R25,
R32, R33), a resolution a campaign or one encounter can use instead of Furnace's d20 against AC.

The package is pure rules: ``profile`` (the knight on a character's sheet), ``catalog`` (weapons,
horses, armor as data), ``rolls`` (R23 opposed resolution), ``modifiers``, ``phases`` (winner's
and loser's phases), ``tactics`` (evasion, dodging, brawling, ranged, several opponents),
``movement`` (yard by yard), ``experience`` (R32 year-end checks, registered on the clock) and
``engine_bridge`` (the round through the encounter engine's undoable events; its tactic
steps in ``tactic_steps``; each phase in words in ``report``).

This ``__init__`` imports nothing: :mod:`emberkeep.character.model` imports ``profile`` and the
clock imports ``experience``, so importing a submodule must not pull the others in a cycle.
"""
