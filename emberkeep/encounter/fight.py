"""A running fight's changes as campaign operations: the same one write path as a sheet edit.

A fight is its record in the campaign (``EncounterRecord``: combatants, steps, log) and the
engine rebuilt from it (:class:`~emberkeep.encounter.engine.Encounter`), which writes the PCs'
sheets directly. An engine action is resolved into steps whose events carry every value before
and after, so they are their own record of what changed: :class:`FightSteps` redoes and undoes
them on the engine and keeps the record in step (``persist.push_step``/``pop_step``); its
:class:`~emberkeep.campaign.changes.Change` names the sheets and fields the events wrote and the
encounter.

- :class:`FightAction`: an engine action; the blow that ends the fight also puts the fight's
  time on the campaign clock (R27), recorded over its scope, in the same undo step.
- :class:`FightSetup`: adding or removing combatants and the initiative mode, ROOM DC or
  resolution before the first step: the record's part recorded, the engine's part following.
- :class:`ClockTheFight`: the fight's time onto the clock when the GM leaves or finishes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import Campaign, EncounterRecord, EncounterStatus
from emberkeep.campaign.operation import Composite, Operation, Undoable
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.steps import Rows
from emberkeep.clock.advance import Happening, advance_scope
from emberkeep.clock.combat import fight_seconds
from emberkeep.encounter import persist
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Set, Step
from emberkeep.encounter.fight_clock import clock_fight, dying_to_hand_over, rounds_to_clock
from emberkeep.encounter.turns import is_over

__all__ = ["ClockTheFight", "FightAction", "FightOutcome", "FightSetup", "FightSteps",
           "SetupDone", "by_character", "changes_of", "fight_parts", "needs_clock"]

Action = Callable[[Encounter], object]


def changes_of(steps: Iterable[Step], by_character: dict[str, list[str]]
               ) -> tuple[set[str], set[tuple[str, str]], bool]:
    """Combatant ids whose row changed, (character id, field) pairs, whether the state did."""
    ids: set[str] = set()
    fields: set[tuple[str, str]] = set()
    state = False
    for step in steps:
        for event in step.events:
            if not isinstance(event, Set):
                continue
            target = event.target
            kind = target[0]
            if kind == "c":
                ids.add(target[1])
            elif kind == "enc":
                state = True
            else:
                name = event.field if kind == "pc" else (
                    "inventory" if kind in ("gear", "magic") else "scores")
                fields.add((target[1], name))
                ids.update(by_character.get(target[1], ()))
    return ids, fields, state


def by_character(enc: Encounter) -> dict[str, list[str]]:
    """Character id → the ids of its combatants in this fight."""
    found: dict[str, list[str]] = {}
    for c in enc.combatants.values():
        if c.character_id is not None:
            found.setdefault(c.character_id, []).append(c.id)
    return found


@dataclass(slots=True)
class FightSteps:
    """Engine steps of one fight, applied: the engine and the record move together."""

    record: EncounterRecord
    enc: Encounter
    steps: list[Step]

    @property
    def change(self) -> Change:
        _ids, fields, _state = changes_of(self.steps, by_character(self.enc))
        by_id: dict[str, set[str]] = {}
        for character_id, name in fields:
            by_id.setdefault(character_id, set()).add(name)
        return Change.of_characters(by_id) | Change(encounters=frozenset({self.record.id}))

    def __bool__(self) -> bool:
        return bool(self.steps)

    def redo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        for step in self.steps:
            self.enc.redo(step)
        self._recorded(campaign)
        return self.change

    def undo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        for step in reversed(self.steps):
            undone = self.enc.undo()
            assert undone is step, "the encounter's history and the undo stack disagree"
            persist.pop_step(self.record, self.enc)
        return self.change.inverted()

    def _recorded(self, campaign: Campaign) -> None:
        """The record follows the engine: the steps and their log lines, and the fight's date
        when its first step is taken."""
        if len(self.enc.history) == len(self.steps) and \
                self.record.status is EncounterStatus.PLANNED:
            self.record.at = campaign.time
        for step in self.steps:
            persist.push_step(self.record, self.enc, step)


@dataclass(frozen=True, slots=True)
class FightOutcome:
    """What an engine action did: its steps, and what the clock did if the fight ended."""

    steps: list[Step]
    clock: list[Happening] = field(default_factory=list)


def needs_clock(campaign: Campaign, record: EncounterRecord, enc: Encounter) -> bool:
    """Rounds not yet on the clock, a PC still dying to hand over (R21), or an "until rest"
    condition not yet on the timeline."""
    if rounds_to_clock(enc, record) or dying_to_hand_over(campaign, enc):
        return True
    ids = {c.character_id for c in enc.combatants.values() if c.character_id is not None}
    return any(x.lasts == "rest" and x.timed_id is None
               for ch in campaign.characters if ch.id in ids for x in ch.conditions)


def _clock_operation(text: str, record: EncounterRecord, enc: Encounter
                     ) -> Operation[list[Happening]]:
    """The fight's rounds onto the clock (R27) and its sheets' "until rest" conditions onto
    the timeline, scoped to the clock's advance, the fight's PCs and its record."""
    def run(campaign: Campaign) -> list[Happening]:
        return clock_fight(campaign, record, enc, enc.roller)

    def scope(campaign: Campaign) -> Scope:
        seconds = fight_seconds(campaign, rounds_to_clock(enc, record), enc.state.mode,
                                persist.resolution(record, campaign.settings))
        fighters = (c.character_id for c in enc.combatants.values())
        return (advance_scope(campaign, campaign.time + seconds)
                | Scope.of(fighters, encounters=(record.id,)))

    return Operation(text, run, scope)


@dataclass(frozen=True, slots=True)
class FightAction:
    """One engine action, as one undo step. A refusal puts the engine back as it was."""

    text: str
    record: EncounterRecord
    enc: Encounter
    action: Action

    def execute(self, campaign: Campaign) -> tuple[FightOutcome, Undoable]:
        enc = self.enc
        first = len(enc.history)
        try:
            self.action(enc)
            if enc.state.phase in ("fighting", "surprise"):
                is_over(enc)  # the end of the fight is recorded in the step that ended it
        except BaseException:
            while len(enc.history) > first:
                enc.undo()
            raise
        steps = enc.history[first:]
        done = FightSteps(self.record, enc, steps)
        done._recorded(campaign)
        if not steps or enc.state.phase != "over" or not needs_clock(campaign, self.record, enc):
            return FightOutcome(steps), done
        try:
            happenings, clocked = _clock_operation("", self.record, enc).execute(campaign)
        except BaseException:
            done.undo(campaign)
            raise
        return FightOutcome(steps, happenings), Composite((done, clocked))


@dataclass(frozen=True, slots=True)
class ClockTheFight:
    """The GM leaves or finishes a fight: its rounds not yet on the clock go there, with the
    sheets' "until rest" conditions (R27), as one undo step."""

    text: str
    record: EncounterRecord
    enc: Encounter

    def execute(self, campaign: Campaign) -> tuple[list[Happening], Undoable]:
        return _clock_operation(self.text, self.record, self.enc).execute(campaign)


@dataclass(slots=True)
class SetupDone:
    """A setup change done: the record's recorded part, and the engine following it (not
    campaign data). The engine reads the record, so it follows the record both ways."""

    recorded: Undoable
    forward: Callable[[], None]
    back: Callable[[], None]
    record_id: str

    @property
    def change(self) -> Change:
        return self.recorded.change | Change(encounters=frozenset({self.record_id}))

    def __bool__(self) -> bool:
        return True

    def redo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        self.recorded.redo(campaign)
        self.forward()
        return self.change

    def undo(self, campaign: Campaign, rows: Rows | None = None) -> Change:
        self.recorded.undo(campaign)
        self.back()
        return self.change.inverted()


@dataclass(frozen=True, slots=True)
class FightSetup:
    """A change to a fight's setup: ``change_record`` writes the record (recorded over the
    record alone); ``forward`` and ``back`` make the engine follow and unfollow."""

    text: str
    record: EncounterRecord
    change_record: Callable[[], object]
    forward: Callable[[], None]
    back: Callable[[], None]

    def execute(self, campaign: Campaign) -> tuple[bool, Undoable]:
        def run(_campaign: Campaign) -> None:
            self.change_record()

        _, recorded = Operation(self.text, run,
                                Scope.of(encounters=(self.record.id,))).execute(campaign)
        self.forward()
        return True, SetupDone(recorded, self.forward, self.back, self.record.id)


def fight_parts(done: Undoable) -> Sequence[Any]:
    """The parts of an undoable, flattened (a Composite's, or the one itself)."""
    if isinstance(done, Composite):
        return [p for part in done.parts for p in fight_parts(part)]
    return [done]

