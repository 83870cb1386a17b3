"""Thirty-six seeded simulated fights (twelve per initiative mode), every step as a line, must
play exactly as recorded in ``tests/files/sim_fights_golden.txt``.

The record was made by the engine before the speed work of session 2 and is reproduced
unchanged by the faster one: same dice in the same order, same steps, same summaries, same
number of changes per step. A failure shows the first line that differs; if a rule change is
meant to change fights, regenerate the file (see ``tests/core/fight_trace.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.core.fight_trace import trace_lines

GOLDEN = Path(__file__).parent.parent / "files" / "sim_fights_golden.txt"


def test_seeded_fights_play_step_for_step_as_recorded() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    played = list(trace_lines())
    for number, (want, got) in enumerate(zip(expected, played, strict=False), start=1):
        assert got == want, f"line {number} of {GOLDEN.name} differs"
    assert len(played) == len(expected)
    assert sum(line.startswith("# ") for line in played) == 36
