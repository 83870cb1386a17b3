"""Lay on Hands (R11, R29): bands, ROOM DC, the target's pool and its daily cap by level."""

from __future__ import annotations

import pytest

from emberkeep.dice import ScriptedRoller, roll
from emberkeep.magic import (
    CasterState,
    heal_with_hit_dice,
    lay_on_hands,
    lay_on_hands_check,
    with_luck,
)


@pytest.mark.parametrize(
    ("total", "hd"),
    [(11, 0), (12, 1), (15, 1), (16, 2), (20, 2), (21, 3), (26, 3), (27, 4), (40, 4)],
)
def test_r11_band_edges(total: int, hd: int) -> None:
    heal_faces = [3] * hd
    roller = ScriptedRoller([10, *heal_faces])
    result = lay_on_hands(roller, wis_mod=total - 10, prof=0, room_dc=10, target_level=5,
                          hd_available=5, hit_die=8)
    assert result.check.total == total
    assert result.band_hd == hd
    assert result.hd_spent == hd
    assert roller.asked == [20] + [8] * hd
    assert result.healed == 3 * hd
    assert result.limited_by is None


def test_r29_each_hd_heals_what_the_die_shows_no_con() -> None:
    roller = ScriptedRoller([12, 1, 6])  # 12 + WIS 2 + PROF 2 = 16: 2 HD
    result = lay_on_hands(roller, wis_mod=2, prof=2, room_dc=12, target_level=3,
                          hd_available=3, hit_die=6)
    assert [r.total for r in result.heal_rolls] == [1, 6]
    assert result.healed == 7


def test_r11_must_reach_the_room_dc() -> None:
    roller = ScriptedRoller([12])  # 16: the 2 HD band, but the ROOM DC is 18
    result = lay_on_hands(roller, wis_mod=2, prof=2, room_dc=18, target_level=3,
                          hd_available=3, hit_die=8)
    assert result.check.failure == "room_dc"
    assert result.band_hd == 0 and result.hd_spent == 0 and result.heal_rolls == ()
    assert roller.asked == [20]


def test_r11_daily_cap_is_the_targets_level() -> None:
    # 2nd-level target already healed 1 HD today; a 3 HD result spends only 1 more.
    roller = ScriptedRoller([17, 5])
    result = lay_on_hands(roller, wis_mod=2, prof=2, room_dc=12, target_level=2,
                          hd_available=2, hit_die=8, healed_today=1)
    assert result.band_hd == 3
    assert result.hd_spent == 1
    assert result.limited_by == "daily_cap"
    assert result.healed == 5


def test_r11_hd_come_from_the_targets_pool() -> None:
    roller = ScriptedRoller([12, 4])
    result = lay_on_hands(roller, wis_mod=2, prof=2, room_dc=12, target_level=5,
                          hd_available=1, hit_die=10)
    assert result.band_hd == 2 and result.hd_spent == 1 and result.limited_by == "pool"
    assert roller.asked == [20, 10]


def test_r11_daily_cap_over_two_castings_with_target_state() -> None:
    target = CasterState()
    first = lay_on_hands(ScriptedRoller([17, 2, 2, 2]), wis_mod=2, prof=2, room_dc=12,
                         target_level=4, hd_available=4, hit_die=8,
                         healed_today=target.healed_hd_today)
    assert first.hd_spent == 3
    target = target.record_healed(first.hd_spent)
    second = lay_on_hands(ScriptedRoller([17, 8]), wis_mod=2, prof=2, room_dc=12,
                          target_level=4, hd_available=1, hit_die=8,
                          healed_today=target.healed_hd_today)
    assert second.hd_spent == 1
    target = target.record_healed(second.hd_spent)
    assert target.healing_room(4) == 0
    third = lay_on_hands(ScriptedRoller([17]), wis_mod=2, prof=2, room_dc=12, target_level=4,
                         hd_available=4, hit_die=8, healed_today=target.healed_hd_today)
    assert third.hd_spent == 0 and third.limited_by == "daily_cap"
    assert target.new_day().healing_room(4) == 4


def test_r8_natural_20_lifts_the_band() -> None:
    # 20 + WIS 2 + PROF 2 = 24, +2×PROF = 28: 4 HD.
    result = lay_on_hands(ScriptedRoller([20, 1, 1, 1, 1]), wis_mod=2, prof=2, room_dc=12,
                          target_level=5, hd_available=5, hit_die=8)
    assert result.check.total == 28 and result.band_hd == 4


def test_r10_natural_1_is_a_disapproval_and_heals_nothing() -> None:
    result = lay_on_hands(ScriptedRoller([1]), wis_mod=2, prof=2, room_dc=5, target_level=5,
                          hd_available=5, hit_die=8)
    assert result.check.disapproval and result.hd_spent == 0
    assert CasterState().record_spellcheck(result.check).disapproval_range == 2


def test_r29_luck_die_moves_the_hd_band_at_most_one() -> None:
    check = lay_on_hands_check(ScriptedRoller([11]), wis_mod=2, prof=2, room_dc=12)
    assert check.total == 15
    lucky = with_luck(check, roll("d6", ScriptedRoller([6])))  # 21 would be 3 HD
    result = heal_with_hit_dice(lucky, ScriptedRoller([4, 4]), target_level=5,
                                hd_available=5, hit_die=8)
    assert result.band_hd == 2 and result.hd_spent == 2 and result.healed == 8
