"""Every derived number explains itself: its parts add up to the number the sheet shows and the
encounter engine rolls (AC, PROF, max HP, load and its limit, SPELLCHECK, spells known, dead
at, each weapon's ATK and damage, each SAVE and skill, each level's HP gain), for generated
characters and for every shipped class and archetype with every feature taken and Rage on."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberkeep.breakdown import Breakdown, Part
from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.bonuses import spellcheck_bonus, state_damage
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.classes import classes
from emberkeep.character.explain import SHEET_KEYS, Explained, explain
from emberkeep.character.hit_points import HpEntry, HpMethod, level_gain
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    load_and_limit,
    save_lines,
    skill_lines,
    spells_known_limit,
)
from emberkeep.character.skills import Skill
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import _attack_modifier
from emberkeep.encounter.damage import _modifier as engine_damage_modifier
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import pc_combatant
from emberkeep.encounter.weapon_choice import _wield
from emberkeep.encounter.zones import Band
from emberkeep.gear.inventory import Inventory
from tests.strategies import characters

_INTERNAL_ID = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)+$")


def _explained(character: Character, key: str) -> Explained:
    found = explain(character, SHIPPED, key)
    assert found is not None, key
    return found


def _sums(found: Explained) -> None:
    """The parts add up, and no part reads as an internal id."""
    for each in (found, *found.more):
        assert sum(p.amount for p in each.breakdown.parts) == each.total
        for part in each.breakdown.parts:
            assert not _INTERNAL_ID.match(part.label), part


def check_sheet(character: Character, catalog: Catalog = SHIPPED) -> None:
    """Each key's explanation is the number the sheet shows."""
    numbers: dict[str, int | None] = {
        "ac": character_armor_class(character, catalog),
        "prof": character.prof,
        "hp_max": character.max_hp,
        "load": load_and_limit(character)[0],
        "spellcheck": spellcheck_bonus(character),
        "spells_known": spells_known_limit(character, catalog),
        "dead_at": character.death_threshold,
    }
    assert armor_class_parts(character, catalog).total == numbers["ac"]
    for key in SHEET_KEYS:
        found = explain(character, catalog, key)
        if numbers[key] is None:
            assert found is None, key
            continue
        assert found is not None, key
        _sums(found)
        assert found.total == numbers[key], (key, found.text())
    limit = explain(character, catalog, "load")
    assert limit is not None and limit.more[0].total == load_and_limit(character)[1]
    for line in save_lines(character, catalog):
        found = explain(character, catalog, f"save:{line.ability.value}")
        assert found is not None and found.total == line.bonus
        _sums(found)
    for skill in skill_lines(character, catalog):
        found = explain(character, catalog, f"skill:{skill.skill.value}")
        assert found is not None and found.total == skill.bonus
        _sums(found)
    for attack in attack_lines(character, catalog):
        atk = explain(character, catalog, f"atk:{attack.uid}")
        grip = ":two_handed" if attack.grip == "two_handed" else ""
        damage = explain(character, catalog, f"damage:{attack.uid}{grip}")
        assert atk is not None and damage is not None
        assert (atk.total, damage.total) == (attack.atk_bonus, attack.damage_modifier)
        _sums(atk)
        _sums(damage)
        assert attack.uid not in atk.text() + damage.text()
    for entry in character.hp_history:
        found = explain(character, catalog, f"hp_gain:{entry.level}")
        assert found is not None and found.total == entry.gain
        _sums(found)


def check_engine(character: Character, catalog: Catalog = SHIPPED) -> None:
    """The encounter engine hits against the explained AC and rolls the explained ATK and
    damage of each weapon, as it grips it at CLOSE range."""
    enc = Encounter([pc_combatant(character)], {character.id: character}, ScriptedRoller([]),
                    catalog=catalog)
    c = next(iter(enc.combatants.values()))
    assert enc.armor_class(c) == _explained_in(character, catalog, "ac").total
    for weapon in character.inventory.weapons:
        if weapon.kind == "fist":
            continue
        wielded = _wield(enc, c, weapon, Band.CLOSE)
        atk = _explained_in(character, catalog, f"atk:{weapon.uid}")
        assert _attack_modifier(enc, c, wielded) == atk.total
        grip = ":two_handed" if wielded.grip == "two_handed" else ""
        damage = _explained_in(character, catalog, f"damage:{weapon.uid}{grip}")
        # the engine adds a state's damage (Rage) to a blow that hit beside the flat number
        assert engine_damage_modifier(enc, c, wielded) \
            + state_damage(character, catalog, ranged=wielded.ranged) == damage.total


def _explained_in(character: Character, catalog: Catalog, key: str) -> Explained:
    found = explain(character, catalog, key)
    assert found is not None, key
    return found


@st.composite
def with_features(draw: st.DrawFn) -> Character:
    """A generated character; one with a class also takes an archetype of it (some of its
    features), a fighting style, and maybe Rage switched on."""
    character = draw(characters())
    cls = character.class_def
    if cls is None:
        return character
    archetypes = SHIPPED.archetypes_for(cls.id)
    archetype = draw(st.sampled_from([None, *archetypes]))
    styles = [o.id for f in cls.features for o in f.options]
    update: dict[str, object] = {"fighting_style": draw(st.sampled_from([None, *styles]))}
    if archetype is not None:
        taken = draw(st.lists(st.sampled_from(archetype.features), unique_by=lambda f: f.id))
        update |= {"archetype": archetype.id,
                   "archetype_features": [ChosenFeature(feature_id=f.id, level=1)
                                          for f in taken]}
    if draw(st.booleans()):
        update["conditions"] = [*character.conditions,
                                CharacterCondition(name="Rage", source="archetype feature")]
    return character.model_copy(update=update)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_features())
def test_generated_characters_explanations_add_up_to_the_sheet_and_engine(
        character: Character) -> None:
    check_sheet(character)
    check_engine(character)


def _with_everything(class_id: str, level: int, archetype: str | None, style: str | None,
                     gear: list[str]) -> Character:
    """A character of ``class_id`` with every feature of ``archetype``, its states switched on,
    dented armor and a notched weapon."""
    scores = AbilityScores.from_bases({a: 10 + 2 * i for i, a in enumerate(ABILITIES)})
    found = SHIPPED.find_archetype(archetype) if archetype else None
    features = [ChosenFeature(feature_id=f.id, level=min(level, 3))
                for f in (found.features if found else ())]
    inventory = Inventory.from_catalog(gear, equip=True)
    if inventory.worn_armor is not None:
        inventory.worn_armor.damage_points = 1
    if inventory.weapons:
        inventory.weapons[0].notches = 1
    states = [CharacterCondition(name="Rage", source="archetype feature")]
    return Character(
        name="Test", race="human", class_id=class_id, level=level, hp=10, max_hp=30,
        hp_history=[HpEntry(level=1, method=HpMethod.ROLL, die=8, faces=(2,), con_mod=1,
                            gain=level_gain(2, 8, 1))],
        scores=scores, save_proficiencies=[Ability.STR], skill_proficiencies=[Skill.ATHLETICS],
        expertise=[Skill.ATHLETICS], fighting_style=style, archetype=archetype,
        archetype_features=features, conditions=states, inventory=inventory)


_GEAR = [["chain_mail", "shield", "longsword", "dagger", "composite_bow"],
         ["boiled_leather", "warhammer", "sling", "torch", "torch"], []]


def test_every_shipped_class_and_archetype_explains_its_numbers() -> None:
    checked = 0
    for cls in classes().values():
        archetypes = [None, *(a.id for a in SHIPPED.archetypes_for(cls.id))]
        styles = [None, *(o.id for f in cls.features for o in f.options)]
        for archetype in archetypes:
            for style in styles:
                for level in (1, 4, 10):
                    for gear in _GEAR:
                        character = _with_everything(cls.id, level, archetype, style, gear)
                        check_sheet(character)
                        check_engine(character)
                        checked += 1
    assert checked > 50


def test_the_barbarians_rage_and_a_dent_read_in_the_gms_words() -> None:
    """AC 14 = chain mail 15 − 1 dent (R15) + 2 Shield + 1 Defense − 3 Rage (Barbarian): the
    parts are named as the GM says them, each ruling beside its part."""
    barbarian = _with_everything("fighter", 5, "barbarian", "defense",
                                 ["chain_mail", "shield", "longsword"])
    ac = _explained(barbarian, "ac")
    assert ac.breakdown.parts == (
        Part("Chain mail", 15, 12), Part("dent", -1, 15), Part("Shield", 2, 12),
        Part("Defense style", 1), Part("Rage (Barbarian)", -3))
    assert ac.text().splitlines()[0] == "AC 14 = Chain mail 15 (R12) − 1 dent (R15) + 2 Shield " \
        "(R12) + 1 Defense style − 3 Rage (Barbarian)"
    assert ac.rulings() == (12, 15)
    sword = barbarian.inventory.weapons[0]
    damage = _explained(barbarian, f"damage:{sword.uid}")
    assert [p.label for p in damage.breakdown.parts] == ["STR", "notch", "Rage (Barbarian)"]


def test_small_weapons_ranged_recoil_and_two_hands_are_labelled_by_their_rulings() -> None:
    rogue = _with_everything("rogue", 1, None, None, ["dagger", "longsword", "composite_bow"])
    rogue = rogue.model_copy(update={"scores": AbilityScores.from_bases(
        {a: 10 for a in ABILITIES} | {Ability.STR: 14, Ability.DEX: 16})})
    dagger, greatsword, bow = rogue.inventory.weapons
    assert _explained(rogue, f"atk:{dagger.uid}").breakdown.parts[0] == \
        Part("DEX (small weapon)", rogue.modifier(Ability.DEX), 29)
    assert _explained(rogue, f"damage:{greatsword.uid}").breakdown.parts[0].ruling == 12
    assert _explained(rogue, f"damage:{bow.uid}").breakdown.parts[0] == \
        Part("STR (Recoil)", rogue.modifier(Ability.STR), 29)


def test_dead_at_load_spells_known_and_hp_gain() -> None:
    wizard = _with_everything("magic_user", 2, "wizard", None, ["dagger"])
    assert _explained(wizard, "dead_at").text() == "Dead at −6 = base −3 (R22) − 2 LVL − 1 CON"
    known = _explained(wizard, "spells_known")
    assert known.breakdown.parts[-1] == Part("Bookworm", 2)
    load = _explained(wizard, "load")
    assert load.text().splitlines()[1] == "Limit 10 = base 10 (R14) + 0 STR"
    assert _explained(wizard, "hp_gain:1").breakdown.parts == (Part("d8 rolled", 2),)
    assert explain(wizard, SHIPPED, "atk:no-such-weapon") is None
    assert explain(wizard, SHIPPED, "save:LUCK") is None
    assert explain(wizard, SHIPPED, "nonsense") is None


def test_the_hp_floor_of_r5_is_its_own_part() -> None:
    """R5: a d8 rolling 1 with CON +2 gains 3: the roll 1 and 2 more from the floor."""
    entry = HpEntry(level=2, method=HpMethod.ROLL, die=8, faces=(1,), con_mod=2,
                    gain=level_gain(1, 8, 2))
    fighter = _with_everything("fighter", 2, None, None, [])
    fighter = fighter.model_copy(update={"hp_history": [entry]})
    assert _explained(fighter, "hp_gain:2").breakdown.parts == (
        Part("d8 rolled", 1), Part("raised to 1 + CON, at most half the die", 2, 5))
    assert _explained(fighter, "hp_max").breakdown.parts == (
        Part("level 2", 3, 5), Part("set by hand", 27))


def test_a_breakdown_is_immutable_and_its_total_is_its_sum() -> None:
    found = Breakdown([Part("a", 2), Part("b", -5, 7)])
    assert found.total == -3
    assert found.text(bonus=True) == "−3 = a +2 − 5 b (R7)"
    try:
        found.total = 4
    except AttributeError:
        pass
    else:
        raise AssertionError("a Breakdown took a new total")


# -- in a fight ---------------------------------------------------------------------------------

def test_a_monsters_ac_is_the_room_dc_less_its_crits_and_a_pcs_is_its_sheets() -> None:
    from emberkeep.encounter.explain import explain_in_fight, fight_key
    from tests.core.test_encounter_initiative import cid, goblins, make_encounter, make_pc

    enc = make_encounter([make_pc("Pat", gear=["mace", "chain_mail"])], goblins(1))
    goblin = next(c for c in enc.combatants.values() if c.kind != "pc")
    goblin.ac_penalty = 2
    found = explain_in_fight(enc, fight_key("ac", goblin.id))
    assert found is not None and found.total == enc.armor_class(goblin)
    assert found.breakdown.parts == (Part("ROOM DC", goblin.monster.armor_class, 30),  # type: ignore[union-attr]
                                     Part("crits taken", -2, 15))
    pat = enc.combatant(cid(enc, "Pat"))
    assert explain_in_fight(enc, fight_key("ac", pat.id)).total == enc.armor_class(pat)  # type: ignore[union-attr]
    atk = explain_in_fight(enc, fight_key("atk", pat.id))
    assert atk is not None and atk.title == "ATK with Mace"
    assert explain_in_fight(enc, f"save:DEX@{pat.id}") is not None
    assert explain_in_fight(enc, f"save:DEX@{goblin.id}") is None
    assert explain_in_fight(enc, fight_key("ac", "gone")) is None


def test_the_segment_roll_adds_exactly_its_explained_modifiers() -> None:
    """WDD: d10 + every listed modifier (R20, R31, R41): heavy armor and a shield +4, a dagger
    −1, DEX 18 −2; the roll's modifier is the explanation's total."""
    from emberkeep.campaign.settings import InitiativeMode
    from emberkeep.encounter.explain import explain_in_fight, fight_key
    from emberkeep.encounter.segments import roll_segment
    from tests.core.test_encounter_initiative import cid, make_encounter, make_pc

    pat = make_pc("Pat", dex=18, gear=["dagger", "plate_mail", "shield"])
    enc = make_encounter([pat], mode=InitiativeMode.SEGMENTS, faces=[5])
    for armor in enc.character(enc.combatant(cid(enc, "Pat"))).inventory.armor:
        armor.worn = True
    c = enc.combatant(cid(enc, "Pat"))
    found = explain_in_fight(enc, fight_key("segment", c.id))
    assert found is not None
    with enc.action(c.id, "initiative") as tx:
        segment = roll_segment(enc, tx, c)
    assert segment == max(1, min(10, 5 + found.total))
    labels = {p.label: (p.amount, p.ruling) for p in found.breakdown.parts}
    assert labels["shield"] == (1, 41)
    assert labels["heavy armor"] == (3, 41)
    assert labels["small weapon"] == (-1, 31)


def test_a_melee_round_skill_after_modifiers_is_what_the_d20_goes_under() -> None:
    """R25: a charging knight on a horse against one on foot: Sword 15 + 5 height + 5 lance
    charge; the d20 is checked against that total."""
    from emberkeep.melee_round.phases import resolve_exchange
    from tests.core.test_melee_round_rules import dice, knight, side

    a = side("a", knight(), "lance", mounted=True, charging=True)
    b = side("b", knight(), "sword")
    ex = resolve_exchange(dice(5, 3, 6, 6, 6, 6, 6, 5, 1), a, b)
    skill_a, skill_b = ex.skills
    assert [p.label for p in skill_a.parts][1:] == ["height", "lance charge"]
    assert skill_a.total == a.skill()[1] + ex.mods.a
    assert skill_b.total == b.skill()[1] + ex.mods.b
    assert ex.result.a.skill == skill_a.total and ex.result.b.skill == skill_b.total


def test_the_log_says_which_rule_turned_a_natural_20_or_1_into_a_result() -> None:
    """A natural 20: the class's crit table and its level's die (R19); a natural 1: the fumble
    die of the armor worn (R31)."""
    from emberkeep.encounter.attack import attack
    from emberkeep.encounter.recap import step_lines
    from tests.core.test_encounter_attack import BRUTE, make, pc

    enc = make([20, 5, *[3] * 10], foes=((BRUTE, 0),))
    lines = step_lines(attack(enc, pc(enc, "Brannoc").id, pc(enc, "Brute").id), enc)
    assert "Brannoc Ironhand: crit (natural 20 → Crit Table for Fighters, d6 at level 1, R19):" \
        " 1d6 [5] = 5" in lines
    enc = make([1, 2, *[3] * 10], foes=((BRUTE, 0),))
    lines = step_lines(attack(enc, pc(enc, "Brannoc").id, pc(enc, "Brute").id), enc)
    assert "Brannoc Ironhand: fumble die (natural 1 → d12 for Scale mail, medium armor, R31):" \
        " 1d12 [2] = 2" in lines
