"""The purse: 10 cp = 1 sp, 10 sp = 1 gp; spending refuses what the purse cannot pay."""

from __future__ import annotations

import pytest

from emberkeep.gear.purse import Purse, format_coins, to_cp


def test_total_in_copper_and_coin_count() -> None:
    purse = Purse(gp=3, sp=4, cp=5)
    assert purse.total_cp == 345
    assert purse.coin_count == 12


def test_add_and_spend_exact_coins() -> None:
    purse = Purse()
    purse.add(gp=2, sp=5)
    purse.spend(sp=5)
    assert (purse.gp, purse.sp, purse.cp) == (2, 0, 0)


def test_spend_breaks_a_gold_piece_and_takes_change() -> None:
    purse = Purse(gp=2, cp=3)
    purse.spend(sp=2, cp=5)  # 25 cp: 3 cp, then a gold piece, 78 cp back
    assert (purse.gp, purse.sp, purse.cp) == (1, 7, 8)
    assert purse.total_cp == 178


def test_spend_breaks_a_silver_piece() -> None:
    purse = Purse(sp=1)
    purse.spend(cp=3)
    assert (purse.gp, purse.sp, purse.cp) == (0, 0, 7)


def test_refuses_too_little_and_leaves_the_purse_alone() -> None:
    purse = Purse(gp=9, sp=8)
    with pytest.raises(ValueError, match="it costs 15 gp, the purse holds 9 gp 8 sp"):
        purse.spend(gp=15)
    assert (purse.gp, purse.sp, purse.cp) == (9, 8, 0)
    assert not purse.can_afford(gp=10)
    assert purse.can_afford(gp=9, sp=8)


def test_refuses_negative_amounts() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        Purse().add(gp=-1)
    with pytest.raises(ValueError, match="cannot be negative"):
        Purse(gp=1).spend(cp=-5)


def test_from_cp_and_formatting() -> None:
    purse = Purse.from_cp(1520)
    assert (purse.gp, purse.sp, purse.cp) == (15, 2, 0)
    assert format_coins(1520) == "15 gp 2 sp"
    assert format_coins(150000) == "1,500 gp"
    assert format_coins(0) == "0 cp"
    assert to_cp(gp=1, sp=1, cp=1) == 111


def test_json_round_trip() -> None:
    purse = Purse(gp=1, sp=2, cp=3)
    assert Purse.model_validate(purse.model_dump(mode="json")) == purse
