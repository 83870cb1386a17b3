"""One open campaign: the core ``Campaign``, its file, its undo history, and the signals.

This is the single place the GUI changes the rules core (DESIGN: the GUI holds no rules of its
own). Undo commands (:mod:`gui.commands`) call the mutation methods here; each one changes the
core models and then emits a Qt signal naming what changed, so every view showing it refreshes
just that (Anki's change-sets). Widgets never write to the core directly: they call the
``edit_*``/``add_*``/``remove_*`` entry points, which push commands on :attr:`undo_stack`.
"""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from emberkeep.campaign import recovery, storage
from emberkeep.campaign.backups import backup_folder_for
from emberkeep.campaign.model import Campaign
from emberkeep.character.model import Character

__all__ = ["UNTITLED", "CampaignDocument", "EditRefused"]

UNTITLED = "Untitled campaign"


class EditRefused(ValueError):
    """A value the core's validation refuses; ``str()`` says why, for the GM."""


class CampaignDocument(QObject):
    # Row ranges (first, last), mirroring Qt's own begin/end pairs so item models can follow.
    charactersAboutToBeInserted = Signal(int, int)
    charactersInserted = Signal(int, int)
    charactersAboutToBeRemoved = Signal(int, int)
    charactersRemoved = Signal(int, int)
    characterChanged = Signal(str, str)  # character id, field name
    titleChanged = Signal(str)
    pathChanged = Signal(object)  # Path | None
    modifiedChanged = Signal(bool)
    saved = Signal(object)  # Path: written whole (issue #10: the autosave's recovery file goes)

    def __init__(self, campaign: Campaign, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # Issue #10: the file's SHA-256 as loaded or last saved (outside changes are told by
        # content, not by date); the session's recovery token; where and how many backups.
        self.disk_sha256: str | None = None
        self.recovery_token = recovery.new_token()
        self.backups_root: Path | None = None  # None: the user's backups folder (gui.paths)
        self.keep_last = 10
        self.keep_days = 14

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # -- opening and saving ---------------------------------------------------------------------

    @classmethod
    def new(cls, name: str = UNTITLED, parent: QObject | None = None) -> CampaignDocument:
        return cls(Campaign(name=name), None, parent)

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> CampaignDocument:
        """Load ``path``; raises :class:`CampaignFileError` (plain message) and writes nothing."""
        path = Path(path)
        data = storage.read(path)
        document = cls(storage.loads(data, path), path.resolve(), parent)
        document.disk_sha256 = hashlib.sha256(data).hexdigest()
        return document

    @classmethod
    def restored(cls, campaign: Campaign, path: Path | None, *, disk_sha256: str | None,
                 token: str = "", parent: QObject | None = None) -> CampaignDocument:
        """Recovered work or a backup: it opens as unsaved, with ``path`` as its file (issue
        #10). ``disk_sha256`` is the file as the work last knew it: if the file differs now,
        saving asks first."""
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

    def save(self, path: Path | str | None = None) -> None:
        """Save atomically to ``path`` (or the current path); the stack becomes clean.

        Raises :class:`CampaignFileError` when the write fails: the file on disk, the path and the
        clean state are then all unchanged. A new campaign needs a path (``ValueError``). The
        replaced version goes to the rotating backups folder (issue #10).
        """
        target = self.path if path is None else Path(path).resolve()
        if target is None:
            raise ValueError("a new campaign needs a file name: use save as")
        from gui import paths

        root = self.backups_root if self.backups_root is not None else paths.backups_dir()
        data = storage.save(self.campaign, target, backups=backup_folder_for(target, root),
                            keep_last=self.keep_last, keep_days=self.keep_days)
        self.disk_sha256 = hashlib.sha256(data).hexdigest()
        if target != self.path:
            self.path = target
            self.pathChanged.emit(target)
        self.undo_stack.setClean()
        self.saved.emit(target)

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

    # -- entry points for widgets: each pushes one undoable command -----------------------------

    def edit_character(self, character_id: str, field: str, value: Any, *,
                       merge_key: str | None = None, label: str | None = None) -> bool:
        """Set one field through an undo command; False when the value is already that.

        Raises :class:`EditRefused` with the reason when validation refuses the value; nothing
        is changed and nothing is pushed then. Consecutive edits with the same ``merge_key``
        (one score, say, while the GM types in it) merge into one undo step.
        """
        from gui.commands import EditCharacterField

        character = self.character(character_id)
        old = getattr(character, field)
        new = self.validated_value(character, field, value)
        if new == old:
            return False
        if isinstance(old, BaseModel):
            old = old.model_copy(deep=True)  # the command keeps results, never live objects
        self.undo_stack.push(EditCharacterField(self, character_id, field, old, new,
                                                merge_key, label))
        return True

    def replace_character(self, after: Character, text: str) -> None:
        """Push one undoable step that swaps the sheet with the same id for ``after``.

        ``after`` is validated first (a whole-sheet change from the core's rules: a level-up,
        a cast); :class:`EditRefused` says why when it is not a valid sheet.
        """
        from gui.commands import ReplaceCharacter

        try:
            checked = type(after).model_validate(after.model_dump())
        except ValidationError as exc:
            raise EditRefused(str(exc.errors(include_url=False)[0]["msg"])) from exc
        before = self.character(after.id)
        self.undo_stack.push(ReplaceCharacter(self, before, checked, text))

    def add_character(self, character: Character, row: int | None = None) -> None:
        from gui.commands import AddCharacter

        row = len(self.campaign.characters) if row is None else row
        self.undo_stack.push(AddCharacter(self, character, row))

    def remove_characters(self, character_ids: list[str]) -> None:
        """Remove several characters as one undo step (highest row first, so rows stay valid)."""
        from gui.commands import RemoveCharacter

        rows = sorted((self.row_of(cid) for cid in character_ids), reverse=True)
        if not rows:
            return
        if len(rows) == 1:
            self.undo_stack.push(RemoveCharacter(self, rows[0]))
            return
        self.undo_stack.beginMacro(f"Remove {len(rows)} characters")
        for row in rows:
            self.undo_stack.push(RemoveCharacter(self, row))
        self.undo_stack.endMacro()

    # -- mutations: called by undo commands only ------------------------------------------------

    @staticmethod
    def validated_value(character: Character, field: str, value: Any) -> Any:
        """Run the whole character through pydantic with ``field`` replaced; return its value.

        Validating the whole model (not just the field) keeps cross-field rules (HP within max HP
        and the like) in force, and coerces the value the way loading a file would.
        """
        if field not in type(character).model_fields:
            raise EditRefused(f"a character has no field {field!r}")
        data = character.model_dump()
        data[field] = value.model_dump() if isinstance(value, BaseModel) else value
        try:
            checked = type(character).model_validate(data)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            raise EditRefused(str(first["msg"])) from exc
        return getattr(checked, field)

    def set_character_field(self, character_id: str, field: str, value: Any) -> None:
        """Write an already validated value into the core model and say so."""
        row = self.row_of(character_id)
        character = self.campaign.characters[row]
        if isinstance(value, (BaseModel, list, dict)):
            # The command keeps its value; the sheet gets its own copy, so later in-place
            # changes (an encounter notching a weapon) never rewrite the undo history.
            value = copy.deepcopy(value)
        if type(character).model_config.get("frozen"):
            self.campaign.characters[row] = character.model_copy(update={field: value})
        else:
            # In place, so anything else holding this Character sees the change too.
            setattr(character, field, value)
        self.characterChanged.emit(character_id, field)

    def overwrite_character(self, sheet: Character) -> None:
        """Copy every field of ``sheet`` onto the stored character with its id, in place (so
        every view holding it sees the change), and say that everything changed (``"*"``)."""
        row = self.row_of(sheet.id)
        character = self.campaign.characters[row]
        copy = sheet.model_copy(deep=True)
        for field in type(character).model_fields:
            setattr(character, field, getattr(copy, field))
        self.characterChanged.emit(sheet.id, "*")

    def insert_character(self, row: int, character: Character) -> None:
        self.charactersAboutToBeInserted.emit(row, row)
        self.campaign.characters.insert(row, character)
        self.charactersInserted.emit(row, row)

    def take_character(self, row: int) -> Character:
        self.charactersAboutToBeRemoved.emit(row, row)
        character = self.campaign.characters.pop(row)
        self.charactersRemoved.emit(row, row)
        return character
