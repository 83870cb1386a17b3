"""Schema migrations run one step at a time, in order, and refuse gaps; the v2 golden file."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from emberkeep.campaign.bestiary import MonsterWeapon, find_template
from emberkeep.campaign.migrations import MigrationError, migrate
from emberkeep.campaign.model import SCHEMA_VERSION
from emberkeep.campaign.storage import dumps, load, loads
from emberkeep.encounter.bestiary_monsters import stats_of


def _step(tag: str):  # type: ignore[no-untyped-def]
    def step(document: dict[str, Any]) -> dict[str, Any]:
        document.setdefault("applied", []).append(tag)
        return document
    return step


def test_steps_run_in_order_up_to_target() -> None:
    steps = {1: _step("1->2"), 2: _step("2->3"), 3: _step("3->4")}
    out = migrate({"schema_version": 2}, steps, target=4)
    assert out == {"schema_version": 4, "applied": ["2->3", "3->4"]}


def test_current_version_is_untouched() -> None:
    assert migrate({"schema_version": 3, "x": 1}, {}, target=3) == {"schema_version": 3, "x": 1}


def test_missing_step_is_refused() -> None:
    with pytest.raises(MigrationError, match="no migration from schema 1 to 2"):
        migrate({"schema_version": 1}, {}, target=2)


@pytest.mark.parametrize("version", [0, -1, "1", True, 1.5, None])
def test_nonsense_versions_are_refused(version: object) -> None:
    with pytest.raises(MigrationError):
        migrate({"schema_version": version}, {}, target=1)


# --- the golden schema-2 file (schema 3 gives monsters further weapons) ----------------------

GOLDEN_V2 = Path(__file__).resolve().parents[1] / "files" / "campaign_v2.json"


def test_the_2_to_3_step_changes_nothing_but_the_version() -> None:
    """A v2 monster has only its main weapon: the step adds no key (``other_weapons`` is left
    out while empty), only the version moves on; so does the 3 → 4 step (R39), the file having
    no knight."""
    old = json.loads(GOLDEN_V2.read_bytes())
    assert old["schema_version"] == 2  # the golden file stays as the v2 build wrote it
    migrated = migrate(copy.deepcopy(old))
    assert migrated.pop("schema_version") == SCHEMA_VERSION == 4
    old.pop("schema_version")
    assert migrated == old


def test_golden_v2_file_loads_and_saves_as_the_current_schema_byte_for_byte_but_the_version(
        ) -> None:
    """The v2 file (the example campaign and the GM's own "Marsh orc") loads; its template has
    no further weapons and makes an orc with its hand axe alone; saved, only the version
    line differs from the v2 file."""
    campaign = load(GOLDEN_V2)
    assert campaign.schema_version == SCHEMA_VERSION
    orc = find_template(campaign, "marsh-orc")
    assert orc is not None and orc.weapon == "hand axe" and orc.other_weapons == ()
    assert stats_of(orc).weapons == (MonsterWeapon(name="hand axe", damage="1d6", length_ft=2),)
    saved = dumps(campaign)
    original = GOLDEN_V2.read_bytes()
    assert saved.replace(b'"schema_version": 4', b'"schema_version": 2', 1) == original
    assert loads(saved, "again.json") == campaign
