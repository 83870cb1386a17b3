"""One open campaign: the core ``Campaign``, its file, its undo history, and the signals.

This is the single place the GUI changes the rules core (DESIGN: the GUI holds no rules of its
own). Every change is a recorded :class:`~emberkeep.campaign.steps.CampaignStep` in the one undo
command (:class:`gui.commands.CampaignCommand`); after each redo and undo the document emits
:attr:`CampaignDocument.campaignChanged` with the step's :class:`~emberkeep.campaign.changes.
Change`, so every view refreshes just what it names (Anki's change-sets), plus Qt-style row
signals when characters come and go. Widgets never write to the core directly: they call the
``edit_*``/``add_*``/``remove_*``/``run`` entry points, which push commands on
:attr:`undo_stack`.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack
from shiboken6 import Shiboken

from emberkeep.campaign import recorder, recovery, storage
from emberkeep.campaign.backups import backup_folder_for
from emberkeep.campaign.changes import Change
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import (
    Executable,
    Operation,
    Prepared,
    Refused,
    Undoable,
    refusal,
)
from emberkeep.campaign.recorder import character_step, field_step, insert_step, remove_step
from emberkeep.campaign.saving import NO_FILE, save_campaign
from emberkeep.campaign.scope import Scope, ScopeError
from emberkeep.campaign.steps import CAMPAIGN, CampaignStep, FieldSet, ListRows
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_rules import hand_edit_refusal
from emberkeep.digests import sha256_hex

if TYPE_CHECKING:
    from gui.commands import CampaignCommand

__all__ = ["UNTITLED", "CampaignDocument", "drop_all_histories"]

UNTITLED = "Untitled campaign"
T = TypeVar("T")
_log = logging.getLogger(__name__)  # file names only, never campaign text


class CampaignDocument(QObject):
    # Row ranges (first, last), mirroring Qt's own begin/end pairs so item models can follow.
    charactersAboutToBeInserted = Signal(int, int)
    charactersInserted = Signal(int, int)
    charactersAboutToBeRemoved = Signal(int, int)
    charactersRemoved = Signal(int, int)
    campaignChanged = Signal(object)  # Change: after every redo and undo, what it changed
    stepDone = Signal(object, bool)  # the Undoable just applied, and whether it was undone

    watch_outside_changes = False
    """Check, before each step, that nothing changed the campaign since the last one: no widget
    writes around the undo stack. A test switches it on for the windows it drives; tests that
    set a campaign up by hand leave it off."""
    titleChanged = Signal(str)
    pathChanged = Signal(object)  # Path | None
    modifiedChanged = Signal(bool)
    saved = Signal(object)  # Path: written whole (the autosave's recovery file can go)
    backupNotKept = Signal(str)  # saved, but the old version could not be backed up: why

    def __init__(self, campaign: Campaign, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.path = path
        self.undo_stack = QUndoStack(self)
        _documents.add(self)
        self._rows = _DocumentRows(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # The file's SHA-256 as loaded or last saved (outside changes are told by content, not
        # by date: a touch is no change); the session's recovery token; where and how many
        # backups.
        self.disk_sha256: str | None = None
        self.recovery_token = recovery.new_token()
        self.backups_root: Path | None = None  # None: the user's backups folder (gui.paths)
        self.keep_last = 10
        self.keep_days = 14
        # The conditions each PC carries in a running fight (character id → the
        # encounter's name and the conditions), kept by the encounter sessions for the sheet;
        # fight state, not campaign data (the fight's record holds them)
        self.fight_conditions: dict[str, tuple[str, tuple[str, ...]]] = {}

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # -- opening and saving ---------------------------------------------------------------------

    @classmethod
    def new(cls, name: str = UNTITLED, parent: QObject | None = None) -> CampaignDocument:
        return cls(Campaign(name=name), None, parent)

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None, *,
             saved_sha256: str | None = None) -> CampaignDocument:
        """Load ``path`` whole, its saved fights replayed (a fight that cannot be rebuilt is
        refused here with its place, not later when Encounter → Open would raise); raises
        :class:`CampaignFileError` (plain message) and writes nothing. ``saved_sha256``: the
        digest of the bytes this app last saved or loaded there (``storage.loads``)."""
        path = Path(path)
        data = storage.read(path)
        # hashed once: storage.loads compares it with the saved digest, the document keeps it
        digest = sha256_hex(data)
        campaign = storage.loads(data, path, saved_sha256=saved_sha256, data_sha256=digest)
        if campaign.encounters:
            # start-up: the fight engine is imported when there are fights to replay, so the
            # first window does not wait for it (or for none)
            from emberkeep.check import fights_checked

            campaign = fights_checked(campaign, path)
        document = cls(campaign, path.resolve(), parent)
        document.disk_sha256 = digest
        return document

    @classmethod
    def restored(cls, campaign: Campaign, path: Path | None, *, disk_sha256: str | None,
                 token: str = "", parent: QObject | None = None) -> CampaignDocument:
        """Recovered work or a backup: it opens as unsaved, with ``path`` as its file.
        ``disk_sha256`` is the file as the work last knew it (None: no file): if the file
        differs now, saving asks first."""
        document = cls(campaign, path.resolve() if path is not None else None, parent)
        document.disk_sha256 = disk_sha256
        if token:
            document.recovery_token = token
        document.undo_stack.resetClean()
        return document

    def changed_on_disk(self) -> bool:
        """True when the file is no longer what was loaded or last saved (a sync tool, a
        second copy of the app): compared by content, so a mere touch is no change."""
        if self.path is None:
            return False
        return recovery.sha256_of_file(self.path) != self.disk_sha256

    def save(self, path: Path | str | None = None, *, overwriting: str | None = None) -> None:
        """Save atomically to ``path`` (or the current path); the stack becomes clean.

        Saving over its own file, the save checks (under the save lock, so a second copy of the
        app saving at the same moment is seen) that the file still holds what was loaded or
        last saved, and raises :class:`CampaignChangedOnDisk` when it does not: the GM decides.
        ``overwriting`` is the GM's answer, the version the refusal found
        (:attr:`CampaignChangedOnDisk.found_sha256`): that one is replaced, and only that one.
        A file the GM chose in Save As is saved over as it is.

        Raises :class:`CampaignFileError` when the write fails: the file on disk, the path and the
        clean state are then all unchanged. A new campaign needs a path (``ValueError``). The
        replaced version goes to the rotating backups folder.
        """
        target = self.path if path is None else Path(path).resolve()
        if target is None:
            raise ValueError("a new campaign needs a file name: use save as")
        from gui import paths

        expect = overwriting
        if expect is None and target == self.path:
            expect = self.disk_sha256 if self.disk_sha256 is not None else NO_FILE
        root = self.backups_root if self.backups_root is not None else paths.backups_dir()
        try:
            outcome = save_campaign(self.campaign, target,
                                    backups=backup_folder_for(target, root),
                                    keep_last=self.keep_last, keep_days=self.keep_days,
                                    expect_sha256=expect)
        except CampaignFileError as exc:
            from gui.logging_setup import error_kind

            _log.warning("not saved to %s: %s", target, error_kind(exc))
            raise
        _log.info("saved %s%s", target, "" if outcome.written else " (unchanged)")
        if outcome.backup is not None:
            _log.info("backup kept: %s", outcome.backup)
        self.disk_sha256 = sha256_hex(outcome.data)
        if target != self.path:
            self.path = target
            self.pathChanged.emit(target)
        self.undo_stack.setClean()
        self.saved.emit(target)
        if outcome.backup_error:
            _log.warning("saved %s without a backup", target)
            self.backupNotKept.emit(outcome.backup_error)

    # -- what the window shows ------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.campaign.name

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def row_of(self, character_id: str) -> int:
        for row, character in enumerate(self.campaign.characters):
            if character.id == character_id:
                return row
        raise KeyError(f"no character with id {character_id!r}")

    def character(self, character_id: str) -> Character:
        return self.campaign.characters[self.row_of(character_id)]

    def drop_history(self) -> None:
        """Delete the undo steps now, unheard, while everything they refer to is alive.

        A document whose last reference goes in a garbage collection has its undo stack torn
        down in whatever order the collector frees the Python side of the commands, and
        PySide has crashed there (~QUndoStack freeing a command already freed). Whoever drops
        a document drops its history first."""
        stack = self.undo_stack
        if Shiboken.isValid(self) and Shiboken.isValid(stack):
            stack.blockSignals(True)
            stack.clear()
            stack.blockSignals(False)

    # -- the one way in: each change is one operation, one undo step -------------------------

    def execute(self, operation: Executable[T], *, merge_key: Hashable | None = None,
                done: Callable[[T | None], None] | None = None) -> CampaignCommand[T]:
        """Run ``operation`` as one undo step. The command's ``error`` is the rules' refusal
        (then nothing changed); ``done`` hears the result after every redo and None after
        every undo; consecutive steps with the same ``merge_key`` merge (typing in a field)."""
        from gui.commands import CampaignCommand

        command: CampaignCommand[T] = CampaignCommand(self, operation, merge_key=merge_key,
                                                      done=done)
        self.undo_stack.push(command)
        if command.bug is not None:
            raise command.bug
        return command

    def run(self, text: str, op: Callable[[Campaign], T],
            done: Callable[[T | None], None] | None = None, *,
            scope: Scope | Callable[[Campaign], Scope]) -> CampaignCommand[T]:
        """``op`` as an :class:`Operation` recorded over ``scope``: what it may change, so that
        recording it costs that and not what the campaign holds (``EVERYTHING`` is correct
        too, and costs the whole campaign)."""
        return self.execute(Operation(text, op, scope), done=done)

    def preview(self, operation: Executable[T]) -> Prepared[T]:
        """Run ``operation`` to see what it does, then take it back: nothing is pushed, nobody
        is told, and the campaign is as it was. Executing the returned :class:`Prepared`
        writes exactly what was seen, rolls included. A refusal of the rules raises
        :class:`Refused`."""
        try:
            result, done = self.run_once(operation)
        except Exception as exc:  # the campaign is already put back
            refused = refusal(exc)
            if refused is None or refused is exc:
                raise
            raise refused from exc
        done.undo(self.campaign)
        self._known_now()
        return Prepared(operation.text, result, done)

    def edit_character(self, character_id: str, field: str, value: Any, *,
                       merge_key: str | None = None, label: str | None = None) -> bool:
        """Set one field through an undo command; False when the value is already that.

        Raises :class:`Refused` with the reason when validation refuses the value; nothing
        is changed and nothing is pushed then. Consecutive edits of this field with the same
        ``merge_key`` (one visit to a score's field while the GM types in it) merge into one
        undo step; without one (a click, a committed cell) the edit is a step of its own.
        """
        from gui.commands import field_label

        character = self.character(character_id)
        new = self.validated_value(character, field, value)
        if new == getattr(character, field):
            return False
        refused = hand_edit_refusal(character, field, new, Catalog(self.campaign))
        if refused is not None:  # a level only by leveling up, spells only by casters (R10)
            raise Refused(refused)
        step = field_step(self.campaign, character_id, field, new)
        text = f"Edit {label or field_label(field)} of {character.name}"
        key = None if merge_key is None else (character_id, field, merge_key)
        self.execute(Prepared(text, None, step), merge_key=key)
        return True

    def replace_character(self, after: Character, text: str) -> None:
        """Push one undoable step that makes the sheet with the same id equal ``after``.

        ``after`` is validated first (a whole-sheet change from the core's rules: a level-up,
        a cast); :class:`Refused` says why when it is not a valid sheet.
        """
        self.replace_characters([after], text)

    def replace_characters(self, sheets: list[Character], text: str) -> None:
        """Several sheets as one undo step (Lay on Hands changes the caster and the target);
        every sheet is validated before anything is pushed."""
        sets: list[FieldSet] = []
        for after in sheets:
            try:
                checked = type(after).model_validate(after.model_dump())
            except ValidationError as exc:
                raise Refused(str(exc.errors(include_url=False)[0]["msg"])) from exc
            sets += character_step(self.campaign, checked).sets
        if sets:
            self.execute(Prepared(text, None, CampaignStep(tuple(sets))))

    def add_character(self, character: Character, row: int | None = None) -> None:
        self.execute(Prepared(f"Add {character.name}", None,
                              insert_step(self.campaign, character, row)))

    def add_characters(self, characters: list[Character], text: str) -> None:
        """Append several characters (a funnel) as one undo step."""
        before = list(self.campaign.characters)
        self.execute(Prepared(text, None, CampaignStep((
            FieldSet(CAMPAIGN, "characters", before, before + list(characters)),))))

    def remove_characters(self, character_ids: list[str]) -> None:
        """Remove several characters as one undo step."""
        if not character_ids:
            return
        text = (f"Remove {self.character(character_ids[0]).name}" if len(character_ids) == 1
                else f"Remove {len(character_ids)} characters")
        self.execute(Prepared(text, None, remove_step(self.campaign, character_ids)))

    @staticmethod
    def validated_value(character: Character, field: str, value: Any) -> Any:
        """Run the whole character through pydantic with ``field`` replaced; return its value.

        Validating the whole model (not just the field) keeps cross-field rules (HP within max HP
        and the like) in force, and coerces the value the way loading a file would.
        """
        if field not in type(character).model_fields:
            raise Refused(f"a character has no field {field!r}")
        data = character.model_dump()
        data[field] = value.model_dump() if isinstance(value, BaseModel) else value
        try:
            checked = type(character).model_validate(data)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            raise Refused(str(first["msg"])) from exc
        return getattr(checked, field)

    # -- running and applying: called by the undo command only ---------------------------------

    def run_once(self, operation: Executable[T]) -> tuple[T, Undoable]:
        """Run ``operation`` on the live campaign (the first redo of its command). With the
        recorder's checks on (the tests), the whole campaign is watched too: a change made
        outside any operation since the last step, or one the operation made without naming
        it in its Change, fails loudly."""
        if not recorder.CHECK_SCOPES:
            return operation.execute(self.campaign)
        if self.watch_outside_changes:
            self._check_known()
        (result, done), seen = recorder.run_recorded(self.campaign, operation.execute)
        try:
            recorder.check_announced(done.change, seen.change, operation.text)
        except ScopeError:
            done.undo(self.campaign)  # the bug fails the test; the campaign stays as it was
            raise
        return result, done

    def applied(self, done: Undoable, *, first: bool = False) -> None:
        """The campaign holds what ``done`` did (its command's first redo): tell the views. An
        operation that moved roster rows without telling them is put back quietly and applied
        again with the row signals item models need."""
        if first and done.change.roster:
            done.undo(self.campaign)
            self.apply(done)
            return
        self.announce(done.change, done, undone=False)

    def apply(self, done: Undoable, *, undo: bool = False) -> Change:
        """Write an undoable (or its undo) into the campaign, then say what changed."""
        if self.watch_outside_changes:
            self._check_known()
        change = done.undo(self.campaign, self._rows) if undo \
            else done.redo(self.campaign, self._rows)
        self.announce(change, done, undone=undo)
        return change

    def announce(self, change: Change, done: Undoable | None = None, *,
                 undone: bool = False) -> None:
        """Tell every view what changed (once the campaign already holds it); ``done``: the
        undoable that changed it, for a view that follows its own (a fight its steps)."""
        self._known_now()
        if change.name:
            self.titleChanged.emit(self.campaign.name)
        if change:
            self.campaignChanged.emit(change)
        if done is not None:
            self.stepDone.emit(done, undone)

    def _known_now(self) -> None:
        if self.watch_outside_changes:
            self._known = self.campaign.model_dump_json()

    def _check_known(self) -> None:
        """Nothing changed the campaign since the last step: no widget writes around the
        undo stack (checked in the tests)."""
        known = getattr(self, "_known", None)
        if known is not None and known != self.campaign.model_dump_json():
            raise AssertionError("the campaign was changed outside an operation: "
                                 + recorder.first_difference(known,
                                                           self.campaign.model_dump_json()))


class _DocumentRows(ListRows):
    """Row edits of the roster, told to item models as Qt's begin/end pairs."""

    def __init__(self, document: CampaignDocument) -> None:
        self.document = document

    def remove(self, field: str, items: list[Any], row: int) -> None:
        if field != "characters":
            super().remove(field, items, row)
            return
        self.document.charactersAboutToBeRemoved.emit(row, row)
        del items[row]
        self.document.charactersRemoved.emit(row, row)

    def insert(self, field: str, items: list[Any], row: int, item: Any) -> None:
        if field != "characters":
            super().insert(field, items, row, item)
            return
        self.document.charactersAboutToBeInserted.emit(row, row)
        items.insert(row, item)
        self.document.charactersInserted.emit(row, row)


_documents: weakref.WeakSet[CampaignDocument] = weakref.WeakSet()


def drop_all_histories() -> None:
    """:meth:`CampaignDocument.drop_history` for every document still alive (a test's end)."""
    for document in list(_documents):
        document.drop_history()
