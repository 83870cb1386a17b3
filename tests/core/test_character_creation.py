"""Creation at 1st level, the funnel of 0-level characters, occupations, the sheet round-trip."""

from __future__ import annotations

import pytest

from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.classes import EquipmentSelection
from emberkeep.character.creation import create_character, roll_ability_scores
from emberkeep.character.funnel import advance_to_first, roll_funnel, roll_zero_level
from emberkeep.character.hit_points import HpMethod
from emberkeep.character.leveling import ClassChoices, level_up
from emberkeep.character.model import Character
from emberkeep.character.occupations import occupation_table, roll_occupation
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller, parse
from emberkeep.gear.catalog import gear_catalog

# 3d6 in order: STR 15, DEX 9, CON 16, INT 12, WIS 6, CHA 11
SCORES = [6, 5, 4, 3, 3, 3, 6, 6, 4, 4, 4, 4, 2, 2, 2, 5, 5, 1]

FIGHTER_GEAR = (
    EquipmentSelection(alternative="b", picks=("longsword",)),
    EquipmentSelection(alternative="a", picks=("crossbow",)),
    EquipmentSelection(alternative="a"),
    EquipmentSelection(),
)


def _fighter_choices(**changes: object) -> ClassChoices:
    base: dict[str, object] = {
        "class_id": "fighter", "save": Ability.CON, "skills": (Skill.ATHLETICS,),
        "fighting_style": "defense", "archetype": "barbarian", "equipment": FIGHTER_GEAR}
    return ClassChoices.model_validate(base | changes)


def test_ability_scores_are_3d6_in_order() -> None:
    roller = ScriptedRoller(SCORES)
    rolls = roll_ability_scores(roller)
    assert roller.asked == [6] * 18
    assert {a.value: r.total for a, r in rolls.items()} == {
        "STR": 15, "DEX": 9, "CON": 16, "INT": 12, "WIS": 6, "CHA": 11}
    assert rolls[Ability.CHA].faces == (5, 5, 1)


def test_create_a_human_fighter_with_scripted_dice() -> None:
    roller = ScriptedRoller([*SCORES, 2])  # then the d10: a 2 with CON +2 → 3 (R5)
    hero = create_character(roller, catalog=SHIPPED, name="Brakka", race="human",
                            race_skill=Skill.PERCEPTION,
                            choices=_fighter_choices())
    assert roller.asked == [6] * 18 + [10]
    assert (hero.level, hero.class_id, hero.hp, hero.max_hp, hero.hit_dice) == (
        1, "fighter", 3, 3, 1)
    assert hero.hp_history[0].method is HpMethod.ROLL and hero.hp_history[0].faces == (2,)
    assert hero.score_rolls[Ability.STR] == (6, 5, 4)
    assert hero.save_proficiencies == [Ability.STR, Ability.CON]
    assert set(hero.skill_proficiencies) == {
        Skill.PERCEPTION, Skill.INTIMIDATION, Skill.SURVIVAL, Skill.ATHLETICS}
    assert hero.fighting_style == "defense" and hero.prof == 1
    inventory = hero.inventory
    assert [w.catalog_id for w in inventory.weapons] == ["longsword", "crossbow"]
    assert inventory.worn_armor is not None and inventory.worn_armor.catalog_id == "boiled_leather"
    assert [i.catalog_id for i in inventory.items] == ["adventuring_gear"]  # R34: one item


def test_human_swap_and_race_adjustment_at_creation() -> None:
    hero = create_character(ScriptedRoller([*SCORES, 9]), catalog=SHIPPED, name="Ada", race="human",
                            race_skill=Skill.ARCANA, swap=(Ability.STR, Ability.WIS),
                            choices=_fighter_choices())
    assert hero.scores.get(Ability.STR).base == 6 and hero.scores.get(Ability.WIS).base == 15
    assert hero.race_swap == (Ability.STR, Ability.WIS)
    dwarf = create_character(ScriptedRoller([*SCORES, 9]), catalog=SHIPPED, name="Durin",
                             race="dwarf",
                             choices=_fighter_choices())
    assert dwarf.scores.get(Ability.CON).base == 17 and dwarf.scores.get(Ability.CHA).base == 10


def test_r5_fixed_first_level_hp_setting_rolls_no_die() -> None:
    roller = ScriptedRoller(SCORES)
    hero = create_character(roller, catalog=SHIPPED, name="Brakka", race="dwarf",
                            choices=_fighter_choices(),
                            fixed_first_level_hp=True)
    assert hero.max_hp == 4 + 2  # 4 + CON (16 + 1 = 17 → +2)
    assert hero.hp_history[0].method is HpMethod.FIXED_FIRST and roller.remaining == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skills": ()}, "choose 1 skills \\(1 \\+ INT \\+0, R7\\), not 0"),
        ({"skills": (Skill.ATHLETICS, Skill.STEALTH)}, "choose 1 skills"),
        ({"skills": (Skill.SURVIVAL,)}, "already proficient in Survival"),
        ({"save": Ability.STR}, "already save with STR"),
        ({"fighting_style": None}, "choose a fighting style"),
        ({"archetype": "wizard"}, "archetype of magic_user"),
        ({"archetype_feature": "rage"}, "no archetype feature at 1st level"),
        ({"equipment": FIGHTER_GEAR[:2]}, "4 lines"),
    ],
)
def test_creation_refuses_bad_choices_with_clear_messages(
        changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        create_character(ScriptedRoller([*SCORES, 5]), catalog=SHIPPED, name="X", race="dwarf",
                         choices=_fighter_choices(**changes))


def test_rogue_picks_3_plus_int_and_two_expertise() -> None:
    choices = ClassChoices(
        class_id="rogue", save=Ability.INT,
        skills=(Skill.STEALTH, Skill.ACROBATICS, Skill.DECEPTION),
        expertise=(Skill.PERCEPTION, Skill.INVESTIGATION))
    rogue = create_character(ScriptedRoller([*SCORES, 8]), catalog=SHIPPED, name="Vess",
                             race="dwarf",
                             choices=choices)
    assert rogue.is_proficient(Skill.INVESTIGATION) and rogue.expertise == [
        Skill.PERCEPTION, Skill.INVESTIGATION]
    assert list(rogue.inventory.all_gear()) == []  # no equipment chosen: none given
    with pytest.raises(ValueError, match="choose 2 expertise skills"):
        create_character(ScriptedRoller([*SCORES, 8]), catalog=SHIPPED, name="Vess", race="dwarf",
                         choices=choices.model_copy(update={"expertise": ()}))


def test_human_must_choose_the_race_skill() -> None:
    with pytest.raises(ValueError, match="one chosen skill"):
        create_character(ScriptedRoller([*SCORES, 8]), catalog=SHIPPED, name="X", race="human",
                         choices=_fighter_choices())


def test_bloodshaman_requires_a_half_orc() -> None:
    choices = ClassChoices(class_id="cleric", save=Ability.CON, skills=(Skill.RELIGION,),
                           archetype="bloodshaman")
    with pytest.raises(ValueError, match="requires the race half_orc"):
        create_character(ScriptedRoller([*SCORES, 8]), catalog=SHIPPED, name="X", race="dwarf",
                         choices=choices)
    shaman = create_character(ScriptedRoller([*SCORES, 8]), catalog=SHIPPED, name="Grul",
                              race="half_orc",
                              choices=choices)
    assert Skill.MEDICINE in shaman.skill_proficiencies


def test_magic_user_equipment_and_cantrips() -> None:
    choices = ClassChoices(
        class_id="magic_user", save=Ability.WIS, skills=(Skill.ARCANA, Skill.NATURE),
        cantrips=("torchlight", "mending"), archetype="wizard",
        equipment=(EquipmentSelection(picks=("dagger",)), EquipmentSelection(),
                   EquipmentSelection(), EquipmentSelection()))
    with pytest.raises(ValueError, match="already proficient in Arcana"):
        create_character(ScriptedRoller([*SCORES, 1]), catalog=SHIPPED, name="Mira", race="elf",
                         choices=choices)
    choices = choices.model_copy(update={"skills": (Skill.NATURE, Skill.RELIGION)})
    mage = create_character(ScriptedRoller([*SCORES, 1]), catalog=SHIPPED, name="Mira", race="elf",
                            choices=choices)
    # Elf: INT 12 + 1 = 13 (+1, so 2 skills), CON 16 - 1 = 15 (+1); the d6 shows 1:
    # R5 max(1, min(1 + 1, 6 // 2)) = 2
    assert mage.max_hp == 2
    assert {w.catalog_id for w in mage.inventory.weapons} == {"dagger", "sling"}
    assert "spellbook" in {i.catalog_id for i in mage.inventory.items}
    assert mage.cantrips == ["torchlight", "mending"]


# --- occupations and the funnel ------------------------------------------------------------

def test_occupation_table_has_at_least_30_rows_covering_its_die() -> None:
    table = occupation_table()
    expr = parse(table.die)
    assert len(table.rows) >= 30
    assert len(table.rows) == expr.maximum  # one occupation per face of the d50
    for face in range(expr.minimum, expr.maximum + 1):
        assert table.lookup(face).covers(face)
    catalog = gear_catalog()
    for row in table.rows:
        catalog.kind_of(row.item)  # every starting item is a catalog id


def test_occupations_from_the_seed_examples() -> None:
    table = occupation_table()
    assert table.by_id("ditch_digger").skill is Skill.ATHLETICS
    assert table.by_id("blacksmith").tool == "smith's tools"
    assert table.by_id("beggar").skill is Skill.PERFORMANCE
    result = roll_occupation(ScriptedRoller([18]))
    assert result.roll.faces == (18,) and result.row.text == "Ditch digger"


def _peasant_faces(hp: int, occupation: int) -> list[int]:
    return [*SCORES, hp, occupation]


def test_funnel_of_four_with_scripted_dice() -> None:
    faces = (_peasant_faces(3, 18) + _peasant_faces(1, 9) + _peasant_faces(4, 30)
             + _peasant_faces(2, 50))
    roller = ScriptedRoller(faces)
    funnel = roll_funnel(roller, names=["Ann", "Bo", "Cid", "Dee"])
    assert roller.remaining == 0
    assert roller.asked == ([6] * 18 + [4, 50]) * 4
    assert [c.name for c in funnel] == ["Ann", "Bo", "Cid", "Dee"]
    assert [c.max_hp for c in funnel] == [3, 1, 4, 2]
    assert [c.occupation for c in funnel] == ["ditch_digger", "blacksmith", "hunter",
                                              "woodcutter"]
    assert all(c.level == 0 and c.class_id is None and c.prof == 0 for c in funnel)
    assert funnel[0].skill_proficiencies == [Skill.ATHLETICS]
    assert funnel[1].tool_proficiencies == ["smith's tools"]
    assert [w.catalog_id for w in funnel[2].inventory.weapons] == ["hunting_bow"]
    assert funnel[0].hp_history[0].method is HpMethod.ZERO_LEVEL
    assert all(c.hit_dice == 0 and c.max_hit_dice == 0 for c in funnel)


def test_funnel_default_size_is_four() -> None:
    roller = ScriptedRoller(_peasant_faces(1, 1) * 4)
    assert len(roll_funnel(roller)) == 4


def test_r5_funnel_survivor_adds_the_first_level_gain_to_its_1d4() -> None:
    peasant = roll_zero_level(ScriptedRoller(_peasant_faces(3, 18)), name="Ann")
    choices = _fighter_choices(skills=(Skill.STEALTH,), equipment=None)
    result = advance_to_first(peasant, SHIPPED, choices, ScriptedRoller([2]),
                              race_skill=Skill.NATURE)
    # d10 roll 2, CON 16 (+2): max(2, min(3, 5)) = 3, added to the 1d4 of 3 (R5)
    assert result.hp.gain == 3
    assert (peasant.level, peasant.max_hp, peasant.hp, peasant.hit_dice) == (1, 6, 6, 1)
    assert [e.method for e in peasant.hp_history] == [HpMethod.ZERO_LEVEL, HpMethod.ROLL]
    assert peasant.occupation == "ditch_digger" and peasant.race_skill is Skill.NATURE
    assert Skill.ATHLETICS in peasant.skill_proficiencies  # keeps its occupation PROF
    assert [w.catalog_id for w in peasant.inventory.items] == ["shovel"]


def test_funnel_survivor_refused_choice_changes_nothing() -> None:
    peasant = roll_zero_level(ScriptedRoller(_peasant_faces(3, 18)), name="Ann")
    before = peasant.model_dump()
    with pytest.raises(ValueError, match="already proficient in Athletics"):
        advance_to_first(peasant, SHIPPED, _fighter_choices(equipment=None), ScriptedRoller([2]),
                         race_skill=Skill.NATURE)
    assert peasant.model_dump() == before


def test_funnel_human_chooses_its_race_skill_on_reaching_first_level() -> None:
    peasant = roll_zero_level(ScriptedRoller(_peasant_faces(3, 18)), name="Ann")
    with pytest.raises(ValueError, match="one chosen skill"):
        advance_to_first(peasant, SHIPPED, _fighter_choices(skills=(Skill.STEALTH,),
                                                            equipment=None),
                         ScriptedRoller([2]))
    assert peasant.level == 0


def test_funnel_survivor_may_take_starting_gear() -> None:
    peasant = roll_zero_level(ScriptedRoller(_peasant_faces(3, 18)), name="Ann")
    advance_to_first(peasant, SHIPPED, _fighter_choices(skills=(Skill.STEALTH,)),
                     ScriptedRoller([9]),
                     race_skill=Skill.NATURE)
    assert peasant.max_hp == 12
    assert {w.catalog_id for w in peasant.inventory.weapons} == {"longsword", "crossbow"}
    assert "shovel" in {i.catalog_id for i in peasant.inventory.items}


# --- the sheet -----------------------------------------------------------------------------

def test_character_json_round_trip_is_exact() -> None:
    hero = create_character(ScriptedRoller([*SCORES, 2]), catalog=SHIPPED, name="Brakka",
                            race="human",
                            race_skill=Skill.PERCEPTION, swap=(Ability.DEX, Ability.WIS),
                            choices=_fighter_choices(), player="Kim")
    level_up(hero, SHIPPED, ScriptedRoller([7]), archetype_feature="hit_die_d12")
    hero.scores.get(Ability.DEX).loss = 2
    hero.notes = "Owes the miller <b>3 sp</b>"
    text = hero.model_dump_json()
    again = Character.model_validate_json(text)
    assert again == hero
    assert again.model_dump_json() == text
    assert len(hero.id) == 32


def test_sheet_refuses_extra_fields_and_inconsistent_levels() -> None:
    hero = roll_zero_level(ScriptedRoller(_peasant_faces(3, 18)), name="Ann")
    data = hero.model_dump(mode="json")
    with pytest.raises(ValueError, match="Extra inputs"):
        Character.model_validate(data | {"mana": 3})
    with pytest.raises(ValueError, match="0-level character has no class"):
        Character.model_validate(data | {"class_id": "fighter"})
    with pytest.raises(ValueError, match="HD in the pool"):
        Character.model_validate(data | {"hit_dice": 1})
