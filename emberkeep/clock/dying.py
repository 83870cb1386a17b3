"""A PC still dying when its fight ends keeps dying on the clock (R21, R22).

Furnace: "When you reach 0 HP, you go unconscious. Roll 1d4, after that many turn you die. Roll
a d20 in every round, on a natural 20 you get up with 1 hp." The countdown runs in the fight's
rounds (``encounter.dying``). When the fight ends with a PC still bleeding, the rounds it has
left go on the timeline (:func:`hand_over`): a ``dying`` entry ending when they have passed, and
a ``DYING`` condition on the sheet naming it. Before then the GM may stabilize (remove the
condition on the sheet) or heal (HP above 0); when the time comes (:func:`bleed_out`) each
round left rolls its d20 (R21: a natural 20 gets up with 1 HP), and otherwise the character
dies (R22: "bleeding out unconscious for 1d4 round").

The entry keeps the rounds in ``units`` (the timeline's count field; no new schema field).
Entries of kind ``dying`` without it are from older files and only end, as they did.
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import Timed, TimedKind
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.dice import Purpose, Roller, roll

__all__ = ["DYING", "bleed_out", "hand_over"]

DYING = "DYING"  # the sheet's condition while the countdown is on the clock


def hand_over(campaign: Campaign, character: Character, rounds: int,
              round_seconds: int) -> Timed:
    """Put ``character``'s ``rounds`` left to live on the timeline, from now."""
    entry = Timed(kind=TimedKind.DYING, label=f"bleeds out in {rounds} round(s) (R21)",
                  starts_at=campaign.time, ends_at=campaign.time + rounds * round_seconds,
                  character_id=character.id, units=rounds)
    campaign.timeline.append(entry)
    character.conditions.append(CharacterCondition(
        name=DYING, source="0 HP: remove when stabilized (R21)", timed_id=entry.id))
    return entry


def bleed_out(campaign: Campaign, entry: Timed, roller: Roller) -> tuple[str, str]:
    """The countdown ran out: (change kind, text). Healed, stabilized or already dead: it only
    ends; otherwise a d20 for each round left (a natural 20 gets up with 1 HP), else dead."""
    character = next((c for c in campaign.characters if c.id == entry.character_id), None)
    if character is None or entry.units is None:
        return "dying", f"{entry.label} ended"
    held = any(c.timed_id == entry.id for c in character.conditions)
    character.conditions = [c for c in character.conditions if c.timed_id != entry.id]
    if not character.alive:
        return "dying", f"{character.name} is already dead"
    if character.hp > 0:
        return "dying", f"{character.name} was healed in time and no longer bleeds"
    if not held:
        return "dying", f"{character.name} was stabilized in time (R21)"
    for _ in range(entry.units):
        d20 = roll("d20", roller, purpose=Purpose.DYING, who=character.name)
        if d20.natural == 20:
            character.hp = 1
            return "dying", f"{character.name} rolls a natural 20 and gets up with 1 HP (R21)"
    character.alive = False
    return "dying", f"{character.name} bleeds out and dies (R21, R22)"
