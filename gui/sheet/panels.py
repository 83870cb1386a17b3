"""The right-hand column of a sheet: gear and coins, magic, features and notes.

Each panel reads the character through its :class:`CharacterSheet` and edits it through the
document (one undo command per change); none holds a copy of the character.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.character import archetype_effects as fx
from emberkeep.character.bonuses import CASTING_ABILITY
from emberkeep.character.catalog import Catalog
from emberkeep.character.copying import copy_spell
from emberkeep.character.giving import gear_choices, give_gear, use_carried
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import caster_kind, spellcheck_bonus, spells_known_limit
from emberkeep.character.sheet_rules import cantrips_allowed
from emberkeep.clock.lights import light_up
from emberkeep.gear.catalog import GearError
from emberkeep.gear.purse import format_coins
from emberkeep.magic.spells import load_spells
from gui.plain_text import plain_label, tooltip
from gui.sheet.fields import int_text
from gui.sheet.models import InventoryModel, UidRole

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["GearPanel", "MagicPanel", "NotesPanel"]


class GearPanel(QGroupBox):
    """Inventory table (worn/held, quantity, damage), coins, add and remove gear."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Inventory and coins", parent)
        from gui.sheet.widget import table_view

        self.sheet = sheet
        layout = QVBoxLayout(self)
        self.model = InventoryModel(sheet.document, sheet.character_id, self)
        self.model.editRefused.connect(sheet.status)
        self.view = table_view(self.model, self, 6)
        layout.addWidget(self.view, 1)
        coins = QHBoxLayout()
        for coin in ("gp", "sp", "cp"):
            coins.addWidget(plain_label(coin, self))
            coins.addWidget(sheet.field(
                coin, coin, partial(_coin_text, coin=coin), partial(_write_coin_of, coin=coin),
                self, width=80, tip=f"{coin} in the purse (1000 coins are one load, R14)"))
        self.worth = plain_label("", self)
        coins.addWidget(self.worth, 1)
        layout.addLayout(coins)
        row = QHBoxLayout()
        # the campaign's own gear and magic items over the shipped, names only;
        # the combo keeps a modest width (long names elide) so the column does not grow
        self.add_combo = QComboBox(self)
        self.add_combo.setAccessibleName("gear to add")
        self.add_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.add_combo.setMinimumContentsLength(14)
        row.addWidget(self.add_combo, 1)
        self.add_button = QPushButton("Add", self)
        self.add_button.clicked.connect(self.add_selected)
        row.addWidget(self.add_button)
        self.use_button = QPushButton("Use", self)
        self.use_button.setToolTip("Use the selected item: one of a stack, or one of a magic "
                                   "item's charges (back only as its charges text says)")
        self.use_button.clicked.connect(self.use_selected)
        row.addWidget(self.use_button)
        self.light_button = QPushButton("Light", self)
        self.light_button.setToolTip("Light the selected torch, candle or lantern: it burns on "
                                     "the game clock and goes out by itself")
        self.light_button.clicked.connect(self.light_selected)
        row.addWidget(self.light_button)
        self.remove_button = QPushButton("Remove", self)
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.remove_button)
        for button in (self.add_button, self.use_button, self.light_button, self.remove_button):
            button.setMinimumWidth(0)
            button.setMaximumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 24)
        layout.addLayout(row)

    def add_selected(self) -> None:
        gear_id = str(self.add_combo.currentData())
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        try:
            _, record = give_gear(inventory, Catalog(self.sheet.document.campaign), gear_id,
                                  self.sheet.roller)
            rolled = f", charges {record.describe()}" if record is not None else ""
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label=f"gear (add {self.add_combo.currentText()}"
                                                     f"{rolled})")
        except (GearError, Refused) as exc:
            self.sheet.status.emit(f"Not added: {exc}")

    def light_selected(self) -> None:
        """The core's ``light_up`` as one recorded step (the timeline ends it)."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            self.sheet.status.emit("Select the torch, candle or lantern to light")
            return
        uid = str(self.model.data(rows[0], UidRole))
        cid = self.sheet.character_id
        name = self.sheet.character.inventory.find(uid).name
        command = self.sheet.document.run(f"Light {name}",
                                          lambda c: light_up(c, cid, uid),
                                          scope=Scope.of([cid], ("timeline",)))
        if command.error is not None:
            self.sheet.status.emit(f"Not lit: {command.error}")
        else:
            self.sheet.status.emit(f"{name} lit: it burns on the timeline")

    def use_selected(self) -> None:
        """Out of a fight: the core's use (a fight's use is the encounter's ``use_item``)."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            self.sheet.status.emit("Select the item to use")
            return
        uid = str(self.model.data(rows[0], UidRole))
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        try:
            text = use_carried(inventory, uid)
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label=f"gear ({text})")
        except (ValueError, Refused) as exc:
            self.sheet.status.emit(f"Not used: {exc}")
            return
        self.sheet.status.emit(text)

    def remove_selected(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return
        inventory = self.sheet.character.inventory.model_copy(deep=True)
        for index in rows:
            inventory.remove(str(self.model.data(index, UidRole)))
        try:
            self.sheet.document.edit_character(self.sheet.character_id, "inventory", inventory,
                                               label="gear (remove)")
        except Refused as exc:
            self.sheet.status.emit(f"Not removed: {exc}")

    def refresh(self, character: Character) -> None:
        self.worth.setText(f"= {format_coins(character.inventory.purse.total_cp)}")
        current = self.add_combo.currentData()
        self.add_combo.blockSignals(True)
        self.add_combo.clear()
        for shown, gear_id in gear_choices(Catalog(self.sheet.document.campaign)):
            self.add_combo.addItem(shown, gear_id)
        self.add_combo.setCurrentIndex(max(0, self.add_combo.findData(current)))
        self.add_combo.blockSignals(False)


def _write_coin(character: Character, coin: str, text: str) -> tuple[str, Any]:
    inventory = character.inventory.model_dump()
    inventory["purse"][coin] = int_text(text)
    return "inventory", inventory


class MagicPanel(QGroupBox):
    """SPELLCHECK bonus, spells known against the limit (R10), cantrips, depletion and
    disapproval counters, and the Cast button."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Magic (R8-R11)", parent)
        self.sheet = sheet
        grid = QGridLayout(self)
        self.summary = plain_label("", self)
        self.summary.setWordWrap(True)
        grid.addWidget(self.summary, 0, 0, 1, 4)
        self.spells = QListWidget(self)
        self.spells.setAccessibleName("spells known")
        self.cantrips = QListWidget(self)
        self.cantrips.setAccessibleName("cantrips")
        grid.addWidget(plain_label("Spells known", self), 1, 0, 1, 2)
        grid.addWidget(plain_label("Cantrips", self), 1, 2, 1, 2)
        for view in (self.spells, self.cantrips):
            view.setMaximumHeight(view.fontMetrics().height() * 5 + 8)
        grid.addWidget(self.spells, 2, 0, 1, 2)
        grid.addWidget(self.cantrips, 2, 2, 1, 2)
        # the campaign's own spells with the shipped ones, refilled at each refresh
        self.spell_combo = QComboBox(self)
        self.spell_combo.setAccessibleName("spell to learn")
        self.cantrip_combo = QComboBox(self)
        self.cantrip_combo.setAccessibleName("cantrip to learn")
        for cantrip in load_spells().cantrips:
            self.cantrip_combo.addItem(cantrip.name, cantrip.id)
        grid.addWidget(self.spell_combo, 3, 0)
        self.learn_button = QPushButton("Learn", self)
        self.learn_button.clicked.connect(lambda: self._learn("spells_known", self.spell_combo))
        grid.addWidget(self.learn_button, 3, 1)
        grid.addWidget(self.cantrip_combo, 3, 2)
        self.learn_cantrip_button = QPushButton("Learn", self)
        self.learn_cantrip_button.clicked.connect(
            lambda: self._learn("cantrips", self.cantrip_combo))
        grid.addWidget(self.learn_cantrip_button, 3, 3)
        self.copy_button = QPushButton("Copy…", self)
        self.copy_button.setToolTip("Copy the chosen spell from a found book or scroll: an INT "
                                    "(Arcana) CHECK against the ROOM DC; the Wizard's is EASY")
        self.copy_button.clicked.connect(self._copy)
        grid.addWidget(self.copy_button, 5, 0)
        self.forget_button = QPushButton("Forget selected", self)
        self.forget_button.clicked.connect(self._forget)
        grid.addWidget(self.forget_button, 4, 0)
        counters = QHBoxLayout()
        counters.addWidget(plain_label("Spells since SAVE", self))
        counters.addWidget(sheet.field("depletion", "spells since depletion SAVE",
                                       lambda c: str(c.caster.spells_cast_since_check),
                                       lambda c, t: _write_caster(
                                           c, "spells_cast_since_check", t), self, width=50,
                                       tip="R10: an INT SAVE is due after every 4th spell"))
        counters.addWidget(plain_label("Disapproval", self))
        counters.addWidget(sheet.field("disapproval", "disapproval range",
                                       lambda c: str(c.caster.disapproval_range),
                                       lambda c, t: _write_caster(c, "disapproval_range", t),
                                       self, width=50,
                                       tip="R10: a Cleric's natural roll up to this fails"))
        grid.addLayout(counters, 4, 1, 1, 2)
        self.cast_button = QPushButton("Cast…", self)
        self.cast_button.setToolTip("SPELLCHECK or Lay on Hands from this sheet")
        self.cast_button.clicked.connect(lambda: sheet.castRequested.emit(sheet.character_id))
        grid.addWidget(self.cast_button, 4, 3)

    def _learn(self, field: str, combo: QComboBox) -> None:
        """The core refuses a non-caster, a known spell and R10's limit (sheet_rules)."""
        character = self.sheet.character
        known = list(getattr(character, field))
        spell_id = str(combo.currentData())
        try:
            self.sheet.document.edit_character(character.id, field, [*known, spell_id],
                                               label=f"{field.replace('_', ' ')} "
                                                     f"(learn {combo.currentText()})")
        except Refused as exc:
            self.sheet.status.emit(f"Not learned: {exc}")

    def _copy(self) -> None:
        """The core's ``copy_spell`` as one recorded step (a failure changes nothing)."""
        cid, spell_id = self.sheet.character_id, str(self.spell_combo.currentData())
        name = self.spell_combo.currentText()
        document, roller = self.sheet.document, self.sheet.roller
        room_dc = document.campaign.settings.default_room_dc
        command = document.run(f"Copy {name}", lambda c: copy_spell(
            c.character(cid), Catalog(c), spell_id, room_dc, roller), scope=Scope.of([cid]))
        if command.error is not None:
            self.sheet.status.emit(f"Not copied: {command.error}")
        elif command.result is not None:
            outcome = "copied" if command.result.success else "not copied"
            self.sheet.status.emit(f"{name} {outcome}: {command.result.describe()}")

    def _forget(self) -> None:
        character = self.sheet.character
        for field, view in (("spells_known", self.spells), ("cantrips", self.cantrips)):
            chosen = {str(item.data(Qt.ItemDataRole.UserRole)) for item in view.selectedItems()}
            if chosen:
                kept = [s for s in getattr(character, field) if s not in chosen]
                self.sheet.document.edit_character(character.id, field, kept,
                                                   label=f"{field.replace('_', ' ')} (forget)")

    def _fill_spells(self, catalog: Catalog) -> dict[str, str]:
        """The learnable spells of the campaign's catalog in the combo; their names by id."""
        names = {s.id: s.name for s in catalog.spells().values()}
        current = self.spell_combo.currentData()
        self.spell_combo.blockSignals(True)
        self.spell_combo.clear()
        for spell_id, name in names.items():
            self.spell_combo.addItem(name, spell_id)
        self.spell_combo.setCurrentIndex(max(0, self.spell_combo.findData(current)))
        self.spell_combo.blockSignals(False)
        return names

    def refresh(self, character: Character) -> None:
        catalog = Catalog(self.sheet.document.campaign)
        names = self._fill_spells(catalog)
        names |= {c.id: c.name for c in load_spells().cantrips}
        spells_reason = None if caster_kind(character) is not None else (
            "Only Clerics and Magic-users learn spells (R8)")
        cantrip_reason = None if cantrips_allowed(character, catalog) else (
            "Only a Magic-user (or a feature such as Trickster) learns cantrips")
        self.copy_button.setEnabled(spells_reason is None)
        for widgets, reason in (((self.spell_combo, self.learn_button), spells_reason),
                                ((self.cantrip_combo, self.learn_cantrip_button),
                                 cantrip_reason)):
            for widget in widgets:
                widget.setEnabled(reason is None)
                widget.setToolTip(tooltip(reason or ""))
        for view, ids in ((self.spells, character.spells_known),
                          (self.cantrips, character.cantrips)):
            view.clear()
            for spell_id in ids:
                view.addItem(names.get(spell_id, spell_id))
                view.item(view.count() - 1).setData(Qt.ItemDataRole.UserRole, spell_id)
        kind = caster_kind(character)
        limit = spells_known_limit(character, Catalog(self.sheet.document.campaign))
        if kind is None:
            self.summary.setText("No SPELLCHECK: this class casts no spells.")
        else:
            state = character.caster
            barred = " Casting barred until a long rest." if state.barred_until_long_rest else ""
            due = " Depletion SAVE due." if state.depletion_save_due else ""
            over = " OVER THE LIMIT" if limit is not None and len(
                character.spells_known) > limit else ""
            self.summary.setText(
                f"SPELLCHECK d20 {spellcheck_bonus(character):+d} "
                f"({CASTING_ABILITY[kind].value} + PROF). "
                f"Spells known {len(character.spells_known)} / {limit}{over}."
                f" Healed today {state.healed_hd_today} HD.{barred}{due}")
        self.cast_button.setEnabled(kind is not None)


def _write_caster(character: Character, key: str, text: str) -> tuple[str, Any]:
    state = character.caster.model_dump()
    state[key] = int_text(text)
    return "caster", state


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
        conditions = QHBoxLayout()
        conditions.addWidget(plain_label("Conditions", self))
        conditions.addWidget(sheet.field(
            "conditions", "conditions", lambda c: ", ".join(x.name for x in c.conditions),
            _write_conditions, self,
            tip="Conditions that stay on the sheet (R28: PRONE, FRIGHTENED, WEAK, "
                "HARD until rest…), separated by commas"))
        layout.addLayout(conditions)
        # what the fight put on the character (PRONE, FRIGHTENED...) while it runs
        fight = sheet.label("fight_conditions", self, lambda c: _fight_text(sheet, c))
        fight.setWordWrap(True)
        layout.addWidget(fight)
        self.notes = QPlainTextEdit(self)  # plain text: a note is never read as HTML
        self.notes.setAccessibleName("notes")
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

    def refresh(self, character: Character) -> None:
        self._refresh_toggles(character, Catalog(self.sheet.document.campaign))
        self.features.setText(self.feature_text(character, Catalog(self.sheet.document.campaign)))
        if self.notes.toPlainText() != character.notes:
            self.notes.blockSignals(True)
            self.notes.setPlainText(character.notes)
            self.notes.blockSignals(False)


def _coin_text(character: Character, *, coin: str) -> str:
    return str(getattr(character.inventory.purse, coin))


def _write_coin_of(character: Character, text: str, *, coin: str) -> tuple[str, Any]:
    return _write_coin(character, coin, text)


def _fight_text(sheet: CharacterSheet, character: Character) -> str:
    found = sheet.document.fight_conditions.get(character.id)
    if found is None:
        return ""
    name, conditions = found
    return f"In the fight “{name}”: {', '.join(conditions)}"
