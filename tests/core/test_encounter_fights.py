"""Whole fights, headless, under each initiative mode (R20): the example party's four 1st-level
characters against six bandits, played by ``sim.run_fight`` with a seeded RandomRoller through
the same engine code the app runs. Each fight must end with a recorded winner, replay from its
saved steps to the same state, and undo all the way back to the start."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Step
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight

BANDIT = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")


def _setup() -> tuple[list[Combatant], dict[str, Character]]:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(BANDIT, 6, position=2)]
    return combatants, {c.id: c for c in party}


def _copy(combatants: list[Combatant], characters: dict[str, Character],
          ) -> tuple[list[Combatant], dict[str, Character]]:
    return ([Combatant.from_json(c.to_json()) for c in combatants],
            {cid: ch.model_copy(deep=True) for cid, ch in characters.items()})


@pytest.mark.parametrize("mode", list(InitiativeMode))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_four_against_six_fight_runs_to_its_end(mode: InitiativeMode, seed: int) -> None:
    combatants, characters = _setup()
    pristine = _copy(combatants, characters)
    spells = {}
    if mode is InitiativeMode.SEGMENTS:  # WDD: Magic-users declare spells after surprise
        ysolde = next(c for c in combatants if c.name.startswith("Ysolde"))
        spells = {ysolde.id: "fireball"}
    enc = Encounter(combatants, characters, RandomRoller(seed), mode=mode)
    start = enc.fingerprint()
    result = run_fight(enc, max_rounds=60, surprise=[], spells=spells)

    assert result.over and enc.state.phase == "over"
    assert result.winner in ("party", "foes") and enc.state.winner == result.winner
    standing = {c.side for c in enc.combatants.values() if not enc.is_down(c)}
    assert standing == {result.winner}
    assert result.steps == len(enc.history) and result.rounds >= 1
    end = enc.fingerprint()

    # Replaying the saved steps on a fresh copy of the start reaches the same state, no dice.
    fresh = Encounter(*pristine, ScriptedRoller([]), mode=mode)
    assert fresh.fingerprint() == start
    for saved in [s.to_json() for s in enc.history]:
        fresh.redo(Step.from_json(saved))
    assert fresh.fingerprint() == end

    # Undoing every step returns to the start.
    while enc.history:
        enc.undo()
    assert enc.fingerprint() == start


def test_the_same_seed_fights_the_same_fight() -> None:
    outcomes = []
    for _ in range(2):
        combatants, characters = _setup()
        enc = Encounter(combatants, characters, RandomRoller(7), mode=InitiativeMode.GROUP)
        result = run_fight(enc, max_rounds=60, surprise=[])
        outcomes.append((result.winner, result.rounds, [s.summary for s in enc.history]))
    assert outcomes[0] == outcomes[1]
