"""Keeping an encounter in the campaign and resuming it exactly; the Markdown recap.

DESIGN: events record results, so replay never rolls a die: resuming applies the recorded
``Set`` events to the combatants and the encounter state; what a step did to a character is
already on the sheet, which keeps any later edit.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord, EncounterStatus
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.catalog import Catalog
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import persist
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.recap import dice_text, md_escape, recap_markdown
from emberkeep.encounter.ruling import SetHp, gm_ruling
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.surprise import check_surprise
from emberkeep.encounter.turns import begin_round

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _fight(faces: list[int]) -> tuple[Campaign, EncounterRecord, Encounter]:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    record = EncounterRecord(name="Crypt | *door*", initiative=InitiativeMode.GROUP)
    persist.add_combatants(record, [*pc_combatants(party), *monster_combatants(GOBLIN, 2)])
    enc = persist.build_encounter(record, {c.id: c for c in campaign.characters},
                                  ScriptedRoller(faces), campaign.settings, Catalog(campaign))
    return campaign, record, enc


def _play(enc: Encounter, record: EncounterRecord) -> None:
    check_surprise(enc, surprised=[])
    persist.push_step(record, enc, enc.history[-1])
    with enc.typed({("initiative", "party"): 5, ("initiative", "foes"): 2}):
        begin_round(enc)
    persist.push_step(record, enc, enc.history[-1])
    fighter = next(c for c in enc.combatants.values() if c.name == "Sister Maud")
    with enc.typed({"attack": 15, "damage": 3}):
        attack(enc, fighter.id, "goblin-1")
    persist.push_step(record, enc, enc.history[-1])


def test_a_kept_encounter_resumes_exactly_without_rolling() -> None:
    campaign, record, enc = _fight([1])  # a volley's d2 (engine II, R31): it lands on its mark
    _play(enc, record)
    assert record.status is EncounterStatus.RUNNING and len(record.log) == 3
    assert record.log[2].round == 1 and record.log[2].kind == "attack"
    campaign.encounters.append(record)
    again = Campaign.model_validate_json(campaign.model_dump_json())  # through the file's JSON
    resumed = persist.build_encounter(again.encounters[0], {c.id: c for c in again.characters},
                                      ScriptedRoller([]), again.settings, Catalog(again))
    assert resumed.fingerprint()["state"] == enc.fingerprint()["state"]
    assert resumed.fingerprint()["combatants"] == enc.fingerprint()["combatants"]
    assert [s.to_json() for s in resumed.history] == [s.to_json() for s in enc.history]
    assert resumed.combatant("goblin-1").hp == 2  # 5 - 3, from the record, no die rolled


def test_replay_leaves_the_sheets_alone() -> None:
    """A PC healed on the sheet between two sessions keeps the healing."""
    campaign, record, enc = _fight([])
    check_surprise(enc, surprised=[])
    persist.push_step(record, enc, enc.history[-1])
    with enc.typed({("initiative", "party"): 1, ("initiative", "foes"): 6}):
        begin_round(enc)
    persist.push_step(record, enc, enc.history[-1])
    maud = next(c for c in enc.combatants.values() if c.name == "Sister Maud")
    sheet = enc.character(maud)
    gm_ruling(enc, "a falling stone", [SetHp(maud.id, sheet.max_hp - 2)])
    persist.push_step(record, enc, enc.history[-1])
    assert sheet.hp == sheet.max_hp - 2
    sheet.hp = sheet.max_hp  # healed in town
    resumed = persist.build_encounter(record, {c.id: c for c in campaign.characters},
                                      ScriptedRoller([]), campaign.settings, Catalog(campaign))
    assert resumed.character(resumed.combatant(maud.id)).hp == sheet.max_hp


def test_undone_steps_leave_the_record_and_a_missing_character_is_a_plain_error() -> None:
    campaign, record, enc = _fight([1])
    _play(enc, record)
    enc.undo()
    persist.pop_step(record, enc)
    assert len(record.steps) == 2 and len(record.log) == 2
    with pytest.raises(persist.EncounterFileError, match="no longer in the campaign"):
        persist.build_encounter(record, {}, ScriptedRoller([]), campaign.settings,
                                Catalog(campaign))


def test_the_recap_has_every_die_and_escapes_names() -> None:
    _campaign, record, enc = _fight([1])
    _play(enc, record)
    text = recap_markdown(enc, record.name)
    assert text.startswith("# Crypt \\| \\*door\\*\n")
    assert "Furnace group initiative (d6 per side) · ROOM DC 12 · 1 round(s)" in text
    assert "## Before the fight" in text and "## Round 1" in text
    assert "party: group initiative: 1d6 \\[5\\] = 5 (typed by the GM)" in text
    assert "**Sister Maud hits Goblin 1 for 3**" in text
    assert "| Goblin 1 | foes | 2/5 | standing |" in text
    assert md_escape("<b>x</b>") == "\\<b\\>x\\</b\\>"


def test_dice_text_strikes_dropped_dice() -> None:
    from emberkeep.dice import roll

    record = roll("2d20kh1", ScriptedRoller([4, 17]), modifier=2)
    assert dice_text(record) == "2d20kh1 [~~4~~, 17] +2 = 19"
