"""How a table row reads to the GM: the table named as the rules texts name it, the roll, the
row's words ("Crit table (Rogues), roll 5: make another ATK").

A step records a row under its table's id (``crit_rogue``, ``fumble``, ``mishaps:<spell>``);
the preview, the log and the recap show it through :func:`row_line`, so an id never reaches
the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from emberkeep.encounter.events import Row

__all__ = ["row_line", "table_name"]

_NAMES = {
    "crit_fighter": "Crit table (Fighters)",
    "crit_cleric": "Crit table (Clerics)",
    "crit_rogue": "Crit table (Rogues)",
    "crit_zero_level": "Crit table (0-levels and Wizards)",
    "fumble": "Fumble table",
    "injuries": "Injuries table",
    "lingering_injuries": "Lingering Injuries table",
    "mishap_general": "General Mishap table",
    "spellcheck": "SPELLCHECK table",
    "lay_on_hands": "Lay on Hands table",
    "reaction": "Reaction table",
}


def _words(key: str) -> str:
    return key.replace("_", " ").strip().title()


def table_name(table_id: str, spell_name: Callable[[str], str] | None = None) -> str:
    """The table's name in the rules' words; ``spell_name`` names a spell by its id (a
    spell's own mishap texts)."""
    if table_id in _NAMES:
        return _NAMES[table_id]
    kind, sep, spell = table_id.partition(":")
    if sep and kind == "mishaps":  # a spell's own d6 mishap texts
        name = _words(spell)
        if spell_name is not None:
            with suppress(KeyError):  # a spell no longer in the catalog keeps its id's words
                name = spell_name(spell)
        return f"{name} mishaps"
    if table_id.startswith("mishap_"):
        return f"{_words(table_id.removeprefix('mishap_'))} Mishap table"
    if table_id.startswith("crit_"):
        return f"Crit table ({_words(table_id.removeprefix('crit_'))})"
    return f"{_words(table_id)} table"


def _sentence(text: str) -> str:
    """A row's text inside a line: no closing full stop, a lower-case first word unless it is
    an acronym or a name's capital ("ATK", "STR")."""
    text = text.strip().removesuffix(".")
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and not first[1:2].isupper() and first.isalpha():
        return text[:1].lower() + text[1:]
    return text


def row_line(row: Row, spell_name: Callable[[str], str] | None = None) -> str:
    """``Crit table (Rogues), roll 5: make another ATK``; the row's label joins when it says
    more than the roll (a range "17-20", who reacts)."""
    line = f"{table_name(row.table, spell_name)}, roll {row.value}"
    if row.label and row.label != str(row.value):
        line += f" ({row.label})"
    return f"{line}: {_sentence(row.text)}" if row.text else line
