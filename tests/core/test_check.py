"""``emberkeep check`` rebuilds every saved encounter and says which cannot be, and where
(issue #16: "``emberkeep check`` must also rebuild every saved encounter and report what cannot
be rebuilt")."""

from __future__ import annotations

import json
from pathlib import Path

from emberkeep.check import check_files
from tests.core.melee_campaign import write_melee_campaign


def test_a_file_whose_fights_all_rebuild_is_ok(tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    lines, status = check_files([path])
    assert status == 0
    assert lines == [f"{path}: OK ('The Embers of Hollowmere', schema 1, 8 characters, "
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
                     "('ghost') (at encounters[0])"]
    assert path.read_bytes() == before  # check never writes


def test_a_step_that_cannot_be_read_is_reported(tmp_path: Path) -> None:
    path = write_melee_campaign(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["encounters"][1]["combatants"][-1]["monster_type"] = "Dragon"  # the goblin
    path.write_text(json.dumps(document), encoding="utf-8")

    lines, status = check_files([path])

    assert status == 1 and len(lines) == 1
    assert lines[0].startswith(f"{path}: ERROR: Goblins in the crypt: a combatant or step "
                               "cannot be read")
    assert lines[0].endswith("(at encounters[1])")
