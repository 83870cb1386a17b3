"""The fight's time onto the campaign clock, as part of an undo command (issue #5, R27).

:func:`clock_command` builds a :class:`~gui.core_command.CoreCommand` over
``emberkeep.encounter.fight_clock.clock_fight`` (the rounds not yet on the clock, and the
"until rest" sheet conditions onto the timeline); its snapshot undo puts the clock, the timeline
and the sheets back, and it restores ``EncounterRecord.clocked_rounds`` itself. The session runs
it *inside* the step command whose blow ends the fight (one Ctrl+Z undoes both), or pushes it
alone when the GM finishes or closes a fight (:meth:`EncounterSession.leave`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.clock.advance import Change
from emberkeep.encounter.fight_clock import clock_fight, rounds_to_clock
from gui.core_command import CoreCommand

if TYPE_CHECKING:
    from gui.encounter.session import EncounterSession

__all__ = ["clock_command", "needs_clock"]


def needs_clock(session: EncounterSession) -> bool:
    """Rounds not yet on the clock, or an "until rest" condition not yet on the timeline."""
    enc = session.enc
    if rounds_to_clock(enc, session.record):
        return True
    ids = {c.character_id for c in enc.combatants.values() if c.character_id is not None}
    return any(x.lasts == "rest" and x.timed_id is None
               for ch in session.document.campaign.characters if ch.id in ids
               for x in ch.conditions)


def clock_command(session: EncounterSession, text: str) -> CoreCommand[list[Change]]:
    record, enc = session.record, session.enc
    before = record.clocked_rounds
    after = before + rounds_to_clock(enc, record)

    def done(result: list[Change] | None) -> None:
        record.clocked_rounds = before if result is None else after
        session.clockChanged.emit(result or [])

    return CoreCommand(session.document, text,
                       lambda campaign: clock_fight(campaign, record, enc, enc.roller), done)
