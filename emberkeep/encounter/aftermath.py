"""Stabilizing a PC whose dying countdown went on the clock when its fight ended (R21).

Furnace: "When you are stabilized, roll from the table, and apply that injury to your
character." R21: an ally stabilizes the dying "with an action and a WIS (Medicine) check
against the ROOM DC, or any healing does". Once the fight is over the countdown runs on the
campaign's timeline (``clock.dying``); this is the same stabilization there: the helper's
Medicine CHECK (``character.checks``: its PROF, its conditions, the Bloodshaman's EASY
Medicine) against the campaign's ROOM DC, or healing; on a success the countdown leaves the
timeline and the Injuries table is rolled and applied exactly as in a fight
(``injuries.roll_injuries``, run in a one-PC encounter over the campaign's own sheet), and
"until rest" injuries go on the timeline.
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import Timed, TimedKind
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.checks import CheckRequest, character_check
from emberkeep.character.model import Character
from emberkeep.character.skills import Skill
from emberkeep.dice import Roller
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.injuries import roll_injuries
from emberkeep.encounter.lasting import schedule_rest_conditions
from emberkeep.encounter.recap import step_lines
from emberkeep.encounter.ruling import GM
from emberkeep.encounter.setup import pc_combatants

__all__ = ["countdown_of", "stabilize_on_clock"]


def _character(campaign: Campaign, character_id: str) -> Character:
    found = next((c for c in campaign.characters if c.id == character_id), None)
    if found is None:
        raise RuleError("no such character in this campaign")
    return found


def countdown_of(campaign: Campaign, character_id: str) -> Timed | None:
    """The character's dying countdown on the timeline (handed over by its fight), if any."""
    return next((e for e in campaign.timeline if e.kind is TimedKind.DYING
                 and e.character_id == character_id and e.units is not None), None)


def stabilize_on_clock(campaign: Campaign, patient_id: str, roller: Roller, *,
                       helper_id: str | None = None) -> list[str]:
    """Stabilize ``patient_id`` (R21) by ``helper_id``'s Medicine CHECK, or, with no helper,
    because it was healed; returns what happened, line by line. Refused (RuleError) when its
    countdown is not on the clock."""
    patient = _character(campaign, patient_id)
    entry = countdown_of(campaign, patient_id)
    if entry is None or not patient.alive:
        raise RuleError(f"{patient.name} is not dying on the clock")
    lines: list[str] = []
    if helper_id is not None:
        helper = _character(campaign, helper_id)
        if helper.id == patient.id or not helper.alive or helper.hp <= 0:
            raise RuleError(f"{helper.name} cannot tend to {patient.name}")
        request = CheckRequest("skill", Ability.WIS, campaign.settings.default_room_dc,
                               Skill.MEDICINE)
        result, reasons = character_check(helper, Catalog(campaign), request, roller)
        lines.append(f"{helper.name}: {result.describe()}")
        lines += [f"  {why}" for why in reasons]
        if not result.success:
            lines.append(f"{patient.name} is still dying")
            return lines
        lines.append(f"{helper.name} stabilizes {patient.name} (R21)")
    else:
        if patient.hp <= 0:
            raise RuleError(f"{patient.name} is not healed yet (HP {patient.hp}): heal, or "
                            "name who tends to the wounds")
        lines.append(f"{patient.name} is healed, and so stabilized (R21)")
    campaign.timeline = [e for e in campaign.timeline if e is not entry]
    patient.conditions = [c for c in patient.conditions if c.timed_id != entry.id]
    enc = Encounter(pc_combatants([patient]), {patient.id: patient}, roller,
                    room_dc=campaign.settings.default_room_dc, settings=campaign.settings,
                    catalog=Catalog(campaign))
    c = next(iter(enc.combatants.values()))
    with enc.action(GM, "injuries") as tx:
        roll_injuries(enc, tx, c)
    lines += step_lines(enc.history[-1], enc)
    schedule_rest_conditions(campaign, patient)
    return lines
