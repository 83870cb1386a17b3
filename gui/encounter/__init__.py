"""The encounter window (issue #9): run a fight at the table, keyboard first, over the engine.

``install_encounter_tools(window)`` adds the Encounter menu to the main window; the rest of the
package is the session (engine + undo commands), its models, the window and the player view.
"""

from __future__ import annotations

from gui.encounter.tools import EncounterTools, install_encounter_tools

__all__ = ["EncounterTools", "install_encounter_tools"]
