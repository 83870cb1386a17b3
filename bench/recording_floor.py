"""The least any engine that records its fights the way the app needs must spend.

The app's engine keeps every fight as undoable steps: each change a ``Set`` with the value
before and after, each roll a ``Rolled`` with its ``RollRecord``, each table row and ruling a
``Row`` or ``Note``, grouped in a ``Step`` (issue #4's undo, replay and log). This script takes
the steps of real simulated fights and times *only* making those records again and setting
each changed field, with no rule, no choice and no dice: a floor under any implementation of
the rules that records what the app records. It is compared with the bare dice loop for the
same fights' dice, as ``fights.py`` does.

Run: ``uv run python bench/recording_floor.py [fights]``.
"""

from __future__ import annotations

import sys
import time

from fight_setup import FastRoller, bare_loop, combatants, party

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.dice import RollRecord
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Note, Rolled, Row, Set, Step
from emberkeep.encounter.sim import run_fight

__all__ = ["floor_against_bare_loop", "recorded_fights", "remake"]


class _Field:
    """Something to set a field on (the floor pays one ``setattr`` a change, not a lookup)."""


def recorded_fights(count: int, seed: int = 1) -> tuple[list[list[Step]], int]:
    """The steps of ``count`` fights as the engine recorded them, and the dice they rolled."""
    characters = party()
    roller = FastRoller(seed)
    settings = CampaignSettings()
    fights = []
    for _ in range(count):
        enc = Encounter(combatants(characters), characters, roller, room_dc=12,
                        mode=InitiativeMode.GROUP, settings=settings)
        run_fight(enc)
        fights.append(list(enc.history))
        for step in reversed(enc.history):
            enc.revert(step)
    return fights, roller.count


def remake(fights: list[list[Step]]) -> int:
    """Make every step and event of ``fights`` again and set each changed field once."""
    target = _Field()
    made = 0
    for history in fights:
        for step in history:
            events: list[Set | Rolled | Row | Note] = []
            for e in step.events:
                if type(e) is Set:
                    setattr(target, e.field, e.after)
                    events.append(Set(e.target, e.field, e.before, e.after))
                elif type(e) is Rolled:
                    r = e.record
                    record = RollRecord(r.expression, r.faces, r.kept, r.modifier, r.total,
                                        r.natural, r.typed)
                    events.append(Rolled(e.who, e.purpose, record))
                elif type(e) is Row:
                    events.append(Row(e.table, e.value, e.label, e.text))
                else:
                    events.append(Note(e.text))
            Step(step.actor, step.action, step.summary, events)
            made += len(events) + 1
    return made


def floor_against_bare_loop(fights: list[list[Step]], dice: int) -> tuple[float, float, int]:
    """Seconds to remake ``fights``' records and to roll their ``dice`` bare, each the
    fastest of five taken side by side (both are short), and how many records were made."""
    best_floor = best_bare = float("inf")
    made = 0
    for _ in range(5):
        start = time.perf_counter()
        made = remake(fights)
        best_floor = min(best_floor, time.perf_counter() - start)
        start = time.perf_counter()
        bare_loop(dice)
        best_bare = min(best_bare, time.perf_counter() - start)
    return best_floor, best_bare, made


def main() -> None:
    count = int(next((a for a in sys.argv[1:] if a.isdigit()), "2000"))
    fights, dice = recorded_fights(count)
    best_floor, best_bare, made = floor_against_bare_loop(fights, dice)
    print(f"{count} fights: {made} records ({made / count:.0f} a fight), {dice} dice")
    print(f"making the records alone: {best_floor * 1e3:7.1f} ms "
          f"({best_floor / count * 1e6:.1f} µs a fight)")
    print(f"bare dice loop          : {best_bare * 1e3:7.1f} ms")
    print(f"floor / bare loop       : {best_floor / best_bare:.1f}× "
          "(any engine recording these steps pays at least this, before a single rule)")

if __name__ == "__main__":
    main()
