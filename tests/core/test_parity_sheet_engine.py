"""One rule, one place: every number the sheet shows is the number the engine uses.

Over every character of the example campaign and of 200 generated campaigns (with fighting
styles, archetype features and switched-on states added, so the features' numbers are asked
too): AC, ATK, damage and crit range per weapon line, each SAVE, each skill, Athletics, the
SPELLCHECK, and the load. The engine is asked its own way (``tests.core.parity``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character import archetype_effects as fx
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import ChosenFeature, shipped_archetypes
from emberkeep.character.bonuses import spellcheck_bonus
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    load_and_limit,
    save_lines,
    skill_lines,
)
from emberkeep.character.skills import Skill
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.casting import cast
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.gear.encumbrance import load, load_limit
from emberkeep.gear.small import is_small_weapon
from tests.core import parity
from tests.strategies import campaigns

STYLES = [None, "archery", "defense", "dueling", "great_weapon_master", "protection",
          "two_weapon_fighting"]


@st.composite
def with_features(draw: st.DrawFn, character: Character) -> Character:
    """The character with a fighting style, its class's archetype features up to its level,
    and maybe a state switched on (Rage), so every feature's number is asked."""
    update: dict[str, object] = {"fighting_style": draw(st.sampled_from(STYLES))}
    fitting = [a for a in shipped_archetypes().values() if a.class_id == character.class_id]
    if fitting and character.level >= 2:
        archetype = draw(st.sampled_from(fitting))
        chosen = draw(st.lists(st.sampled_from([f.id for f in archetype.features]),
                               max_size=4, unique=True))
        update["archetype"] = archetype.id
        update["archetype_features"] = [ChosenFeature(feature_id=f, level=2) for f in chosen]
    made = character.model_copy(update=update)
    states = [t.state for t in fx.toggles(made, SHIPPED)]
    switched_on: bool = draw(st.booleans())
    if states and switched_on:
        made.conditions = fx.set_toggle(made, SHIPPED, states[0], True)
    return made


def check_character(character: Character, catalog: Catalog) -> None:
    """Every number the sheet shows equals the engine's (the heart of the parity test)."""
    engine = parity.engine_numbers(character, catalog=catalog)
    parts = armor_class_parts(character, catalog)
    assert character_armor_class(character, catalog) == parts.total == engine.armor_class
    dents = 0 if parts.armor_broken else parts.armor_damage
    assert parts.total == (parts.armor_base - dents + parts.dex_applied + parts.shield_bonus
                           + parts.style_bonus + parts.feature_bonus)  # the parts shown add up
    for line in parity.lines(character, catalog=catalog):
        numbers = parity.weapon_numbers(character, line, catalog=catalog)
        where = f"{character.name}: {line.label}"
        assert line.atk_bonus == numbers.atk, where
        shown = parity.sheet_max_damage(character, line, catalog=catalog)
        assert shown == numbers.max_damage, where
        assert line.crit_low == numbers.crit_low, where
    for save in save_lines(character, catalog):
        assert save.bonus == engine.saves[save.ability], save
    for skill in skill_lines(character, catalog):
        assert skill.bonus == engine.skills[skill.skill], skill
    athletics = next(s for s in skill_lines(character, catalog) if s.skill is Skill.ATHLETICS)
    assert athletics.bonus == engine.athletics
    carried, limit = load_and_limit(character)
    assert (carried, limit) == (load(character.inventory),
                                load_limit(character.modifier(Ability.STR)))


def check_spellcheck(character: Character) -> None:
    """The SPELLCHECK's modifier the sheet shows is the one a cast in a fight rolls (R8)."""
    bonus = spellcheck_bonus(character)
    if bonus is None or not character.spells_known:
        return
    copy = parity.fighting_copy(character)
    copy.caster = copy.caster.model_copy(update={"spells_cast_since_check": 0,
                                                 "barred_until_long_rest": False})
    pc = pc_combatant(copy)
    enc = Encounter([pc, *monster_combatants(parity.TARGET, 1, position=0)],
                    {copy.id: copy}, ScriptedRoller([10] * 40), room_dc=12)
    enc.state.phase = "fighting"
    step = cast(enc, pc.id, copy.spells_known[0], [])
    record = next(e.record for e in step.events
                  if isinstance(e, Rolled) and e.purpose == "SPELLCHECK")
    assert record.modifier == bonus


def check_campaign(campaign: Campaign) -> None:
    catalog = Catalog(campaign)
    for character in campaign.characters:
        try:
            character_armor_class(character, catalog)
        except Exception:  # gear the catalog no longer knows
            continue
        check_character(character, catalog)


def test_example_campaign_sheet_numbers_are_the_engines() -> None:
    campaign = build_example_campaign()
    check_campaign(campaign)
    for character in campaign.characters:
        check_spellcheck(character)


def test_a_dagger_attacks_with_the_better_of_str_and_dex_on_the_sheet_too() -> None:
    """The seed: "like dagger - tiny ... use DEX for the attack" (the sheet once
    showed +0 while the fight rolled DEX). A small weapon is ``gear.small``'s (R31: 1 ft)."""
    rogue = next(c for c in build_example_campaign().characters
                 if c.class_id == "rogue" and any(w.catalog_id == "dagger"
                                                   for w in c.inventory.weapons))
    line = next(ln for ln in parity.lines(rogue) if ln.name == "Dagger")
    expected = max(rogue.modifier(Ability.STR), rogue.modifier(Ability.DEX)) + rogue.prof
    assert line.atk_bonus == expected == parity.weapon_numbers(rogue, line).atk
    assert rogue.modifier(Ability.DEX) > rogue.modifier(Ability.STR)
    assert line.ability is Ability.DEX


@pytest.mark.parametrize(("kind", "tags", "length", "small"), [
    ("one_handed", ("tiny",), 1, True),  # the dagger
    ("one_handed", ("Tiny",), None, True),  # a GM's tag, any case
    ("one_handed", (), 1, True),  # R31: a knife's length
    ("one_handed", (), 2, False),  # a mace
    ("one_handed", (), None, False),  # no length, no tag: a name decides nothing
    ("fist", (), 0, False),  # a fist is no weapon
    ("ranged", ("tiny",), 1, False),  # a missile weapon is never a small melee weapon
])
def test_one_definition_of_a_small_weapon(kind: str, tags: tuple[str, ...], length: int | None,
                                          small: bool) -> None:
    assert is_small_weapon(kind, tags, length) is small


@pytest.mark.slow
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(campaign=campaigns, data=st.data())
def test_generated_campaigns_sheet_numbers_are_the_engines(campaign: Campaign,
                                                           data: st.DataObject) -> None:
    campaign.characters = [data.draw(with_features(c)) for c in campaign.characters]
    check_campaign(campaign)
