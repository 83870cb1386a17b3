"""Furnace characters: abilities (R1), races (R2), classes (R3, R4), advancement (R5, R6, R32),
skills, checks and saves (R7), luck dice and rests (R29), the reaction roll, creation, the funnel
of 0-level characters, archetypes as data, and the :class:`~emberkeep.character.model.Character`
sheet.

Import the submodules directly (``emberkeep.character.checks``...): the package itself imports
nothing, so importing one module never drags in the others (nor an import cycle).
"""
