"""Furnace magic (R8-R11, R29): SPELLCHECK, spells as data, mishaps, limits, Lay on Hands.

Pure rules over plain numbers (ability modifier, PROF, level, ROOM DC) and the small
:class:`CasterState`; no character model is imported, so any front end can call these.

The names below load with their module when first asked for: every character carries a
:class:`CasterState`, so opening a campaign imports this package, and the SPELLCHECK with its
tables and mishaps is not needed until someone casts or reads them.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_MODULE_OF = {
    **dict.fromkeys(("LayOnHandsResult", "heal_with_hit_dice", "lay_on_hands",
                     "lay_on_hands_check", "lay_on_hands_hd"), "lay_on_hands"),
    **dict.fromkeys(("CasterState", "CastingBarred", "DepletionSaveResult", "cast",
                     "depletion_save", "spells_known"), "limits"),
    **dict.fromkeys(("MishapResult", "MishapRow", "load_mishap_table", "roll_mishap"), "mishaps"),
    **dict.fromkeys(("EASY", "HARD", "Caster", "FailureReason", "SpellcheckResult",
                     "spell_dice_count", "spellcheck", "with_luck"), "spellcheck"),
    **dict.fromkeys(("Cantrip", "CantripResult", "Spell", "SpellKind", "SpellLevel",
                     "cast_cantrip", "get_cantrip", "load_spells", "shipped_spells",
                     "spell_die"), "spells"),
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """Two modules share their name with the function they export (``spellcheck``,
    ``lay_on_hands``). Importing a submodule binds it on its package, where the package's own
    name has always meant the function (``from emberkeep.magic import spellcheck``); the
    function keeps that name however the modules were loaded."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and _MODULE_OF.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
