"""Groups of characters: derived until the GM chooses, who rests, one recorded op."""

from __future__ import annotations

from pathlib import Path

from emberkeep.campaign import saving, storage
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.recorder import run_recorded
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.groups import (
    CharacterGroup,
    assign_group,
    group_of,
    in_groups,
    who_rests,
)
from emberkeep.character.model import Character

G = CharacterGroup


def _sheet(name: str, level: int = 0, *, hp: int = 4, alive: bool = True,
           group: CharacterGroup | None = None) -> Character:
    return Character(name=name, race="human", level=level,
                     class_id=None if level == 0 else "fighter", hp=hp, max_hp=8,
                     alive=alive, group=group,
                     scores=AbilityScores.from_bases({a: 10 for a in ABILITIES}))


def test_a_sheet_without_a_chosen_group_is_placed_by_level_and_life() -> None:
    assert group_of(_sheet("Peasant", 0)) is G.FUNNEL
    assert group_of(_sheet("Brannoc", 1)) is G.PARTY
    assert group_of(_sheet("Old Mag", 1, hp=-20, alive=False)) is G.RETIRED  # R22


def test_a_chosen_group_stays_but_death_puts_the_sheet_with_the_dead() -> None:
    assert group_of(_sheet("Hob", 1, group=G.HIRELINGS)) is G.HIRELINGS
    assert group_of(_sheet("Kept", 2, group=G.FUNNEL)) is G.FUNNEL
    assert group_of(_sheet("Hob", 1, hp=-20, alive=False, group=G.HIRELINGS)) is G.RETIRED


def test_who_rests_takes_the_living_of_the_named_groups() -> None:
    party, peasant, hireling = _sheet("P", 1), _sheet("F", 0), _sheet("H", 1, group=G.HIRELINGS)
    retired = _sheet("R", 3, group=G.RETIRED)
    dead = _sheet("D", 1, hp=-20, alive=False)
    everyone = [party, peasant, hireling, retired, dead]
    assert who_rests(everyone) == [party.id, peasant.id, hireling.id]  # all but the retired
    assert who_rests(everyone, [G.PARTY]) == [party.id]
    assert who_rests(everyone, [G.PARTY, G.HIRELINGS]) == [party.id, hireling.id]
    assert who_rests(everyone, [G.RETIRED]) == [retired.id]  # the dead never rest
    assert [c.name for c in in_groups(everyone, [G.RETIRED])] == ["R", "D"]


def test_assign_group_is_one_recorded_campaign_op_that_undoes() -> None:
    campaign = build_example_campaign()
    ids = [c.id for c in campaign.characters if c.level == 0][:2]
    changed, step = run_recorded(campaign, lambda c: assign_group(c.characters, ids, G.HIRELINGS))
    assert changed == ids
    assert [group_of(c) for c in campaign.characters if c.id in ids] == [G.HIRELINGS] * 2
    step.undo(campaign)
    assert [c.group for c in campaign.characters if c.id in ids] == [None, None]
    step.redo(campaign)
    assert [c.group for c in campaign.characters if c.id in ids] == [G.HIRELINGS] * 2
    again, _ = run_recorded(campaign, lambda c: assign_group(c.characters, ids, G.HIRELINGS))
    assert again == []  # already there: nothing to record


def test_old_files_without_groups_load_and_the_chosen_group_round_trips(tmp_path: Path) -> None:
    old = storage.load("tests/files/campaign_v1.json")
    assert all(c.group is None for c in old.characters)
    campaign = build_example_campaign()
    campaign.characters[0].group = G.HIRELINGS
    saving.save(campaign, tmp_path / "c.json")
    assert storage.load(tmp_path / "c.json").characters[0].group is G.HIRELINGS


def test_a_rest_by_group_rests_only_that_group() -> None:
    """Furnace: "Short rest: spend one HD" — for the group the GM names, not every sheet."""
    from emberkeep.clock.rests import rest
    from emberkeep.dice import RandomRoller

    campaign = build_example_campaign()
    for c in campaign.characters:
        c.hp = 1
    party = [c.id for c in campaign.characters if group_of(c) is G.PARTY]
    funnel = [c.id for c in campaign.characters if group_of(c) is G.FUNNEL]
    assert party and funnel
    changes = rest(campaign, "long", RandomRoller(5), groups=[G.PARTY])
    rested = {ch.character_id for ch in changes if ch.kind == "rest"}
    assert rested == set(party)
    assert all(c.hp == 1 for c in campaign.characters if c.id in funnel)
