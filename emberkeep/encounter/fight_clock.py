"""A fight's rounds onto the campaign clock when it ends or the GM leaves it (R27).

A PC still dying when the fight is over keeps dying on the clock (R21): its rounds
left go on the timeline (``clock.dying``) until it is stabilized, healed or dead.

When the engine's fight is over, or the GM closes or finishes a half-fought encounter, the
campaign clock moves on by the rounds fought (``clock.combat.advance_for_fight``: the
procedure's round length, WDD's minute or the setting) and every "until rest" condition the
fight wrote on a sheet (R21's injuries 14-19) goes on the timeline, so the next rest ends it
(``lasting.schedule_rest_conditions``). ``EncounterRecord.clocked_rounds`` keeps how many
rounds are already on the clock, so leaving, resuming and ending a fight counts each round once.
The GUI wraps :func:`clock_fight` in one undoable command (a snapshot of the campaign).
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.character.model import Character
from emberkeep.clock.advance import Happening
from emberkeep.clock.combat import advance_for_fight
from emberkeep.clock.dying import DYING, hand_over
from emberkeep.clock.units import round_seconds
from emberkeep.dice import Roller
from emberkeep.encounter import persist
from emberkeep.encounter.dying import dying_rounds, is_bleeding
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.lasting import schedule_rest_conditions

__all__ = ["clock_fight", "dying_to_hand_over", "rounds_fought", "rounds_to_clock"]


def rounds_fought(enc: Encounter) -> int:
    """The rounds begun so far (0 before the first round)."""
    return 0 if enc.state.phase == "setup" else max(0, enc.state.round)


def rounds_to_clock(enc: Encounter, record: EncounterRecord) -> int:
    return max(0, rounds_fought(enc) - record.clocked_rounds)


def clock_fight(campaign: Campaign, record: EncounterRecord, enc: Encounter,
                roller: Roller) -> list[Happening]:
    """Put the rounds not yet on the clock there, and the "until rest" conditions of the
    fight's PCs on the timeline; returns what the clock did. Nothing to do: ``[]``."""
    ids = {c.character_id for c in enc.combatants.values() if c.character_id is not None}
    for character in campaign.characters:
        if character.id in ids:
            schedule_rest_conditions(campaign, character)
    rounds = rounds_to_clock(enc, record)
    mode = enc.state.mode
    resolution = persist.resolution(record, campaign.settings)
    changes: list[Happening] = []
    if rounds:
        changes = advance_for_fight(campaign, rounds, mode, roller, resolution)
        record.clocked_rounds += rounds
    # A PC still bleeding when the fight is over keeps dying on the clock (R21)
    length = round_seconds(campaign.settings.time, mode, resolution)
    for character, left in dying_to_hand_over(campaign, enc):
        hand_over(campaign, character, left, length)
    return changes


def dying_to_hand_over(campaign: Campaign, enc: Encounter) -> list[tuple[Character, int]]:
    """The PCs still bleeding in a fight that is over, with their rounds left (R21), whose
    countdown is not yet on the timeline."""
    if enc.state.phase != "over":
        return []
    found = []
    for c in enc.combatants.values():
        if c.character_id is None or not is_bleeding(enc, c):
            continue
        left = dying_rounds(c)
        character = next((x for x in campaign.characters if x.id == c.character_id), None)
        if character is None or left is None or left <= 0 or any(
                x.name == DYING for x in character.conditions):
            continue
        found.append((character, left))
    return found
