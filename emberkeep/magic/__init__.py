"""Furnace magic (R8-R11, R29): SPELLCHECK, spells as data, mishaps, limits, Lay on Hands.

Pure rules over plain numbers (ability modifier, PROF, level, ROOM DC) and the small
:class:`CasterState`; no character model is imported, so any front end can call these.
"""

from emberkeep.magic.lay_on_hands import (
    LayOnHandsResult,
    heal_with_hit_dice,
    lay_on_hands,
    lay_on_hands_check,
    lay_on_hands_hd,
)
from emberkeep.magic.limits import (
    CasterState,
    CastingBarred,
    DepletionSaveResult,
    cast,
    depletion_save,
    spells_known,
)
from emberkeep.magic.mishaps import MishapResult, MishapRow, load_mishap_table, roll_mishap
from emberkeep.magic.spellcheck import (
    EASY,
    HARD,
    Caster,
    FailureReason,
    SpellcheckResult,
    spell_dice_count,
    spellcheck,
    with_luck,
)
from emberkeep.magic.spells import (
    Cantrip,
    CantripResult,
    Spell,
    SpellKind,
    SpellLevel,
    cast_cantrip,
    get_cantrip,
    load_spells,
    shipped_spells,
    spell_die,
)

__all__ = [
    "EASY",
    "HARD",
    "Cantrip",
    "CantripResult",
    "Caster",
    "CasterState",
    "CastingBarred",
    "DepletionSaveResult",
    "FailureReason",
    "LayOnHandsResult",
    "MishapResult",
    "MishapRow",
    "Spell",
    "SpellKind",
    "SpellLevel",
    "SpellcheckResult",
    "cast",
    "cast_cantrip",
    "depletion_save",
    "get_cantrip",
    "heal_with_hit_dice",
    "lay_on_hands",
    "lay_on_hands_check",
    "lay_on_hands_hd",
    "load_mishap_table",
    "load_spells",
    "roll_mishap",
    "shipped_spells",
    "spell_dice_count",
    "spell_die",
    "spellcheck",
    "spells_known",
    "with_luck",
]
