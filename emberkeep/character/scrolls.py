"""Reading a scroll: who may, and with which SPELLCHECK.

A caster reads a scroll with its own SPELLCHECK (the Wizard's "Spells cast from scrolls are
EASY" applies through the ``scroll`` context). A character of a class that casts no spells may
read one only when a feature says so, "Read arcane scrolls, HARD SPELLCHECK" (the Arcane
Trickster's): arcane, so a Magic-user's SPELLCHECK, INT + PROF (R8), made HARD by that feature.
A scroll holds any spell of the campaign: it need not be one the reader knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import emberkeep.character.archetype_effects as fx
from emberkeep.character.bonuses import caster_kind
from emberkeep.character.catalog import Catalog
from emberkeep.character.feature_effects import RollDifficulty
from emberkeep.character.model import Character

if TYPE_CHECKING:
    from emberkeep.magic.spellcheck import Caster

__all__ = ["reads_scrolls", "scroll_caster"]


def reads_scrolls(character: Character, catalog: Catalog) -> bool:
    """A feature lets this character make a SPELLCHECK from a scroll."""
    return any(isinstance(e, RollDifficulty) and e.roll == "spellcheck" and e.context == "scroll"
               for _feature, e in fx.chosen_effects(character, catalog))


def scroll_caster(character: Character, catalog: Catalog) -> Caster | None:
    """The SPELLCHECK this character makes reading a scroll, or None when it cannot."""
    kind = caster_kind(character)
    if kind is not None:
        return kind
    return "magic_user" if reads_scrolls(character, catalog) else None
