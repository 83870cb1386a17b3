"""The character sheet: its widget, models and panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["CharacterSheet"]


def __getattr__(name: str) -> object:
    # The widget loads with the first sheet opened: the main window imports the package for its
    # actions at start-up, and should not wait for every panel (bench/startup.py).
    if name == "CharacterSheet":
        from gui.sheet.widget import CharacterSheet

        return CharacterSheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
