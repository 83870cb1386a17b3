"""Keeping an encounter in the campaign and resuming it exactly.

An :class:`~emberkeep.campaign.model.EncounterRecord` keeps the combatants *as they stood before
the first step* and then every step as it was recorded (``Step.to_json``): the rolls as rolled,
each field's value before and after. Resuming rebuilds the combatants and replays the steps'
``Set`` events on the encounter's own targets (combatants and the encounter state). Replay never
rolls a die or reads a table again (DESIGN: events record results).

What a step did to a player character (HP, luck dice, caster state, notched gear, scores) is
already written on the character's sheet, which the same campaign file holds; replay leaves
those targets alone, so a sheet edited between two sessions (healed in town) keeps its edit.

Appending one step to the record is cheap (one ``to_json`` and one log line): the encounter
window does it on every step, so saving the campaign at any moment saves the fight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from emberkeep.campaign.kept_combatants import KeptCombatantError
from emberkeep.campaign.model import EncounterRecord, EncounterStatus, LogEvent
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.dice import Roller
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Set, Step

__all__ = [
    "EncounterFileError",
    "add_combatants",
    "build_encounter",
    "follow_setup",
    "initiative_mode",
    "pop_step",
    "push_step",
    "remove_combatant",
    "replay_own",
    "resolution",
    "status_of",
]

# Targets whose state lives in the encounter record; the rest ("pc", "gear", "magic", "score") is on
# the characters' sheets.
OWN_TARGETS = frozenset({"c", "enc"})
T = TypeVar("T")
MAX_LOG_TEXT = 10_000


class EncounterFileError(ValueError):
    """A kept encounter that cannot be resumed, with the plain reason; ``where`` is the place
    inside the encounter record (``steps[4]``, ``combatants[1]``) when one is to blame."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.where = where


def initiative_mode(record: EncounterRecord, settings: CampaignSettings) -> InitiativeMode:
    """R20: the initiative mode is chosen per encounter; the campaign holds the default."""
    return record.initiative or settings.initiative


def resolution(record: EncounterRecord, settings: CampaignSettings) -> Resolution:
    return record.resolution or settings.resolution


def follow_setup(enc: Encounter, record: EncounterRecord, settings: CampaignSettings) -> None:
    """The engine follows the record's setup (changed before the first step): its initiative
    mode, ROOM DC and resolution, which says which of a PC's HP tracks it uses (R39)."""
    enc.state.mode = initiative_mode(record, settings)
    enc.state.room_dc = record.room_dc
    enc.use_resolution(resolution(record, settings))


def replay_own(enc: Encounter, step: Step) -> None:
    """Apply a recorded step's changes to the combatants and the encounter state only."""
    for event in step.events:
        if isinstance(event, Set) and event.target[0] in OWN_TARGETS:
            setattr(enc.resolve(event.target), event.field, event.after)


def build_encounter(record: EncounterRecord, characters: Mapping[str, Character],
                    roller: Roller, settings: CampaignSettings, catalog: Catalog) -> Encounter:
    """The encounter as it stood after its last recorded step; ``catalog``: the campaign's
    (``Catalog(campaign)``), so its own spells and archetypes are the ones the fight uses."""
    combatants = [_read(Combatant.from_json, dict(c), record, f"combatants[{i}]")
                  for i, c in enumerate(record.combatants)]
    steps = [_read(Step.from_json, cast(dict[str, Any], s), record, f"steps[{i}]")
             for i, s in enumerate(record.steps)]
    wanted = {c.character_id for c in combatants if c.character_id is not None}
    for index, c in enumerate(combatants):
        if c.character_id is not None and c.character_id not in characters:
            # named by the combatant's name: the sheet's id means nothing to a GM
            raise EncounterFileError(f"{record.name}: {c.name}'s character sheet is no longer "
                                     "in the campaign", f"combatants[{index}].character_id")
    where = "combatants"
    try:
        enc = Encounter(combatants, {cid: characters[cid] for cid in wanted}, roller,
                        room_dc=record.room_dc, mode=initiative_mode(record, settings),
                        settings=settings, catalog=catalog,
                        resolution=resolution(record, settings))
        for index, step in enumerate(steps):
            where = f"steps[{index}]"
            replay_own(enc, step)
            enc.history.append(step)
    except (LookupError, AttributeError, TypeError, ValueError) as exc:  # RuleError included
        raise EncounterFileError(f"{record.name}: its steps do not fit its combatants ({exc})",
                                 where) from exc
    return enc


def _read(reader: Callable[[dict[str, Any]], T], data: dict[str, Any], record: EncounterRecord,
          where: str) -> T:
    try:
        return reader(data)
    except KeptCombatantError as exc:
        raise EncounterFileError(f"{record.name}: a combatant cannot be read ({exc})",
                                 f"{where}.{exc.field}" if exc.field else where) from exc
    except (LookupError, TypeError, ValueError) as exc:
        raise EncounterFileError(f"{record.name}: a combatant or step cannot be read ({exc})",
                                 where) from exc


def add_combatants(record: EncounterRecord, combatants: Iterable[Combatant]) -> None:
    """Keep newly added combatants as they stand now (no step has touched them yet)."""
    record.combatants.extend(c.to_json() for c in combatants)


def remove_combatant(record: EncounterRecord, cid: str) -> dict[str, Any]:
    """Forget a combatant (only before any step names it); returns its kept data."""
    for i, data in enumerate(record.combatants):
        if data.get("id") == cid:
            return record.combatants.pop(i)
    raise KeyError(f"no combatant {cid!r} in {record.name}")


def status_of(enc: Encounter) -> EncounterStatus:
    if enc.state.phase == "over":
        return EncounterStatus.FINISHED
    return EncounterStatus.RUNNING if enc.history else EncounterStatus.PLANNED


def push_step(record: EncounterRecord, enc: Encounter, step: Step,
              data: dict[str, Any] | None = None) -> None:
    """Record a step just applied (``data``: its ``to_json`` if the caller kept it), with its
    log line (LogEvent: the summary, the round it happened in), and the record's status."""
    record.steps.append(data if data is not None else step.to_json())
    text = (step.summary or step.action)[:MAX_LOG_TEXT]
    record.log.append(LogEvent(seq=len(record.log), round=max(0, enc.state.round),
                               kind=step.action[:64], text=text,
                               data={"actor": step.actor[:200]}))
    record.status = status_of(enc)


def pop_step(record: EncounterRecord, enc: Encounter) -> None:
    """Forget the last recorded step (it was undone) and its log line."""
    if record.steps:
        record.steps.pop()
    if record.log:
        record.log.pop()
    record.status = status_of(enc)
