"""One game clock: calendar, units, expirations, daily resets, rests, downtime."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberkeep.campaign.calendar import DAY, HOUR, MINUTE, WEEK, Calendar, format_duration
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import InitiativeMode, Resolution, TimeSettings
from emberkeep.campaign.timeline import EndsOn
from emberkeep.character.model import Character
from emberkeep.clock import advance as clock_advance
from emberkeep.clock.advance import Happening, advance, advance_to
from emberkeep.clock.rests import rest
from emberkeep.clock.schedule import (
    MOUNTED_COMBAT,
    add_condition,
    bar_casting_until_long_rest,
    light,
    mounted_combat_training,
    spell_effect,
    start_repair,
    start_timer,
    upcoming,
)
from emberkeep.clock.units import round_seconds, seconds
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.gear.inventory import Inventory


def _campaign() -> Campaign:
    return build_example_campaign()


def _pc(campaign: Campaign, class_id: str) -> Character:
    return next(c for c in campaign.characters if c.class_id == class_id)


# --- calendar and units (R27) -----------------------------------------------------------------

def test_r27_calendar_of_twelve_thirty_day_months() -> None:
    cal = Calendar()
    t = cal.from_date(1023, 3, 14, 8, 30)
    d = cal.to_date(t)
    assert (d.year, d.month, d.day, d.hour, d.minute) == (1023, 3, 14, 8, 30)
    assert cal.year_seconds == 12 * 30 * DAY
    assert cal.format(t) == "Day 14 of Month 3, year 1023, 08:30"
    assert cal.to_date(cal.from_date(1, 12, 30, 23, 59, 59) + 1).year == 2


@pytest.mark.parametrize("args", [(0, 1, 1), (1, 13, 1), (1, 1, 31), (1, 1, 1, 24)])
def test_impossible_dates_are_refused(args: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        Calendar().from_date(*args)


def test_midnights_and_year_ends_between() -> None:
    cal = Calendar()
    assert list(cal.midnights_between(DAY - 1, 3 * DAY)) == [DAY, 2 * DAY, 3 * DAY]
    assert list(cal.midnights_between(DAY, DAY)) == []
    assert list(cal.year_ends_between(0, cal.year_seconds)) == [cal.year_seconds]


def test_r27_units() -> None:
    time = TimeSettings()
    assert seconds("segment", 3, time) == 18  # WDD: 6-second segments
    assert round_seconds(time, InitiativeMode.SEGMENTS) == 60  # WDD: a turn is one minute
    assert round_seconds(time, InitiativeMode.GROUP) == 6  # Furnace: a turn and a round
    assert round_seconds(time, resolution=Resolution.MELEE_ROUND) == 6
    # "for 1d4 turns" counts combat rounds in a fight, exploration turns outside one
    assert seconds("turn", 3, time, in_combat=True, mode=InitiativeMode.SEGMENTS) == 180
    assert seconds("turn", 3, time) == 30 * MINUTE
    assert seconds("week", 1, time) == WEEK
    assert format_duration(DAY + 2 * HOUR) == "1 day 2 h"


# --- durations expire by themselves -------------------------------------------------------------

def test_a_condition_leaves_the_sheet_when_its_time_is_up() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    add_condition(campaign, fighter, "FRIGHTENED", seconds=3 * 6, source="Fireball mishap")
    assert [c.name for c in fighter.conditions] == ["FRIGHTENED"]
    assert advance(campaign, 12, ScriptedRoller([])) == []
    changes = advance(campaign, 6, ScriptedRoller([]))
    assert fighter.conditions == [] and campaign.timeline == []
    assert [c.kind for c in changes] == ["condition"]


def test_r21_hard_until_rest_ends_at_any_rest() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    fighter.hp = 3
    add_condition(campaign, fighter, "HARD until rest", ends_on=EndsOn.ANY_REST,
                  source="injury 14-19", injury=True)
    advance(campaign, WEEK, RandomRoller(1))
    assert fighter.conditions  # time alone does not end it
    rest(campaign, "short", ScriptedRoller([4]), [fighter.id])
    assert fighter.conditions == []


def test_r10_cannot_cast_lasts_until_a_long_rest_not_a_short_one() -> None:
    campaign = _campaign()
    mage = _pc(campaign, "magic_user")
    bar_casting_until_long_rest(campaign, mage, "failed depletion save")
    assert not mage.caster.can_cast
    rest(campaign, "short", ScriptedRoller([1]), [mage.id])
    assert not mage.caster.can_cast
    rest(campaign, "long", RandomRoller(3), [mage.id])
    assert mage.caster.can_cast and campaign.timeline == []


def test_timers_lights_and_spell_effects_say_when_they_end() -> None:
    campaign = _campaign()
    mage = _pc(campaign, "magic_user")
    torch = Inventory.from_catalog(["torch", "torch"]).items[0]
    mage.inventory.items.append(torch)
    light(campaign, mage, torch.uid, HOUR)
    assert torch.quantity == 1
    start_timer(campaign, "the ceiling collapses", 3 * 10 * MINUTE)
    spell_effect(campaign, mage, "Ember Swarm", 2 * 6)
    assert [e.label for e in upcoming(campaign)] == [
        "Ember Swarm", "the ceiling collapses", "Torch burning"]
    changes = advance(campaign, HOUR, ScriptedRoller([]))
    assert [c.kind for c in changes] == ["spell_effect", "timer", "light"]
    assert changes[1].text == "the ceiling collapses ended"


# --- daily limits -----------------------------------------------------------------------------

def test_r11_magical_healing_cap_resets_at_midnight() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    fighter.caster = fighter.caster.record_healed(1)
    assert fighter.caster.healing_room(fighter.level) == 0
    hours_to_midnight = DAY - campaign.time % DAY
    advance(campaign, hours_to_midnight - 1, ScriptedRoller([]))
    assert fighter.caster.healed_hd_today == 1
    changes = advance(campaign, 1, ScriptedRoller([]))
    assert fighter.caster.healed_hd_today == 0
    assert any("R11" in c.text for c in changes)


def test_magic_item_charges_refill_each_day() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    extra = Inventory.from_catalog(["shield_of_shielding", "mjolnir"], equip=False)
    shield, hammer = extra.shields[0], extra.weapons[0]
    assert shield.magic is not None and hammer.magic is not None
    hammer.magic = hammer.magic.model_copy(update={"charges": "1d4 a day"})
    fighter.inventory.shields.append(shield)
    fighter.inventory.weapons.append(hammer)
    shield.magic.charges_left = 0
    advance(campaign, 2 * DAY, ScriptedRoller([3, 2]))  # two midnights; "once a day" rolls none
    assert shield.magic.charges_left == 1
    assert hammer.magic.charges_left == 2


# --- rests (R29) ------------------------------------------------------------------------------

def test_r29_short_rest_spends_one_hd_and_takes_an_hour() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    fighter.hp, start = 1, campaign.time
    mage = _pc(campaign, "magic_user")
    mage.caster = mage.caster.model_copy(update={"spells_cast_since_check": 3})
    rest(campaign, "short", ScriptedRoller([5]), [fighter.id, mage.id])
    assert campaign.time == start + HOUR
    assert fighter.hp == 6 and fighter.hit_dice == 0
    assert mage.caster.spells_cast_since_check == 0  # R29: any rest resets the spell count


def test_r29_long_rest_spends_and_regains_all_hd_and_resets_disapproval() -> None:
    campaign = _campaign()
    cleric = _pc(campaign, "cleric")
    cleric.hp = 2
    cleric.caster = cleric.caster.model_copy(update={"disapproval_range": 3})
    start = campaign.time
    rest(campaign, "long", ScriptedRoller([2]), [cleric.id])
    assert campaign.time == start + 8 * HOUR
    assert cleric.hp == 4 and cleric.hit_dice == 1
    assert cleric.caster.disapproval_range == 1  # R10: resets on a long rest


def test_a_repair_takes_hours_per_point_and_the_item_is_away_until_done() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    start_repair(campaign, fighter, armor.uid, cost_cp=1000)
    assert armor.at_smith
    advance(campaign, 16 * HOUR - 1, ScriptedRoller([]))
    assert armor.at_smith and armor.damage_points == 2
    changes = advance(campaign, 1, RandomRoller(1))
    assert not armor.at_smith and armor.damage_points == 0
    assert "back from the smith" in changes[0].text
    with pytest.raises(ValueError, match="needs no repair"):
        start_repair(campaign, fighter, armor.uid)


def test_wdd_mounted_combat_training_eight_weeks_less_dex_bonus() -> None:
    campaign = _campaign()
    rogue = _pc(campaign, "rogue")  # DEX 17: +2
    rogue.inventory.purse.gp = 150
    entry = mounted_combat_training(campaign, rogue)
    assert entry.ends_at == campaign.time + 6 * WEEK
    assert rogue.inventory.purse.total_cp == 50 * 100 + 3  # 150 gp 3 cp less 100 gp
    advance(campaign, 6 * WEEK, RandomRoller(2))
    assert rogue.feats == [MOUNTED_COMBAT]


def test_training_refused_without_the_money_changes_nothing() -> None:
    campaign = _campaign()
    mage = _pc(campaign, "magic_user")
    before = mage.inventory.purse.model_copy()
    with pytest.raises(ValueError):
        mounted_combat_training(campaign, mage)
    assert mage.inventory.purse == before and campaign.timeline == []


def test_r32_ready_to_level_up_by_xp() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    fighter.xp = 49
    assert not fighter.can_level_up
    fighter.xp = 50
    assert fighter.can_level_up


def test_year_end_checks_run_once_per_year_end(monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = _campaign()
    seen: list[int] = []

    def hook(c: Campaign, roller: object, at: int) -> list[Happening]:
        seen.append(at)
        return [Happening(at, "experience", "rolled")]

    monkeypatch.setattr(clock_advance, "year_end_checks", hook)
    cal = Calendar()
    changes = advance(campaign, 2 * cal.year_seconds, RandomRoller(1))
    assert len(seen) == 2 and [c.kind for c in changes].count("year_end") == 2


def test_the_clock_never_runs_backwards() -> None:
    campaign = _campaign()
    with pytest.raises(ValueError):
        advance(campaign, -1, RandomRoller(1))
    with pytest.raises(ValueError):
        advance_to(campaign, campaign.time - 1, RandomRoller(1))


# --- a then b is a + b ------------------------------------------------------------------------

def _busy_campaign() -> Campaign:
    campaign = _campaign()
    fighter, mage, rogue = (_pc(campaign, k) for k in ("fighter", "magic_user", "rogue"))
    add_condition(campaign, fighter, "PRONE", seconds=40)
    add_condition(campaign, mage, "HARD until rest", ends_on=EndsOn.ANY_REST)
    start_timer(campaign, "reinforcements", 7 * HOUR)
    fighter.caster = fighter.caster.record_healed(1)
    extra = Inventory.from_catalog(["mjolnir"], equip=False).weapons[0]
    assert extra.magic is not None
    extra.magic = extra.magic.model_copy(update={"charges": "1d4 a day"})
    rogue.inventory.weapons.append(extra)
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 1
    start_repair(campaign, fighter, armor.uid)
    return campaign


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3 * DAY), st.integers(0, 3 * DAY), st.integers(0, 2**32))
def test_advancing_a_then_b_equals_advancing_a_plus_b(a: int, b: int, seed: int) -> None:
    one, two = _busy_campaign(), _busy_campaign()
    two.characters = [c.model_copy(deep=True) for c in one.characters]
    two.timeline = [e.model_copy() for e in one.timeline]
    two.time = one.time
    first, second = RandomRoller(seed), RandomRoller(seed)
    advance(one, a, first)
    advance(one, b, first)
    advance(two, a + b, second)
    assert one.model_dump() == two.model_dump()
    assert all((e.remaining(one.time) or 0) >= 0 and not e.due(one.time) for e in one.timeline)


def test_r27_a_fight_moves_the_clock_by_its_rounds() -> None:
    from emberkeep.clock.combat import advance_for_fight, fight_seconds

    campaign = _campaign()
    assert fight_seconds(campaign, 5, InitiativeMode.GROUP) == 30  # Furnace: 6-second rounds
    assert fight_seconds(campaign, 3, InitiativeMode.SEGMENTS) == 180  # WDD: a minute a round
    assert fight_seconds(campaign, 4, InitiativeMode.GROUP, Resolution.MELEE_ROUND) == 24
    start = campaign.time
    mage = _pc(campaign, "magic_user")
    spell_effect(campaign, mage, "Shield", 2 * 60)
    changes = advance_for_fight(campaign, 3, InitiativeMode.SEGMENTS, ScriptedRoller([]))
    assert campaign.time == start + 180 and [c.kind for c in changes] == ["spell_effect"]
