"""The GM's toolbox in the core: archetype features as typed data that change the
sheet's numbers, the campaign's own archetypes, spells and magic items (round-tripped through
the campaign file), and the random spell name generator."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from emberkeep.campaign import saving, storage
from emberkeep.campaign.custom import (
    archetype_users,
    entry_id_for,
    fresh_id,
    remove_entry,
    slug,
    upsert,
)
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character import archetype_effects as fx
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import (
    Archetype,
    ArchetypeFeature,
    ChosenFeature,
    shipped_archetypes,
)
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.checks import Difficulty, saving_throw, skill_check
from emberkeep.character.feature_effects import (
    Bonus,
    CritRange,
    ExtraSpells,
    HitDie,
    RollDifficulty,
    ToggledState,
)
from emberkeep.character.model import Character
from emberkeep.character.races import Race
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    save_lines,
    skill_lines,
    spells_known_limit,
)
from emberkeep.character.skills import Skill
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.gear.inventory import own_magic
from emberkeep.gear.magic_items import MagicEffect, MagicItemSpec
from emberkeep.gear.specs import WeaponSpec
from emberkeep.magic.spell_names import roll_spell_name, spell_name_tables
from emberkeep.magic.spells import Spell, roll_own_mishap

ROOT = Path(__file__).resolve().parents[2]


def party() -> dict[str, Character]:
    return {c.name.split()[0]: c for c in build_example_campaign().characters if c.level == 1}


def took(character: Character, archetype: str, *features: str) -> Character:
    character.archetype = archetype
    character.archetype_features = [ChosenFeature(feature_id=f, level=1) for f in features]
    return character


# --- the seed's four: each feature changes the numbers it claims ------------------------------

def test_every_shipped_feature_but_the_gm_rulings_has_typed_effects() -> None:
    """"Enchant" and "cheaper copying" stay the GM's to rule; the rest are mechanics."""
    bare = [f.id for a in shipped_archetypes().values() for f in a.features if not f.effects]
    assert bare == ["enchant"]
    assert {a.name for a in shipped_archetypes().values()} == {
        "Barbarian", "Bloodshaman", "Arcane Trickster", "Wizard"}


def test_barbarian_crit_range_and_hit_die_come_from_effects() -> None:
    """"Melee CRIT range 19-20" (melee only) and "HD changes to D12" (R3, from its level)."""
    brannoc = took(party()["Brannoc"], "barbarian", "melee_crit_range")
    assert fx.crit_low(brannoc, SHIPPED, melee=True) == 19 and fx.crit_low(brannoc, SHIPPED,
                                                                           melee=False) == 20
    brannoc.archetype_features.append(ChosenFeature(feature_id="hit_die_d12", level=2))
    assert brannoc.hit_die_at(SHIPPED, 1) == 10 and brannoc.hit_die_at(SHIPPED, 2) == 12


def test_easy_intimidation_moves_the_dc_of_that_check_only() -> None:
    """"Intimidation CHECKS are EASY": -3 to the DC (R7), marked on the sheet."""
    brannoc = took(party()["Brannoc"], "barbarian", "easy_intimidation")
    scary = skill_check(brannoc, SHIPPED, Skill.INTIMIDATION, 12, ScriptedRoller([10]))
    sneaky = skill_check(brannoc, SHIPPED, Skill.STEALTH, 12, ScriptedRoller([10]))
    assert scary.dc == 9 and sneaky.dc == 12
    easy = {line.skill for line in skill_lines(brannoc, SHIPPED) if line.easy}
    assert easy == {Skill.INTIMIDATION}
    hard = skill_check(brannoc, SHIPPED, Skill.INTIMIDATION, 12, ScriptedRoller([10]),
                       difficulty=Difficulty.HARD)
    assert hard.difficulty is Difficulty.NORMAL  # EASY and HARD cancel (R7)


def test_magic_saves_are_easy_only_against_magic() -> None:
    wren = took(party()["Wren"], "arcane_trickster", "easy_magic_saves")
    assert saving_throw(wren, SHIPPED, Ability.WIS, 12, ScriptedRoller([5]),
                        contexts=["magic"]).dc == 9
    assert saving_throw(wren, SHIPPED, Ability.WIS, 12, ScriptedRoller([5])).dc == 12
    assert not any(line.easy for line in save_lines(wren, SHIPPED))  # not EASY in every context


def test_scrolls_easy_for_the_wizard_and_hard_for_the_trickster() -> None:
    ysolde = took(party()["Ysolde"], "wizard", "easy_scrolls")
    wren = took(party()["Wren"], "arcane_trickster", "read_scrolls")
    assert fx.roll_difficulty(ysolde, SHIPPED, "spellcheck", contexts=["scroll"]) is Difficulty.EASY
    assert fx.roll_difficulty(wren, SHIPPED, "spellcheck", contexts=["scroll"]) is Difficulty.HARD
    assert fx.roll_difficulty(wren, SHIPPED, "spellcheck") is Difficulty.NORMAL


def test_bookworm_and_trickster_are_extra_spells_by_data() -> None:
    """"Bookworm: learn two additional spells" (R10: 1 + LVL + INT, + 2)."""
    ysolde = party()["Ysolde"]
    base = spells_known_limit(ysolde, SHIPPED)
    assert base is not None
    assert spells_known_limit(took(ysolde, "wizard", "bookworm"), SHIPPED) == base + 2
    wren = took(party()["Wren"], "arcane_trickster", "trickster")
    assert fx.extra_cantrips(wren, SHIPPED) == 1 and spells_known_limit(wren, SHIPPED) is None


def test_a_gm_feature_with_three_extra_spells_gives_three() -> None:
    """No feature is keyed on its id: the GM's own Bookworm-like feature works the same."""
    ysolde = party()["Ysolde"]
    base = spells_known_limit(ysolde, SHIPPED)
    assert base is not None
    campaign = Campaign(name="c")
    upsert(campaign, Archetype(
        id="sage", name="Sage", class_id="magic_user", skill_proficiencies=(Skill.HISTORY,),
        features=(ArchetypeFeature(id="hoarder", name="Hoarder", text="three more spells",
                                   effects=(ExtraSpells(spells=3),)),)))
    limit = spells_known_limit(took(ysolde, "sage", "hoarder"), Catalog(campaign))
    assert limit == base + 3


def test_rage_on_the_sheet_moves_damage_and_ac_by_prof_and_back() -> None:
    """"Rage: +PROF dam, -PROF AC" at 5th level (PROF +3)."""
    brannoc = took(party()["Brannoc"], "barbarian", "rage")
    brannoc.level = 5
    ac = character_armor_class(brannoc, SHIPPED)
    damage = attack_lines(brannoc, SHIPPED)[0].damage_modifier
    brannoc.conditions = fx.set_toggle(brannoc, SHIPPED, "Rage", True)
    assert character_armor_class(brannoc, SHIPPED) == ac - 3
    assert armor_class_parts(brannoc, SHIPPED).total == ac - 3
    assert attack_lines(brannoc, SHIPPED)[0].damage_modifier == damage + 3
    brannoc.conditions = fx.set_toggle(brannoc, SHIPPED, "Rage", False)
    assert character_armor_class(brannoc, SHIPPED) == ac
    assert attack_lines(brannoc, SHIPPED)[0].damage_modifier == damage
    with pytest.raises(ValueError, match="Frenzy"):
        fx.set_toggle(brannoc, SHIPPED, "Frenzy", True)


def test_arcane_strike_and_martial_prof_show_on_the_sheet() -> None:
    wren = party()["Wren"]
    wren.scores.INT.base = 18
    before = attack_lines(wren, SHIPPED)[0].atk_bonus
    assert attack_lines(took(wren, "arcane_trickster", "arcane_strike"), SHIPPED)[0].atk_bonus \
        == before - wren.modifier(Ability.STR) + 3
    maud = party()["Sister"]
    from emberkeep.gear.inventory import own

    maud.inventory.put(own("longsword"))
    line = next(x for x in attack_lines(maud, SHIPPED) if x.name == "Longsword")
    assert not line.proficient
    took(maud, "bloodshaman", "martial_melee_weapon")
    assert next(x for x in attack_lines(maud, SHIPPED) if x.name == "Longsword").proficient


def test_immunity_is_case_blind() -> None:
    brannoc = took(party()["Brannoc"], "barbarian", "fearless")
    assert fx.immune_to(brannoc, SHIPPED, "frightened") and not fx.immune_to(brannoc, SHIPPED,
                                                                             "PRONE")


def test_no_rule_names_a_shipped_feature() -> None:
    """No rule asks for a feature by name (no `if name ==`): no feature id is a string in code."""
    ids = {f.id for a in shipped_archetypes().values() for f in a.features}
    found = []
    for path in [*(ROOT / "emberkeep").rglob("*.py"), *(ROOT / "gui").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {i}" for i in ids if re.search(rf"[\"']{i}[\"']", text)]
    assert found == []


# --- the campaign's own entries ---------------------------------------------------------------

def _berserker() -> Archetype:
    return Archetype(
        id="berserker", name="Berserker", class_id="fighter",
        skill_proficiencies=(Skill.ATHLETICS,),
        features=(
            ArchetypeFeature(id="fury", name="Fury", text="Fury: +2×PROF dam, -1 AC",
                             effects=(ToggledState(state="Fury", damage=Bonus(prof=2),
                                                   ac=Bonus(flat=-1)),)),
            ArchetypeFeature(id="wide", name="Wide", text="CRIT 18-20, HD d12",
                             effects=(CritRange(low=18, melee_only=False), HitDie(die=12))),
            ArchetypeFeature(id="bold", name="Bold", text="Persuasion is EASY",
                             effects=(RollDifficulty(skill=Skill.PERSUASION),)),
        ))


def test_custom_archetype_spell_and_item_round_trip_through_the_campaign_file(
        tmp_path: Path) -> None:
    campaign = build_example_campaign()
    upsert(campaign, _berserker())
    spell = SHIPPED.spell("fireball").model_copy(update={
        "id": "ember_swarm_ii", "name": "Ember Swarm II",
        "mishaps": ("Bees", "Smoke", "Sting", "Swarm turns", "Honey", "Queen")})
    upsert(campaign, spell)
    item = MagicItemSpec(id="torc", name="Torc of Embers", base_type="item", base_id="torch",
                         tier="rare", effects=(MagicEffect(text="+1d6 fire DAM (1d)", dice=1,
                                                           die_kind="ranged"),),
                         duration="1d4 rounds", charges="1d4 a day", curse="It whispers")
    upsert(campaign, item)
    path = tmp_path / "c.json"
    saving.save(campaign, path)
    loaded = storage.load(path)
    assert loaded.archetypes == [_berserker()] and loaded.spells == [spell]
    assert loaded.magic_items == [item]
    assert loaded.model_dump() == campaign.model_dump()


def test_a_custom_archetype_works_through_its_campaigns_catalog() -> None:
    campaign = Campaign(name="c", archetypes=[_berserker()])
    brannoc = party()["Brannoc"]
    took(brannoc, "berserker", "fury", "wide", "bold")
    with pytest.raises(ValueError, match="berserker"):
        SHIPPED.archetype("berserker")
    own = Catalog(campaign)
    assert fx.crit_low(brannoc, own, melee=False) == 18
    assert brannoc.hit_die_at(own, brannoc.level) == 12
    ac, damage = character_armor_class(brannoc, own), attack_lines(brannoc, own)[0].damage_modifier
    brannoc.conditions = fx.set_toggle(brannoc, own, "Fury", True)
    assert character_armor_class(brannoc, own) == ac - 1
    assert attack_lines(brannoc, own)[0].damage_modifier == damage + 2 * brannoc.prof
    assert {line.skill for line in skill_lines(brannoc, own) if line.easy} == {Skill.PERSUASION}


def test_a_campaign_entry_replaces_the_shipped_one_and_removing_it_brings_it_back() -> None:
    campaign = Campaign(name="c")
    mine = shipped_archetypes()["barbarian"].model_copy(update={"name": "Northman"})
    upsert(campaign, mine)
    catalog = Catalog(campaign)
    assert catalog.archetypes()["barbarian"].name == "Northman" and len(campaign.archetypes) == 1
    upsert(campaign, mine.model_copy(update={"name": "Reaver"}))
    assert len(campaign.archetypes) == 1 and catalog.archetype("barbarian").name == "Reaver"
    remove_entry(campaign, Archetype, "barbarian")
    assert catalog.archetype("barbarian").name == "Barbarian"
    with pytest.raises(KeyError):
        remove_entry(campaign, Archetype, "barbarian")


def test_archetype_users_are_named_before_a_delete() -> None:
    campaign = build_example_campaign()
    assert archetype_users(campaign, "barbarian") == ["Brannoc Ironhand"]


def test_spells_and_items_in_play_have_the_campaigns_over_the_shipped() -> None:
    campaign = Campaign(name="c")
    mine = SHIPPED.spell("fireball").model_copy(update={"name": "Big Fireball"})
    upsert(campaign, mine)
    catalog = Catalog(campaign)
    assert catalog.spells()["fireball"].name == "Big Fireball"
    assert catalog.spell("fireball").name == "Big Fireball"
    assert SHIPPED.spell("fireball").name == "Fireball"  # no other campaign sees it
    assert {"shield_of_shielding", "mjolnir"} <= set(catalog.magic_items())


def test_a_spell_of_its_own_rolls_its_d6_mishap_table() -> None:
    spell = SHIPPED.spell("chill_touch").model_copy(update={
        "mishaps": ("Frost", "Numb", "Ice", "Shiver", "Cold", "Rime")})
    assert roll_own_mishap(spell, ScriptedRoller([4])) == (4, "Shiver")
    assert roll_own_mishap(SHIPPED.spell("chill_touch"), ScriptedRoller([])) is None
    with pytest.raises(ValueError, match="six rows"):
        type(spell).model_validate({**spell.model_dump(), "mishaps": ["one"]})


def test_a_campaign_magic_item_is_owned_as_its_magical_base() -> None:
    item = MagicItemSpec(id="aegis", name="Aegis", base_type="shield", base_id="shield",
                         tier="uncommon", effects=(MagicEffect(text="+1d4 AC (1d)", dice=1,
                                                               die_kind="effect"),))
    piece = own_magic(item)
    assert piece.magical and piece.name == "Aegis" and piece.magic is not None
    assert piece.magic.magic_item_id == "aegis" and piece.magic.dice_spent == 1
    with pytest.raises(ValueError, match="uncommon item has 1"):
        MagicItemSpec(id="x", name="X", base_type="shield", base_id="shield", tier="uncommon",
                      effects=(MagicEffect(text="+2d4 AC (2d)", dice=2, die_kind="effect"),))


# --- the random spell name generator ----------------------------------------------------------

def test_spell_name_tables_are_four_d66_tables() -> None:
    tables = spell_name_tables()
    assert len(tables.tables) == 4 and all(len(w) == 36 for w in tables.tables.values())


def test_ember_swarm_is_the_first_physical_element_and_form() -> None:
    """The seed's example, "Ember Swarm": d4 1 (element + form), then d66 1-1 and 1-1."""
    name = roll_spell_name(ScriptedRoller([1, 1, 1, 1, 1]))
    assert name.name == "Ember Swarm" and name.faces == (1, 1, 1, 1, 1)
    last = roll_spell_name(ScriptedRoller([4, 6, 6, 6, 6]))
    assert last.name == "Void Gambit"
    assert last.pattern == ("ethereal_elements", "ethereal_forms")


# --- names shown, ids made from them ---------------------------------------------

def test_a_new_entrys_id_is_its_name_slugged_and_unused_in_its_kinds_catalog() -> None:
    campaign = build_example_campaign()
    assert entry_id_for(campaign, Spell, "Cinder Rain") == "cinder_rain"
    assert entry_id_for(campaign, Spell, "Fireball") == "fireball_2"  # the shipped one's
    own = SHIPPED.spells()["fireball"].model_copy(update={"id": "cinder_rain"})
    upsert(campaign, own)
    assert entry_id_for(campaign, Spell, "Cinder Rain") == "cinder_rain_2"
    assert entry_id_for(campaign, Archetype, "Barbarian") == "barbarian_2"
    assert entry_id_for(campaign, Race, "Gnoll") == "gnoll"
    # gear and magic items share one set of ids: an inventory holds either by id
    assert entry_id_for(campaign, MagicItemSpec, "Dagger") == "dagger_2"
    assert entry_id_for(campaign, WeaponSpec, "Mjölnir") == "mjolnir_2"


def test_a_slug_is_lowercase_ascii_starting_with_a_letter() -> None:
    assert slug("Mjölnir", "item") == "mjolnir"
    assert slug("  Ember -- Swarm! ", "spell") == "ember_swarm"
    assert slug("3 Rats", "race") == "race_3_rats"
    assert slug("???", "spell") == "spell"
    assert fresh_id("Feature 2", {"feature_2", "feature_2_2"}, "feature") == "feature_2_3"
