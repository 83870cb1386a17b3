"""A fight's rounds onto the campaign clock (R27) and its "until rest" conditions
onto the timeline (R21), each round counted once however often the GM leaves and resumes."""

from __future__ import annotations

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.campaign.timeline import EndsOn
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.clock.units import round_seconds
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.fight_clock import clock_fight, rounds_fought, rounds_to_clock
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from tests.core.test_encounter_attack import GOBLIN


def _fight(mode: InitiativeMode = InitiativeMode.GROUP
           ) -> tuple[Campaign, list[Character], Encounter, EncounterRecord]:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1)],
                    {c.id: c for c in party}, ScriptedRoller([]), mode=mode)
    return campaign, party, enc, EncounterRecord(name="ambush")


def test_r27_the_rounds_fought_move_the_clock_once() -> None:
    """R27: combat advances the clock by its procedure's round; leaving at round 2 then ending
    at round 5 adds 2 then 3 rounds."""
    campaign, _party, enc, record = _fight()
    assert rounds_fought(enc) == 0 and clock_fight(campaign, record, enc, enc.roller) == []
    start = campaign.time
    one = round_seconds(campaign.settings.time, InitiativeMode.GROUP)
    enc.state.phase, enc.state.round = "fighting", 2
    clock_fight(campaign, record, enc, enc.roller)
    assert campaign.time == start + 2 * one and record.clocked_rounds == 2
    assert rounds_to_clock(enc, record) == 0
    clock_fight(campaign, record, enc, enc.roller)
    assert campaign.time == start + 2 * one
    enc.state.round = 5
    clock_fight(campaign, record, enc, enc.roller)
    assert campaign.time == start + 5 * one and record.clocked_rounds == 5


def test_r27_a_wdd_round_is_a_minute() -> None:
    """WDD: "one minute of ten 6-second segments" (R27)."""
    campaign, _party, enc, record = _fight(InitiativeMode.SEGMENTS)
    start = campaign.time
    enc.state.phase, enc.state.round = "over", 3
    clock_fight(campaign, record, enc, enc.roller)
    assert campaign.time - start == 3 * round_seconds(campaign.settings.time,
                                                      InitiativeMode.SEGMENTS)


def test_r21_until_rest_conditions_of_the_fights_pcs_go_on_the_timeline() -> None:
    """R21 "All CHECKs are HARD until rest": ended by the next rest, so on the timeline."""
    campaign, party, enc, record = _fight()
    brannoc = party[0]
    brannoc.conditions = [CharacterCondition(name="HARD:all", source="injury", lasts="rest")]
    enc.state.phase, enc.state.round = "over", 1
    clock_fight(campaign, record, enc, enc.roller)
    entry = campaign.timeline[-1]
    assert entry.ends_on is EndsOn.ANY_REST and entry.character_id == brannoc.id
    assert brannoc.conditions[0].timed_id == entry.id
