"""One way to change a campaign: any operation run through ``record`` can be undone
exactly and redone, a refused one leaves nothing behind, and its Change names exactly what it
touched."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings

from emberkeep.campaign.calendar import WEEK
from emberkeep.campaign.changes import Change
from emberkeep.campaign.custom import upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.campaign.recorder import (
    character_step,
    field_step,
    insert_step,
    remove_step,
    run_recorded,
)
from emberkeep.campaign.steps import CampaignStep
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.model import Character
from emberkeep.clock.advance import advance
from emberkeep.clock.rests import rest
from emberkeep.dice import RandomRoller
from emberkeep.encounter.experience import award_xp
from emberkeep.repairs.ledger import PARTY, repair
from tests.strategies import campaigns


def _campaign() -> Campaign:
    campaign = build_example_campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    campaign.encounters.append(EncounterRecord(name="Barrow"))
    return campaign


def _pc(campaign: Campaign, class_id: str) -> Character:
    return next(c for c in campaign.characters if c.class_id == class_id)


def _worn(campaign: Campaign) -> str:
    armor = _pc(campaign, "fighter").inventory.worn_armor
    assert armor is not None
    return armor.uid


def _own_spell(campaign: Campaign) -> None:
    upsert(campaign, SHIPPED.spell("fireball").model_copy(update={"name": "Ember dart"}))


def _settings(campaign: Campaign) -> None:
    campaign.settings.default_room_dc += 1
    campaign.settings.repair.armor_point_pct += 5


OPERATIONS: dict[str, tuple[Callable[[Campaign], object], Callable[[Campaign], Change]]] = {
    "a week passes": (lambda c: advance(c, WEEK, RandomRoller(3)),
                      lambda c: Change(time=True)),
    "hp": (lambda c: setattr(_pc(c, "fighter"), "hp", 1),
           lambda c: Change.of_characters({_pc(c, "fighter").id: {"hp"}})),
    "repair from the fund": (
        lambda c: repair(c, _pc(c, "fighter").id, _worn(c), units=1, paid_by=PARTY),
        lambda c: Change.of_characters({_pc(c, "fighter").id: {"inventory"}})
        | Change(ledger=True, fund=True)),
    "award": (lambda c: award_xp(c, [_pc(c, "rogue").id], 3),
              lambda c: Change.of_characters({_pc(c, "rogue").id: {"xp"}})),
    "own spell": (_own_spell, lambda c: Change(catalogs=True)),
    "settings": (_settings, lambda c: Change(settings=True)),
    "rename": (lambda c: setattr(c, "name", "The Ember Road"), lambda c: Change(name=True)),
    "new encounter": (lambda c: c.encounters.append(EncounterRecord(id="e" * 32, name="Ford")),
                      lambda c: Change(encounters=frozenset({"e" * 32}))),
    "encounter setup": (lambda c: setattr(c.encounters[0], "room_dc", 15),
                        lambda c: Change(encounters=frozenset({c.encounters[0].id}))),
}


@pytest.mark.parametrize("name", list(OPERATIONS))
def test_undo_restores_exactly_redo_reapplies_and_change_names_the_parts(name: str) -> None:
    op, expected = OPERATIONS[name]
    campaign = _campaign()
    before = campaign.model_copy(deep=True)
    people = list(campaign.characters)
    settings_object = campaign.settings
    _result, step = run_recorded(campaign, op)
    after = campaign.model_copy(deep=True)
    assert campaign != before
    assert step.change == expected(campaign)

    assert step.undo(campaign) == expected(campaign).inverted()
    assert campaign == before
    assert all(a is b for a, b in zip(campaign.characters, people, strict=True))
    assert campaign.settings is settings_object  # in place: whoever holds it sees the change
    step.redo(campaign)
    assert campaign == after
    step.undo(campaign)
    assert campaign == before


def test_a_long_rest_changes_the_sheets_and_the_clock_and_undoes() -> None:
    campaign = _campaign()
    for character in campaign.characters:
        character.hp = max(1, character.hp - 2)
    before = campaign.model_copy(deep=True)
    _result, step = run_recorded(campaign, lambda c: rest(c, "long", RandomRoller(1)))
    assert step.change.time and step.change.characters
    step.undo(campaign)
    assert campaign == before


def test_a_refused_operation_leaves_the_campaign_exactly_as_it_was() -> None:
    campaign = _campaign()
    before = campaign.model_copy(deep=True)
    fighter = _pc(campaign, "fighter")

    def half_done(c: Campaign) -> None:
        fighter.hp = 1
        c.party_fund.gp += 100
        c.characters.pop()
        c.encounters.clear()
        raise ValueError("the core refuses halfway")

    with pytest.raises(ValueError, match="halfway"):
        run_recorded(campaign, half_done)
    assert campaign == before and campaign.characters[0] is fighter


def test_a_refused_repair_changes_nothing() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    purse = fighter.inventory.purse
    purse.gp = purse.sp = purse.cp = 0
    before = campaign.model_copy(deep=True)
    with pytest.raises(ValueError):
        run_recorded(campaign, lambda c: repair(c, fighter.id, _worn(c)))
    assert campaign == before


def test_adding_and_removing_characters_keeps_the_objects() -> None:
    campaign = _campaign()
    before = campaign.model_copy(deep=True)
    gone = campaign.characters[1]

    def shuffle(c: Campaign) -> None:
        gone.hp = 0  # changed, then removed: undo puts it back as it was
        c.characters.remove(gone)
        c.characters.append(c.characters[0].model_copy(update={"id": "f" * 32}))

    _result, step = run_recorded(campaign, shuffle)
    assert step.change.added == {"f" * 32} and step.change.removed == {gone.id}
    step.undo(campaign)
    assert campaign == before and campaign.characters[1] is gone
    step.redo(campaign)
    assert gone not in campaign.characters and campaign.characters[-1].id == "f" * 32


def test_a_sheet_swapped_for_a_copy_is_written_into_the_original() -> None:
    campaign = _campaign()
    fighter = _pc(campaign, "fighter")
    row = campaign.characters.index(fighter)

    def swap(c: Campaign) -> None:
        c.characters[row] = fighter.model_copy(update={"xp": 99}, deep=True)

    _result, step = run_recorded(campaign, swap)
    assert campaign.characters[row] is fighter and fighter.xp == 99
    assert step.change == Change.of_characters({fighter.id: {"xp"}})


def test_explicit_steps_apply_in_place_and_merge() -> None:
    campaign = _campaign()
    before = campaign.model_copy(deep=True)
    fighter = _pc(campaign, "fighter")
    first = field_step(campaign, fighter.id, "name", "B")
    first.redo(campaign)
    second = field_step(campaign, fighter.id, "name", "Brannoc Ironhand")
    second.redo(campaign)
    merged = first.merged(second)
    assert merged is not None and merged.is_noop  # typed back to what it was
    assert field_step(campaign, fighter.id, "hp", 1).merged(second) is None

    levelled = fighter.model_copy(update={"level": 2, "max_hp": fighter.max_hp + 4}, deep=True)
    step = character_step(campaign, levelled)
    assert step.change == Change.of_characters({fighter.id: {"level", "max_hp"}})
    step.redo(campaign)
    assert campaign.characters[0] is fighter and fighter.level == 2
    step.undo(campaign)
    added = Character.model_validate(fighter.model_dump() | {"id": "a" * 32})
    insert = insert_step(campaign, added)
    insert.redo(campaign)
    assert insert.change.added == {"a" * 32}
    removal = remove_step(campaign, ["a" * 32, fighter.id])
    removal.redo(campaign)
    assert fighter not in campaign.characters
    removal.undo(campaign)
    insert.undo(campaign)
    assert campaign == before


def test_change_merges_and_inverts() -> None:
    a = Change.of_characters({"x": {"hp"}}) | Change(time=True, added=frozenset({"y"}))
    b = a | Change.of_characters({"x": {"xp"}, "z": {"name"}})
    assert b.characters == {"x": frozenset({"hp", "xp"}), "z": frozenset({"name"})}
    assert b.time and b.inverted().removed == {"y"} and not Change()
    assert b.touches("x", {"hp"}) and not b.touches("x", {"notes"}) and not b.touches("q")
    assert Change(settings=True).touches("q")


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns, campaigns)
def test_every_field_of_generated_campaigns_comes_back(first: Campaign, second: Campaign) -> None:
    """The recorder rebuilds ``before`` from a plain dump: every field must survive that."""
    before = first.model_copy(deep=True)
    others = [c.model_copy(deep=True) for c in second.characters]

    def overwrite(c: Campaign) -> None:
        for name in Campaign.model_fields:
            if name != "characters":
                setattr(c, name, getattr(second, name))
        for mine, theirs in zip(c.characters, others, strict=False):
            for name in Character.model_fields:
                if name != "id":
                    setattr(mine, name, getattr(theirs, name))

    _result, step = run_recorded(first, overwrite)
    after = first.model_copy(deep=True)
    step.undo(first)
    assert first == before
    step.redo(first)
    assert first == after


def _crowd(size: int) -> Campaign:
    campaign = build_example_campaign()
    base = list(campaign.characters)
    campaign.characters = [base[n % len(base)].model_copy(update={"id": f"{n:032x}"}, deep=True)
                           for n in range(size)]
    return campaign


def _best(run: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of a few runs: the machine is shared, a bound on one run would be flaky."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def test_recording_in_a_200_character_campaign_stays_cheap() -> None:
    """~30 ms here against ~80 ms for deep copies; the bound leaves room for a slow machine."""
    campaign = _crowd(200)
    target = campaign.characters[100]
    _result, step = run_recorded(campaign, lambda c: setattr(target, "hp", target.hp - 1))
    assert step.change == Change.of_characters({target.id: {"hp"}})
    assert _best(lambda: run_recorded(campaign,
                                      lambda c: setattr(target, "hp", target.hp - 1))) < 0.5
    # the keystroke path copies one value
    assert _best(lambda: field_step(campaign, target.id, "hp", 3).redo(campaign), 5) < 0.005


def test_an_empty_step_is_false() -> None:
    campaign = _campaign()
    _result, step = run_recorded(campaign, lambda c: None)
    assert not step and not step.change and step == CampaignStep(())

