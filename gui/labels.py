"""How a character's race, class, occupation and knight HP read in the app.

Shared by the roster, the sheet, the new-character wizard, the printed sheet, the clock and the
repairs table, so a name reads the same everywhere. R39: a knight's own HP is always labelled as
the Melee Round's, so it is never read as the sheet's (Furnace) HP.
"""

from __future__ import annotations

from emberkeep.character.catalog import Catalog
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character

__all__ = ["KNIGHT_HP_LABEL", "class_name", "knight_hp_text", "occupation_name", "race_name"]

KNIGHT_HP_LABEL = "Knight HP (Melee Round)"


def knight_hp_text(knight: KnightProfile) -> str:
    """R39: "Knight HP (Melee Round) 23 / 28", the knight's own track labelled as such."""
    return f"{KNIGHT_HP_LABEL} {knight.hp} / {knight.max_hp}"


def race_name(character: Character, catalog: Catalog) -> str:
    try:
        return catalog.race(character.race).name  # the campaign's own races too
    except Exception:  # an unknown id from a hand-edited file: show it as written
        return character.race


def class_name(character: Character) -> str:
    if character.class_id is None:
        return "0-level"
    try:
        cls = character.class_def
    except Exception:
        return character.class_id
    return cls.name if cls is not None else character.class_id


def occupation_name(character: Character) -> str:
    """The occupation with what it gives: "Barber: PROF Medicine; a razor (as a dagger)"."""
    if character.occupation is None:
        return "—"
    from emberkeep.character.occupations import occupation_gives, occupation_table

    try:
        row = occupation_table().by_id(character.occupation)
    except (KeyError, ValueError):
        return character.occupation
    proficiency, item = occupation_gives(row)
    return f"{row.text}: PROF {proficiency}; {item}"

