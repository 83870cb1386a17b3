"""The campaign's own archetypes, spells and magic items are no module-level state.

A :class:`~emberkeep.character.catalog.Catalog` built from the campaign is handed to the rules
that look an entry up; loading a campaign installs nothing, so two campaigns side by side each
see their own entries, and the shipped catalog never sees either.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from emberkeep.campaign import saving, storage
from emberkeep.campaign.custom import remove_entry, upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character import archetype_effects as fx
from emberkeep.character.archetypes import Archetype, ChosenFeature, shipped_archetypes
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import pc_combatants
from emberkeep.gear.magic_items import MagicItemSpec


def _saved_with_own_archetype(tmp_path: Path) -> Path:
    campaign = build_example_campaign()
    mine = shipped_archetypes()["barbarian"].model_copy(update={"id": "reaver", "name": "Reaver"})
    campaign.archetypes = [mine]
    hero = next(c for c in campaign.characters if c.archetype == "barbarian")
    hero.archetype = "reaver"
    path = tmp_path / "own.json"
    saving.save(campaign, path)
    return path


def test_a_script_that_loads_a_campaign_reads_its_archetypes_through_its_catalog(
        tmp_path: Path) -> None:
    campaign = storage.load(_saved_with_own_archetype(tmp_path))
    catalog = Catalog(campaign)
    hero = next(c for c in campaign.characters if c.archetype == "reaver")
    assert catalog.archetype("reaver").name == "Reaver"
    with pytest.raises(ValueError, match="reaver"):
        SHIPPED.archetype("reaver")  # the load installed nothing
    # the sheet's numbers and an encounter built from it read the campaign's archetype
    as_barbarian = hero.model_copy(update={"archetype": "barbarian"})
    assert hero.hit_die_at(catalog, hero.level) == as_barbarian.hit_die_at(SHIPPED, hero.level)
    assert character_armor_class(hero, catalog) == character_armor_class(as_barbarian, SHIPPED)
    assert [f.id for f, _ in fx.chosen_effects(hero, catalog)] == [
        f.id for f, _ in fx.chosen_effects(as_barbarian, SHIPPED)]
    enc = Encounter(pc_combatants([hero]), {hero.id: hero}, ScriptedRoller([]), catalog=catalog)
    assert enc.catalog.archetype("reaver").name == "Reaver"


def test_two_campaigns_side_by_side_each_see_their_own_entries(tmp_path: Path) -> None:
    first = storage.load(_saved_with_own_archetype(tmp_path))
    second = Campaign(name="other", archetypes=[shipped_archetypes()["barbarian"].model_copy(
        update={"id": "reaver", "name": "Northern Reaver"})])
    assert Catalog(first).archetype("reaver").name == "Reaver"
    assert Catalog(second).archetype("reaver").name == "Northern Reaver"
    assert Catalog(Campaign(name="plain")).archetypes() == SHIPPED.archetypes()


def test_an_edit_is_seen_at_once_by_a_catalog_already_handed_out() -> None:
    campaign = Campaign(name="c")
    catalog = Catalog(campaign)
    enc = Encounter([], {}, ScriptedRoller([]), catalog=catalog)
    mine = SHIPPED.spell("fireball").model_copy(update={"name": "Big Fireball"})
    upsert(campaign, mine)
    assert catalog.spell("fireball").name == enc.catalog.spell("fireball").name == "Big Fireball"
    remove_entry(campaign, type(mine), "fireball")
    assert catalog.spell("fireball").name == "Fireball"  # the shipped one comes back


def test_unknown_entries_are_plain_errors_and_an_unknown_archetype_has_no_effects() -> None:
    with pytest.raises(ValueError, match="known: "):
        SHIPPED.archetype("nobody")
    with pytest.raises(KeyError, match="no spell"):
        SHIPPED.spell("wish")
    with pytest.raises(KeyError, match="no magic item"):
        SHIPPED.magic_item("the_one_ring")
    hero = build_example_campaign().characters[0]
    hero.archetype_features = [ChosenFeature(feature_id="melee_crit_range", level=2)]
    assert fx.crit_low(hero, SHIPPED, True) == 19
    hero.archetype = "deleted"  # the GM deleted the campaign's archetype: the sheet still reads
    assert list(fx.chosen_effects(hero, SHIPPED)) == [] and fx.crit_low(hero, SHIPPED, True) == 20


def test_a_campaign_magic_item_and_archetype_list_over_the_shipped() -> None:
    torc = MagicItemSpec(id="torc", name="Torc", base_type="item", base_id="torch",
                         tier="common")
    reaver = shipped_archetypes()["barbarian"].model_copy(update={"id": "reaver"})
    campaign = Campaign(name="c", magic_items=[torc], archetypes=[reaver])
    catalog = Catalog(campaign)
    assert catalog.magic_item("torc") is torc and "mjolnir" in catalog.magic_items()
    assert catalog.magic_item("mjolnir") == SHIPPED.magic_item("mjolnir")
    fighters = {a.id for a in catalog.archetypes_for("fighter")}
    assert {"barbarian", "reaver"} <= fighters
    assert isinstance(catalog.archetypes()["reaver"], Archetype)
