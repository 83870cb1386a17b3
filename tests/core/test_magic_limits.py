"""Limits (R10, R29): spells known, Spell Depletion, Cleric disapproval, rests."""

from __future__ import annotations

import pytest

from emberkeep.dice import ScriptedRoller
from emberkeep.magic import (
    CasterState,
    CastingBarred,
    cast,
    depletion_save,
    spellcheck,
    spells_known,
)
from emberkeep.magic.spellcheck import SpellcheckResult


@pytest.mark.parametrize(
    ("caster", "level", "int_mod", "known"),
    [
        ("cleric", 1, 0, 2),  # 1 + LVL
        ("cleric", 5, 3, 6),  # INT does not count for a Cleric
        ("magic_user", 1, 2, 4),  # 1 + LVL + INT
        ("magic_user", 3, 0, 4),
        ("magic_user", 1, -1, 1),
        ("magic_user", 1, -3, 1),  # never below 1
    ],
)
def test_r10_spells_known(caster: str, level: int, int_mod: int, known: int) -> None:
    assert spells_known("cleric" if caster == "cleric" else "magic_user", level, int_mod) == known


def test_spells_known_extra_for_bookworm() -> None:
    assert spells_known("magic_user", 2, 1, extra=2) == 6


def _mu_cast(state: CasterState, face: int = 10) -> tuple[SpellcheckResult, CasterState]:
    result = cast(state, ScriptedRoller([face]), caster="magic_user", ability_mod=3, prof=2,
                  room_dc=12)
    return result, state.record_spellcheck(result)


def test_r10_depletion_save_is_due_after_the_fourth_spell() -> None:
    state = CasterState()
    for n in range(1, 5):
        _, state = _mu_cast(state, face=2 if n == 2 else 10)  # a failed cast counts too
        assert state.spells_cast_since_check == n
    assert state.depletion_save_due and not state.can_cast
    with pytest.raises(CastingBarred, match="INT SAVE"):
        _mu_cast(state)


def test_r10_successful_depletion_save_resets_the_count() -> None:
    state = CasterState(spells_cast_since_check=4)
    save = depletion_save(ScriptedRoller([9]), save_bonus=3, room_dc=12)
    assert save.record.total == 12 and save.dc == 12 and save.success
    state = state.after_depletion_save(save)
    assert state.spells_cast_since_check == 0 and state.can_cast
    result, state = _mu_cast(state)
    assert result.success and state.spells_cast_since_check == 1


def test_r10_r29_failed_depletion_save_bars_casting_until_a_long_rest() -> None:
    state = CasterState(spells_cast_since_check=4)
    save = depletion_save(ScriptedRoller([8]), save_bonus=3, room_dc=12)
    assert not save.success
    state = state.after_depletion_save(save)
    assert state.barred_until_long_rest
    with pytest.raises(CastingBarred, match="long rest"):
        _mu_cast(state)
    rested = state.short_rest()
    assert rested.spells_cast_since_check == 0
    assert rested.barred_until_long_rest and not rested.can_cast
    slept = rested.long_rest()
    assert slept.can_cast and not slept.barred_until_long_rest


def test_r29_any_rest_resets_the_spell_count() -> None:
    state = CasterState(spells_cast_since_check=3)
    assert state.short_rest().spells_cast_since_check == 0
    assert state.long_rest().spells_cast_since_check == 0


def test_depletion_save_with_hard() -> None:
    save = depletion_save(ScriptedRoller([12]), save_bonus=3, room_dc=12, dc_shift=3)
    assert save.dc == 15 and save.success


def _prayer(state: CasterState, face: int, wis: int = 3) -> SpellcheckResult:
    return spellcheck(ScriptedRoller([face]), caster="cleric", ability_mod=wis, prof=2,
                      room_dc=12, disapproval_range=state.disapproval_range)


def test_r10_disapproval_range_grows_after_each_failed_prayer_and_resets_on_long_rest() -> None:
    state = CasterState()
    assert state.disapproval_range == 1
    failed = _prayer(state, 5)  # 5 + 3 + 2 = 10: failure
    assert failed.failure == "too_low" and not failed.disapproval
    state = state.record_spellcheck(failed)
    assert state.disapproval_range == 2
    # Natural 2 is now inside the range: a disapproval, which is also a failed prayer.
    flagged = _prayer(state, 2, wis=20)
    assert flagged.disapproval and flagged.failure == "disapproval"
    state = state.record_spellcheck(flagged)
    assert state.disapproval_range == 3
    success = _prayer(state, 10)
    assert success.success
    assert state.record_spellcheck(success).disapproval_range == 3
    assert state.short_rest().disapproval_range == 3
    assert state.long_rest().disapproval_range == 1


def test_a_cleric_prayer_does_not_count_towards_depletion() -> None:
    state = CasterState().record_spellcheck(_prayer(CasterState(), 10))
    assert state.spells_cast_since_check == 0


def test_cast_uses_the_states_disapproval_range() -> None:
    state = CasterState(disapproval_range=4)
    result = cast(state, ScriptedRoller([4]), caster="cleric", ability_mod=10, prof=2,
                  room_dc=12)
    assert result.disapproval and result.disapproval_range == 4


def test_r11_daily_healing_count_resets_on_a_new_day_not_a_rest() -> None:
    state = CasterState().record_healed(3)
    assert state.healed_hd_today == 3
    assert state.healing_room(5) == 2
    assert state.long_rest().healed_hd_today == 3
    assert state.new_day().healed_hd_today == 0


def test_caster_state_round_trips_through_json() -> None:
    state = CasterState(spells_cast_since_check=2, barred_until_long_rest=True,
                        disapproval_range=3, healed_hd_today=1)
    assert CasterState.model_validate_json(state.model_dump_json()) == state
