"""Mishap tables (R8): General d20, Fireball d6, Polymorph d6, verbatim with the saves named."""

from __future__ import annotations

import pytest

from emberkeep.dice import ScriptedRoller
from emberkeep.magic import load_mishap_table, roll_mishap


def test_general_mishap_table_has_eleven_rows_on_a_d20() -> None:
    table = load_mishap_table("mishap_general")
    assert table.die == "d20"
    assert [r.label for r in table.rows] == [
        "1", "2-3", "4-5", "6-7", "8-9", "10-11", "12-13", "14-15", "16-17", "18-19", "20"]
    assert [r.save for r in table.rows] == [
        None, "DEX", "STR", "WIS", "INT", None, "CON", "CHA", None, None, None]


@pytest.mark.parametrize(
    ("face", "text"),
    [
        (1, "A random spell is cast (roll d6 for Success Level)"),
        (3, "Caster falls PRONE, DEX SAVE"),
        (4, "Caster becomes WEAK, STR SAVE"),
        (9, "Caster can’t attempt the spell until REST, INT SAVE"),
        (10, "Caster can't target the same creature until REST"),
        (13, "Caster becomes STUNNED, CON SAVE"),
        (14, "Caster can't cast any spell until REST, CHA SAVE"),
        (17, "The spell affects a random target"),
        (18, "PC/Archetype-specific mishapt (DM discreation)"),
    ],
)
def test_general_mishap_rows_read_as_the_seed(face: int, text: str) -> None:
    assert load_mishap_table("mishap_general").lookup(face).text == text


def test_fireball_mishap_table() -> None:
    table = load_mishap_table("mishap_fireball")
    assert table.die == "d6"
    assert [r.save for r in table.rows] == [None, "DEX", "WIS", "CON", None, None]
    assert table.lookup(1).text == "No fire, only smoke... (Nothing)"
    assert table.lookup(4).text == "Light explosion: everyone NEAR become blinded, CON SAVE"
    assert [r.success_level_die for r in table.rows] == [None, None, None, None, "d6", "d6"]


def test_polymorph_mishap_table() -> None:
    table = load_mishap_table("mishap_polymorph")
    assert table.die == "d6"
    assert table.lookup(2).text == "Caster's voice turns into roaring, can't cast next turn"
    assert table.lookup(6).text == "Caster turns herself to a chicken or another critter."
    assert all(r.save is None for r in table.rows)
    assert [r.success_level_die for r in table.rows] == [None, None, None, "d6", "d6", None]


def test_rolling_without_a_table_uses_the_general_one() -> None:
    roller = ScriptedRoller([1, 6])
    result = roll_mishap(roller)
    assert roller.asked == [20, 6]
    assert result.table_id == "mishap_general"
    assert result.row.low == 1
    assert result.success_level is not None and result.success_level.total == 6


def test_a_table_id_that_is_not_a_mishap_file_is_refused() -> None:
    with pytest.raises(KeyError):
        load_mishap_table("../spells")
