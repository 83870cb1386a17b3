"""Old campaign files to the typed magic, as a pure step on the file's JSON (no schema
bump: every new field is optional, so an old file loads as it is).

A campaign saved before spell levels carried typed effects may hold its own copy of a shipped
spell (the spell editor saved it under the shipped id); those levels have no ``effects`` and a
fight falls back to rolling the level's damage on the chosen targets. :func:`upgrade_spell_effects`
gives such a level the shipped level's effects when its words are still the shipped words (an
edited level is the GM's and is left alone). Nothing else in the file changes.
"""

from __future__ import annotations

import copy
from typing import Any

from emberkeep.magic.spells import shipped_spells

__all__ = ["upgrade_spell_effects"]


def upgrade_spell_effects(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``doc`` (a campaign file's JSON) with the campaign's unedited copies of shipped
    spells given the shipped levels' typed effects."""
    out = copy.deepcopy(doc)
    shipped = shipped_spells()
    spells = out.get("spells")
    # it runs before validation: anything not shaped like spells is left for the loader to
    # refuse with its path (a fuzzed "spells": null must not become a traceback)
    for spell in spells if isinstance(spells, list) else ():
        if not isinstance(spell, dict) or not isinstance(spell.get("levels"), list):
            continue
        original = shipped.get(str(spell.get("id", "")))
        if original is None:
            continue
        for level in spell["levels"]:
            if not isinstance(level, dict):
                continue
            number = level.get("level")
            if level.get("effects") or not isinstance(number, int) or not (
                    1 <= number <= len(original.levels)):
                continue
            same = original.levels[number - 1]
            if level.get("text") == same.text and same.effects:
                level["effects"] = [e.model_dump(mode="json") for e in same.effects]
    return out
