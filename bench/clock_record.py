"""What recording a clock step costs, against the step alone, at 50, 200 and 500 characters.

Every clock step is one undo step: the recorder keeps what it changed. This times, in one run,

- the advance alone (one turn, ``advance``), the rules' own cost;
- the same advance recorded as the app records it (the operation's scope, then the diff);
- the same advance recorded over the whole campaign (``EVERYTHING``: the recorder before scopes,
  which dumped every character twice);
- a short rest of the party and a repair at the smith, recorded with their scopes.

Goal: the recorded turn costs ≤ 2 ms more than the turn alone at 500 characters.
Run: ``uv run python bench/clock_record.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from campaign_record import best as best_of  # the same crowd and timing, one place
from campaign_record import crowd as sized_crowd

from emberkeep.campaign.calendar import MINUTE
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation
from emberkeep.campaign.recorder import run_recorded
from emberkeep.campaign.scope import EVERYTHING
from emberkeep.clock.operations import advance_clock, rest_party
from emberkeep.dice import RandomRoller
from emberkeep.repairs.condition import damaged_gear
from emberkeep.repairs.operations import repair_gear

TURN = 10 * MINUTE  # R27: a turn out of combat


def crowd(size: int) -> Campaign:
    """``size`` sheets (campaign_record's crowd), one of them with a dent for the smith."""
    campaign = sized_crowd(size)
    dented = next(c for c in campaign.characters if c.inventory.armor)
    dented.inventory.armor[0].damage_points = 1  # a crit's dent (R15), for the smith to mend
    dented.inventory.purse.gp += 50
    return campaign


def best(run: Callable[[], object], repeat: int = 9) -> float:
    return best_of(run, repeat)


def recorded(campaign: Campaign, operation: Operation[object], *, whole: bool = False) -> float:
    def once() -> None:
        scope = EVERYTHING if whole else operation.scope_of(campaign)
        _result, step = run_recorded(campaign, operation.run, scope)
        step.undo(campaign)  # every repeat starts from the same campaign

    return best(once)


def main() -> int:
    roller = RandomRoller(7)
    worst = 0.0
    print("characters  turn alone  recorded  over everything  short rest  smith repair")
    for size in (50, 200, 500):
        campaign = crowd(size)
        turn = advance_clock(TURN, roller)

        def alone(c: Campaign = campaign, op: Operation[object] = turn) -> None:
            before = c.time
            op.run(c)
            c.time = before

        bare = best(alone)
        scoped = recorded(campaign, turn)
        whole = recorded(campaign, turn, whole=True)
        resting = recorded(campaign, rest_party("short", roller, groups=None))
        broken = next(iter(damaged_gear(campaign)))
        smith = recorded(campaign, repair_gear([(broken.owner_id, broken.uid)], at_smith=True))
        worst = max(worst, scoped - bare) if size == 500 else worst
        print(f"{size:10d}  {bare * 1e3:8.3f} ms  {scoped * 1e3:5.3f} ms  "
              f"{whole * 1e3:12.3f} ms  {resting * 1e3:7.3f} ms  {smith * 1e3:9.3f} ms")
    print(f"recording a turn at 500 characters adds {worst * 1e3:.3f} ms (goal ≤ 2 ms)")
    return 0 if worst <= 0.002 else 1


if __name__ == "__main__":
    sys.exit(main())
