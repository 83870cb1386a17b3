"""R29 on a SPELLCHECK seen out of a fight: a Luck Die's d6 is added, the Success
Level moves one at most (R8), one die a roll, and a Cleric's failure the die turns into a success
does not widen the disapproval range (R10)."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.casting import cast_spell
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.luck import LuckState
from emberkeep.character.model import Character
from emberkeep.character.spell_luck import luck_on_spellcheck
from emberkeep.dice import ScriptedRoller


def _pc(name: str, dice: int = 2) -> Character:
    character = next(c for c in build_example_campaign().characters if c.name.startswith(name))
    character.luck = LuckState(dice=dice)
    return character


def test_r29_a_luck_die_lifts_a_spellcheck_one_level_at_most() -> None:
    """Ysolde d20 12 + 3 = 15: level 1; the d6 shows 6: 21 is level 3's band, capped to 2."""
    ysolde = _pc("Ysolde")
    before = ysolde.caster
    result = cast_spell(ysolde, SHIPPED, SHIPPED.spell("fireball"), ScriptedRoller([12]),
                        room_dc=12)
    assert result.level == 1
    lucky = luck_on_spellcheck(ysolde, before, result, ScriptedRoller([6]))
    assert (lucky.total, lucky.level) == (21, 2) and ysolde.luck.dice == 1
    assert ysolde.caster.spells_cast_since_check == 1  # still one SPELLCHECK (R10)
    with pytest.raises(ValueError, match="already spent"):
        luck_on_spellcheck(ysolde, before, lucky, ScriptedRoller([3]))


def test_r29_a_clerics_failure_turned_success_keeps_the_disapproval_range() -> None:
    """Maud (WIS +2, PROF +1) d20 8 + 3 = 11 fails: the range would grow to 2 (R10); the d6's 4
    makes 15, a success, and the range stays 1."""
    maud = _pc("Sister Maud")
    before = maud.caster
    result = cast_spell(maud, SHIPPED, SHIPPED.spell("bless"), ScriptedRoller([8]), room_dc=12)
    assert not result.success and maud.caster.disapproval_range == 2
    lucky = luck_on_spellcheck(maud, before, result, ScriptedRoller([4]))
    assert lucky.success and lucky.total == 15 and maud.caster.disapproval_range == 1


def test_r29_no_luck_die_left_is_refused() -> None:
    ysolde = _pc("Ysolde", dice=0)
    before = ysolde.caster
    result = cast_spell(ysolde, SHIPPED, SHIPPED.spell("fireball"), ScriptedRoller([12]),
                        room_dc=12)
    with pytest.raises(ValueError, match="no Luck Die left"):
        luck_on_spellcheck(ysolde, before, result, ScriptedRoller([6]))
