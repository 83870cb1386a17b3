"""Magic item charges counted as the data says: a daily number is the day's uses,
rolled anew at midnight (the seed's "with a charge of 1d4 a day"); "3 charges" is a pool spent
per use and never refilled; "7 charges, 1d6 back at dawn" regains 1d6 at 06:00, never above 7.
The sheet's and the fight's texts say how many are left."""

from __future__ import annotations

import pytest

from emberkeep.campaign.custom import upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character.catalog import Catalog
from emberkeep.character.giving import (
    charges_text,
    give_gear,
    spend_charge,
    starting_charges,
    use_carried,
)
from emberkeep.character.model import Character
from emberkeep.clock.advance import advance
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.items import use_item
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.gear.magic_items import MagicItemSpec, charge_plan
from emberkeep.gear.owned import OwnedGear
from tests.core.test_encounter_attack import GOBLIN

HOUR = 60 * 60
STAFF_TEXT = "3 charges"
ROD_TEXT = "7 charges, 1d6 back at dawn"


def _item(item_id: str, name: str, charges: str) -> MagicItemSpec:
    return MagicItemSpec(id=item_id, name=name, base_type="item", base_id="candle",
                         tier="uncommon", charges=charges,
                         effects=({"text": "1d6 fire DAM NEAR (1d)", "dice": 1,
                                   "die_kind": "ranged"},))


def _campaign() -> Campaign:
    campaign = build_example_campaign()
    campaign.time = 0  # midnight of the first day: dawn is 6 h away
    upsert(campaign, _item("staff_of_embers", "Staff of Embers", STAFF_TEXT))
    upsert(campaign, _item("rod_of_dawn", "Rod of Dawn", ROD_TEXT))
    return campaign


def _ysolde(campaign: Campaign) -> Character:
    return next(c for c in campaign.characters if c.name.startswith("Ysolde"))


def _held(character: Character, uid: str) -> OwnedGear:
    return next(g for g in character.inventory.all_gear() if g.uid == uid)


def test_the_charges_text_is_read_as_a_day_a_pool_or_a_pool_with_its_refill() -> None:
    daily = charge_plan("once a day")
    assert daily is not None and daily.daily and (daily.start, daily.hour) == ("1", "midnight")
    staff = charge_plan(STAFF_TEXT)
    assert staff is not None and (staff.start, staff.regain, staff.cap) == ("3", None, 3)
    assert staff.describe() == "a pool of 3: spent for good, never refilled"
    rod = charge_plan(ROD_TEXT)
    assert rod is not None and (rod.start, rod.regain, rod.hour, rod.cap) == (
        "7", "1d6", "dawn", 7)
    assert charge_plan("until the moon is full") is None  # the GM's to track: no count kept


def test_three_charges_come_whole_are_spent_per_use_and_never_come_back() -> None:
    """"3 charges": given with 3 (no roll), each use spends one, days pass and none return."""
    campaign = _campaign()
    ysolde = _ysolde(campaign)
    assert starting_charges(STAFF_TEXT, ScriptedRoller([])) == (3, None)
    added, record = give_gear(ysolde.inventory, Catalog(campaign), "staff_of_embers",
                              ScriptedRoller([]))
    staff = added[0]
    assert record is None and staff.magic is not None and staff.magic.charges_left == 3
    assert charges_text(staff.magic) == "3 left (3 charges)"
    assert use_carried(ysolde.inventory, staff.uid) == (
        "Staff of Embers used (1d6 fire DAM NEAR (1d)): 2 left (3 charges)")
    advance(campaign, 3 * 24 * HOUR, ScriptedRoller([]))  # three midnights, three dawns: no dice
    after = _held(ysolde, staff.uid)
    assert after.magic is not None and after.magic.charges_left == 2
    use_carried(ysolde.inventory, staff.uid)
    use_carried(ysolde.inventory, staff.uid)
    assert after.magic.charges_left == 0
    with pytest.raises(ValueError, match=r"no charges left \(3 charges\): they do not come"):
        use_carried(ysolde.inventory, staff.uid)


def test_seven_charges_regain_1d6_at_dawn_never_above_seven() -> None:
    """"7 charges, 1d6 back at dawn": 7 given; spent to 1; midnight gives nothing back; at dawn
    the 1d6 rolls 4 → 5; the next dawn's 6 stops at 7."""
    campaign = _campaign()
    ysolde = _ysolde(campaign)
    rod = give_gear(ysolde.inventory, Catalog(campaign), "rod_of_dawn", ScriptedRoller([]))[0][0]
    assert rod.magic is not None and rod.magic.charges_left == 7
    rod.magic = rod.magic.model_copy(update={"charges_left": 1})
    changes = advance(campaign, 5 * HOUR, ScriptedRoller([]))  # 05:00: before dawn
    assert _held(ysolde, rod.uid).magic.charges_left == 1  # type: ignore[union-attr]
    assert changes == []
    changes = advance(campaign, HOUR, ScriptedRoller([4]))  # 06:00, dawn: 1d6 rolls 4
    assert _held(ysolde, rod.uid).magic.charges_left == 5  # type: ignore[union-attr]
    assert [c.text for c in changes] == [
        "Ysolde the Grey's Rod of Dawn: 1d6 rolled 4 at dawn → 5 of 7 charges "
        "(7 charges, 1d6 back at dawn)"]
    advance(campaign, 24 * HOUR, ScriptedRoller([6]))  # the next dawn: 5 + 6, kept to 7
    assert _held(ysolde, rod.uid).magic.charges_left == 7  # type: ignore[union-attr]


def test_a_pool_in_a_fight_shows_n_left_and_refuses_when_spent_undo_gives_it_back() -> None:
    campaign = _campaign()
    ysolde = _ysolde(campaign)
    staff = give_gear(ysolde.inventory, Catalog(campaign), "staff_of_embers",
                      ScriptedRoller([]))[0][0]
    assert staff.magic is not None
    staff.magic = staff.magic.model_copy(update={"charges_left": 1})
    party = [c for c in campaign.characters if c.level == 1]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1, position=0)],
                    {c.id: c for c in party}, ScriptedRoller([]))
    caster = next(c for c in enc.combatants.values() if c.name.startswith("Ysolde"))
    step = use_item(enc, caster.id, staff.uid)
    notes = [getattr(e, "text", "") for e in step.events]
    assert "Staff of Embers (0 left (3 charges)): 1d6 fire DAM NEAR (1d)" in notes
    caster.acted = False
    with pytest.raises(RuleError, match="they do not come back"):
        use_item(enc, caster.id, staff.uid)
    enc.undo()
    piece = enc.gear(ysolde.id, staff.uid)
    assert piece.magic is not None and piece.magic.charges_left == 1


def test_a_daily_item_still_says_midnight_when_spent() -> None:
    wand = _item("wand", "Wand", "once a day")
    owned = give_gear(_ysolde(_campaign()).inventory, Catalog(_with(wand)), "wand",
                      ScriptedRoller([]))[0][0].magic
    assert owned is not None and spend_charge(owned, "Wand") == 0
    with pytest.raises(ValueError, match="they come back at midnight"):
        spend_charge(owned.model_copy(update={"charges_left": 0}), "Wand")


def _with(spec: MagicItemSpec) -> Campaign:
    campaign = _campaign()
    upsert(campaign, spec)
    return campaign
