"""Archetype features in fights: each changes the numbers it claims.

The party is the example campaign's (see test_encounter_attack): Brannoc Ironhand, fighter,
STR +1, PROF +1, arming sword 1d8 and shield, AC 17. Brute: AC 12 (R30), 200 HP.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings, OptionalRules
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.sheet_numbers import armor_class_parts, attack_lines
from emberkeep.character.status import character_armor_class
from emberkeep.encounter.attack import attack, roll_attack
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.feature_actions import (
    can_reroll_attack,
    declare_hp_to_damage,
    toggle_state,
    use_ally_easy,
)
from emberkeep.encounter.ruling import add_condition
from emberkeep.encounter.saves import saving_throw
from tests.core.test_encounter_attack import BRUTE, make, pc

NO_TABLES = CampaignSettings(rules=OptionalRules(crit_tables=False))


def _take(enc: Encounter, prefix: str, archetype: str, *features: str) -> str:
    who = pc(enc, prefix)
    ch = enc.character(who)
    ch.archetype = archetype
    ch.archetype_features = [ChosenFeature(feature_id=f, level=1) for f in features]
    return who.id


def test_barbarian_crits_on_19_and_that_crit_dents_the_armor_r15() -> None:
    """Barbarian: "Melee CRIT range 19-20"; R15: "a widened crit range such as the Barbarian's
    19-20" reduces the target's AC by 1 until repaired. Wren stands in as a target in armor:
    max 1d8 + 1 = 9 (crit tables off), and her armor takes one point."""
    enc = make([19], settings=NO_TABLES)
    brannoc = _take(enc, "Brannoc", "barbarian", "melee_crit_range")
    wren = pc(enc, "Wren")
    ch = enc.character(wren)
    ch.max_hp = ch.hp = 100
    armor = ch.inventory.worn_armor
    assert armor is not None and armor.damage_points == 0
    ac_before = character_armor_class(ch, SHIPPED)
    step = attack(enc, brannoc, wren.id)
    assert "(crit)" in step.summary
    assert ch.hp == 100 - 9
    assert armor.damage_points == 1 and character_armor_class(ch, SHIPPED) == ac_before - 1


def test_without_the_feature_a_19_is_a_plain_hit() -> None:
    enc = make([19, 4], foes=((BRUTE, 0),), settings=NO_TABLES)
    step = attack(enc, pc(enc, "Brannoc").id, "brute-1")
    assert "(crit)" not in step.summary
    assert enc.combatant("brute-1").hp == 200 - 5 and enc.combatant("brute-1").ac_penalty == 0


def test_the_barbarian_19_against_a_monster_costs_it_one_ac_for_the_fight() -> None:
    enc = make([19], foes=((BRUTE, 0),), settings=NO_TABLES)
    attack(enc, _take(enc, "Brannoc", "barbarian", "melee_crit_range"), "brute-1")
    assert enc.combatant("brute-1").ac_penalty == 1 and enc.armor_class(
        enc.combatant("brute-1")) == 11


def test_rage_moves_damage_and_ac_by_prof_and_back() -> None:
    """Barbarian: "Rage: +PROF dam, -PROF AC" (PROF +1 at 1st level). Undo puts it back."""
    enc = make([15, 4, 15, 4], foes=((BRUTE, 0),))
    brannoc = _take(enc, "Brannoc", "barbarian", "rage")
    ch = enc.character(enc.combatant(brannoc))
    assert character_armor_class(ch, SHIPPED) == 17
    assert attack_lines(ch, SHIPPED)[0].damage_modifier == 1
    toggle_state(enc, brannoc, "Rage", True)
    assert character_armor_class(ch, SHIPPED) == 16
    assert armor_class_parts(ch, SHIPPED).feature_bonus == -1
    assert attack_lines(ch, SHIPPED)[0].damage_modifier == 2
    attack(enc, brannoc, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - (4 + 1 + 1)
    enc.combatant(brannoc).acted = False
    toggle_state(enc, brannoc, "Rage", False)
    assert character_armor_class(ch, SHIPPED) == 17
    assert attack_lines(ch, SHIPPED)[0].damage_modifier == 1
    attack(enc, brannoc, "brute-1")
    assert enc.combatant("brute-1").hp == 200 - 6 - 5
    enc.undo()  # the second attack
    enc.undo()  # Rage off
    assert character_armor_class(ch, SHIPPED) == 16 and [c.name for c in ch.conditions] == ["Rage"]


def test_rage_needs_the_feature() -> None:
    enc = make([])
    with pytest.raises(RuleError, match="Rage"):
        toggle_state(enc, pc(enc, "Brannoc").id, "Rage", True)


def test_chosen_one_rerolls_a_missed_attack_once_a_fight() -> None:
    """Bloodshaman: "Chosen one: Once a fight reroll an ATK". Sister Maud misses with 3, rerolls
    17 and hits; the next miss has no reroll left."""
    enc = make([3, 17, 2, 4, 5], foes=((BRUTE, 0),))
    maud = _take(enc, "Sister", "bloodshaman", "chosen_one")
    assert can_reroll_attack(enc, enc.combatant(maud))
    step = attack(enc, maud, "brute-1", reroll=True)
    assert [r.natural for r in step.rolls()[:2]] == [3, 17]
    assert "hits" in step.summary
    assert not can_reroll_attack(enc, enc.combatant(maud))
    enc.combatant(maud).acted = False
    step = attack(enc, maud, "brute-1", reroll=True)
    assert "misses" in step.summary and len(step.rolls()) == 1


def test_reroll_refused_without_the_feature() -> None:
    enc = make([3, 17], foes=((BRUTE, 0),))
    brannoc = pc(enc, "Brannoc")
    from emberkeep.encounter.feature_actions import reroll_attack

    with enc.action(brannoc.id, "attack") as tx:
        roll = roll_attack(enc, tx, brannoc, "brute-1")
        with pytest.raises(RuleError, match="reroll"):
            reroll_attack(enc, tx, roll)


def test_bloodmagic_converts_1d6_hp_into_damage() -> None:
    """Bloodshaman: "Bloodmagic: Convert 1d6 HP to DAM": the d6 shows 4, Maud loses 4 HP and
    the blow does 4 more."""
    enc = make([15, 3, 4], foes=((BRUTE, 0),))
    maud = _take(enc, "Sister", "bloodshaman", "bloodmagic")
    ch = enc.character(enc.combatant(maud))
    hp = ch.hp = ch.max_hp
    declare_hp_to_damage(enc, maud)
    before = enc.combatant("brute-1").hp
    step = attack(enc, maud, "brute-1")
    dealt = before - enc.combatant("brute-1").hp
    plain = step.rolls()[1].total + attack_lines(ch, SHIPPED)[0].damage_modifier
    assert dealt == max(1, plain) + 4 and ch.hp == hp - 4
    assert not any(c.name == "hp_to_damage" for c in enc.combatant(maud).conditions)


def test_arcane_strike_uses_int_for_the_attack() -> None:
    """Arcane Trickster: "Arcane strike: Can use INT for ATK" (the better of STR and INT).
    Wren: STR -1; with INT 18 (+3) her ATK bonus rises by 4."""
    modifiers = []
    for features in ((), ("arcane_strike",)):
        enc = make([10, 3], foes=((BRUTE, 0),))
        wren = enc.combatant(_take(enc, "Wren", "arcane_trickster", *features))
        enc.character(wren).scores.INT.base = 18
        modifiers.append(attack(enc, wren.id, "brute-1").rolls()[0].modifier)
    assert modifiers[1] - modifiers[0] == 3 - (-1)


def test_immune_to_fear_keeps_frightened_off_and_wins_the_save() -> None:
    """Barbarian: "Immune to FEAR effects" (R28's FRIGHTENED)."""
    enc = make([])
    brannoc = enc.combatant(_take(enc, "Brannoc", "barbarian", "fearless"))
    with enc.action(brannoc.id, "ruling") as tx:
        add_condition(tx, brannoc, ActiveCondition("FRIGHTENED"))
        assert saving_throw(enc, tx, brannoc, "WIS", 30, against="FRIGHTENED")
    assert brannoc.conditions == ()
    wren = pc(enc, "Wren")
    with enc.action(wren.id, "ruling") as tx:
        add_condition(tx, wren, ActiveCondition("FRIGHTENED"))
    assert [c.name for c in wren.conditions] == ["FRIGHTENED"]


def test_saves_against_magic_are_easy_for_the_arcane_trickster() -> None:
    """"SAVE vs. magical EFFECTS are EASY": the DC drops by 3 only when the SAVE is vs magic."""
    enc = make([9, 9])
    wren = enc.combatant(_take(enc, "Wren", "arcane_trickster", "easy_magic_saves"))
    with enc.action(wren.id, "save") as tx:
        magic = saving_throw(enc, tx, wren, "INT", 12, contexts=["magic"])
        plain = saving_throw(enc, tx, wren, "INT", 12)
    purposes = [e.purpose for e in enc.history[-1].events if hasattr(e, "purpose")]
    assert purposes == ["INT SAVE vs DC 9", "INT SAVE vs DC 12"]
    total = enc.history[-1].rolls()[0].total
    assert magic == (total >= 9) and plain == (total >= 12)


def test_weapon_counts_as_magical_for_the_arcane_trickster() -> None:
    """"Weapon counts as magical" (R26: only a magical weapon dents magical armor)."""
    from emberkeep.encounter.attack import choose_weapon

    enc = make([], foes=((BRUTE, 0),))
    wren = pc(enc, "Wren")
    assert not choose_weapon(enc, wren, enc.combatant("brute-1")).magical
    _take(enc, "Wren", "arcane_trickster", "magical_weapon")
    assert choose_weapon(enc, wren, enc.combatant("brute-1")).magical


def test_ally_attack_easy_once_a_fight() -> None:
    """Bloodshaman: "Once a fight chosen ally ATK is EASY"."""
    enc = make([9, 3], foes=((BRUTE, 0),))
    maud = _take(enc, "Sister", "bloodshaman", "ally_easy_attack")
    brannoc = pc(enc, "Brannoc")
    with enc.action(maud, "bless") as tx:
        easy = use_ally_easy(enc, tx, maud, brannoc)
        with pytest.raises(RuleError, match="no use"):
            use_ally_easy(enc, tx, maud, brannoc)
    step = attack(enc, brannoc.id, "brute-1", difficulty_extra=[easy])
    assert "hits" in step.summary  # 9 + 2 = 11 against AC 12 - 3
