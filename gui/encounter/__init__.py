"""The encounter window: run a fight at the table, keyboard first, over the engine.

:class:`EncounterTools` is the main window's part behind the Encounter menu; the rest of the
package is the session (engine + undo commands), its models, the window and the player view.
"""

from __future__ import annotations

from gui.encounter.tools import EncounterTools

__all__ = ["EncounterTools"]
