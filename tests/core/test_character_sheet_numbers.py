"""The sheet's derived numbers (emberkeep.character.sheet_numbers): ATK, damage, skills, saves,
AC parts, load and the spells-known limit, each checked against the rule it comes from."""

from __future__ import annotations

from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    caster_kind,
    dice_text,
    load_and_limit,
    save_lines,
    skill_lines,
    spellcheck_bonus,
    spells_known_limit,
)
from emberkeep.character.skills import Skill
from emberkeep.character.status import character_armor_class
from emberkeep.gear.inventory import Inventory


def fighter(**scores: int) -> Character:
    bases = {a: 10 for a in ABILITIES} | {Ability(k): v for k, v in scores.items()}
    return Character(
        name="Brannoc", race="human", class_id="fighter", level=1, hp=8, max_hp=8,
        scores=AbilityScores.from_bases(bases), save_proficiencies=[Ability.STR, Ability.CON],
        skill_proficiencies=[Skill.ATHLETICS], fighting_style="dueling",
        inventory=Inventory.from_catalog(["warhammer", "longsword", "composite_bow",
                                          "chain_mail", "shield"]))


def test_dice_text() -> None:
    assert dice_text("1d8", 2) == "1d8+2"
    assert dice_text("1d8", -1) == "1d8-1"
    assert dice_text("1d4", 0) == "1d4"


def test_attacks_str_melee_dex_ranged_prof_two_handed_bonus_and_dueling() -> None:
    """R12: STR 16 (+2) two-handed is ceil(1.5 × 2) = +3; R29 ranged adds STR only with Recoil;
    Dueling +1 DAM one-handed; PROF +1 at 1st level (R6) for martial weapons (R4)."""
    lines = {(a.name, a.grip): a for a in attack_lines(fighter(STR=16, DEX=13), SHIPPED)}
    hammer = lines[("Warhammer", "one_handed")]
    assert (hammer.atk_bonus, hammer.damage_text) == (3, "1d8+3")  # STR +2, PROF +1; +2 +1 duel
    hammer2 = lines[("Warhammer", "two_handed")]
    assert (hammer2.atk_bonus, hammer2.damage_text, hammer2.label) == (3, "1d10+3",
                                                                       "Warhammer (2H)")
    longsword = lines[("Longsword", "two_handed")]
    assert longsword.damage_text == "1d10+3"  # two-handed bonus +3, no Dueling
    bow = lines[("Composite bow", None)]
    assert bow.ability is Ability.DEX
    assert (bow.atk_bonus, bow.damage_text) == (2, "1d8+2")  # DEX +1 + PROF; Recoil adds STR


def test_notches_lower_damage_and_magic_user_lacks_martial_prof() -> None:
    """R17: -1 damage per notch. R4: a Magic-user is proficient with simple weapons only."""
    character = fighter(STR=10)
    character.inventory.weapons[0].notches = 2
    hammer = attack_lines(character, SHIPPED)[0]
    assert hammer.damage_text == "1d8-1"  # STR 0 + Dueling 1 - 2 notches
    mage = character.model_copy(update={"class_id": "magic_user", "fighting_style": None})
    hammer = attack_lines(mage, SHIPPED)[0]
    assert not hammer.proficient and hammer.atk_bonus == 0


def test_skills_and_saves_add_prof_when_proficient() -> None:
    """R7: ability + PROF; Expertise counts as PROF, not doubled."""
    character = fighter(STR=16, DEX=8)
    character.expertise = [Skill.STEALTH]
    skills = {s.skill: s for s in skill_lines(character, SHIPPED)}
    assert skills[Skill.ATHLETICS].bonus == 3  # STR +2, PROF +1
    assert skills[Skill.STEALTH].bonus == 0 and skills[Skill.STEALTH].expertise  # DEX -1 + 1
    assert skills[Skill.ACROBATICS].bonus == -1
    saves = {s.ability: s.bonus for s in save_lines(character, SHIPPED)}
    assert saves[Ability.STR] == 3 and saves[Ability.DEX] == -1


def test_armor_class_parts_show_damage_and_stealth() -> None:
    """Chain mail 15 (no DEX) + shield 2, one R15 point on the armor → 16; stealth HARD."""
    character = fighter(DEX=16)
    character.inventory.armor[0].damage_points = 1
    parts = armor_class_parts(character, SHIPPED)
    assert (parts.armor_base, parts.dex_applied, parts.shield_bonus) == (15, 0, 2)
    assert parts.armor_damage == 1 and parts.stealth_hard
    assert parts.total == character_armor_class(character, SHIPPED) == 16


def test_load_against_limit() -> None:
    """R14: one load per piece; limit 10 + STR."""
    assert load_and_limit(fighter(STR=16)) == (5, 12)


def test_spells_known_limit_and_spellcheck_bonus() -> None:
    """R10: Magic-user 1 + LVL + INT (+2 Bookworm); Cleric 1 + LVL; R8 bonus INT/WIS + PROF."""
    mage = fighter(INT=16).model_copy(update={"class_id": "magic_user", "fighting_style": None})
    assert caster_kind(mage) == "magic_user"
    assert spells_known_limit(mage, SHIPPED) == 4 and spellcheck_bonus(mage) == 3
    wizard = mage.model_copy(update={"archetype": "wizard", "archetype_features": [
        ChosenFeature(feature_id="bookworm", level=2)]})
    assert spells_known_limit(wizard, SHIPPED) == 6
    cleric = fighter(WIS=13).model_copy(update={"class_id": "cleric", "fighting_style": None})
    assert spells_known_limit(cleric, SHIPPED) == 2 and spellcheck_bonus(cleric) == 2
    assert spells_known_limit(fighter(), SHIPPED) is None and spellcheck_bonus(fighter()) is None
