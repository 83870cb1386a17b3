"""The fight and the clock: a running fight holds the clock (R27), the GM can
always finish a fight, and a PC still dying when the fight ends keeps dying on the clock (R21:
"Roll 1d4, after that many turn you die. Roll a d20 in every round, on a natural 20 you get up
with 1 hp"; R22: dead "when you are bleeding out unconscious for 1d4 round")."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord, EncounterStatus, LogEvent
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.campaign.timeline import TimedKind
from emberkeep.character.model import Character
from emberkeep.clock.advance import advance
from emberkeep.clock.dying import DYING
from emberkeep.clock.fights import fight_hold
from emberkeep.clock.rests import rest
from emberkeep.clock.units import round_seconds
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import persist
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.fight_clock import clock_fight, dying_to_hand_over
from emberkeep.encounter.finish import end_fight
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from tests.core.test_encounter_attack import GOBLIN

ROUND = round_seconds(build_example_campaign().settings.time, InitiativeMode.GROUP)


def _fight(faces: list[int]) -> tuple[Campaign, Character, Encounter, EncounterRecord]:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    enc = Encounter([*pc_combatants(party), *monster_combatants(GOBLIN, 1)],
                    {c.id: c for c in party}, ScriptedRoller(faces))
    record = EncounterRecord(name="ambush")
    campaign.encounters.append(record)
    maud = next(c for c in party if c.name.startswith("Sister"))
    return campaign, maud, enc, record


def _bleeding(enc: Encounter, maud: Character, rounds: int) -> None:
    """Maud (5 HP) down to 0 in round 2: unconscious, dying in ``rounds`` (the 1d4, R21)."""
    enc.state.phase, enc.state.round = "fighting", 2
    c = next(x for x in enc.combatants.values() if x.character_id == maud.id)
    with enc.action("gm", "test") as tx:
        enc.lose_hp(tx, c, maud.hp)


def test_a_running_fight_holds_the_clock_with_its_reason() -> None:
    """R27: the fight's rounds go on the clock when it ends; until then a rest would pass
    hours between two blows (Alt+S in round 2 once rested the party inside the fight)."""
    campaign, _maud, _enc, record = _fight([])
    assert fight_hold(campaign) is None  # planned, not yet begun
    record.status = EncounterStatus.RUNNING
    record.log.append(LogEvent(seq=0, round=2, kind="attack", text="a blow"))
    assert fight_hold(campaign) == ("the fight “ambush” (round 2) is still running: finish it "
                                    "first (its rounds then go on the clock, R27)")
    record.status = EncounterStatus.FINISHED
    assert fight_hold(campaign) is None


def test_the_gm_ends_a_fight_as_an_undoable_step() -> None:
    _campaign, _maud, enc, _record = _fight([])
    with pytest.raises(RuleError, match="not begun"):
        end_fight(enc)
    enc.state.phase, enc.state.round = "fighting", 3
    step = end_fight(enc)
    assert enc.state.phase == "over" and enc.state.winner is None  # both sides still stand
    assert step.summary == "The GM ends the fight in round 3 (still standing: party, foes)"
    assert persist.status_of(enc) is EncounterStatus.FINISHED
    with pytest.raises(RuleError, match="already over"):
        end_fight(enc)
    enc.undo()
    assert enc.state.phase == "fighting"


def test_r21_a_pc_dying_when_the_fight_ends_keeps_dying_on_the_clock() -> None:
    """The 1d4 showed 3; the fight ends in the same round: the 3 rounds go on the timeline with
    a DYING condition on the sheet; each round left rolls its d20 when the time comes (2, 7, 11:
    no natural 20) and she dies (R22)."""
    campaign, maud, enc, record = _fight([3, 2, 7, 11])
    _bleeding(enc, maud, 3)
    end_fight(enc)
    start = campaign.time
    clock_fight(campaign, record, enc, enc.roller)
    assert campaign.time == start + 2 * ROUND  # the two rounds fought
    entry = campaign.timeline[-1]
    assert (entry.kind, entry.units, entry.ends_at) == (TimedKind.DYING, 3,
                                                        campaign.time + 3 * ROUND)
    assert [c.name for c in maud.conditions] == [DYING]
    assert dying_to_hand_over(campaign, enc) == []  # handed over once
    changes = advance(campaign, 3 * ROUND, enc.roller)
    assert [c.text for c in changes] == ["Sister Maud bleeds out and dies (R21, R22)"]
    assert not maud.alive and maud.conditions == [] and campaign.timeline == []


def test_r21_a_natural_20_on_the_clock_gets_up_with_1_hp() -> None:
    campaign, maud, enc, record = _fight([2, 5, 20])
    _bleeding(enc, maud, 2)
    end_fight(enc)
    clock_fight(campaign, record, enc, enc.roller)
    changes = advance(campaign, 10 * ROUND, enc.roller)
    assert changes[0].text == "Sister Maud rolls a natural 20 and gets up with 1 HP (R21)"
    assert maud.alive and maud.hp == 1


def test_r21_stabilized_or_healed_before_the_time_runs_out_she_lives() -> None:
    """R21: "An ally CLOSE stabilizes the dying ... or any healing does": the GM removes the
    DYING condition (stabilized) or heals her on the sheet; no d20 is rolled then."""
    campaign, maud, enc, record = _fight([4])
    _bleeding(enc, maud, 4)
    end_fight(enc)
    clock_fight(campaign, record, enc, enc.roller)
    maud.conditions = []  # stabilized by the GM on the sheet
    changes = advance(campaign, 4 * ROUND, enc.roller)
    assert changes[0].text == "Sister Maud was stabilized in time (R21)" and maud.alive
    campaign, maud, enc, record = _fight([4])
    _bleeding(enc, maud, 4)
    end_fight(enc)
    clock_fight(campaign, record, enc, enc.roller)
    maud.hp = 2  # healed
    changes = rest(campaign, "short", enc.roller, character_ids=[])
    assert "Sister Maud was healed in time and no longer bleeds" in [c.text for c in changes]
    assert maud.alive and maud.conditions == []


def test_a_half_fought_fight_left_does_not_hand_the_countdown_over() -> None:
    """Only a fight that is over hands it over: a fight left and resumed keeps its own."""
    campaign, maud, enc, record = _fight([3])
    _bleeding(enc, maud, 3)
    clock_fight(campaign, record, enc, enc.roller)
    assert all(e.kind is not TimedKind.DYING for e in campaign.timeline)


def _on_the_clock(faces: list[int]) -> tuple[Campaign, Character, Encounter]:
    campaign, maud, enc, record = _fight(faces)
    _bleeding(enc, maud, 3)
    end_fight(enc)
    clock_fight(campaign, record, enc, enc.roller)
    return campaign, maud, enc


def test_r21_an_ally_stabilizes_on_the_clock_then_the_injuries_table() -> None:
    """R21: "a WIS (Medicine) check against the ROOM DC" — Brannoc (WIS +0, no PROF) rolls
    14 vs 12; then the Injuries table: 15, "All CHECKs are HARD until rest", on the sheet and
    on the timeline until a rest."""
    from emberkeep.encounter.aftermath import countdown_of, stabilize_on_clock

    campaign, maud, enc = _on_the_clock([3, 14, 15])
    brannoc = next(c for c in campaign.characters if c.name.startswith("Brannoc"))
    lines = stabilize_on_clock(campaign, maud.id, enc.roller, helper_id=brannoc.id)
    assert lines[0] == ("Brannoc Ironhand: WIS (Medicine) CHECK: 1d20: [14] = 14 = 14 vs DC 12:"
                        " success")
    assert lines[1] == "Brannoc Ironhand stabilizes Sister Maud (R21)"
    assert "Injuries table, roll 15 (14-19): all CHECKs are HARD until rest" in lines
    assert countdown_of(campaign, maud.id) is None
    assert [(c.name, c.lasts) for c in maud.conditions] == [("HARD:all", "rest")]
    assert maud.conditions[0].timed_id == campaign.timeline[-1].id
    assert maud.alive and maud.hp == 0  # stable, not healed


def test_r21_a_failed_medicine_check_leaves_the_countdown() -> None:
    from emberkeep.encounter.aftermath import countdown_of, stabilize_on_clock

    campaign, maud, enc = _on_the_clock([3, 5])
    brannoc = next(c for c in campaign.characters if c.name.startswith("Brannoc"))
    lines = stabilize_on_clock(campaign, maud.id, enc.roller, helper_id=brannoc.id)
    assert lines[-1] == "Sister Maud is still dying"
    assert countdown_of(campaign, maud.id) is not None
    assert [c.name for c in maud.conditions] == [DYING]


def test_r21_healing_stabilizes_too_but_only_once_healed() -> None:
    from emberkeep.encounter.aftermath import stabilize_on_clock

    campaign, maud, enc = _on_the_clock([3, 20, 4])  # the 1d4; injuries 20; her d8: 4
    with pytest.raises(RuleError, match="not healed yet"):
        stabilize_on_clock(campaign, maud.id, enc.roller)
    maud.hp = 3
    lines = stabilize_on_clock(campaign, maud.id, enc.roller)
    assert lines[0] == "Sister Maud is healed, and so stabilized (R21)"
    assert "Injuries table, roll 20: instantly heal 1 HD" in lines
    assert lines[-1] == "Sister Maud: HP 3 → 5" and maud.hp == 5  # 3 + the d8's 4, max 5
