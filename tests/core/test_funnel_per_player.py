"""The funnel per player (Furnace: "Create four 0-level characters", DCC's rules): N for each
player named, each with its own rolls, occupation and race (Human unless chosen, R2)."""

from __future__ import annotations

import pytest

from emberkeep.character.abilities import Ability
from emberkeep.character.funnel import roll_player_funnel, roll_zero_level, with_race
from emberkeep.character.occupations import occupation_gives, occupation_table
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller

NINES = [2, 3, 4] * 6  # 3d6 in order: 9 in every score


def _peasant(hp: int, occupation: int) -> list[int]:
    return [*NINES, hp, occupation]


def test_four_for_each_player_named_each_their_own() -> None:
    """Two players, two each: four characters, rolled player by player, each with its own
    HP and occupation, named across the funnel."""
    faces = _peasant(1, 5) + _peasant(2, 9) + _peasant(3, 7) + _peasant(4, 8)
    roller = ScriptedRoller(faces)
    funnel = roll_player_funnel(roller, ["Ada", " Ben ", ""], 2)
    assert roller.remaining == 0
    assert [(c.name, c.player) for c in funnel] == [
        ("Peasant 1", "Ada"), ("Peasant 2", "Ada"), ("Peasant 3", "Ben"), ("Peasant 4", "Ben")]
    assert [c.max_hp for c in funnel] == [1, 2, 3, 4]
    assert [c.occupation for c in funnel] == ["barber", "blacksmith", "beekeeper", "beggar"]
    assert all(c.race == "human" and c.level == 0 for c in funnel)


def test_no_player_named_is_one_batch_with_no_player() -> None:
    funnel = roll_player_funnel(ScriptedRoller(_peasant(1, 1) * 3), [], 3)
    assert [c.player for c in funnel] == ["", "", ""]


def test_a_funnel_needs_someone_in_it() -> None:
    with pytest.raises(ValueError, match="at least one"):
        roll_player_funnel(ScriptedRoller([]), ["Ada"], 0)


def test_another_race_keeps_the_dice_and_the_occupation() -> None:
    """A Barber rolled 9s everywhere, made a Dwarf: CON 10, CHA 8 (R2), the same HP, Medicine
    PROF and razor; back to Human, 9s again."""
    barber = roll_zero_level(ScriptedRoller(_peasant(3, 5)), name="Hob", player="Ada")
    dwarf = with_race(barber, "dwarf")
    assert dwarf.race == "dwarf" and barber.race == "human"
    assert dwarf.scores.effective(Ability.CON) == 10
    assert dwarf.scores.effective(Ability.CHA) == 8
    assert dwarf.scores.effective(Ability.STR) == 9
    assert (dwarf.name, dwarf.player, dwarf.max_hp, dwarf.occupation) == ("Hob", "Ada", 3,
                                                                          "barber")
    assert dwarf.skill_proficiencies == [Skill.MEDICINE]
    assert [w.catalog_id for w in dwarf.inventory.weapons] == ["dagger"]
    again = with_race(dwarf, "human")
    assert all(again.scores.effective(a) == 9 for a in Ability)


def test_only_a_funnel_character_changes_race() -> None:
    hero = roll_zero_level(ScriptedRoller(_peasant(3, 5)), name="Hob")
    hero.level = 1
    with pytest.raises(ValueError, match="only a funnel character"):
        with_race(hero, "elf")


def test_what_an_occupation_gives_in_words() -> None:
    table = occupation_table()
    assert occupation_gives(table.by_id("barber")) == ("Medicine", "a razor (as a dagger)")
    assert occupation_gives(table.by_id("blacksmith")) == ("smith's tools",
                                                           "a smith's hammer (as a mace)")
