"""R5 hit points (both worked examples), R6 PROF and features per level, R32 XP, level-ups."""

from __future__ import annotations

import pytest

from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.advancement import (
    LevelFeature,
    features_at,
    level_for_xp,
    prof_bonus,
    xp_for_level,
)
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.hit_points import (
    HpMethod,
    fixed_first_level_hp,
    level_gain,
    roll_level_hp,
    roll_zero_level_hp,
)
from emberkeep.character.leveling import level_up
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller


@pytest.mark.parametrize("face", [1, 2, 3])
def test_r5_example_1_fighter_con_plus_2_rolling_1_to_3_gains_3(face: int) -> None:
    assert level_gain(face, 10, 2) == 3
    entry = roll_level_hp(2, 10, 2, ScriptedRoller([face]))
    assert entry.faces == (face,) and entry.gain == 3


@pytest.mark.parametrize("face", [1, 2, 3])
def test_r5_example_2_magic_user_con_plus_3_rolling_1_to_3_gains_3_not_4(face: int) -> None:
    assert level_gain(face, 6, 3) == 3
    assert roll_level_hp(3, 6, 3, ScriptedRoller([face])).gain == 3


def test_r5_a_high_roll_counts_as_rolled() -> None:
    assert level_gain(9, 10, 2) == 9
    assert level_gain(4, 6, 3) == 4


def test_r5_gain_never_below_one() -> None:
    assert level_gain(1, 8, -3) == 1
    assert level_gain(1, 8, 0) == 1
    assert level_gain(1, 8, 1) == 2


def test_r5_zero_level_is_1d4() -> None:
    roller = ScriptedRoller([3])
    entry = roll_zero_level_hp(roller)
    assert roller.asked == [4]
    assert (entry.level, entry.method, entry.gain) == (0, HpMethod.ZERO_LEVEL, 3)


@pytest.mark.parametrize(("base", "con", "gain"), [(4, 2, 6), (3, 0, 3), (2, -1, 1), (2, -3, 1)])
def test_r5_fixed_first_level_option(base: int, con: int, gain: int) -> None:
    assert fixed_first_level_hp(base, con).gain == gain


def test_r5_hit_die_is_not_rolled_past_5th() -> None:
    with pytest.raises(ValueError, match="1-5"):
        roll_level_hp(6, 10, 0, ScriptedRoller([5]))


@pytest.mark.parametrize(
    ("level", "prof"),
    [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3), (8, 3), (9, 4), (10, 4)],
)
def test_r6_prof_per_level(level: int, prof: int) -> None:
    assert prof_bonus(level) == prof


def test_r6_features_from_the_classes_chapter_table() -> None:
    arch, inc = LevelFeature.ARCHETYPE_FEATURE, LevelFeature.ABILITY_INCREASE
    assert features_at(0) == (LevelFeature.ROLL_OCCUPATION,)
    assert features_at(1) == (LevelFeature.CHOOSE_SKILLS, LevelFeature.CHOOSE_ARCHETYPE)
    assert [lvl for lvl in range(11) if arch in features_at(lvl)] == [2, 5, 7]
    assert [lvl for lvl in range(11) if inc in features_at(lvl)] == [4, 6, 8, 10]
    assert features_at(3) == () and features_at(9) == ()


def test_r32_xp_thresholds() -> None:
    assert [xp_for_level(lvl) for lvl in range(1, 11)] == [
        10, 50, 110, 190, 290, 410, 550, 710, 890, 1090]
    assert level_for_xp(0) == 0
    assert level_for_xp(9) == 0
    assert level_for_xp(10) == 1
    assert level_for_xp(109) == 2
    assert level_for_xp(5000) == 10


def _fighter(con: int = 14, level: int = 1, max_hp: int = 8) -> Character:
    scores = AbilityScores.from_bases({a: 10 for a in ABILITIES} | {Ability.CON: con})
    return Character(name="Brakka", race="human", class_id="fighter", level=level, scores=scores,
                     hp=max_hp, max_hp=max_hp, hit_dice=min(level, 5), xp=10,
                     save_proficiencies=[Ability.STR, Ability.CON])


def test_level_up_rolls_hp_and_grows_the_pool() -> None:
    hero = _fighter(con=16)  # CON +2
    hero.archetype = "barbarian"
    result = level_up(hero, SHIPPED, ScriptedRoller([2]), archetype_feature="rage")
    assert result.level == 2 and result.hp.gain == 3  # R5 example 1
    assert (hero.level, hero.max_hp, hero.hp, hero.hit_dice) == (2, 11, 11, 2)
    assert hero.archetype_features[0].feature_id == "rage"
    assert hero.archetype_features[0].level == 2
    assert hero.prof == 1


def test_r6_level_up_demands_the_levels_choices() -> None:
    hero = _fighter()
    hero.archetype = "barbarian"
    with pytest.raises(ValueError, match="level 2 gives an archetype feature"):
        level_up(hero, SHIPPED, ScriptedRoller([5]))
    level_up(hero, SHIPPED, ScriptedRoller([5]), archetype_feature="rage")
    with pytest.raises(ValueError, match="level 3 gives no archetype feature"):
        level_up(hero, SHIPPED, ScriptedRoller([5]), archetype_feature="fearless")
    level_up(hero, SHIPPED, ScriptedRoller([5]))
    with pytest.raises(ValueError, match="\\+1 to an ability score"):
        level_up(hero, SHIPPED, ScriptedRoller([5]))
    assert hero.level == 3  # refused level-ups changed nothing
    level_up(hero, SHIPPED, ScriptedRoller([5]), ability_increase=Ability.STR)
    assert hero.scores.get(Ability.STR).base == 11
    assert hero.ability_increases[0].level == 4


def test_r1_ability_increase_stops_at_the_natural_cap() -> None:
    hero = _fighter(con=18, level=3)
    with pytest.raises(ValueError, match="caps at 18"):
        level_up(hero, SHIPPED, ScriptedRoller([5]), ability_increase=Ability.CON)
    assert hero.level == 3


def test_r5_levels_6_to_10_add_the_fixed_amount_without_rolling() -> None:
    hero = _fighter(level=5, max_hp=40)
    hero.archetype = "barbarian"
    hero.archetype_features = []
    roller = ScriptedRoller([])
    level_up(hero, SHIPPED, roller, ability_increase=Ability.STR)
    assert hero.max_hp == 43 and roller.asked == []
    level_up(hero, SHIPPED, roller, archetype_feature="rage")
    level_up(hero, SHIPPED, roller, ability_increase=Ability.DEX)
    level_up(hero, SHIPPED, roller)
    level_up(hero, SHIPPED, roller, ability_increase=Ability.WIS)
    assert hero.level == 10 and hero.max_hp == 55 and hero.hit_dice == 5
    assert [e.method for e in hero.hp_history] == [HpMethod.FIXED] * 5
    with pytest.raises(ValueError, match="already level 10"):
        level_up(hero, SHIPPED, roller)


@pytest.mark.parametrize(("class_id", "gain"), [("cleric", 2), ("rogue", 2), ("magic_user", 1)])
def test_r5_fixed_high_level_gain_per_class(class_id: str, gain: int) -> None:
    hero = _fighter(level=8, max_hp=30)  # 9th level gives no choice to make
    hero.class_id = class_id
    hero.archetype = None
    level_up(hero, SHIPPED, ScriptedRoller([]))
    assert hero.max_hp == 30 + gain


def test_r3_barbarian_d12_applies_from_the_level_it_is_chosen() -> None:
    hero = _fighter(con=10)
    hero.archetype = "barbarian"
    roller = ScriptedRoller([11])  # an 11 is only possible on the d12
    level_up(hero, SHIPPED, roller, archetype_feature="hit_die_d12")
    assert roller.asked == [12]
    assert hero.max_hp == 8 + 11
    assert hero.hit_die_at(SHIPPED, 1) == 10 and hero.hit_die_at(SHIPPED, 2) == 12
    assert hero.hit_die_at(SHIPPED, hero.level) == 12
    roller = ScriptedRoller([7])
    level_up(hero, SHIPPED, roller)
    assert roller.asked == [12]


def test_level_up_from_zero_points_to_the_funnel() -> None:
    scores = AbilityScores.from_bases({a: 10 for a in ABILITIES})
    peasant = Character(name="Pip", race="human", scores=scores, hp=3, max_hp=3)
    with pytest.raises(ValueError, match="advance_to_first"):
        level_up(peasant, SHIPPED, ScriptedRoller([4]))


def test_can_level_up_follows_r32_xp() -> None:
    hero = _fighter()
    hero.xp = 49
    assert not hero.can_level_up
    hero.xp = 50
    assert hero.can_level_up
