"""``emberkeep check`` rebuilds every saved encounter and says which cannot be, and where: a
file that loads but holds a fight that cannot resume is no file a GM can use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.check import check_files, load_whole
from tests.core.melee_campaign import write_melee_campaign


def test_a_file_whose_fights_all_rebuild_is_ok(tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    lines, status = check_files([path])
    assert status == 0
    assert lines == [f"{path}: OK ('The Embers of Hollowmere', schema 4, 8 characters, "
                     "2 encounters)"]


def test_a_recorded_step_that_cannot_be_replayed_is_reported_with_its_place(
        tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    step = document["encounters"][0]["steps"][0]
    changed = next(e for e in step["events"] if "set" in e)
    changed["set"] = ["c", "ghost"]  # a combatant the encounter never had
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()

    lines, status = check_files([path])

    assert status == 1
    assert lines == [f"{path}: ERROR: Joust at the ford: its steps do not fit its combatants "
                     "('ghost') (at encounters[0].steps[0])"]
    assert path.read_bytes() == before  # check never writes


def test_a_combatant_that_cannot_be_read_is_reported_at_its_field(tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["encounters"][1]["combatants"][-1]["monster_type"] = "Dragon"  # the goblin
    path.write_text(json.dumps(document), encoding="utf-8")

    lines, status = check_files([path])

    assert status == 1
    assert lines == [f"{path}: ERROR: Input should be 'MonsterStats' or 'MeleeMonster' "
                     "(at encounters[1].combatants[2].monster_type)"]


def test_a_misspelled_key_in_a_recorded_step_is_refused_with_its_place(tmp_path: Path) -> None:
    """A misspelled ``"sumary"`` was ignored and the step read with an empty summary."""
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    step = document["encounters"][0]["steps"][1]
    step["sumary"] = step.pop("summary")
    event = next(e for e in document["encounters"][0]["steps"][0]["events"] if "set" in e)
    event["afterr"] = event.pop("after")
    path.write_text(json.dumps(document), encoding="utf-8")

    lines, status = check_files([path])

    assert status == 1
    assert [line.rsplit("(at ", 1)[1] for line in lines] == [
        "encounters[0].steps[0])"]  # the first step that cannot be read stops the fight
    assert "a 'set' event has no key 'afterr'" in lines[0]
    document["encounters"][0]["steps"][0]["events"] = [{"note": "x", "tone": "grim"}]
    path.write_text(json.dumps(document), encoding="utf-8")
    lines, status = check_files([path])
    assert "a 'note' event has no key 'tone'" in lines[0]
    document["encounters"][0]["steps"][0] = {"actor": "x", "action": "note", "events": []}
    path.write_text(json.dumps(document), encoding="utf-8")
    lines, status = check_files([path])
    assert status == 1 and lines[0].endswith("(at encounters[0].steps[1])")
    assert "a step has no key 'sumary'" in lines[0]


def test_the_app_opens_with_the_same_check(tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    assert load_whole(path).name == "The Embers of Hollowmere"
    document = json.loads(path.read_text(encoding="utf-8"))
    document["encounters"][0]["steps"][0]["events"][0] = {"set": ["c", "ghost"], "field": "hp",
                                                          "before": 1, "after": 0}
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load_whole(path)
    assert caught.value.field == "encounters[0].steps[0]"
    assert str(caught.value).startswith("melee.json (at encounters[0].steps[0]): Joust at the ")


def test_a_recorded_change_of_a_field_the_sheet_lacks_is_refused(tmp_path: Path) -> None:
    """Replay leaves the sheets' targets alone, so ``"field": "mana"`` on a character loaded
    and would have raised on Undo; found by bench/faults.py."""
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    events = document["encounters"][0]["steps"][0]["events"]
    on_sheet = next(e for e in events if "set" in e and e["set"][0] == "pc")
    on_sheet["field"] = "mana"
    path.write_text(json.dumps(document), encoding="utf-8")
    lines, status = check_files([path])
    assert status == 1
    assert lines == [f"{path}: ERROR: Joust at the ford: a step sets 'mana', which Character "
                     "does not have (at encounters[0].steps[0])"]


def test_a_target_of_the_wrong_shape_is_refused_not_a_traceback(tmp_path: Path) -> None:
    """Found by ``bench/faults.py --full``: ``["pc", [..]]`` raised TypeError (unhashable)."""
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    events = document["encounters"][0]["steps"][0]["events"]
    on_sheet = next(e for e in events if "set" in e and e["set"][0] == "pc")
    on_sheet["set"] = ["pc", ["not", "an", "id"]]
    path.write_text(json.dumps(document), encoding="utf-8")
    lines, status = check_files([path])
    assert status == 1
    assert lines == [f"{path}: ERROR: Joust at the ford: a step names a target that cannot be "
                     "read: ['pc', ['not', 'an', 'id']] (at encounters[0].steps[0])"]
