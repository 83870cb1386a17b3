"""Weapon damage: the two-handed STR bonus (R12), STR by grip and Recoil (R29), notches (R17)."""

from __future__ import annotations

import pytest

from emberkeep.dice import ScriptedRoller, roll
from emberkeep.gear.damage import (
    apply_notch_penalty,
    damage_dice,
    damage_total,
    notch_allowance,
    strength_damage_bonus,
    two_handed_bonus,
    weapon_damage_modifier,
)
from emberkeep.gear.inventory import own
from emberkeep.gear.owned import OwnedWeapon


def weapon(gear_id: str) -> OwnedWeapon:
    piece = own(gear_id)
    assert isinstance(piece, OwnedWeapon)
    return piece


@pytest.mark.parametrize(("str_mod", "bonus"), [(1, 2), (2, 3), (3, 5), (4, 6)])
def test_r12_two_handed_bonus_as_the_text_lists(str_mod: int, bonus: int) -> None:
    assert two_handed_bonus(str_mod) == bonus


@pytest.mark.parametrize(("str_mod", "bonus"), [(0, 0), (-1, -1), (-3, -3)])
def test_r12_zero_or_negative_str_applies_as_it_is(str_mod: int, bonus: int) -> None:
    assert two_handed_bonus(str_mod) == bonus


def test_r29_one_handed_adds_str_two_handed_adds_the_r12_bonus() -> None:
    assert strength_damage_bonus(weapon("mace"), 3) == 3
    assert strength_damage_bonus(weapon("maul"), 3) == 5
    assert strength_damage_bonus(weapon("fist"), 2) == 2


def test_versatile_weapon_in_two_hands() -> None:
    hammer = weapon("warhammer")
    assert damage_dice(hammer) == "1d8"
    assert damage_dice(hammer, "two_handed") == "1d10"
    assert strength_damage_bonus(hammer, 2, "two_handed") == 3
    # a non-versatile one-handed weapon gets nothing from a second hand
    assert damage_dice(weapon("mace"), "two_handed") == "1d6"
    assert strength_damage_bonus(weapon("mace"), 2, "two_handed") == 2


def test_heavy_greataxe_is_d12_and_always_two_handed() -> None:
    axe = weapon("greataxe")
    assert damage_dice(axe, "one_handed") == "1d12"
    assert strength_damage_bonus(axe, 1, "one_handed") == 2


def test_r29_ranged_adds_nothing_unless_recoil() -> None:
    assert strength_damage_bonus(weapon("warbow"), 3) == 0
    assert strength_damage_bonus(weapon("composite_bow"), 3) == 3


def test_r17_notch_allowance_by_quality_with_campaign_override() -> None:
    assert [notch_allowance(q) for q in ("cheap", "standard", "fine")] == [1, 2, 3]
    assert notch_allowance("fine", {"cheap": 0, "standard": 1, "fine": 5}) == 5


def test_r17_cheap_weapon_breaks_on_the_second_notch() -> None:
    dagger = weapon("dagger")
    dagger.quality = "cheap"
    assert dagger.notch() is False and dagger.notches == 1 and not dagger.broken
    assert dagger.notch() is True and dagger.broken
    assert dagger.notch() is False  # broken stays broken


@pytest.mark.parametrize(("quality", "breaking_notch"), [("standard", 3), ("fine", 4)])
def test_r17_standard_and_fine_hold_more_notches(quality: str, breaking_notch: int) -> None:
    sword = weapon("arming_sword")
    sword.quality = quality  # type: ignore[assignment]
    results = [sword.notch() for _ in range(breaking_notch)]
    assert results == [False] * (breaking_notch - 1) + [True]
    assert sword.notches == breaking_notch - 1


def test_r17_campaign_allowances_change_when_it_breaks() -> None:
    sword = weapon("arming_sword")
    assert sword.notch({"cheap": 1, "standard": 0, "fine": 3}) is True


def test_r17_each_notch_is_minus_one_damage_never_below_1() -> None:
    mace = weapon("mace")
    mace.notch()
    mace.notch()
    assert weapon_damage_modifier(mace, str_mod=1) == -1
    assert mace.apply_notch_penalty(5) == 3
    assert mace.apply_notch_penalty(2) == 1
    assert apply_notch_penalty(1, 2) == 1


def test_a_notched_mace_hit_rolled_with_scripted_dice() -> None:
    """1d6 shows 2, STR +0, two notches: 2 - 2 = 0, but a hit does at least 1 (R17, R29)."""
    mace = weapon("mace")
    mace.notch()
    mace.notch()
    record = roll(damage_dice(mace), ScriptedRoller([2]))
    assert damage_total(record.total, mace, str_mod=0) == 1
    record = roll(damage_dice(mace), ScriptedRoller([6]))
    assert damage_total(record.total, mace, str_mod=2) == 6


def test_longsword_two_handed_hit_with_str_3() -> None:
    sword = weapon("longsword")
    record = roll(damage_dice(sword), ScriptedRoller([7]))
    assert damage_total(record.total, sword, str_mod=3) == 12  # 7 + ceil(4.5)


def test_repair_clears_notches_and_break() -> None:
    mace = weapon("mace")
    for _ in range(3):
        mace.notch()
    assert mace.broken
    mace.repair()
    assert (mace.notches, mace.broken) == (0, False)
