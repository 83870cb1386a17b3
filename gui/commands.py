"""Undo commands for the campaign's roster: each one calls :class:`CampaignDocument` methods.

Commands hold *results* (the old and the new value, the removed character), never recipes, so
undo and redo never re-validate or re-roll. Values are validated once, before the command is
pushed (:meth:`CampaignDocument.edit_character`), because ``redo()`` cannot refuse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from emberkeep.character.model import Character
    from gui.document import CampaignDocument

__all__ = ["EDIT_CHARACTER_FIELD_ID", "AddCharacter", "EditCharacterField", "RemoveCharacter",
           "ReplaceCharacter"]

EDIT_CHARACTER_FIELD_ID = 1001
"""Commands with this id may merge (Qt's undo framework example merges consecutive moves)."""

_FIELD_LABELS = {"max_hp": "max HP", "hp": "HP", "xp": "XP", "class_": "class"}


def field_label(field: str) -> str:
    return _FIELD_LABELS.get(field, field.replace("_", " "))


class EditCharacterField(QUndoCommand):
    """Set one field of one character; consecutive edits of that same field merge into one."""

    def __init__(self, document: CampaignDocument, character_id: str, field: str,
                 old: Any, new: Any, merge_key: str | None = None,
                 label: str | None = None) -> None:
        super().__init__()
        self.document = document
        self.character_id = character_id
        self.field = field
        self.old = old
        self.new = new
        self.merge_key = merge_key
        """Edits of one field merge only when their keys agree: the sheet edits one score (a
        part of ``scores``) under its own key, and starts a new key when the GM leaves it."""
        name = document.character(character_id).name
        self.setText(f"Edit {label or field_label(field)} of {name}")

    def id(self) -> int:
        return EDIT_CHARACTER_FIELD_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCharacterField):
            return False
        if ((other.character_id, other.field, other.merge_key)
                != (self.character_id, self.field, self.merge_key)):
            return False
        self.new = other.new
        # Typing a value back to what it was leaves nothing to undo: the stack drops it.
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.document.set_character_field(self.character_id, self.field, self.new)

    def undo(self) -> None:
        self.document.set_character_field(self.character_id, self.field, self.old)


class AddCharacter(QUndoCommand):
    def __init__(self, document: CampaignDocument, character: Character, row: int) -> None:
        super().__init__(f"Add {character.name}")
        self.document = document
        self.character = character
        self.row = row

    def redo(self) -> None:
        self.document.insert_character(self.row, self.character)

    def undo(self) -> None:
        self.document.take_character(self.row)


class RemoveCharacter(QUndoCommand):
    def __init__(self, document: CampaignDocument, row: int) -> None:
        super().__init__()
        self.document = document
        self.row = row
        self.character = document.campaign.characters[row]
        self.setText(f"Remove {self.character.name}")

    def redo(self) -> None:
        self.character = self.document.take_character(self.row)

    def undo(self) -> None:
        self.document.insert_character(self.row, self.character)


class ReplaceCharacter(QUndoCommand):
    """Swap a whole sheet for another (a level-up, a spell cast, advancing to 1st level).

    Both sheets are kept whole, so undo and redo never re-roll: the results are what was rolled.
    """

    def __init__(self, document: CampaignDocument, before: Character, after: Character,
                 text: str) -> None:
        super().__init__(text)
        self.document = document
        self.before = before.model_copy(deep=True)
        self.after = after.model_copy(deep=True)

    def redo(self) -> None:
        self.document.overwrite_character(self.after)

    def undo(self) -> None:
        self.document.overwrite_character(self.before)
