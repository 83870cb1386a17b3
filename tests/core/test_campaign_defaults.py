"""A campaign's, an encounter's, a log line's, an effort task's and a skill challenge's empty lists
and maps are their own: the defaults are values pydantic copies for each model, whether validated
from a file that leaves them out or constructed."""

from __future__ import annotations

from typing import Any

import pytest

from emberkeep.campaign.model import Campaign, EncounterRecord, LogEvent
from emberkeep.optional_rules.effort import EffortTask
from emberkeep.optional_rules.skill_challenge import SkillChallenge

CAMPAIGN_LISTS = ("characters", "encounters", "ledger", "timeline", "archetypes", "spells",
                  "magic_items", "skill_challenges", "efforts", "weapons", "armor", "shields",
                  "items", "races", "bestiary")
CHALLENGE: dict[str, Any] = {"id": "a", "name": "Chase"}


@pytest.mark.parametrize("name", CAMPAIGN_LISTS)
def test_two_campaigns_validated_without_a_list_share_none(name: str) -> None:
    first = Campaign.model_validate({"name": "One"})
    second = Campaign.model_validate({"name": "Two"})
    getattr(first, name).append(object())
    assert getattr(second, name) == []
    assert Campaign.model_fields[name].default == []


@pytest.mark.parametrize("name", CAMPAIGN_LISTS)
def test_constructed_campaigns_share_no_list_either(name: str) -> None:
    getattr(Campaign.model_construct(name="One"), name).append(object())
    assert getattr(Campaign.model_construct(name="Two"), name) == []


def test_encounters_share_no_log_nor_combatants_nor_steps() -> None:
    fields: dict[str, Any] = {"name": "Ambush"}
    first = EncounterRecord.model_validate(fields)
    first.log.append(LogEvent(seq=0, kind="note", text="first"))
    first.combatants.append({"name": "orc"})
    first.steps.append({"kind": "hit"})
    second = EncounterRecord.model_construct(**fields)
    third = EncounterRecord.model_validate(fields)
    assert (second.log, second.combatants, second.steps) == ([], [], [])
    assert (third.log, third.combatants, third.steps) == ([], [], [])


def test_log_lines_share_no_data() -> None:
    first = LogEvent(seq=0, kind="note", text="first")
    first.data["roll"] = 12
    assert LogEvent(seq=1, kind="note", text="second").data == {}
    assert LogEvent.model_construct(seq=2, kind="note", text="third").data == {}


def test_limits_and_exclusion_stay_on_the_fields_with_a_plain_default() -> None:
    with pytest.raises(ValueError, match="at most 10000"):
        EncounterRecord.model_validate({"name": "Horde", "combatants": [{}] * 10_001})
    assert "bestiary" not in Campaign(name="Empty").model_dump()


def test_effort_tasks_and_skill_challenges_share_no_log() -> None:
    task = EffortTask.model_validate({"id": "a", "name": "Climb"})
    task.log.append(object())  # type: ignore[arg-type]
    assert EffortTask.model_validate({"id": "b", "name": "Dig"}).log == []
    assert EffortTask.model_construct(id="c", name="Row").log == []
    challenge = SkillChallenge.model_validate(CHALLENGE)
    challenge.log.append(object())  # type: ignore[arg-type]
    assert SkillChallenge.model_validate(CHALLENGE).log == []
    assert SkillChallenge.model_construct(**CHALLENGE).log == []
