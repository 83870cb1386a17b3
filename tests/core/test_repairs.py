"""The repair tracker's core: R15-R18 and R26 numbers, costs, ledger, refusals."""

from __future__ import annotations

import pytest

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, LedgerKind
from emberkeep.character.model import Character
from emberkeep.gear.inventory import Inventory
from emberkeep.gear.owned import OwnedArmor, OwnedWeapon
from emberkeep.repairs.condition import condition_of, damaged_gear
from emberkeep.repairs.costs import repair_cost
from emberkeep.repairs.ledger import PARTY, damage_by_hand, ledger_totals, pick_up, repair


def _campaign() -> Campaign:
    return build_example_campaign()


def _pc(campaign: Campaign, class_id: str) -> Character:
    return next(c for c in campaign.characters if c.class_id == class_id)


def _give_armor(character: Character, armor_id: str) -> OwnedArmor:
    armor = Inventory.from_catalog([armor_id], equip=False).armor[0]
    character.inventory.armor.append(armor)
    return armor


def _give_weapon(character: Character, weapon_id: str, quality: str) -> OwnedWeapon:
    weapon = Inventory.from_catalog([weapon_id], equip=False).weapons[0]
    weapon.quality = quality  # type: ignore[assignment]
    character.inventory.weapons.append(weapon)
    return weapon


@pytest.mark.parametrize(("armor_id", "breaks_at"), [("plate_mail", 6), ("chain_mail", 5),
                                                     ("boiled_leather", 1)])
def test_r15_armor_breaks_when_its_points_reach_its_bonus_over_ten(armor_id: str,
                                                                   breaks_at: int) -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = _give_armor(fighter, armor_id)
    for point in range(1, breaks_at + 1):
        text = damage_by_hand(campaign, fighter.id, armor.uid, "dent")
        assert armor.is_broken == (point == breaks_at), text
    condition = condition_of(fighter, armor, campaign.settings.repair)
    assert condition is not None and condition.condition.startswith("broken")


def test_r15_condition_in_words_and_effect() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    plate = _give_armor(fighter, "plate_mail")
    damage_by_hand(campaign, fighter.id, plate.uid, "dent", 2)
    condition = condition_of(fighter, plate, campaign.settings.repair)
    assert condition is not None
    assert condition.condition == "AC −2, breaks at 4 more" and condition.effect == "−2 AC"


@pytest.mark.parametrize(("quality", "breaking_notch"), [("cheap", 2), ("standard", 3),
                                                         ("fine", 4)])
def test_r17_a_weapon_breaks_on_the_notch_past_its_quality(quality: str,
                                                           breaking_notch: int) -> None:
    """WDD: "A Cheap longsword will become notched ... if there is another Critical Fumble,
    the longsword will break"."""
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    sword = _give_weapon(fighter, "longsword", quality)
    for n in range(1, breaking_notch + 1):
        damage_by_hand(campaign, fighter.id, sword.uid, "notch")
        assert sword.broken == (n == breaking_notch)


def test_r17_words_for_a_cheap_notched_weapon() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    sword = _give_weapon(fighter, "longsword", "cheap")
    damage_by_hand(campaign, fighter.id, sword.uid, "notch")
    condition = condition_of(fighter, sword, campaign.settings.repair)
    assert condition is not None
    assert condition.condition == "1 notch — cheap: the next one breaks it"
    assert condition.effect == "−1 DAM"


def test_r16_costs_ten_percent_per_point_and_notch_fifty_broken() -> None:
    campaign = _campaign()
    costs = campaign.settings.repair
    fighter = _pc(campaign, "fighter")
    plate = _give_armor(fighter, "plate_mail")  # 1500 gp
    plate.damage_points = 3
    assert repair_cost(plate, costs) == 3 * 150 * 100
    assert repair_cost(plate, costs, 1) == 150 * 100
    sword = _give_weapon(fighter, "longsword", "standard")  # 15 gp
    sword.notches = 2
    assert repair_cost(sword, costs) == 2 * 150
    sword.broken = True
    assert repair_cost(sword, costs) == 750  # R16: 50% of its value


def test_r16_costs_follow_the_campaign_settings() -> None:
    campaign = _campaign()
    campaign.settings.repair.armor_point_pct = 25
    fighter = _pc(campaign, "fighter")
    plate = _give_armor(fighter, "plate_mail")
    plate.damage_points = 1
    assert repair_cost(plate, campaign.settings.repair) == 375 * 100


def test_a_repair_takes_the_coins_and_writes_the_ledger() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None  # scale mail, 50 gp
    armor.damage_points = 2
    fighter.inventory.purse.gp = 20
    before = fighter.inventory.purse.total_cp
    entry = repair(campaign, fighter.id, armor.uid, units=1)
    assert armor.damage_points == 1
    assert fighter.inventory.purse.total_cp == before - 500
    assert campaign.ledger == [entry]
    assert entry.cost_cp == 500 and entry.paid_by == fighter.id and entry.at == campaign.time
    assert entry.kind == LedgerKind.ARMOR_REPAIR
    assert entry.description == "Brannoc Ironhand: mended 1 point of Scale mail"


def test_the_party_fund_can_pay() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    sword = _give_weapon(fighter, "longsword", "standard")
    sword.broken = True
    fund = campaign.party_fund.total_cp
    entry = repair(campaign, fighter.id, sword.uid, paid_by=PARTY)
    assert not sword.broken and sword.notches == 0
    assert campaign.party_fund.total_cp == fund - 750 and entry.paid_by == PARTY


def test_a_short_purse_refuses_and_changes_nothing() -> None:
    campaign = _campaign()
    mage = _pc(campaign, "magic_user")
    plate = _give_armor(mage, "plate_mail")
    plate.damage_points = 2
    state = campaign.model_dump()
    with pytest.raises(ValueError, match="costs 300 gp, but Ysolde the Grey's purse holds only"):
        repair(campaign, mage.id, plate.uid)
    assert campaign.model_dump() == state


def test_r18_r26_a_destroyed_shield_is_replaced_at_full_price() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    shield = fighter.inventory.shield
    assert shield is not None
    damage_by_hand(campaign, fighter.id, shield.uid, "destroy")
    condition = condition_of(fighter, shield, campaign.settings.repair)
    assert condition is not None and condition.condition == "destroyed: replace it"
    fighter.inventory.purse.gp = 50
    entry = repair(campaign, fighter.id, shield.uid)
    assert entry.kind == LedgerKind.REPLACEMENT and entry.cost_cp == shield.value_cp
    assert not shield.destroyed


def test_nothing_to_mend_is_refused() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    with pytest.raises(ValueError, match="needs no repair"):
        repair(campaign, fighter.id, armor.uid)


def test_the_tracker_lists_every_damaged_piece_across_the_party() -> None:
    campaign = _campaign()
    fighter, rogue = _pc(campaign, "fighter"), _pc(campaign, "rogue")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    damage_by_hand(campaign, fighter.id, armor.uid, "dent")
    dagger = next(w for w in rogue.inventory.weapons if w.catalog_id == "dagger")
    damage_by_hand(campaign, rogue.id, dagger.uid, "drop")
    rows = damaged_gear(campaign)
    assert [(r.owner, r.item, r.condition) for r in rows] == [
        ("Brannoc Ironhand", "Scale mail", "AC −1, breaks at 3 more"),
        ("Wren Quickfingers", "Dagger", "dropped")]
    pick_up(campaign, rogue.id, dagger.uid)
    assert len(damaged_gear(campaign)) == 1


def test_ledger_totals_per_character_payer_and_game_month() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    fighter.inventory.purse.gp = 100
    repair(campaign, fighter.id, armor.uid, units=1)
    campaign.time += 30 * 24 * 3600  # a month later (R27: 30-day months)
    repair(campaign, fighter.id, armor.uid, units=1, paid_by=PARTY)
    totals = ledger_totals(campaign)
    month = Calendar().to_date(campaign.time).month
    assert totals.by_character == {fighter.id: 1000}
    assert totals.by_payer == {fighter.id: 500, PARTY: 500}
    assert totals.by_month == {(1023, month - 1): 500, (1023, month): 500}
    assert totals.total == 1000


def test_a_repair_at_the_smith_is_paid_now_and_done_when_its_time_comes() -> None:
    """Issue #5: "Repairs at a smith take time (a setting, per point or notch) as well as
    coins; the item is away until done"."""
    from emberkeep.campaign.calendar import HOUR
    from emberkeep.clock.advance import advance
    from emberkeep.dice import ScriptedRoller

    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 3
    fighter.inventory.purse.gp = 100
    entry = repair(campaign, fighter.id, armor.uid, units=2, at_smith=True)
    assert entry.cost_cp == 1000 and entry.description.endswith("at the smith")
    assert armor.at_smith and armor.damage_points == 3
    condition = condition_of(fighter, armor, campaign.settings.repair)
    assert condition is not None and condition.condition.endswith("(at the smith)")
    with pytest.raises(ValueError, match="already at the smith"):
        repair(campaign, fighter.id, armor.uid)
    advance(campaign, 16 * HOUR, ScriptedRoller([]))  # 8 hours a point, 2 points
    assert not armor.at_smith and armor.damage_points == 1


def test_a_dropped_weapon_back_from_the_smith_is_no_longer_dropped() -> None:
    """WDD drops a weapon on a natural 1 (R17); once the smith hands it back it is in hand
    again, not "dropped" on the Repairs tab."""
    from emberkeep.campaign.calendar import HOUR
    from emberkeep.clock.advance import advance
    from emberkeep.dice import ScriptedRoller

    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    sword = _give_weapon(fighter, "longsword", "standard")
    sword.notches, sword.dropped = 1, True
    fighter.inventory.purse.gp = 100
    repair(campaign, fighter.id, sword.uid, units=1, at_smith=True)
    advance(campaign, 48 * HOUR, ScriptedRoller([]))
    assert not sword.at_smith and sword.notches == 0 and not sword.dropped
    assert condition_of(fighter, sword, campaign.settings.repair) is None
