"""The character sheet: its widget, models and panels (issue #7)."""

from gui.sheet.widget import CharacterSheet

__all__ = ["CharacterSheet"]
