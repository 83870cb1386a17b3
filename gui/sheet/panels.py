"""The right-hand column of a sheet: gear and coins, magic, features and notes.

Each panel reads the character through its :class:`CharacterSheet` and edits it through the
document (one undo command per change); none holds a copy of the character.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
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
from gui.sheet.explained import mark
from gui.sheet.fields import int_text
from gui.sheet.models import InventoryModel, UidRole

if TYPE_CHECKING:
    from gui.sheet.widget import CharacterSheet

__all__ = ["GearPanel", "MagicPanel", "NotesPanel"]


class GearPanel(QGroupBox):
    """Load (R14) and how the AC is made (R12, R15); the inventory table (worn/held, quantity,
    damage), coins, add and remove gear."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Gear and coins", parent)
        from gui.sheet.header import bold, caption
        from gui.sheet.widget import ac_parts_text, load_text, table_view

        self.sheet = sheet
        layout = QVBoxLayout(self)
        load = QHBoxLayout()
        load.addWidget(caption("Load", self))
        carried = sheet.label("load", self, load_text,
                              lambda c: "Load carried / the limit, 10 + STR (R14)")
        bold(carried)
        mark(carried, "load")
        load.addWidget(carried)
        load.addSpacing(12)
        load.addWidget(caption("Armor", self))
        parts = sheet.label("ac_parts", self, lambda c: ac_parts_text(c, sheet.catalog))
        parts.setWordWrap(True)
        load.addWidget(parts, 1)
        layout.addLayout(load)
        self.model = InventoryModel(sheet.document, sheet.character_id, self)
        self.model.editRefused.connect(sheet.status)
        self.view = table_view(self.model, self, 6)
        self.view.setMaximumHeight(self.view.minimumHeight() * 2)  # 12 rows, then it scrolls
        self.view.setAccessibleName("inventory")
        self.view.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        layout.addWidget(caption("Inventory", self))
        layout.addWidget(self.view)
        coins = QHBoxLayout()
        for coin in ("gp", "sp", "cp"):
            field = sheet.field(
                coin, coin, partial(_coin_text, coin=coin), partial(_write_coin_of, coin=coin),
                self, width=80, tip=f"{coin} in the purse (1000 coins are one load, R14)")
            coins.addWidget(caption("Purse gp" if coin == "gp" else coin, self))
            coins.addWidget(field)
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
    disapproval counters, and the Cast button. Only what applies is shown: the whole block for a
    caster or a character with a cantrip to learn (a Trickster), the spells half for a Cleric or
    Magic-user (or spells still written down), the cantrips half for whoever may learn them,
    disapproval for a Cleric (R10)."""

    def __init__(self, sheet: CharacterSheet, parent: QWidget) -> None:
        super().__init__("Magic (R8-R11)", parent)
        from gui.sheet.header import big, caption

        self.sheet = sheet
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.spellcheck = plain_label("", self)
        mark(big(self.spellcheck, 1.3), "spellcheck")
        self.spellcheck.setAccessibleName("SPELLCHECK")
        self.known = plain_label("", self)
        mark(big(self.known, 1.3), "spells_known")
        self.known.setAccessibleName("spells known of the limit")
        self.spellcheck_caption = caption("SPELLCHECK d20", self)
        self.known_caption = caption("Spells known", self)
        top.addWidget(self.spellcheck_caption)
        top.addWidget(self.spellcheck)
        top.addSpacing(12)
        top.addWidget(self.known_caption)
        top.addWidget(self.known)
        top.addStretch(1)
        self.cast_button = QPushButton("Cast…", self)
        self.cast_button.setToolTip("SPELLCHECK or Lay on Hands from this sheet (Ctrl+K)")
        self.cast_button.clicked.connect(lambda: sheet.castRequested.emit(sheet.character_id))
        top.addWidget(self.cast_button)
        layout.addLayout(top)
        self.summary = plain_label("", self)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        halves = QHBoxLayout()
        layout.addLayout(halves)
        halves.addWidget(self._spells_half(), 3, Qt.AlignmentFlag.AlignTop)
        halves.addWidget(self._cantrips_half(), 2, Qt.AlignmentFlag.AlignTop)
        for view in (self.spells, self.cantrips):
            view.setMaximumHeight(view.fontMetrics().height() * 5 + 8)
            view.itemSelectionChanged.connect(self._selection_changed)
        self.forget_button = QPushButton("Forget selected", self)
        self.forget_button.setToolTip("Forget the spells and cantrips selected in the lists")
        self.forget_button.clicked.connect(self._forget)
        forget = QHBoxLayout()
        forget.addWidget(self.forget_button)
        forget.addStretch(1)
        layout.addLayout(forget)

    def _spells_half(self) -> QWidget:
        """The spells: the list, learning, copying, and the depletion and disapproval counters."""
        from gui.sheet.header import caption

        sheet = self.sheet
        self.spells_half = QWidget(self)
        spells = QGridLayout(self.spells_half)
        spells.setContentsMargins(0, 0, 0, 0)
        self.spells = QListWidget(self.spells_half)
        self.spells.setAccessibleName("spells known")
        self.spells.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        spells.addWidget(caption("Spells", self.spells_half, self.spells), 0, 0, 1, 3)
        spells.addWidget(self.spells, 1, 0, 1, 3)
        # the campaign's own spells with the shipped ones, refilled at each refresh
        self.spell_combo = QComboBox(self.spells_half)
        self.spell_combo.setAccessibleName("spell to learn")
        self.spell_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.spell_combo.setMinimumContentsLength(10)
        spells.addWidget(self.spell_combo, 2, 0)
        self.learn_button = QPushButton("Learn", self.spells_half)
        self.learn_button.clicked.connect(lambda: self._learn("spells_known", self.spell_combo))
        spells.addWidget(self.learn_button, 2, 1)
        self.copy_button = QPushButton("Copy…", self.spells_half)
        self.copy_button.setToolTip("Copy the chosen spell from a found book or scroll: an INT "
                                    "(Arcana) CHECK against the ROOM DC; the Wizard's is EASY")
        self.copy_button.clicked.connect(self._copy)
        spells.addWidget(self.copy_button, 2, 2)
        counters = QHBoxLayout()
        counters.addWidget(caption("Spells since SAVE", self.spells_half))
        counters.addWidget(sheet.field("depletion", "spells since depletion SAVE",
                                       lambda c: str(c.caster.spells_cast_since_check),
                                       lambda c, t: _write_caster(
                                           c, "spells_cast_since_check", t), self.spells_half,
                                       width=44,
                                       tip="R10: an INT SAVE is due after every 4th spell"))
        self.disapproval_caption = caption("Disapproval", self.spells_half)
        counters.addWidget(self.disapproval_caption)
        self.disapproval = sheet.field("disapproval", "disapproval range",
                                       lambda c: str(c.caster.disapproval_range),
                                       lambda c, t: _write_caster(c, "disapproval_range", t),
                                       self.spells_half, width=44,
                                       tip="R10: a Cleric's natural roll up to this fails")
        counters.addWidget(self.disapproval)
        counters.addStretch(1)
        spells.addLayout(counters, 3, 0, 1, 3)
        return self.spells_half

    def _cantrips_half(self) -> QWidget:
        from gui.sheet.header import caption

        self.cantrips_half = QWidget(self)
        cantrips = QGridLayout(self.cantrips_half)
        cantrips.setContentsMargins(0, 0, 0, 0)
        self.cantrips = QListWidget(self.cantrips_half)
        self.cantrips.setAccessibleName("cantrips")
        self.cantrips.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        cantrips.addWidget(caption("Cantrips", self.cantrips_half, self.cantrips), 0, 0, 1, 2)
        cantrips.addWidget(self.cantrips, 1, 0, 1, 2)
        self.cantrip_combo = QComboBox(self.cantrips_half)
        self.cantrip_combo.setAccessibleName("cantrip to learn")
        self.cantrip_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.cantrip_combo.setMinimumContentsLength(10)
        for cantrip in load_spells().cantrips:
            self.cantrip_combo.addItem(cantrip.name, cantrip.id)
        cantrips.addWidget(self.cantrip_combo, 2, 0)
        self.learn_cantrip_button = QPushButton("Learn", self.cantrips_half)
        self.learn_cantrip_button.clicked.connect(
            lambda: self._learn("cantrips", self.cantrip_combo))
        cantrips.addWidget(self.learn_cantrip_button, 2, 1)
        return self.cantrips_half

    @staticmethod
    def applies(character: Character, catalog: Catalog) -> bool:
        """A caster, one who may learn a cantrip, or one with spells still written down."""
        return (caster_kind(character) is not None or cantrips_allowed(character, catalog) > 0
                or bool(character.spells_known) or bool(character.cantrips))

    def _selection_changed(self) -> None:
        self.forget_button.setEnabled(bool(self.spells.selectedItems()
                                           or self.cantrips.selectedItems()))

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
        self.setVisible(self.applies(character, catalog))
        names = self._fill_spells(catalog)
        names |= {c.id: c.name for c in load_spells().cantrips}
        kind = caster_kind(character)
        spells_reason = None if kind is not None else (
            "Only Clerics and Magic-users learn spells (R8)")
        cantrip_reason = None if cantrips_allowed(character, catalog) else (
            "Only a Magic-user (or a feature such as Trickster) learns cantrips")
        self.spells_half.setVisible(kind is not None or bool(character.spells_known))
        self.cantrips_half.setVisible(cantrip_reason is None or bool(character.cantrips))
        self.disapproval.setVisible(kind == "cleric")
        self.disapproval_caption.setVisible(kind == "cleric")
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
        self._selection_changed()
        limit = spells_known_limit(character, catalog)
        shown: tuple[QWidget, ...] = (self.spellcheck, self.spellcheck_caption, self.known,
                                      self.known_caption, self.cast_button)
        for part in shown:
            part.setVisible(kind is not None)
        if kind is None:
            self.spellcheck.setText("")
            self.known.setText("")
            self.summary.setText("No SPELLCHECK: this class casts no spells."
                                 if not character.cantrips and cantrip_reason is not None
                                 else "Cantrips only: this class makes no SPELLCHECK (R8).")
        else:
            state = character.caster
            self.spellcheck.setText(f"{spellcheck_bonus(character):+d}")
            self.spellcheck.setToolTip(tooltip(f"{CASTING_ABILITY[kind].value} + PROF (R8)"))
            over = limit is not None and len(character.spells_known) > limit
            self.known.setText(f"{len(character.spells_known)} / {limit}"
                               + ("  OVER THE LIMIT" if over else ""))
            self.known.setToolTip(tooltip("Spells known of the limit (R10)"))
            words = [f"Healed today {state.healed_hd_today} HD."]
            if state.barred_until_long_rest:
                words.append("Casting barred until a long rest.")
            if state.depletion_save_due:
                words.append("Depletion SAVE due.")
            self.summary.setText(" ".join(words))
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
        fight = sheet.label("fight_conditions", self, lambda c: _fight_text(sheet, c))
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
