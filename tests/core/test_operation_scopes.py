"""Operations name their scope, and recording one costs what it can change.

The clock, rests and repairs are recorded over their scope only; what they record must be
exactly what recording the whole campaign sees, and a scope that forgets a part is caught.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from emberkeep.campaign import recorder
from emberkeep.campaign.calendar import DAY, MINUTE, WEEK
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation, Refused
from emberkeep.campaign.recorder import run_recorded
from emberkeep.campaign.scope import EVERYTHING, Scope, ScopeError
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.clock.operations import advance_clock, advance_clock_to, rest_party
from emberkeep.clock.schedule import start_training
from emberkeep.dice import RandomRoller
from emberkeep.repairs.ledger import PARTY
from emberkeep.repairs.operations import pick_up_weapons, repair_affordable, repair_gear


def _pc(campaign: Campaign, class_id: str) -> Character:
    return next(c for c in campaign.characters if c.class_id == class_id)


def _busy() -> Campaign:
    """The example with something for every happening: a dent and a dropped weapon, a healer's
    daily cap used, a training under way and a timed condition."""
    campaign = build_example_campaign()
    fighter = _pc(campaign, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2
    fighter.inventory.weapons[0].dropped = True
    fighter.inventory.purse.gp += 100
    cleric = _pc(campaign, "cleric")
    cleric.caster = cleric.caster.model_copy(update={"healed_hd_today": 2})
    start_training(campaign, _pc(campaign, "rogue"), "Dodge", weeks=1, cost_cp=0)
    cleric.conditions.append(CharacterCondition(name="FRIGHTENED", source="a test"))
    return campaign


def _same_but_new_ids(campaign: Campaign) -> str:
    """The campaign as JSON, the ids the operation made (a ledger entry's) blanked."""
    return re.sub(r'"id":"[0-9a-f]{32}"', '"id":""', campaign.model_dump_json())


def _fighter_armor(c: Campaign) -> list[tuple[str, str]]:
    fighter = _pc(c, "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    return [(fighter.id, armor.uid)]


def _fighter_weapon(c: Campaign) -> list[tuple[str, str]]:
    fighter = _pc(c, "fighter")
    return [(fighter.id, fighter.inventory.weapons[0].uid)]


OPERATIONS: dict[str, Callable[[Campaign], Operation[object]]] = {
    "a turn": lambda c: advance_clock(10 * MINUTE, RandomRoller(3)),
    "a day": lambda c: advance_clock(DAY, RandomRoller(3)),
    "a week": lambda c: advance_clock(WEEK, RandomRoller(3)),
    "a year": lambda c: advance_clock_to(c.time + 400 * DAY, RandomRoller(3)),
    "short rest": lambda c: rest_party("short", RandomRoller(3), groups=None),
    "long rest": lambda c: rest_party("long", RandomRoller(3), groups=None),
    "repair from the fund": lambda c: repair_gear(_fighter_armor(c), units=1, paid_by=PARTY),
    "repair at the smith": lambda c: repair_gear(_fighter_armor(c), at_smith=True),
    "repair all affordable": lambda c: repair_affordable(),
    "pick up": lambda c: pick_up_weapons(_fighter_weapon(c)),
}


@pytest.mark.parametrize("name", list(OPERATIONS))
def test_a_scoped_record_is_the_whole_record(name: str) -> None:
    scoped = _busy()
    whole = scoped.model_copy(deep=True)
    op_scoped, op_whole = OPERATIONS[name](scoped), OPERATIONS[name](whole)
    before = scoped.model_dump()
    _, step = run_recorded(scoped, op_scoped.run, op_scoped.scope_of(scoped))
    _, reference = run_recorded(whole, op_whole.run, EVERYTHING)
    assert step, "the operation changed something"
    assert step.change == reference.change
    assert [(s.target, s.field) for s in step.sets] == [
        (s.target, s.field) for s in reference.sets]
    assert _same_but_new_ids(scoped) == _same_but_new_ids(whole)
    step.undo(scoped)
    assert scoped.model_dump() == before


def test_a_scope_that_forgets_a_sheet_is_caught() -> None:
    campaign = build_example_campaign()
    fighter = _pc(campaign, "fighter")
    forgetful = Operation("Hurt the fighter", lambda c: setattr(fighter, "hp", 1),
                          Scope.of(fields=("time",)))
    with pytest.raises(ScopeError, match=f"pc {fighter.id}.hp"):
        run_recorded(campaign, forgetful.run, forgetful.scope_of(campaign))


def test_a_scope_that_forgets_the_roster_is_caught() -> None:
    campaign = build_example_campaign()
    gone = Operation("Lose one", lambda c: c.characters.pop(), Scope.of(fields=("time",)))
    with pytest.raises(ScopeError, match="characters"):
        run_recorded(campaign, gone.run, gone.scope_of(campaign))


def test_a_clock_turn_at_500_characters_copies_only_what_it_can_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Recording used to dump every sheet twice (1,000 dumps at 500 characters, ~20 ms in the
    core on this machine); a turn that ends nothing on a sheet dumps none."""
    campaign = _busy()
    base = list(campaign.characters)
    campaign.characters = [base[n % len(base)].model_copy(update={"id": f"{n:032x}"}, deep=True)
                           for n in range(500)]
    dumps = 0
    real = Character.model_dump

    def counted(self: Character, **kwargs: object) -> dict[str, object]:
        nonlocal dumps
        dumps += 1
        return real(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(recorder, "CHECK_SCOPES", False)  # the check dumps all, by design
    monkeypatch.setattr(Character, "model_dump", counted)
    turn = advance_clock(10 * MINUTE, RandomRoller(3))
    _, step = run_recorded(campaign, turn.run, turn.scope_of(campaign))
    assert step.change.time and dumps == 0


def test_the_clock_refuses_to_run_backwards() -> None:
    with pytest.raises(Refused, match="only runs forward"):
        advance_clock(-1, RandomRoller(3))
    campaign = build_example_campaign()
    back = advance_clock_to(campaign.time - 1, RandomRoller(3))
    with pytest.raises(Refused, match="in the past"):
        run_recorded(campaign, back.run, back.scope_of(campaign))
