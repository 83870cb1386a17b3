"""The character sheet: its widget, models and panels."""

from gui.sheet.widget import CharacterSheet

__all__ = ["CharacterSheet"]
