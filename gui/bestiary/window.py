"""Encounter → Bestiary: the campaign's monster templates over the starter ones.

A searchable list (type to filter by name, weapon or notes); Enter or "Add to encounter" puts
N of the selected into the open encounter (HP as written, rolled per monster, or typed; N set
from the search field too: Alt+1 … Alt+9, Alt+0 for ten, Ctrl+Up / Ctrl+Down one more or fewer),
E edits, Delete drops the campaign's own template, N makes a new one. Every change is a recorded
campaign operation (``document.run``), so Ctrl+Z undoes it; adding monsters is the encounter's own
recorded setup step (``EncounterWindow.add_monsters``). No rule lives here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign import bestiary
from emberkeep.campaign.bestiary import MonsterTemplate
from emberkeep.campaign.changes import Change
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.settings import Resolution
from emberkeep.dice import DiceError
from emberkeep.encounter import persist
from emberkeep.encounter.bestiary_monsters import HpMode, monsters_of
from gui.bestiary.form import TemplateForm
from gui.document import CampaignDocument
from gui.palette import tone
from gui.plain_text import plain_label

if TYPE_CHECKING:  # the encounter tab open now is asked for, not imported here
    from gui.encounter.window import EncounterWindow

__all__ = ["BestiaryWindow"]

_BESTIARY = Scope.of(fields=("bestiary",))

_COLUMNS = ("Name", "AC", "HP", "ATK", "Damage", "Weapons", "Morale", "Kept", "Notes")
_HP_MODES: tuple[tuple[str, HpMode], ...] = (("roll the HD", "rolled"),
                                             ("as written", "as written"),
                                             ("typed", "typed"))


class BestiaryWindow(QDialog):
    def __init__(self, document: CampaignDocument,
                 encounter: Callable[[], EncounterWindow | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Bestiary")
        self.document = document
        self.encounter = encounter  # the encounter tab open now, asked at each add
        self.shown: list[MonsterTemplate] = []
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("search: name, weapon or notes")
        self.search.setAccessibleName("Search the bestiary")
        self.search.textChanged.connect(self.refresh)
        self._build_table()
        add_row = self._build_add_row()
        buttons = self._build_buttons()
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.notes)
        layout.addLayout(buttons)
        layout.addLayout(add_row)
        layout.addWidget(self.message)
        self.resize(1120, 600)  # the weapons column and the notes beside it, on a laptop
        document.campaignChanged.connect(self._changed)
        self.refresh()
        self.search.setFocus()

    def _build_table(self) -> None:
        """The templates found: name, numbers, notes below."""
        self.table = QTableWidget(0, len(_COLUMNS), self)
        self.table.setHorizontalHeaderLabels(_COLUMNS)
        self.table.setAccessibleName("Monsters")
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(lambda *_: self._show_notes())
        self.table.doubleClicked.connect(lambda *_: self.add_to_encounter())
        self.notes = QLabel(self)
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)

    def _build_add_row(self) -> QHBoxLayout:
        """How many, their HP (as written, rolled or typed), the zone, Add; the refusal line."""
        self.count = QSpinBox(self)
        self.count.setRange(1, 100)
        self.count.setValue(6)
        self.count.setPrefix("× ")
        self.count.setAccessibleName("How many")
        self.hp_mode = QComboBox(self)
        for label, mode in _HP_MODES:
            self.hp_mode.addItem(label, mode)
        self.typed = QLineEdit(self)
        self.typed.setPlaceholderText("typed HP, e.g. 12 9 15")
        self.typed.setAccessibleName("Typed hit points")
        self.zone = QSpinBox(self)
        self.zone.setRange(-20, 20)
        self.zone.setValue(1)
        self.zone.setPrefix("zone ")
        self.zone.setAccessibleName("Zone")
        self.add_button = QPushButton("Add to encounter (Enter)", self)
        self.add_button.clicked.connect(self.add_to_encounter)
        self.count.setToolTip("How many: Alt+1 … Alt+9, Alt+0 for ten; Ctrl+Up / Ctrl+Down "
                              "one more or fewer")
        self.count.setAccessibleName("how many")
        self.message = plain_label("", self)  # "Added 2 × <a template> to <an encounter>"
        self.message.setWordWrap(True)
        for digit in range(10):  # the count from wherever the GM types, the search field too
            self._key(f"Alt+{digit}", functools.partial(self.count.setValue, digit or 10))
        self._key("Ctrl+Up", lambda: self.count.stepBy(1))
        self._key("Ctrl+Down", lambda: self.count.stepBy(-1))
        add_row = QHBoxLayout()
        for widget in (self.count, self.hp_mode, self.typed, self.zone, self.add_button):
            add_row.addWidget(widget)
        return add_row

    def _key(self, key: str, slot: Callable[[], object]) -> None:
        action = QAction(self)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)

    def say(self, text: str, *, refused: bool = False) -> None:
        """The line under the add row: a refusal in the error tone, what was done quieter (a
        palette tone: it reads on a light or a dark scheme)."""
        tone(self.message, "error" if refused else "muted")
        self.message.setText(text)

    def _build_buttons(self) -> QHBoxLayout:
        """New, Edit, Delete (with their keys), and Enter adds from anywhere in the window."""
        buttons = QHBoxLayout()
        for text, key, slot in (("New… (Ctrl+N)", "Ctrl+N", self.new),
                                ("Edit… (Ctrl+E)", "Ctrl+E", self.edit),
                                ("Delete (Del)", "Delete", self.delete)):
            button = QPushButton(text, self)
            button.clicked.connect(slot)
            button.setAutoDefault(False)
            buttons.addWidget(button)
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(slot)
            self.addAction(action)
        enter = QAction(self)  # Enter adds, from the search field or the list alike
        enter.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        enter.triggered.connect(self.add_to_encounter)
        self.addAction(enter)
        buttons.addStretch(1)
        return buttons

    # -- the list -------------------------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        if change.catalogs:
            self.refresh()

    def refresh(self) -> None:
        campaign = self.document.campaign
        words = self.search.text().lower().split()
        current = self.selected()
        self.shown = [t for t in bestiary.templates(campaign)
                      if all(w in f"{t.name} {t.weapons_text} {t.notes}".lower()
                             for w in words)]
        self.table.setRowCount(len(self.shown))
        for row, t in enumerate(self.shown):
            kept = ("edited" if bestiary.is_starter(t.id) else "campaign") \
                if bestiary.is_own(campaign, t.id) else "starter"
            morale = "½ DC" if t.morale is None else str(t.morale)
            cells = (t.name, str(t.armor_class), t.hp_text, f"{t.attack_bonus:+d}", t.damage,
                     t.weapons_text,
                     morale, kept, t.notes.replace("\n", " "))
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(len(_COLUMNS) - 1, 200)  # the notes: the rest of the width
        keep = next((i for i, t in enumerate(self.shown)
                     if current is not None and t.id == current.id), 0)
        if self.shown:
            self.table.selectRow(keep)
        self._show_notes()

    def selected(self) -> MonsterTemplate | None:
        row = self.table.currentRow()
        return self.shown[row] if 0 <= row < len(self.shown) else None

    def _show_notes(self) -> None:
        t = self.selected()
        self.notes.setText("" if t is None else
                           f"{t.name}: ROOM DC {t.room_dc} (AC {t.armor_class}, save "
                           f"{t.room_dc - 10:+d}), segment {t.initiative_modifier:+d}, level "
                           f"{t.level}. {t.notes}")

    # -- changes (recorded campaign operations) -------------------------------------------------

    def _save(self, template: MonsterTemplate, text: str) -> None:
        command = self.document.run(text, lambda c: bestiary.save_template(c, template),
                                    scope=_BESTIARY)
        self.say(str(command.error or ""), refused=command.error is not None)

    def new(self) -> None:
        campaign = self.document.campaign
        blank = MonsterTemplate(id=bestiary.new_template_id(campaign, "New monster"),
                                name="New monster", hit_dice=1)
        self._form(blank, "Add monster")

    def edit(self) -> None:
        t = self.selected()
        if t is not None:
            self._form(t, "Edit monster")

    def _form(self, template: MonsterTemplate, verb: str) -> None:
        form = TemplateForm(template, self)
        if form.exec():
            made = form.template()
            self._save(made, f"{verb} {made.name} (bestiary)")

    def delete(self) -> None:
        t = self.selected()
        if t is None:
            return
        command = self.document.run(f"Delete {t.name} (bestiary)",
                                    lambda c: bestiary.delete_template(c, t.id),
                                    scope=_BESTIARY)
        self.say(str(command.error or ""), refused=command.error is not None)

    # -- into the encounter ---------------------------------------------------------------------

    def add_to_encounter(self) -> None:
        t = self.selected()
        window = self.encounter()
        if t is None:
            return
        if window is None:
            self.say("Open an encounter first (Encounter → New or Open)", refused=True)
            return
        session = window.session
        melee = persist.resolution(session.record, self.document.campaign.settings) \
            is Resolution.MELEE_ROUND
        try:
            typed = [int(x) for x in self.typed.text().replace(",", " ").split()]
            monsters = monsters_of(t, self.count.value(), roller=window.roller,
                                   hp=self.hp_mode.currentData(), typed=typed,
                                   position=self.zone.value(),
                                   taken=set(session.enc.combatants), melee_round=melee)
        except (ValueError, DiceError) as exc:  # DiceError: a typed HP the dice cannot show
            self.say(str(exc), refused=True)
            return
        window.add_monsters(monsters)
        self.say(f"Added {len(monsters)} × {t.name} to {session.record.name}")
