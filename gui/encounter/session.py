"""One running encounter bound to the open campaign: the engine, its record, and the history.

DESIGN's one history: every engine step is one ``QUndoCommand`` on the campaign's one
``QUndoStack``. The command's first redo runs the action (the engine resolves it into steps);
later redos re-apply the recorded steps (``Encounter.redo``), undo reverts them and pops them
from the engine's history (``Encounter.undo``). So Ctrl+Z in any window undoes the campaign's
latest change, an attack as much as a sheet edit.

After each change the session says what changed, and no more: ``combatantsChanged`` with the
ids of the combatants whose row must repaint, ``stateChanged`` when the round, order or phase
moved, ``stepsApplied``/``stepsReverted`` for the log; and the document's ``campaignChanged``
naming every player character a step touched and its fields (so the roster, open sheets and the
Repairs tab update live). Setting the encounter up (combatants, initiative mode, ROOM DC) changes
its record in the campaign: that is the campaign's own recorded undo command, and the engine's
side follows in its ``done``. The record in the campaign follows every step
(``persist.push_step``), so saving at any moment keeps the half-fought encounter, which resumes
exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import EncounterRecord, EncounterStatus
from emberkeep.campaign.settings import Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.dice import Answer, Answers, Key, Roller
from emberkeep.encounter import persist
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Set, Step
from emberkeep.encounter.turns import current
from gui.document import CampaignDocument
from gui.encounter.fight_clock import clock_command, needs_clock

__all__ = ["EncounterSession", "StepCommand", "changes_of"]

Action = Callable[[Encounter], object]


def changes_of(enc: Encounter, steps: Iterable[Step], by_character: dict[str, list[str]]
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
                field = event.field if kind == "pc" else (
                    "inventory" if kind in ("gear", "magic") else "scores")
                fields.add((target[1], field))
                ids.update(by_character.get(target[1], ()))
    return ids, fields, state


class StepCommand(QUndoCommand):
    """One engine action (or steps already resolved, e.g. an attack previewed then applied)."""

    def __init__(self, session: EncounterSession, text: str, action: Action | None = None,
                 steps: list[Step] | None = None) -> None:
        super().__init__(text)
        self.session = session
        self.action = action
        self.steps = steps
        self.error: str | None = None
        # Issue #5: the blow that ends the fight also moves the campaign clock (R27), here
        self.clock: QUndoCommand | None = None
        self._clock_checked = False

    def redo(self) -> None:
        self._redo_steps()
        if self.isObsolete():
            return
        if not self._clock_checked:
            self._clock_checked = True
            if self.session.enc.state.phase == "over" and needs_clock(self.session):
                self.clock = clock_command(self.session, "")
        if self.clock is not None:
            self.clock.redo()

    def _redo_steps(self) -> None:
        enc = self.session.enc
        if self.steps is None:
            assert self.action is not None
            first = len(enc.history)
            try:
                self.action(enc)
                self.session.check_over()
            except (RuleError, ValueError, KeyError) as exc:
                while len(enc.history) > first:
                    enc.undo()
                self.error = str(exc)
                self.setObsolete(True)
                return
            self.steps = enc.history[first:]
            if not self.steps:
                self.setObsolete(True)
                return
        else:
            for step in self.steps:
                enc.redo(step)
        self.session.applied(self.steps)

    def undo(self) -> None:
        if self.clock is not None:
            self.clock.undo()
        enc = self.session.enc
        assert self.steps is not None
        for step in reversed(self.steps):
            undone = enc.undo()
            assert undone is step, "the encounter's history and the undo stack disagree"
        self.session.reverted(self.steps)


class EncounterSession(QObject):
    combatantsChanged = Signal(list)  # ids of combatants whose row changed
    combatantsReset = Signal()  # combatants added or removed
    stateChanged = Signal()  # round, order, turn, phase, timers, morale
    stepsApplied = Signal(list)  # list[Step], in order
    stepsReverted = Signal(list)
    clockChanged = Signal(list)  # the clock's Change list after the fight's time went on it

    def __init__(self, document: CampaignDocument, record: EncounterRecord, roller: Roller,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.record = record
        campaign = document.campaign
        self.enc = persist.build_encounter(record, {c.id: c for c in campaign.characters},
                                           roller, campaign.settings, Catalog(campaign))
        self._emitting = False
        self._current: str | None = self.current_id()
        # issue #17: what the GM typed from physical dice for the next step, by purpose
        # (gui.encounter.typed_entry); the panels' own fields answer first
        self.typed_next: dict[Key, Answers] = {}
        # what the last run left unused of them (a crit die typed for an attack that missed)
        self.typed_left: Callable[[], dict[Key, list[Answer]]] | None = None
        document.campaignChanged.connect(self._external_change)

    # -- reading ----------------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.record.name

    def melee_round(self) -> bool:
        """This encounter resolves blows by the Melee Round's opposed rolls (issue #11)."""
        settings = self.document.campaign.settings
        return persist.resolution(self.record, settings) is Resolution.MELEE_ROUND

    def current_id(self) -> str | None:
        c = current(self.enc)
        return None if c is None else c.id

    def by_character(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for c in self.enc.combatants.values():
            if c.character_id is not None:
                found.setdefault(c.character_id, []).append(c.id)
        return found

    # -- doing ------------------------------------------------------------------------------

    def with_typed(self, action: Action) -> Action:
        """``action`` answered by the typed dice entry (a fresh copy each time it runs: a
        preview uses them up and must leave them for the apply)."""
        answers = dict(self.typed_next)
        if not answers:
            return action

        def run(enc: Encounter) -> object:
            with enc.typed(answers) as typed:
                self.typed_left = typed.unused  # read once the step is applied
                return action(enc)

        return run

    def run(self, text: str, action: Action) -> str | None:
        """Push one undoable engine action; returns the rules' refusal, or None if done."""
        command = StepCommand(self, text, self.with_typed(action))
        self.document.undo_stack.push(command)
        return command.error

    def apply(self, text: str, steps: list[Step]) -> None:
        """Push steps already resolved (a previewed attack): the first redo applies them."""
        self.document.undo_stack.push(StepCommand(self, text, steps=steps))

    def preview(self, action: Action) -> list[Step]:
        """Resolve an action to see its outcome, then put everything back (nothing is pushed,
        nobody is told). Applying the returned steps later never rolls again."""
        enc = self.enc
        first = len(enc.history)
        action = self.with_typed(action)
        try:
            action(enc)
            self.check_over()
        except BaseException:
            while len(enc.history) > first:
                enc.undo()
            raise
        steps = enc.history[first:]
        for _ in steps:
            enc.undo()
        return steps

    def leave(self, text: str = "") -> bool:
        """The GM finishes or closes the fight: its rounds not yet on the campaign clock go
        there, with the sheets' "until rest" conditions, as one undo command (issue #5, R27).
        Returns whether anything was pushed."""
        if self.enc.state.phase == "setup" or not needs_clock(self):
            return False
        self.document.undo_stack.push(
            clock_command(self, text or f"{self.record.name}: the fight's time passes"))
        return True

    def check_over(self) -> None:
        """Record the end of the fight in the same command as the blow that ended it."""
        from emberkeep.encounter.turns import is_over

        if self.enc.state.phase in ("fighting", "surprise"):
            is_over(self.enc)

    # -- telling everyone -------------------------------------------------------------------

    def applied(self, steps: list[Step]) -> None:
        if not self.enc.history[:-len(steps)] and self.record.status is EncounterStatus.PLANNED:
            self.record.at = self.document.campaign.time
        for step in steps:
            persist.push_step(self.record, self.enc, step)
        self._announce(steps)
        self.stepsApplied.emit(steps)

    def reverted(self, steps: list[Step]) -> None:
        for _ in steps:
            persist.pop_step(self.record, self.enc)
        self._announce(steps)
        self.stepsReverted.emit(steps)

    def _announce(self, steps: list[Step]) -> None:
        ids, fields, state = changes_of(self.enc, steps, self.by_character())
        now = self.current_id()
        if now != self._current:
            ids.update(x for x in (now, self._current) if x is not None)
            self._current = now
        by_id: dict[str, set[str]] = {}
        for character_id, field in fields:
            by_id.setdefault(character_id, set()).add(field)
        for character_id in self._fight_conditions(ids):  # issue #17: shown on the sheet
            by_id.setdefault(character_id, set()).add("conditions")
        self._emitting = True
        try:
            self.document.announce(Change.of_characters(by_id))
        finally:
            self._emitting = False
        if ids:
            self.combatantsChanged.emit([i for i in ids if i in self.enc.combatants])
        if state:
            self.stateChanged.emit()

    def _fight_conditions(self, ids: set[str]) -> list[str]:
        """Keep the document's record of the PCs' conditions in this fight (for their sheets);
        returns the characters whose fight conditions changed."""
        shown = self.document.fight_conditions
        over = self.enc.state.phase == "over"
        changed = []
        for cid in ids:
            c = self.enc.combatants.get(cid)
            if c is None or c.character_id is None:
                continue
            names = () if over else tuple(x.name for x in c.conditions)
            now = (self.record.name, names) if names else None
            if shown.get(c.character_id) != now:
                if now is None:
                    shown.pop(c.character_id, None)
                else:
                    shown[c.character_id] = now
                changed.append(c.character_id)
        if over:  # the fight ended: nobody in it carries its conditions any longer
            for c in self.enc.combatants.values():
                if c.character_id is not None and shown.get(c.character_id, ("",))[0] == \
                        self.record.name:
                    shown.pop(c.character_id, None)
                    changed.append(c.character_id)
        return changed

    def _external_change(self, change: Change) -> None:
        """A sheet edit, an undone clock advance, a repair: the engine reads the sheet again."""
        if self._emitting:
            return
        ids: list[str] = []
        for character_id, combatants in self.by_character().items():
            if not change.touches(character_id):
                continue
            try:
                self.enc.characters[character_id] = self.document.character(character_id)
            except KeyError:
                continue  # removed from the roster: the encounter keeps the sheet it had
            ids += combatants
        if not ids:
            return
        self.enc.forget_gear()
        self.combatantsChanged.emit(ids)

    # -- setup (not engine steps, still undoable) -------------------------------------------

    def add_combatants(self, combatants: list[Combatant], text: str) -> None:
        enc, record = self.enc, self.record
        for c in combatants:
            if c.id in enc.combatants:
                raise RuleError(f"{c.name} is already in this encounter")
        characters = {c.character_id: self.document.character(c.character_id)
                      for c in combatants if c.character_id is not None}

        def do() -> None:
            for c in combatants:
                enc.combatants[c.id] = c
            enc.characters.update(characters)

        def undo() -> None:
            for c in combatants:
                del enc.combatants[c.id]

        self._setup(text, lambda: persist.add_combatants(record, combatants), do, undo)

    def remove_combatant(self, cid: str) -> None:
        enc, record = self.enc, self.record
        if enc.history:
            raise RuleError("once the fight has begun, mark a combatant out (GM ruling) instead")
        c = enc.combatant(cid)
        position = list(enc.combatants).index(cid)

        def do() -> None:
            del enc.combatants[cid]

        def undo() -> None:
            items = list(enc.combatants.items())
            items.insert(position, (cid, c))
            enc.combatants.clear()
            enc.combatants.update(items)

        self._setup(f"Remove {c.name}", lambda: persist.remove_combatant(record, cid), do, undo)

    def set_setup(self, text: str, **values: object) -> None:
        """Change ``initiative``, ``resolution`` or ``room_dc`` before the first step."""
        if self.enc.history:
            raise RuleError("the encounter's setup is fixed once the fight has begun")
        record = self.record
        settings = self.document.campaign.settings

        def put() -> None:
            for key, value in values.items():
                setattr(record, key, value)

        def follow() -> None:  # the mode, the ROOM DC and R39's HP track of the resolution
            persist.follow_setup(self.enc, record, settings)

        self._setup(text, put, follow, follow)

    def _setup(self, text: str, change_record: Callable[[], object],
               engine_do: Callable[[], None], engine_undo: Callable[[], None]) -> None:
        """Push a setup change: the record's part recorded in the campaign's undo command, the
        engine's part (not campaign data) done and undone with it."""
        def op(_campaign: object) -> bool:
            change_record()
            return True

        def done(applied: bool | None) -> None:
            (engine_do if applied else engine_undo)()
            self.combatantsReset.emit()
            self.stateChanged.emit()

        self.document.run(text, op, done)
