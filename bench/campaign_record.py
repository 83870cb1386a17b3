"""Recording a campaign operation against a deep-copy snapshot, in one run.

Builds a 200-character campaign, then times one HP change made three ways:

- ``record``: the recorder's snapshot (each model's ``model_dump``), the operation, the diff;
- baseline: what the old ``CoreCommand`` kept, a ``model_copy(deep=True)`` of every character
  before and after;
- ``field_step``: the explicit step the sheet uses on every keystroke.

Goal: record ≤ 1× the baseline, field_step under 1 ms.
Run: ``uv run python bench/campaign_record.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.recorder import field_step, run_recorded


def crowd(size: int = 200) -> Campaign:
    campaign = build_example_campaign()
    base = list(campaign.characters)
    campaign.characters = [base[n % len(base)].model_copy(update={"id": f"{n:032x}"}, deep=True)
                           for n in range(size)]
    return campaign


def best(run: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    campaign = crowd()
    target = campaign.characters[100]

    def hurt(c: Campaign) -> None:
        target.hp -= 1

    def recorded() -> None:
        run_recorded(campaign, hurt)

    def deep_copies() -> None:
        [c.model_copy(deep=True) for c in campaign.characters]
        hurt(campaign)
        [c.model_copy(deep=True) for c in campaign.characters]

    def keystroke() -> None:
        field_step(campaign, target.id, "hp", target.hp - 1).redo(campaign)

    ours, baseline, key = best(recorded), best(deep_copies), best(keystroke)
    print(f"record {ours * 1000:.1f} ms, deep-copy snapshots {baseline * 1000:.1f} ms "
          f"(ratio {ours / baseline:.2f}); field_step {key * 1e6:.0f} µs")
    return 0 if ours <= baseline and key < 0.001 else 1


if __name__ == "__main__":
    sys.exit(main())
