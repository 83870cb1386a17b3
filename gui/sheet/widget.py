"""One character's sheet: every Furnace field, bound live to the campaign's character.

Layout, in three columns: who the character is and its six scores (with injury loss, R29) and
saves; its vitals (HP, HD pool, PROF, AC with its parts, luck, load), attacks and skills; its
gear, magic, features and notes (:mod:`gui.sheet.panels`). Each field commits through an undo
command as the GM types (:class:`FieldEdit`); every label re-reads the core when the document
says the character changed, so an edit anywhere (roster, encounter, undo) shows here at once.
All user text is plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.changes import Change
from emberkeep.campaign.operation import Refused
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import armor_class_parts, load_and_limit, save_lines
from emberkeep.character.sheet_rules import class_refusal, level_up_readiness
from emberkeep.character.status import character_armor_class
from emberkeep.dice import RandomRoller, Roller
from gui.document import CampaignDocument
from gui.labels import class_name, occupation_name
from gui.palette import tone
from gui.plain_text import plain_label, tooltip
from gui.sheet.fields import FieldEdit, int_text
from gui.sheet.knight_panel import KnightPanel
from gui.sheet.models import AttacksModel, SkillsModel
from gui.sheet.panels import GearPanel, MagicPanel, NotesPanel

__all__ = ["CharacterSheet"]


def table_view(model: Any, parent: QWidget, rows: int, *, fixed: bool = False) -> QTableView:
    view = QTableView(parent)
    view.setModel(model)
    view.verticalHeader().setVisible(False)
    row = view.fontMetrics().height() + 3
    view.verticalHeader().setDefaultSectionSize(row)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    row = max(row, view.verticalHeader().defaultSectionSize())
    height = header.sizeHint().height() + row * rows + 2 * view.frameWidth() + 2
    view.setMinimumHeight(height)
    if fixed:
        view.setMaximumHeight(height)
    return view


class CharacterSheet(QScrollArea):
    """The sheet of ``character_id`` in ``document``. ``status`` carries refusals and notes."""

    status = Signal(str)
    levelUpRequested = Signal(str)
    castRequested = Signal(str)
    printRequested = Signal(str)
    # Ctrl+click on a skill, SAVE or modifier: (kind, ability, skill or "")
    checkRequested = Signal(str, str, str)

    def __init__(self, document: CampaignDocument, character_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.fields: dict[str, FieldEdit] = {}
        self.roller: Roller = RandomRoller()  # the window's roller once connected (charges)
        self.labels: dict[str, QLabel] = {}
        self._refreshers: list[Callable[[Character], None]] = []
        self.setWidgetResizable(True)
        body = QWidget(self)
        self.setWidget(body)
        columns = QHBoxLayout(body)
        columns.setContentsMargins(8, 8, 8, 8)
        left, middle = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 4)
        columns.addLayout(middle, 5)
        left.addWidget(self._identity_box(body))
        left.addWidget(self._abilities_box(body))
        left.addWidget(self._saves_box(body))
        left.addStretch(1)
        middle.addWidget(self._vitals_box(body))
        self.attacks_model = AttacksModel(document, character_id, self)
        self.skills_model = SkillsModel(document, character_id, self)
        self.skills_model.editRefused.connect(self.status)
        attacks = QGroupBox("Attacks", body)
        QVBoxLayout(attacks).addWidget(table_view(self.attacks_model, attacks, 3, fixed=True))
        middle.addWidget(attacks)
        skills = QGroupBox("Skills (R7)", body)
        self.skills_view = table_view(self.skills_model, skills, 18, fixed=True)
        QVBoxLayout(skills).addWidget(self.skills_view)
        middle.addWidget(skills)
        self.knight = KnightPanel(self, body)  # the Melee Round's knight
        middle.addWidget(self.knight)
        middle.addStretch(1)
        right = QVBoxLayout()
        columns.addLayout(right, 5)
        self.gear = GearPanel(self, body)
        self.magic = MagicPanel(self, body)
        self.notes = NotesPanel(self, body)
        right.addWidget(self.gear, 3)
        right.addWidget(self.magic, 2)
        right.addWidget(self.notes, 2)
        self._watch_check_clicks()
        document.campaignChanged.connect(self._changed)
        self.refresh()

    def _watch_check_clicks(self) -> None:
        from gui.sheet.check_dialog import CheckClicks

        clicks = CheckClicks(lambda kind, ability, skill: self.checkRequested.emit(
            kind, ability.value, skill.value if skill else ""), self)
        clicks.watch(self.skills_view.viewport(), self.skills_view)
        for ability in ABILITIES:
            clicks.watch(self.labels[f"save_{ability.value}"], ("save", ability))
            clicks.watch(self.labels[f"{ability.value}_mod"], ("ability", ability))

    @property
    def character(self) -> Character:
        return self.document.character(self.character_id)

    @property
    def catalog(self) -> Catalog:
        """The campaign's archetypes and spells over the shipped, read at each refresh."""
        return Catalog(self.document.campaign)

    def _save_text(self, character: Character, *, ability: Ability) -> str:
        return _save_text(character, self.catalog, ability)

    # -- building blocks ------------------------------------------------------------------------

    def field(self, key: str, label: str, read: Callable[[Character], str],
              write: Callable[[Character, str], tuple[str, Any]], parent: QWidget,
              width: int | None = None, tip: str = "") -> FieldEdit:
        edit = FieldEdit(self.document, self.character_id, label, read, write, parent,
                         width=width, tip=tip)
        edit.refused.connect(self.status)
        self.fields[key] = edit
        return edit

    def label(self, key: str, parent: QWidget, update: Callable[[Character], str],
              tip: Callable[[Character], str] | None = None) -> QLabel:
        label = plain_label("", parent)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.labels[key] = label

        def refresh(character: Character) -> None:
            label.setText(update(character))
            if tip is not None:
                label.setToolTip(tooltip(tip(character)))

        self._refreshers.append(refresh)
        return label

    def _int_field(self, key: str, label: str, field: str, parent: QWidget,
                   tip: str = "") -> FieldEdit:
        return self.field(key, label, lambda c: str(getattr(c, field)),
                          lambda c, t: (field, int_text(t)), parent, width=70, tip=tip)

    def _combo(self, key: str, parent: QWidget, field: str, label: str,
               options: Callable[[Character], list[tuple[str, Any]]]) -> QComboBox:
        combo = QComboBox(parent)
        combo.setAccessibleName(label)
        self.labels[key] = QLabel()  # unused placeholder keeps keys uniform

        def refresh(character: Character) -> None:
            combo.blockSignals(True)
            combo.clear()
            for text, value in options(character):
                combo.addItem(text, value)
            found = combo.findData(getattr(character, field))
            combo.setCurrentIndex(found)
            combo.blockSignals(False)

        def chosen(index: int) -> None:
            if index < 0:
                return
            try:
                self.document.edit_character(self.character_id, field, combo.itemData(index),
                                             label=label)
            except Refused as exc:
                self.status.emit(f"{label} not changed: {exc}")
                refresh(self.character)

        combo.activated.connect(chosen)
        self._refreshers.append(refresh)
        setattr(self, f"{key}_combo", combo)
        return combo

    # -- the boxes ------------------------------------------------------------------------------

    def _identity_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Character", parent)
        form = QFormLayout(box)
        form.addRow("Name", self.field("name", "name", lambda c: c.name,
                                       lambda c, t: ("name", t), box))
        form.addRow("Player", self.field("player", "player", lambda c: c.player,
                                         lambda c, t: ("player", t), box))
        form.addRow("Race", self._combo("race", box, "race", "race", lambda c: [
            (r.name, r.id) for r in self.catalog.races().values()]))
        # a class is chosen by Level Up from the funnel (R5), never changed by hand; the
        # core's class_refusal says why (the sheet shows it, the document refuses an edit)
        form.addRow("Class", self.label("class", box, class_name,
                                        lambda c: class_refusal(c)))
        form.addRow("Archetype", self._combo("archetype", box, "archetype", "archetype",
                                             lambda c: _archetype_options(c, self.catalog)))
        form.addRow("Fighting style", self._combo("style", box, "fighting_style",
                                                  "fighting style", _style_options))
        level_row = QHBoxLayout()
        # the level is read, never typed; Level Up brings its HP, PROF and features
        level = self.label("level", box, lambda c: str(c.level),
                           lambda c: "Gained only by Level Up (R5, R6)")
        level.setStyleSheet("font-weight: bold;")
        level_row.addWidget(level)
        level_row.addWidget(plain_label("XP", box))
        level_row.addWidget(self._int_field("xp", "XP", "xp", box, "Experience (R32)"))
        self.level_up_button = QPushButton("Level Up…", box)
        self.level_up_button.clicked.connect(lambda: self.levelUpRequested.emit(
            self.character_id))
        level_row.addWidget(self.level_up_button)
        form.addRow("Level", level_row)
        form.addRow("", self.label("ready", box, level_up_readiness))
        form.addRow("Occupation", self.label("occupation", box, occupation_name))
        form.addRow("Status", self.label("status", box, lambda c: c.status.value))
        return box

    def _abilities_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Abilities (R1; injury loss R29)", parent)
        grid = QGridLayout(box)
        for column, title in enumerate(("", "Score", "Injury loss", "Effective", "Mod")):
            grid.addWidget(plain_label(title, box), 0, column)
        for row, ability in enumerate(ABILITIES, start=1):
            grid.addWidget(plain_label(ability.value, box), row, 0)
            grid.addWidget(self._score_field(ability, "base", box), row, 1)
            grid.addWidget(self._score_field(ability, "loss", box), row, 2)
            grid.addWidget(self.label(f"{ability.value}_effective", box,
                                      partial(_effective_text, ability=ability)), row, 3)
            mod = self.label(f"{ability.value}_mod", box, partial(_modifier_text, ability=ability))
            mod.setStyleSheet("font-weight: bold;")
            grid.addWidget(mod, row, 4)
        return box

    def _score_field(self, ability: Ability, part: str, parent: QWidget) -> FieldEdit:
        def write(character: Character, text: str) -> tuple[str, Any]:
            scores = character.scores.model_dump()
            scores[ability.value][part] = int_text(text)
            return "scores", scores

        name = ability.value if part == "base" else f"{ability.value} loss"
        tip = ("Score 0-20 (natural play caps at 18, R1)" if part == "base"
               else "Score lost to injuries, kept apart until restored (R29)")
        return self.field(f"{ability.value}_{part}", name,
                          lambda c: str(getattr(c.scores.get(ability), part)), write, parent,
                          width=60, tip=tip)

    def _saves_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Saves (R7: the class's save + one chosen)", parent)
        grid = QGridLayout(box)
        self.save_boxes: dict[Ability, QCheckBox] = {}
        for number, ability in enumerate(ABILITIES):
            check = QCheckBox(ability.value, box)
            check.toggled.connect(lambda on, a=ability: self._toggle_save(a, on))
            self.save_boxes[ability] = check
            grid.addWidget(check, number // 3, (number % 3) * 2)
            grid.addWidget(self.label(f"save_{ability.value}", box,
                                      partial(self._save_text, ability=ability)),
                           number // 3, (number % 3) * 2 + 1)
        return box

    def _toggle_save(self, ability: Ability, on: bool) -> None:
        saves = [a for a in self.character.save_proficiencies if a != ability]
        if on:
            saves.append(ability)
        try:
            self.document.edit_character(self.character_id, "save_proficiencies", saves,
                                         label=f"{ability.value} save")
        except Refused as exc:
            self.status.emit(f"Save not changed: {exc}")

    def _vitals_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Vitals", parent)
        grid = QGridLayout(box)
        grid.addWidget(plain_label("HP", box), 0, 0)
        hp = QHBoxLayout()
        hp.addWidget(self._int_field("hp", "HP", "hp", box, "Current hit points"))
        hp.addWidget(plain_label("/", box))
        hp.addWidget(self._int_field("max_hp", "max HP", "max_hp", box, "Maximum hit points"))
        grid.addLayout(hp, 0, 1)
        grid.addWidget(plain_label("HD pool", box), 0, 2)
        pool = QHBoxLayout()
        pool.addWidget(self._int_field("hit_dice", "HD pool", "hit_dice", box,
                                       "Hit dice left in the pool (R6: one per level to 5)"))
        pool.addWidget(self.label("hit_die", box, lambda c: _hit_die_text(c, self.catalog)))
        grid.addLayout(pool, 0, 3)
        grid.addWidget(plain_label("AC", box), 1, 0)
        ac = self.label("ac", box, lambda c: str(character_armor_class(c, self.catalog)), _ac_tip)
        ac.setStyleSheet("font-weight: bold; font-size: 15pt;")
        grid.addWidget(ac, 1, 1)
        grid.addWidget(plain_label("PROF", box), 1, 2)
        grid.addWidget(self.label("prof", box, lambda c: f"{c.prof:+d}"), 1, 3)
        self.label("ac_parts", box, lambda c: _ac_parts(c, self.catalog)).setWordWrap(True)
        grid.addWidget(self.labels["ac_parts"], 2, 0, 1, 4)
        grid.addWidget(plain_label("Luck dice", box), 3, 0)
        grid.addWidget(self.field("luck", "luck dice", lambda c: str(c.luck.dice),
                                  _write_luck, box, width=70,
                                  tip="Luck Dice, three at most (R29)"), 3, 1)
        grid.addWidget(plain_label("Load", box), 3, 2)
        grid.addWidget(self.label("load", box, _load_text), 3, 3)
        grid.addWidget(plain_label("Dead at", box), 4, 0)
        grid.addWidget(self.label("death", box, lambda c: f"{c.death_threshold} HP (R22)"),
                       4, 1)
        grid.addWidget(plain_label("HP history", box), 4, 2)
        grid.addWidget(self.label("hp_history", box, _hp_history), 4, 3)
        return box

    # -- following the document -----------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        if change.touches(self.character_id):
            self.refresh()

    def refresh(self) -> None:
        try:
            character = self.character
        except KeyError:
            return  # removed; the window closes this sheet
        for edit in self.fields.values():
            edit.refresh()
        for refresh in self._refreshers:
            refresh(character)
        for ability, check in self.save_boxes.items():
            check.blockSignals(True)
            check.setChecked(ability in character.save_proficiencies)
            check.blockSignals(False)
        self.level_up_button.setText("Advance to 1st…" if character.level == 0 else "Level Up…")
        ready = self.labels["ready"]  # R32: bold when due, muted otherwise (palette tones)
        tone(ready, None if character.can_level_up else "muted")
        font = ready.font()
        font.setBold(character.can_level_up)
        ready.setFont(font)
        self.magic.refresh(character)
        self.gear.refresh(character)
        self.notes.refresh(character)
        self.knight.refresh(character)


def _archetype_options(character: Character, catalog: Catalog) -> list[tuple[str, Any]]:
    if character.class_id is None:
        return [("—", None)]
    return [("—", None)] + [(a.name, a.id) for a in catalog.archetypes_for(character.class_id,
                                                                           character.race)]


def _style_options(character: Character) -> list[tuple[str, Any]]:
    cls = character.class_def
    styles = [(o.name, o.id) for f in cls.features for o in f.options] if cls else []
    return [("—", None), *styles]


def _save_text(character: Character, catalog: Catalog, ability: Ability) -> str:
    line = next(s for s in save_lines(character, catalog) if s.ability == ability)
    return f"{line.bonus:+d}"


def _hit_die_text(character: Character, catalog: Catalog) -> str:
    if character.class_def is None:
        return f"of {character.max_hit_dice} (0-level: none)"
    return f"of {character.max_hit_dice} × d{character.hit_die_at(catalog, character.level)}"


def _ac_parts(character: Character, catalog: Catalog) -> str:
    parts = armor_class_parts(character, catalog)
    words = [f"{parts.armor_name or 'no armor'} {parts.armor_base}"]
    if parts.armor_damage:
        words.append(f"−{parts.armor_damage} damage" + (" (BROKEN)" if parts.armor_broken
                                                          else ""))
    if parts.dex_applied:
        words.append(f"DEX {parts.dex_applied:+d}")
    if parts.shield_bonus or parts.shield_damage:
        words.append(f"shield +{parts.shield_bonus}"
                     + (f" (−{parts.shield_damage} damage)" if parts.shield_damage else ""))
    if parts.style_bonus:
        words.append(f"Defense +{parts.style_bonus}")
    text = ", ".join(words)
    if parts.stealth_hard:
        text += ". Stealth is HARD in this armor."
    if parts.magic:
        text += " Magic: " + "; ".join(parts.magic)
    return text


def _ac_tip(character: Character) -> str:
    return "Worn armor + DEX where it applies + shield − armor damage (R12, R15)"


def _load_text(character: Character) -> str:
    carried, limit = load_and_limit(character)
    return f"{carried} / {limit}" + ("  ENCUMBERED" if carried > limit else "")


def _hp_history(character: Character) -> str:
    return " ".join(f"L{e.level}:+{e.gain}" for e in character.hp_history) or "—"


def _write_luck(character: Character, text: str) -> tuple[str, Any]:
    return "luck", character.luck.model_copy(update={"dice": int_text(text)}).model_dump()


def _effective_text(character: Character, *, ability: Ability) -> str:
    return str(character.scores.effective(ability))


def _modifier_text(character: Character, *, ability: Ability) -> str:
    return f"{character.modifier(ability):+d}"


