"""Conditions that outlive the fight: written on the sheet, brought back, ended by a rest.

A condition a fight puts on with ``lasts`` "rest" or "permanent" (an injury row, a crit row, a
spell) is written on the PC's sheet at once (:func:`persist`, ``Character.conditions``), so it
persists with the campaign; :func:`sheet_conditions` brings the sheet's back into the next
fight's combatant, and :func:`schedule_rest_conditions` puts the "until rest" ones on the
campaign's timeline, so the clock's next rest ends them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind
from emberkeep.character.model import Character
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition

if TYPE_CHECKING:
    from emberkeep.campaign.model import Campaign
    from emberkeep.encounter.engine import Encounter, Tx

__all__ = ["INJURY_SOURCE", "persist", "schedule_rest_conditions", "sheet_conditions"]

INJURY_SOURCE = "injury"


def persist(enc: Encounter, tx: Tx, c: Combatant, condition: ActiveCondition,
            lasts: str) -> None:
    """Write a lasting condition on the PC's sheet (once), so it outlives the fight."""
    if c.kind != "pc":
        return
    ch = enc.character(c)
    if any(x.name == condition.name and x.lasts == lasts for x in ch.conditions):
        return
    entry = CharacterCondition(name=condition.name, source=INJURY_SOURCE,
                               lasts=lasts)
    tx.set(("pc", ch.id), "conditions", [*ch.conditions, entry])


def sheet_conditions(character: Character) -> tuple[ActiveCondition, ...]:
    """The lasting conditions on a sheet, as the next fight's combatant carries them."""
    if not character.conditions:
        return ()
    return tuple(ActiveCondition(x.name, None, x.lasts, x.source or INJURY_SOURCE)
                 for x in character.conditions if x.lasts != "removed")


def schedule_rest_conditions(campaign: Campaign, character: Character) -> list[Timed]:
    """Put each "until rest" condition the fight wrote on the sheet on the campaign timeline
    (ended by any rest), so the clock removes it; returns the entries made."""
    made: list[Timed] = []
    updated: list[CharacterCondition] = []
    for x in character.conditions:
        if x.lasts == "rest" and x.timed_id is None:
            entry = Timed(kind=TimedKind.INJURY, label=f"{x.name} ({x.source or 'injury'})",
                          starts_at=campaign.time, ends_on=EndsOn.ANY_REST,
                          character_id=character.id, condition=x.name)
            campaign.timeline.append(entry)
            made.append(entry)
            x = x.model_copy(update={"timed_id": entry.id})
        updated.append(x)
    character.conditions = updated
    return made
