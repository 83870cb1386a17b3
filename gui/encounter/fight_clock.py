"""The fight's time onto the campaign clock, as part of an undo command (issue #5, R27).

:func:`clock_command` builds the campaign's undo command (:class:`~gui.commands.
CampaignCommand`) over ``emberkeep.encounter.fight_clock.clock_fight`` (the rounds not yet on
the clock, and the "until rest" sheet conditions onto the timeline) and the record's
``clocked_rounds``: all recorded, so undo puts every part back. The session runs
it *inside* the step command whose blow ends the fight (one Ctrl+Z undoes both), or pushes it
alone when the GM finishes or closes a fight (:meth:`EncounterSession.leave`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.campaign.model import Campaign
from emberkeep.clock.advance import Change
from emberkeep.encounter.fight_clock import clock_fight, dying_to_hand_over, rounds_to_clock
from gui.commands import CampaignCommand

if TYPE_CHECKING:
    from gui.encounter.session import EncounterSession

__all__ = ["clock_command", "needs_clock"]


def needs_clock(session: EncounterSession) -> bool:
    """Rounds not yet on the clock, or an "until rest" condition not yet on the timeline."""
    enc = session.enc
    if rounds_to_clock(enc, session.record):
        return True
    if dying_to_hand_over(session.document.campaign, enc):  # issue #17: R21 on the clock
        return True
    ids = {c.character_id for c in enc.combatants.values() if c.character_id is not None}
    return any(x.lasts == "rest" and x.timed_id is None
               for ch in session.document.campaign.characters if ch.id in ids
               for x in ch.conditions)


def clock_command(session: EncounterSession, text: str) -> CampaignCommand[list[Change]]:
    record, enc = session.record, session.enc

    def run(campaign: Campaign) -> list[Change]:
        return clock_fight(campaign, record, enc, enc.roller)

    def done(result: list[Change] | None) -> None:
        session.clockChanged.emit(result or [])

    return CampaignCommand(session.document, text, run, done=done)
