"""Schema migrations run one step at a time, in order, and refuse gaps."""

from __future__ import annotations

from typing import Any

import pytest

from emberkeep.campaign.migrations import MigrationError, migrate


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
