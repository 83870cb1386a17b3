"""The clock's moves as campaign operations: each names the parts it may change, so recording
one costs what it can change (a turn: the time, the timeline, the sheets a timed effect ends on).
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation, Refused
from emberkeep.character.groups import CharacterGroup
from emberkeep.clock.advance import Happening, advance_scope, advance_to
from emberkeep.clock.rests import RestKind, rest, rest_scope
from emberkeep.dice import Roller

__all__ = ["advance_clock", "advance_clock_to", "rest_party"]


def advance_clock(seconds: int, roller: Roller, text: str = "Advance the clock"
                  ) -> Operation[list[Happening]]:
    """The clock runs ``seconds`` forward, with everything that falls in them."""
    if seconds < 0:
        raise Refused(f"the clock only runs forward (asked for {seconds} s)")
    return Operation(text, lambda c: advance_to(c, c.time + seconds, roller),
                     lambda c: advance_scope(c, c.time + seconds))


def advance_clock_to(target: int, roller: Roller, text: str = "Advance the clock"
                     ) -> Operation[list[Happening]]:
    def run(campaign: Campaign) -> list[Happening]:
        if target < campaign.time:
            raise Refused("that date is in the past: the clock only runs forward")
        return advance_to(campaign, target, roller)

    return Operation(text, run, lambda c: advance_scope(c, max(target, c.time)))


def rest_party(kind: RestKind, roller: Roller, *, groups: Iterable[CharacterGroup] | None,
               character_ids: Iterable[str] | None = None, text: str = ""
               ) -> Operation[list[Happening]]:
    """A short or long rest of the named characters, or of the living of ``groups``."""
    ids = None if character_ids is None else list(character_ids)
    chosen = None if groups is None else list(groups)
    return Operation(text or ("Short rest" if kind == "short" else "Long rest"),
                     lambda c: rest(c, kind, roller, ids, chosen),
                     lambda c: rest_scope(c, kind, ids, chosen))
