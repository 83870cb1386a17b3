"""The sheet's features and notes block; the gear and magic blocks live in their own modules
(:mod:`gui.sheet.gear_panel`, :mod:`gui.sheet.magic_panel`) and are named here too.

Each panel reads the character through its :class:`CharacterSheet` and edits it through the
document (one undo command per change); none holds a copy of the character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from emberkeep.character import archetype_effects as fx
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from gui.plain_text import plain_label, tooltip
from gui.sheet.gear_panel import GearPanel
from gui.sheet.magic_panel import MagicPanel

if TYPE_CHECKING:
    from gui.sheet.reads import Watches
    from gui.sheet.widget import CharacterSheet

__all__ = ["GearPanel", "MagicPanel", "NotesPanel"]


def _write_conditions(character: Character, text: str) -> tuple[str, Any]:
    """Names separated by commas; a condition kept by name keeps its source and timer."""
    kept = {c.name: c for c in character.conditions}
    names = [n.strip() for n in text.split(",") if n.strip()]
    return "conditions", [kept[n].model_dump() if n in kept else {"name": n} for n in names]


class NotesPanel(QGroupBox):
    """Class and archetype features, ability increases, and the GM's notes (plain text)."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Features and notes", parent)
        self.sheet = sheet
        layout = QVBoxLayout(self)
        self.features = plain_label("", self)
        self.features.setWordWrap(True)
        layout.addWidget(self.features)
        # a feature's state (Rage) is switched here, not typed into Conditions
        self.toggles_row = QHBoxLayout()
        self.toggle_boxes: dict[str, QCheckBox] = {}
        layout.addLayout(self.toggles_row)
        from gui.sheet.header import caption

        conditions = QHBoxLayout()
        typed = sheet.field(
            "conditions", "conditions", lambda c: ", ".join(x.name for x in c.conditions),
            _write_conditions, self,
            tip="Conditions that stay on the sheet (R28: PRONE, FRIGHTENED, WEAK, "
                "HARD until rest…), separated by commas")
        conditions.addWidget(caption("Conditions", self))
        conditions.addWidget(typed)
        layout.addLayout(conditions)
        # what the fight put on the character (PRONE, FRIGHTENED...) while it runs
        # the document's record of the fight, announced as the character's "conditions"
        fight = sheet.label("fight_conditions", self, lambda c: _fight_text(sheet, c),
                            also=("conditions",))
        fight.setWordWrap(True)
        layout.addWidget(fight)
        self.notes = QPlainTextEdit(self)  # plain text: a note is never read as HTML
        self.notes.setAccessibleName("notes")
        self.notes.setTabChangesFocus(True)  # Tab moves on; the notes are one block of text
        self.notes.setMinimumHeight(self.notes.fontMetrics().height() * 4)
        self.notes.setPlaceholderText("Notes, conditions and lingering injuries…")
        self.notes.textChanged.connect(self._typed)
        self._visit = 0
        self.notes.installEventFilter(self)
        layout.addWidget(self.notes, 1)

    def _typed(self) -> None:
        text = self.notes.toPlainText()
        if text == self.sheet.character.notes:
            return
        try:
            self.sheet.document.edit_character(self.sheet.character_id, "notes", text,
                                               merge_key=f"notes#{self._visit}")
        except Refused as exc:
            self.sheet.status.emit(f"Notes not changed: {exc}")

    def eventFilter(self, watched: Any, event: Any) -> bool:
        from PySide6.QtCore import QEvent

        if watched is self.notes and event.type() == QEvent.Type.FocusOut:
            self._visit += 1  # a new visit to the notes is a new undo step
        return False

    @staticmethod
    def feature_text(character: Character, catalog: Catalog) -> str:
        """Class features, archetype features with their levels, ability increases, tools."""
        lines = []
        cls = character.class_def
        if cls is not None:
            lines.append(f"{cls.name}: " + ", ".join(f.name for f in cls.features))
        if character.archetype is not None:
            archetype = catalog.archetype(character.archetype)
            picked = [f"{archetype.feature(c.feature_id).name} (L{c.level})"
                      for c in character.archetype_features]
            lines.append(f"{archetype.name}: " + (", ".join(picked) or "no feature yet"))
        if character.ability_increases:
            lines.append("Ability +1: " + ", ".join(
                f"{i.ability.value} (L{i.level})" for i in character.ability_increases))
        if character.tool_proficiencies:
            lines.append("Tools: " + ", ".join(character.tool_proficiencies))
        return "\n".join(lines) or "No features yet (0-level)."

    def _refresh_toggles(self, character: Character, catalog: Catalog) -> None:
        states = [t.state for t in fx.toggles(character, catalog)]
        if list(self.toggle_boxes) != states:
            for box in self.toggle_boxes.values():
                self.toggles_row.removeWidget(box)
                box.deleteLater()
            self.toggle_boxes = {}
            for state in states:
                box = QCheckBox(state, self)
                box.setToolTip(tooltip(f"{state}: switched on and off by the feature (in a "
                                       "fight it lasts its rounds)"))
                box.toggled.connect(lambda on, st=state: self._toggle(st, on))
                self.toggles_row.addWidget(box)
                self.toggle_boxes[state] = box
        on = {t.state for t in fx.active_toggles(character, catalog)}
        for state, box in self.toggle_boxes.items():
            box.blockSignals(True)
            box.setChecked(state in on)
            box.blockSignals(False)

    def _toggle(self, state: str, on: bool) -> None:
        character = self.sheet.character
        try:
            kept = fx.set_toggle(character, Catalog(self.sheet.document.campaign), state, on)
            self.sheet.document.edit_character(character.id, "conditions",
                                               [c.model_dump() for c in kept],
                                               label=f"{state} {'on' if on else 'off'}")
        except (ValueError, Refused) as exc:
            self.sheet.status.emit(f"{state} not switched: {exc}")

    def watch(self, watches: Watches) -> None:
        """The switches, the features and the notes, each redrawn when what it reads changes."""
        def catalog() -> Catalog:
            return Catalog(self.sheet.document.campaign)

        watches.add("feature switches", lambda c: self._refresh_toggles(c, catalog()))
        watches.add("features", lambda c: self.features.setText(self.feature_text(c, catalog())))
        watches.add("notes", self._show_notes)

    def _show_notes(self, character: Character) -> None:
        if self.notes.toPlainText() != character.notes:
            self.notes.blockSignals(True)
            self.notes.setPlainText(character.notes)
            self.notes.blockSignals(False)


def _fight_text(sheet: CharacterSheet, character: Character) -> str:
    found = sheet.document.fight_conditions.get(character.id)
    if found is None:
        return ""
    name, conditions = found
    return f"In the fight “{name}”: {', '.join(conditions)}"
