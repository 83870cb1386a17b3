"""Copying a spell from a found book or scroll into the spells known.

Furnace's Wizard has "Copying spells are cheaper or EASY", and says no more. The reading here
(a house default, the GM's to overrule): copying is an INT (Arcana) CHECK against the ROOM DC,
with the ``copying`` context, so the Wizard's feature makes it EASY (R7); a success adds the spell
to those known, within R10's limit and only for a caster (``sheet_rules.learn_refusal``). What
copying costs is the GM's call (the feature's ``gm_call`` says so).
"""

from __future__ import annotations

from emberkeep.character.catalog import Catalog
from emberkeep.character.checks import CheckResult, skill_check
from emberkeep.character.model import Character
from emberkeep.character.sheet_rules import learn_refusal
from emberkeep.character.skills import Skill
from emberkeep.dice import Roller

__all__ = ["copy_spell"]


def copy_spell(character: Character, catalog: Catalog, spell_id: str, room_dc: int,
               roller: Roller) -> CheckResult:
    """Roll the copying CHECK (in place: a success learns the spell). A ValueError before any
    roll when the character may not learn it at all."""
    refused = learn_refusal(character, catalog, spell_id)
    if refused is not None:
        raise ValueError(refused)
    result = skill_check(character, catalog, Skill.ARCANA, room_dc, roller,
                         contexts=("copying",))
    if result.success:
        character.spells_known = [*character.spells_known, spell_id]
    return result
