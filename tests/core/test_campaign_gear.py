"""The GM's own gear and magic items given from the campaign's catalog: the campaign's
weapons, armor, shields and items over the shipped ones; a cheap sword notches and breaks per
R17 in a fight; a magic item comes with its day's charges, each use spends one, undo gives it
back, and the clock refills it at midnight."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberkeep.campaign.custom import remove_entry, upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.saving import save
from emberkeep.campaign.settings import CampaignSettings
from emberkeep.campaign.storage import load
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.creation import new_zero_level
from emberkeep.character.giving import (
    charges_text,
    gear_choices,
    give_gear,
    spend_charge,
    starting_charges,
)
from emberkeep.character.model import Character
from emberkeep.character.races import Race
from emberkeep.clock.advance import advance
from emberkeep.dice import Purpose, RollRecord, ScriptedRoller, TypedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.items import use_item
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.gear.catalog import GearError, gear_catalog
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.gear.specs import ItemSpec, WeaponSpec
from tests.core.test_encounter_attack import GOBLIN

RUSTY = WeaponSpec.model_validate({**gear_catalog().weapons["arming_sword"].model_dump(),
                                   "id": "rusty_sword", "name": "Rusty sword",
                                   "quality": "cheap", "value_cp": 300})
WAND = MagicItemSpec(id="wand_of_sparks", name="Wand of Sparks", base_type="item",
                     base_id="rusty_spoon", tier="uncommon", charges="1d4 a day",
                     effects=({"text": "1d6 fire DAM NEAR (1d)", "dice": 1,
                               "die_kind": "ranged"},))
SPOON = ItemSpec(id="rusty_spoon", name="Rusty spoon", value_cp=1)


def _campaign() -> Campaign:
    campaign = build_example_campaign()
    upsert(campaign, RUSTY)
    upsert(campaign, SPOON)
    upsert(campaign, WAND)  # a magic item built on the campaign's own spoon
    return campaign


def _pc(campaign: Campaign, name: str) -> Character:
    return next(c for c in campaign.characters if c.name.startswith(name))


def test_the_campaigns_gear_is_over_the_shipped_and_its_names_are_shown() -> None:
    campaign = _campaign()
    gear = Catalog(campaign).gear()
    assert gear.weapons["rusty_sword"].quality == "cheap"
    assert gear.weapons["arming_sword"] == gear_catalog().weapons["arming_sword"]
    choices = dict(gear_choices(Catalog(campaign)))
    assert choices["Rusty sword (weapon, cheap)"] == "rusty_sword"
    assert choices["Wand of Sparks (magic item)"] == "wand_of_sparks"
    assert all("_" not in shown for shown in choices)  # names, never ids
    # the campaign's own price replaces the shipped one under the shipped id
    upsert(campaign, gear_catalog().items["rope"].model_copy(update={"value_cp": 150}))
    assert Catalog(campaign).gear().items["rope"].value_cp == 150
    remove_entry(campaign, ItemSpec, "rope")
    assert Catalog(campaign).gear().items["rope"].value_cp == 100


def test_a_gear_id_names_one_kind_only() -> None:
    campaign = _campaign()
    clash = ItemSpec(id="rusty_sword", name="Sword-shaped spoon", value_cp=1)
    with pytest.raises(GearError, match="already a weapon's"):
        upsert(campaign, clash)
    assert [i.id for i in campaign.items] == ["rusty_spoon"]


def test_r17_a_cheap_sword_from_the_gm_notches_then_breaks_in_a_fight() -> None:
    """R17: cheap holds 1 notch; natural 2s are fumbles without a drop: the first notches
    (damage −1), the second breaks it. Brannoc (STR +1, PROF +1) rolls 2: 2 + 2 = 4 misses."""
    campaign = _campaign()
    brannoc = _pc(campaign, "Brannoc")
    added, record = give_gear(brannoc.inventory, Catalog(campaign), "rusty_sword",
                              ScriptedRoller([]))
    blade = added[0]
    assert isinstance(blade, OwnedWeapon) and record is None
    assert (blade.name, blade.quality, blade.damage) == ("Rusty sword", "cheap", "1d8")
    for weapon in brannoc.inventory.weapons:
        weapon.equipped = weapon is blade
    party = [c for c in campaign.characters if c.level == 1]
    settings = CampaignSettings()
    settings.rules.crit_tables = settings.rules.fumble_tables = False
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1, position=0)],
                    {c.id: c for c in party}, ScriptedRoller([2, 2]), settings=settings)
    fighter = next(c for c in enc.combatants.values() if c.name.startswith("Brannoc"))
    attack(enc, fighter.id, "goblin-1", weapon_uid=blade.uid)
    assert (blade.notches, blade.broken, blade.dropped) == (1, False, False)
    fighter.acted = False  # another round: Brannoc attacks again
    attack(enc, fighter.id, "goblin-1", weapon_uid=blade.uid)
    assert blade.broken and blade.notches == 1
    enc.undo()
    assert (blade.notches, blade.broken) == (1, False)


def test_charges_once_a_day_is_one_and_1d4_a_day_is_rolled_or_typed() -> None:
    assert starting_charges("once a day", ScriptedRoller([])) == (1, None)
    left, record = starting_charges("1d4 a day", ScriptedRoller([3]))
    assert left == 3 and record is not None and record.faces == (3,)
    typed = TypedRoller(ScriptedRoller([]), {Purpose.CHARGES: 2})
    assert starting_charges("1d4 a day", typed)[0] == 2  # the GM's physical die
    assert starting_charges(None, ScriptedRoller([])) == (None, None)


def test_a_magic_item_given_spends_a_charge_per_use_in_a_fight_and_undo_gives_it_back() -> None:
    campaign = _campaign()
    ysolde = _pc(campaign, "Ysolde")
    added, _ = give_gear(ysolde.inventory, Catalog(campaign), "wand_of_sparks",
                         ScriptedRoller([2]))
    wand = added[0]
    assert wand.magic is not None and wand.magic.charges_left == 2
    assert (wand.name, wand.catalog_id) == ("Wand of Sparks", "rusty_spoon")
    party = [c for c in campaign.characters if c.level == 1]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1, position=0)],
                    {c.id: c for c in party}, ScriptedRoller([]))
    caster = next(c for c in enc.combatants.values() if c.name.startswith("Ysolde"))
    step = use_item(enc, caster.id, wand.uid)
    piece = enc.gear(ysolde.id, wand.uid)
    assert piece.magic is not None and piece.magic.charges_left == 1
    assert any("1d6 fire DAM NEAR" in getattr(e, "text", "") and "1 left (1d4 a day)"
               in getattr(e, "text", "") for e in step.events)
    enc.undo()
    piece = enc.gear(ysolde.id, wand.uid)
    assert piece.magic is not None and piece.magic.charges_left == 2
    piece.magic = piece.magic.model_copy(update={"charges_left": 0})
    with pytest.raises(RuleError, match="no charges left today"):
        use_item(enc, caster.id, wand.uid)


def test_spend_charge_and_its_text() -> None:
    magic = MagicItemSpec.model_validate(WAND.model_dump())
    owned = give_gear(_pc(_campaign(), "Wren").inventory, Catalog(_campaign()),
                      "wand_of_sparks", ScriptedRoller([4]))[0][0].magic
    assert owned is not None and charges_text(owned) == "4 left (1d4 a day)"
    assert spend_charge(owned, magic.name) == 3
    assert spend_charge(owned.model_copy(update={"charges_left": None}), magic.name) is None


def test_midnight_refills_the_days_charges_by_the_charges_die() -> None:
    campaign = _campaign()
    ysolde = _pc(campaign, "Ysolde")
    wand = give_gear(ysolde.inventory, Catalog(campaign), "wand_of_sparks",
                     ScriptedRoller([1]))[0][0]
    assert wand.magic is not None
    wand.magic = wand.magic.model_copy(update={"charges_left": 0})
    day = 24 * 60 * 60
    advance(campaign, day, TypedRoller(ScriptedRoller([]), {Purpose.CHARGES: 4}))
    refilled = next(g for g in ysolde.inventory.all_gear() if g.uid == wand.uid)
    assert refilled.magic is not None and refilled.magic.charges_left == 4


# --- the GM's own races (the seed's "create your own", R2) -------------------------------------

def test_a_campaigns_own_race_makes_characters_and_keeps_r2s_shapes() -> None:
    """R2: +1/-1 with one minor feature; R1: an 18 raised by +1 stays 18."""
    campaign = _campaign()
    gnoll = Race(id="gnoll", name="Gnoll", text=("+1 STR, -1 INT",),
                 adjustments={"STR": 1, "INT": -1},
                 easy_check={"skills": ["survival"], "situation": "on a trail"})
    upsert(campaign, gnoll)
    catalog = Catalog(campaign)
    assert catalog.race("gnoll").name == "Gnoll" and "dwarf" in catalog.races()
    rolls = {a: RollRecord("3d6", (6, 6, 6), (6, 6, 6), 0, 18 if a.value == "STR" else 10)
             for a in ABILITIES}
    hob = new_zero_level(rolls, name="Hob", race="gnoll", hp=3, catalog=catalog)
    assert (hob.race, hob.scores.STR.base, hob.scores.INT.base) == ("gnoll", 18, 9)
    with pytest.raises(ValueError, match="unknown race 'gnoll'"):
        new_zero_level(rolls, name="Hob", race="gnoll", hp=3)  # the shipped races alone
    with pytest.raises(ValueError, match="exactly one feature"):
        Race(id="odd", name="Odd", text=("x",), adjustments={"STR": 1, "INT": -1})


def test_a_campaign_with_the_gms_own_race_and_weapon_saves_and_loads_whole(
        tmp_path: Path) -> None:
    """The whole-campaign check (emberkeep check) reads the campaign's own catalog: a Gnoll
    with the GM's Rusty sword is no unknown race or gear id."""
    campaign = _campaign()
    upsert(campaign, Race(id="gnoll", name="Gnoll", text=("+1 STR, -1 INT",),
                          adjustments={"STR": 1, "INT": -1},
                          easy_check={"skills": ["survival"], "situation": "on a trail"}))
    brannoc = _pc(campaign, "Brannoc")
    brannoc.race = "gnoll"
    give_gear(brannoc.inventory, Catalog(campaign), "rusty_sword", TypedRoller(ScriptedRoller([])))
    path = tmp_path / "gnolls.json"
    save(campaign, path)
    loaded = load(path)
    held = _pc(loaded, "Brannoc")
    assert held.race == "gnoll"
    assert "rusty_sword" in [w.catalog_id for w in held.inventory.weapons]
