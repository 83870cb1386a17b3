"""A fight that records nothing: the same rule functions, the same fights.

The 36 golden fights (``tests/files/sim_fights_golden.txt``) are played twice with the same
seeds, once recording every step (the app's undo, log and replay) and once with
``Encounter(recording=False)``: every fight must end in the same state, with the same winner
after the same rounds and the same number of actions; a fight that records nothing must leave
no step, change, roll, row or note behind, and ``rewind`` must put the sheets back.
"""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.character.model import Character
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Note, Rolled, Row, Set, Step
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight
from tests.core.fight_trace import BANDIT, FIGHTS_PER_MODE

GOLDEN = Path(__file__).parent.parent / "files" / "sim_fights_golden.txt"
MODES = (InitiativeMode.GROUP, InitiativeMode.SIMULTANEOUS, InitiativeMode.SEGMENTS)


class _Roller:  # the golden record's roller (tests/core/fight_trace.py)
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def die(self, sides: int) -> int:
        return int(self._random() * sides) + 1


def _party() -> dict[str, Character]:
    return {c.id: c for c in build_example_campaign().characters if c.level == 1}


def _encounter(characters: dict[str, Character], roller: _Roller, mode: InitiativeMode,
               recording: bool) -> Encounter:
    combatants = [*pc_combatants(characters.values()), *monster_combatants(BANDIT, 6, position=2)]
    return Encounter(combatants, characters, roller, room_dc=12, mode=mode,
                     settings=CampaignSettings(), recording=recording)


def _records() -> int:
    return sum(1 for o in gc.get_objects() if type(o) in (Set, Rolled, Row, Note, Step))


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_golden_fights_end_the_same_recorded_or_not(mode: InitiativeMode) -> None:
    headers = [line for line in GOLDEN.read_text(encoding="utf-8").splitlines()
               if line.startswith(f"# {mode.value} fight")]
    assert len(headers) == FIGHTS_PER_MODE
    loud_party = _party()
    quiet_party = {cid: ch.model_copy(deep=True) for cid, ch in loud_party.items()}
    loud_roller, quiet_roller = _Roller(7), _Roller(7)
    for number, header in enumerate(headers, start=1):
        loud = _encounter(loud_party, loud_roller, mode, recording=True)
        quiet = _encounter(quiet_party, quiet_roller, mode, recording=False)
        a, b = run_fight(loud), run_fight(quiet)
        assert (b.winner, b.over, b.rounds, b.steps) == (a.winner, a.over, a.rounds, a.steps)
        assert header == f"# {mode.value} fight {number}: {b.winner} after {b.rounds} rounds"
        assert quiet.fingerprint() == loud.fingerprint()
        assert len(quiet.history) == 0
        for step in reversed(loud.history):
            loud.revert(step)
        quiet.rewind()
        assert quiet.fingerprint()["characters"] == loud.fingerprint()["characters"]


@pytest.mark.slow
def test_a_fight_that_records_nothing_leaves_no_record_behind() -> None:
    characters = _party()
    before = {cid: ch.model_dump(mode="json") for cid, ch in characters.items()}
    enc = _encounter(characters, _Roller(3), InitiativeMode.GROUP, recording=False)
    gc.collect()
    records_before = _records()
    result = run_fight(enc)
    gc.collect()
    assert result.over and result.steps > 20
    assert _records() == records_before  # no Step, Set, Rolled, Row or Note was kept
    assert list(enc.history) == []
    with pytest.raises(RuleError):
        enc.undo()
    assert any(ch.model_dump(mode="json") != before[cid] for cid, ch in characters.items())
    enc.rewind()
    assert {cid: ch.model_dump(mode="json") for cid, ch in characters.items()} == before
    assert enc.journal == []


def test_a_refused_action_that_records_nothing_changes_nothing() -> None:
    characters = _party()
    enc = _encounter(characters, _Roller(5), InitiativeMode.GROUP, recording=False)
    shape = enc.fingerprint()
    pc = next(c for c in enc.combatants.values() if c.kind == "pc")
    with pytest.raises(RuleError), enc.action("gm", "test") as tx:
        tx.set(("c", "bandit-1"), "hp", 0)
        tx.set(("pc", str(pc.character_id)), "hp", 0)
        tx.set(("enc",), "round", 4)
        raise RuleError("refused half-way")
    assert enc.fingerprint() == shape
    assert enc.journal == [] and enc.steps_taken == 0
