"""bench/faults.py runs and finds nothing, in a few cases of each part: its figures
are what the report quotes, so the bench itself must not rot."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "faults.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_faults", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_each_part_of_the_fault_bench_finds_nothing() -> None:
    faults = _bench()
    rng = random.Random(3)
    killed = faults.kills(3, rng)
    assert killed["kills"] == 3 and killed["file old or new, whole"] == 3
    assert "STRAY TEMPORARY LEFT" not in killed
    held = faults.failures_held()
    assert held["failures held"] >= len(faults.FAULTS) + 1
    assert held["backups folder unwritable: saved, and said"] == 1
    fuzzed, semantic, found = faults.fuzz(230, rng)
    assert found == []
    assert set(fuzzed) <= {"loaded", "clean error with a place"}
    assert semantic == {"clean error with a path": len(faults.SEMANTIC)}
