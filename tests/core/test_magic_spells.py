"""Spells as data (R8, R9): spells.json loads, the seed's spells read as the seed says."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emberkeep.character.catalog import SHIPPED
from emberkeep.dice import ScriptedRoller
from emberkeep.magic import (
    Spell,
    SpellLevel,
    cast_cantrip,
    get_cantrip,
    load_spells,
    spell_dice_count,
    spell_die,
)

# The seed's tables, cell by cell (alignment spaces collapsed, line breaks kept as "\n").
SEED_LEVELS: dict[str, list[str]] = {
    "fireball": [
        "1d6 fire DAM (1d)",
        "1d6 fire DAM (1d)\nin CLOSE of the target (1d)",
        "3d6 fire DAM (3d)\nin CLOSE of the target (1d)",
        "5d6 fire DAM (5d)\nin NEAR of the target (2d)",
        "7d6 fire DAM (7d)\nin NEAR of the target (2d)\nthey go PRONE (1d)\nfor 1d4 turns (1d)",
        "12d6 fire DAM to everyone NEAR and\nthe survivors run away FRIGHTENED",
    ],
    "chill_touch": [
        "1d8 cold DAM (1d)",
        "1d8 cold DAM (1d)\nthe target can't be healed (1d)\nfor 1 turn",
        "2d8 cold DAM (2d)\nthe target can't be healed (1d)\nfor 1d4 turn (1d)",
        "3d8 cold DAM (3d)\nthe target can't be healed (1d)\nfor 1d4 turn (1d)\n"
        "the target is paralyzed (2d)\nfor 1 turn",
        "6d8 cold DAM (6d)\nthe target can't be healed (1d)\nfor 1d4 turn (1d)\n"
        "the target is paralyzed (2d)\nfor 1d4 turn (1d)",
        "10d8 cold DAM\nthe target can't be healed\nthe target is paralyzed\nuntil cured",
    ],
    "animate_dead": [
        "Still Failure.",
        "Rise a zombie (1d)\nfor 1d4 turn (1d)",
        "Rise 1d4 zombie (2d)\nfor 2d4 turn (2d)",
        "Rise all NEAR dead as zombies (5d)\nfor 2d4 turn (2d)",
        "Rise all NEAR dead as Revenants(9d)\nfor 2d4 turn (2d)",
        "Rise all dead on the battlefield as Revenants\nand they serve you until they die.",
    ],
    "ember_swarm": [
        "Summon a swarm of fiery bees:\n1d4 fire DAM for 1 turn (1d).",
        "1d4 fire DAM (1d)\nfor 1d4 turn (1d)",
        "2d4 fire DAM (2d)\nfor 2d4 turn (2d)",
        "2d4 fire DAM (2d)\nfor 2d4 turn (2d)\ntarget's ATK is HARD (1d)\nfor 2d4 turns (2d)",
        "4d4 fire DAM (4d)\nfor 2d4 turn (2d)\ntarget's (1d)\nand others' in MELEE (1d)\n"
        "ATK is HARD (1d)\nfor 2d4 turns (2d)",
        "Giant Fire Bees attack, set your enemies on fire! 8d4 fire DAM every round,\n"
        "ATK is HARD.",
    ],
}


def test_spells_json_loads_with_the_seed_spells_and_polymorph() -> None:
    catalog = load_spells()
    assert [s.id for s in catalog.spells] == [
        "fireball", "chill_touch", "animate_dead", "ember_swarm", "polymorph", "bless", "shield"]
    assert {s.id for s in catalog.spells if s.source == "seed"} == set(SEED_LEVELS)


@pytest.mark.parametrize("spell_id", sorted(SEED_LEVELS))
def test_seed_spell_reads_as_the_seed_at_each_level(spell_id: str) -> None:
    spell = SHIPPED.spell(spell_id)
    assert [spell.at(n).text for n in range(1, 7)] == SEED_LEVELS[spell_id]


@pytest.mark.parametrize("spell_id", ["fireball", "chill_touch", "ember_swarm", "polymorph",
                                      "bless", "shield"])
def test_r8_noted_dice_follow_the_formula(spell_id: str) -> None:
    spell = SHIPPED.spell(spell_id)
    assert [spell.at(n).dice for n in range(1, 7)] == [
        spell_dice_count(n) for n in range(1, 7)] == [1, 2, 4, 7, 11, None]


def test_animate_dead_level_1_fails_and_spends_nothing() -> None:
    spell = SHIPPED.spell("animate_dead")
    assert spell.at(1).fails and spell.at(1).dice is None
    assert [spell.at(n).dice for n in range(2, 7)] == [2, 4, 7, 11, None]


def test_r9_spell_die_by_kind() -> None:
    assert (spell_die("effect"), spell_die("ranged"), spell_die("melee")) == ("d4", "d6", "d8")
    assert SHIPPED.spell("fireball").kind == "ranged" and SHIPPED.spell("fireball").die == "d6"
    assert SHIPPED.spell("chill_touch").kind == "melee" and SHIPPED.spell("chill_touch").die == "d8"
    assert SHIPPED.spell("animate_dead").die == "d4"
    assert SHIPPED.spell("ember_swarm").die == "d4"  # its bees do 1d4, 2d4... fire DAM


def test_damage_field_names_the_damage_dice_of_each_level() -> None:
    assert [SHIPPED.spell("fireball").at(n).damage for n in range(1, 7)] == [
        "1d6", "1d6", "3d6", "5d6", "7d6", "12d6"]
    assert [SHIPPED.spell("chill_touch").at(n).damage for n in range(1, 7)] == [
        "1d8", "1d8", "2d8", "3d8", "6d8", "10d8"]


def test_mishap_tables_and_casting_times() -> None:
    assert SHIPPED.spell("fireball").mishap_table == "mishap_fireball"
    assert SHIPPED.spell("polymorph").mishap_table == "mishap_polymorph"
    assert SHIPPED.spell("chill_touch").mishap_table is None
    # House defaults (WDD segments): melee 1, ranged 2, effect 3.
    assert [SHIPPED.spell(i).casting_time for i in
            ("chill_touch", "fireball", "animate_dead", "ember_swarm", "polymorph")] == [
        1, 2, 3, 3, 3]


def test_a_level_whose_text_and_dice_disagree_is_refused() -> None:
    with pytest.raises(ValidationError, match="notes 2d"):
        SpellLevel(level=2, text="1d6 fire DAM (1d)\nin CLOSE (1d)", dice=1)


def test_a_spell_needs_six_levels_in_order() -> None:
    five = [SpellLevel(level=n, text="x", dice=1) for n in range(1, 6)]
    with pytest.raises(ValidationError, match="levels 1-6"):
        Spell(id="x", name="X", kind="effect", base_effect="x", casting_time=1,
              levels=tuple(five))


def test_cantrips_from_the_text_never_roll() -> None:
    names = [c.name for c in load_spells().cantrips]
    assert names == ["Torchlight", "Telekinesis", "Illusion", "Whisper", "Mending"]
    roller = ScriptedRoller([])
    for cantrip in load_spells().cantrips:
        assert cast_cantrip(cantrip, roller).success
    assert roller.asked == []
    assert cast_cantrip(get_cantrip("mending"), roller).cantrip_id == "mending"


def test_unknown_spell_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        SHIPPED.spell("wish")
