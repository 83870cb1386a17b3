"""The Melee Round: Pendragon-style knights and the opposed melee round (seed 001, R23-R25,
R32, R33), a resolution a campaign or one encounter can use instead of Furnace's d20 against AC.

The package is pure rules: ``catalog`` (weapons, horses, armor as data), ``rolls`` (R23
opposed resolution), ``modifiers``, ``phases`` (winner's and loser's phases), ``tactics``
(evasion, dodging, brawling, ranged, several opponents), ``movement`` (yard by yard) and
``engine_bridge`` (the round through the encounter engine's undoable events; its tactic
steps in ``tactic_steps``; each phase in words in ``report``).

It is the top layer of the core: what lower layers keep of it lives with them, so a campaign
loads and its fights rebuild without this package. The knight on a character's sheet and its
R32 year-end checks are :mod:`emberkeep.character.knight` (the clock rolls them); an R33 monster
is :class:`emberkeep.encounter.combatant.MeleeMonster`.
"""
