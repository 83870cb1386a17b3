"""One running encounter bound to the open campaign: the engine, its record, and the history.

DESIGN's one history: every engine action is one operation of the campaign
(:mod:`emberkeep.encounter.fight`) on the campaign's one undo stack, like a sheet edit. Its first
run resolves the action into steps; later redos re-apply the recorded steps, undo reverts them.
So Ctrl+Z in any window undoes the campaign's latest change, an attack as much as a sheet edit.

After each change the session says what changed, and no more: ``combatantsChanged`` with the
ids of the combatants whose row must repaint, ``stateChanged`` when the round, order or phase
moved, ``stepsApplied``/``stepsReverted`` for the log; the document's ``campaignChanged`` names
every player character a step touched and its fields (so the roster, open sheets and the
Repairs tab update live). The record in the campaign follows every step, so saving at any
moment keeps the half-fought encounter, which resumes exactly.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from emberkeep.campaign.changes import Change
from emberkeep.campaign.model import EncounterRecord
from emberkeep.campaign.operation import Prepared, Undoable
from emberkeep.campaign.settings import Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.dice import Answer, Answers, Key, Roller
from emberkeep.encounter import persist
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.fight import (
    ClockTheFight,
    FightAction,
    FightOutcome,
    FightSetup,
    FightSteps,
    SetupDone,
    by_character,
    changes_of,
    fight_parts,
    needs_clock,
)
from emberkeep.encounter.turns import current
from gui.document import CampaignDocument

__all__ = ["EncounterSession"]

Action = Callable[[Encounter], object]


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
        self._previews: dict[int, Prepared[FightOutcome]] = {}
        document.stepDone.connect(self._step_done)
        self._current: str | None = self.current_id()
        self._telling = False  # the session itself is telling the sheets of the fight
        # what the GM typed from physical dice for the next step, by purpose
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
        """This encounter resolves blows by the Melee Round's opposed rolls."""
        settings = self.document.campaign.settings
        return persist.resolution(self.record, settings) is Resolution.MELEE_ROUND

    def current_id(self) -> str | None:
        c = current(self.enc)
        return None if c is None else c.id

    def by_character(self) -> dict[str, list[str]]:
        return by_character(self.enc)

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
        command = self.document.execute(
            FightAction(text, self.record, self.enc, self.with_typed(action)),
            done=self._clocked)
        return None if command.error is None else str(command.error)

    def apply(self, text: str, steps: list[Step]) -> None:
        """Push what a preview showed (a previewed attack): applied as it was, nothing rolled
        again."""
        prepared = self._previews.pop(id(steps), None)
        if prepared is None or _steps_of(prepared.done) is not steps:
            raise ValueError("those steps were not previewed in this encounter")
        self._previews.clear()
        self.document.execute(Prepared(text, prepared.result, prepared.done), done=self._clocked)

    def preview(self, action: Action) -> list[Step]:
        """Resolve an action to see its outcome, then put everything back (nothing is pushed,
        nobody is told). Applying the returned steps later (:meth:`apply`) never rolls again."""
        prepared = self.document.preview(
            FightAction("", self.record, self.enc, self.with_typed(action)))
        steps = _steps_of(prepared.done)
        self._previews[id(steps)] = prepared
        return steps

    def leave(self, text: str = "") -> bool:
        """The GM finishes or closes the fight: its rounds not yet on the campaign clock go
        there, with the sheets' "until rest" conditions, as one undo step (R27). Returns
        whether anything was pushed."""
        if self.enc.state.phase == "setup" or not needs_clock(self.document.campaign,
                                                                self.record, self.enc):
            return False
        self.document.execute(
            ClockTheFight(text or f"{self.record.name}: the fight's time passes", self.record,
                          self.enc),
            done=lambda happenings: self.clockChanged.emit(happenings or []))
        return True

    def _clocked(self, outcome: FightOutcome | None) -> None:
        if outcome is not None and outcome.clock:
            self.clockChanged.emit(outcome.clock)
        elif outcome is None:
            self.clockChanged.emit([])

    # -- telling everyone -------------------------------------------------------------------

    def _step_done(self, done: Undoable, undone: bool) -> None:
        """The document applied an undoable: follow this fight's part of it."""
        for part in fight_parts(done):
            if isinstance(part, FightSteps) and part.record is self.record:
                self._announce(part.steps)
                (self.stepsReverted if undone else self.stepsApplied).emit(part.steps)
            elif isinstance(part, SetupDone) and part.record_id == self.record.id:
                self.combatantsReset.emit()
                self.stateChanged.emit()

    def _announce(self, steps: list[Step]) -> None:
        ids, _fields, state = changes_of(steps, self.by_character())
        now = self.current_id()
        if now != self._current:
            ids.update(x for x in (now, self._current) if x is not None)
            self._current = now
        shown = {cid: {"conditions"} for cid in self._fight_conditions(ids)}
        if shown:  # the fight's conditions on the sheets: the document's view, not the file
            self._telling = True  # the engine holds these sheets: not re-read, nor re-told
            try:
                self.document.campaignChanged.emit(Change.of_characters(shown))
            finally:
                self._telling = False
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
        """A sheet edit, an undone clock advance, a repair: the engine reads the sheet again.
        The fight's own steps and setup name its record: the engine already holds those."""
        if self.record.id in change.encounters or self._telling:
            return
        if change.settings and not self.enc.history:
            # Until the first step the fight follows the campaign's defaults: its resolution
            # says which HP track a PC fights on (R39), so the engine follows them too.
            persist.follow_setup(self.enc, self.record, self.document.campaign.settings)
            self.combatantsReset.emit()
            self.stateChanged.emit()
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
        """Push a setup change: the record's part recorded, the engine's part (not campaign
        data) done and undone with it."""
        self.document.execute(FightSetup(text, self.record, change_record, engine_do,
                                         engine_undo))


def _steps_of(done: Undoable) -> list[Step]:
    """The engine steps of a fight's undoable (its first part)."""
    for part in fight_parts(done):
        if isinstance(part, FightSteps):
            return part.steps
    return []
