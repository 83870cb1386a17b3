"""Classes as data (R3 hit dice, R4 proficiencies, R7 picks), archetypes, starting equipment."""

from __future__ import annotations

import pytest

from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.classes import ClassDef, EquipmentSelection, classes, get_class
from emberkeep.character.equipment import resolve_equipment, slot_options
from emberkeep.character.skills import Skill
from emberkeep.gear.catalog import gear_catalog


def test_r3_hit_dice() -> None:
    """R3: Fighter d10, Cleric d8, Rogue d8, Magic-user d6 (not the section's 1d8)."""
    assert {c.id: c.hit_die for c in classes().values()} == {
        "fighter": 10, "cleric": 8, "rogue": 8, "magic_user": 6}


def test_r4_rogue_has_shield_from_the_classes_table() -> None:
    rogue = get_class("rogue")
    assert rogue.armor == ("light", "shield")
    assert rogue.weapons == ("simple", "martial")


def test_r4_magic_user_has_only_shield_and_simple_weapons() -> None:
    mu = get_class("magic_user")
    assert mu.armor == ("shield",)
    assert mu.weapons == ("simple",)


def test_fighter_and_cleric_proficiencies() -> None:
    assert get_class("fighter").armor == ("light", "heavy", "shield")
    assert get_class("fighter").weapons == ("simple", "martial")
    assert get_class("cleric").armor == ("light", "heavy", "shield")
    assert get_class("cleric").weapons == ("simple",)


def test_r7_saves_skill_picks_and_fixed_hp() -> None:
    table = {c.id: (c.save, c.skill_picks, c.first_level_fixed_hp, c.high_level_hp)
             for c in classes().values()}
    assert table == {
        "fighter": (Ability.STR, 1, 4, 3),
        "cleric": (Ability.WIS, 1, 3, 2),
        "rogue": (Ability.DEX, 3, 3, 2),
        "magic_user": (Ability.INT, 1, 2, 1),
    }
    assert get_class("rogue").skill_pick_count(int_mod=2) == 5
    assert get_class("fighter").skill_pick_count(int_mod=-3) == 0


def test_crit_tables_and_spellcasting() -> None:
    assert {c.id: c.crit_table for c in classes().values()} == {
        "fighter": "fighter", "cleric": "cleric", "rogue": "rogue", "magic_user": "zero_level"}
    assert get_class("cleric").spellcasting_ability is Ability.WIS
    assert get_class("magic_user").spellcasting_ability is Ability.INT
    assert get_class("fighter").spellcasting_ability is None


def test_class_features_with_text() -> None:
    names = {c.id: [f.name for f in c.features] for c in classes().values()}
    assert names == {
        "fighter": ["Cleave", "Fighting Style"],
        "cleric": ["Divine Prayers", "Lay on Hands"],
        "rogue": ["Expertise", "Sneak Attack"],
        "magic_user": ["Arcane Magic", "Cantrip"],
    }
    style = get_class("fighter").feature("fighting_style")
    assert [o.key for o in style.options] == ["a", "b", "c", "d", "e", "f"]
    assert style.options[1].text == "+1 AC"
    assert "lethal blow" in get_class("fighter").feature("cleave").text
    assert get_class("rogue").expertise_picks == 2
    assert get_class("magic_user").cantrip_picks == 2


def _referenced_ids(cls: ClassDef) -> set[str]:
    """Every catalog id the class's equipment names."""
    found: set[str] = set()
    for line in cls.equipment:
        for alternative in line.alternatives:
            for slot in alternative.slots:
                if slot.item is not None:
                    found.add(slot.item)
                found.update(slot.choose_from)
    return found


def test_every_equipment_id_exists_in_the_gear_catalog() -> None:
    catalog = gear_catalog()
    for cls in classes().values():
        for gear_id in _referenced_ids(cls):
            catalog.kind_of(gear_id)  # raises GearError for an unknown id


def test_every_open_weapon_slot_has_options() -> None:
    for cls in classes().values():
        for line in cls.equipment:
            for alt in line.alternatives:
                for slot in alt.slots:
                    assert slot_options(slot), (cls.id, slot.text)


def test_fighter_equipment_lines_as_the_seed_lists_them() -> None:
    fighter = get_class("fighter")
    assert [len(line.alternatives) for line in fighter.equipment] == [2, 2, 2, 1]
    one_handed = slot_options(fighter.equipment[0].alternatives[0].slots[0])
    weapons = gear_catalog().weapons
    assert "arming_sword" in one_handed
    assert all(weapons[w].category == "martial" and weapons[w].kind == "one_handed"
               for w in one_handed)


def test_resolve_fighter_equipment() -> None:
    ids = resolve_equipment(get_class("fighter"), [
        EquipmentSelection(alternative="a", picks=("arming_sword",)),
        EquipmentSelection(alternative="b", picks=("spear",)),
        EquipmentSelection(alternative="b"),
        EquipmentSelection(),
    ])
    assert ids == ["arming_sword", "shield", "spear", "scale_mail", "adventuring_gear"]


def test_equipment_refuses_a_weapon_of_the_wrong_kind() -> None:
    with pytest.raises(ValueError, match="is not one of"):
        resolve_equipment(get_class("fighter"), [
            EquipmentSelection(alternative="b", picks=("arming_sword",)),
            EquipmentSelection(alternative="a", picks=("warbow",)),
            EquipmentSelection(alternative="a"), EquipmentSelection()])


def test_equipment_needs_one_answer_per_line_and_a_valid_key() -> None:
    cleric = get_class("cleric")
    with pytest.raises(ValueError, match="4 lines"):
        resolve_equipment(cleric, [EquipmentSelection(alternative="a")])
    with pytest.raises(ValueError, match="choose a or b"):
        resolve_equipment(cleric, [EquipmentSelection()] * 4)
    with pytest.raises(ValueError, match="no alternative 'c'"):
        resolve_equipment(cleric, [EquipmentSelection(alternative="c")] * 4)


def test_archetype_data_loads() -> None:
    catalog = SHIPPED.archetypes()
    assert {a.id: a.class_id for a in catalog.values()} == {
        "barbarian": "fighter", "bloodshaman": "cleric",
        "arcane_trickster": "rogue", "wizard": "magic_user"}
    barbarian = SHIPPED.archetype("barbarian")
    assert barbarian.skill_proficiencies == (Skill.INTIMIDATION, Skill.SURVIVAL)
    assert len(barbarian.features) == 5
    assert barbarian.feature("hit_die_d12").hit_die == 12
    assert barbarian.feature("melee_crit_range").melee_crit_low == 19
    assert SHIPPED.archetype("bloodshaman").prerequisite_race == "half_orc"
    assert SHIPPED.archetype("wizard").skill_proficiencies == (Skill.ARCANA, Skill.HISTORY)
    assert SHIPPED.archetype("arcane_trickster").skill_proficiencies == (Skill.ARCANA,
                                                                         Skill.INSIGHT)


def test_bloodshaman_is_offered_only_to_half_orcs() -> None:
    assert [a.id for a in SHIPPED.archetypes_for("cleric", "human")] == []
    assert [a.id for a in SHIPPED.archetypes_for("cleric", "half_orc")] == ["bloodshaman"]
