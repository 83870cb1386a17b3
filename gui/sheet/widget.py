"""One character's sheet: every Furnace field, bound live to the campaign's character.

Read at a glance: a header band (:mod:`gui.sheet.header`) with name, class, level, HP, AC,
PROF, Luck Dice and the attacks, always in sight; below it, in titled blocks that scroll
vertically (never sideways, down to a 1280 px laptop): who the character is, abilities (with
injury loss, R29) and saves; skills (:mod:`gui.sheet.skills_panel`) and features and notes
(:mod:`gui.sheet.panels`); gear and coins (:mod:`gui.sheet.gear_panel`) and magic
(:mod:`gui.sheet.magic_panel`); the knight (:mod:`gui.sheet.knight_panel`) across the bottom.
A block that does not apply is hidden: no Magic for a class that casts nothing, no Knight
without a profile; each shows again when it starts to apply. Each field commits through an
undo command as the GM types (:class:`FieldEdit`). Each field, label and block is redrawn when
the document announces a change to a field of the character it read the last time it was
drawn (:mod:`gui.sheet.reads`: the core's functions do the reading, so AC follows whatever the
rules read for it), so an edit anywhere (roster, encounter, undo) shows here at once and an HP
keystroke redraws the HP, the status and nothing else. Every derived number is marked for the
explanations (:mod:`gui.sheet.explained`). All user text is plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
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
from shiboken6 import isValid

from emberkeep.campaign.changes import Change
from emberkeep.campaign.operation import Refused
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.advancement import MAX_LEVEL
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import save_lines
from emberkeep.dice import RandomRoller, Roller
from gui.document import CampaignDocument
from gui.labels import occupation_name
from gui.palette import tone
from gui.plain_text import plain_label, tooltip
from gui.sheet.explained import mark
from gui.sheet.fields import FieldEdit, int_text, set_choices
from gui.sheet.gear_panel import GearPanel
from gui.sheet.header import HeaderBand, bold, caption
from gui.sheet.knight_panel import KnightPanel
from gui.sheet.magic_panel import MagicPanel
from gui.sheet.models import AttacksModel, SkillsModel
from gui.sheet.panels import NotesPanel
from gui.sheet.reads import Watches
from gui.sheet.skills_panel import SkillsPanel

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


class CharacterSheet(QWidget):
    """The sheet of ``character_id`` in ``document``. ``status`` carries refusals and notes.

    The character shown is :attr:`character` (read from the document at each call, never a
    copy); its id is :attr:`character_id`."""

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
        self.watches = Watches()  # every part below, redrawn when what it read changes
        self.level_up_button: QPushButton
        self.style_combo: QComboBox
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 0)
        outer.setSpacing(6)
        # Creation order is the Tab order: the band, then each column top to bottom.
        self.header = HeaderBand(self, self)
        self.header.setAutoFillBackground(True)  # the band stands apart from the blocks
        self.header.setBackgroundRole(QPalette.ColorRole.AlternateBase)
        outer.addWidget(self.header)
        self.blocks = QScrollArea(self)
        self.blocks.setWidgetResizable(True)
        self.blocks.setFrameShape(QFrame.Shape.NoFrame)
        # Tab moves through the blocks and the area follows the focus: no stop of its own
        self.blocks.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        outer.addWidget(self.blocks, 1)
        body = QWidget(self.blocks)
        self.body = body
        self.blocks.setWidget(body)
        grid = QGridLayout(body)
        grid.setContentsMargins(0, 0, 0, 6)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(6)
        left, middle, right = QVBoxLayout(), QVBoxLayout(), QVBoxLayout()
        for column, (layout, stretch) in enumerate(((left, 4), (middle, 4), (right, 5))):
            layout.setSpacing(6)
            grid.addLayout(layout, 0, column)
            grid.setColumnStretch(column, stretch)
        left.addWidget(self._identity_box(body))
        left.addWidget(self._abilities_box(body))
        left.addStretch(1)
        self.attacks_model = AttacksModel(document, character_id, self)
        self.skills_model = SkillsModel(document, character_id, self)
        self.skills_model.editRefused.connect(self.status)
        self.skills = SkillsPanel(self, self.skills_model, body)
        middle.addWidget(self.skills)
        self.notes = NotesPanel(self, body)
        middle.addWidget(self.notes, 1)
        self.magic = MagicPanel(self, body)  # a caster's magic above the gear: in sight
        self.gear = GearPanel(self, body)
        right.addWidget(self.magic)
        right.addWidget(self.gear)
        right.addStretch(1)
        self.knight = KnightPanel(self, body)  # the Melee Round's knight, only with a profile
        self.knight.add_button = self.add_knight_button
        grid.addWidget(self.knight, 1, 0, 1, 3)
        grid.setRowStretch(2, 1)
        self._watch_the_rest()
        self._watch_check_clicks()
        # an Alt key (or a click) focusing a field below the fold scrolls it into sight, as Tab does
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._follow_focus)
        document.campaignChanged.connect(self._changed)
        self.refresh()

    def _follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and isValid(self) and self.body.isAncestorOf(new):
            self.blocks.ensureWidgetVisible(new)

    def _watch_check_clicks(self) -> None:
        from gui.sheet.check_dialog import CheckClicks

        clicks = CheckClicks(lambda kind, ability, skill: self.checkRequested.emit(
            kind, ability.value, skill.value if skill else ""), self)
        self.skills.watch_clicks(clicks.watch)
        for ability in ABILITIES:
            clicks.watch(self.labels[f"save_{ability.value}"], ("save", ability))
            clicks.watch(self.labels[f"{ability.value}_mod"], ("ability", ability))

    @property
    def character(self) -> Character:
        """The character this sheet shows, as the campaign holds it now."""
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
        self.watches.add(f"field {key}", lambda c: edit.refresh(character=c))
        return edit

    def label(self, key: str, parent: QWidget, update: Callable[[Character], str],
              tip: Callable[[Character], str] | None = None, *,
              also: Iterable[str] = ()) -> QLabel:
        label = plain_label("", parent)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.labels[key] = label

        def refresh(character: Character) -> None:
            label.setText(update(character))
            if tip is not None:
                label.setToolTip(tooltip(tip(character)))

        self.watches.add(f"label {key}", refresh, also)
        return label

    def _hp_history(self, parent: QWidget) -> QWidget:
        """Each level's HP gain, each its own number that explains itself: the die rolled and
        CON, or the fixed amount (R5)."""
        row = QWidget(parent)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        # made now, hidden until used, so Tab meets them in their place: level 0 (a funnel
        # survivor's) to the last level there is
        shown = [plain_label("", row) for _ in range(_MOST_HP_ENTRIES)]
        none = plain_label("—", row)
        for label in (*shown, none):
            layout.addWidget(label)
        layout.addStretch(1)

        def refresh(character: Character) -> None:
            entries = character.hp_history[-len(shown):]
            for label, entry in zip(shown, entries, strict=False):
                label.setText(f"L{entry.level}: +{entry.gain}")
                mark(label, f"hp_gain:{entry.level}")
            for number, label in enumerate(shown):
                label.setVisible(number < len(entries))
            none.setVisible(not entries)

        self.watches.add("HP history", refresh)
        return row

    def _int_field(self, key: str, label: str, field: str, parent: QWidget,
                   tip: str = "") -> FieldEdit:
        return self.field(key, label, lambda c: str(getattr(c, field)),
                          lambda c, t: (field, int_text(t)), parent, width=70, tip=tip)

    def _combo(self, key: str, parent: QWidget, field: str, label: str,
               options: Callable[[Character], list[tuple[str, Any]]]) -> QComboBox:
        combo = QComboBox(parent)
        combo.setAccessibleName(label)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)

        def refresh(character: Character) -> None:
            set_choices(combo, options(character), current=getattr(character, field))

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
        self.watches.add(f"combo {key}", refresh)
        setattr(self, f"{key}_combo", combo)
        return combo

    # -- the blocks -----------------------------------------------------------------------------

    def _identity_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Character", parent)
        form = QFormLayout(box)
        form.setVerticalSpacing(4)
        player = self.field("player", "player", lambda c: c.player,
                            lambda c, t: ("player", t), box)
        form.addRow(caption("Pla&yer", box, player), player)
        race = self._combo("race", box, "race", "race", lambda c: [
            (r.name, r.id) for r in self.catalog.races().values()])
        form.addRow(caption("&Race", box, race), race)
        archetype = self._combo("archetype", box, "archetype", "archetype",
                                lambda c: _archetype_options(c, self.catalog))
        form.addRow(caption("&Archetype", box, archetype), archetype)
        style = self._combo("style", box, "fighting_style", "fighting style", _style_options)
        form.addRow(caption("F&ighting style", box, style), style)
        self._identity_form = form  # its Fighting style row only for a class that has styles
        xp = self._int_field("xp", "XP", "xp", box, "Experience (R32)")
        form.addRow(caption("&XP", box, xp), xp)
        pool = QHBoxLayout()
        hit_dice = self._int_field("hit_dice", "HD pool", "hit_dice", box,
                                   "Hit dice left in the pool (R6: one per level to 5)")
        pool.addWidget(hit_dice)
        pool.addWidget(self.label("hit_die", box, lambda c: _hit_die_text(c, self.catalog)), 1)
        form.addRow(caption("HD pool", box), pool)
        form.addRow(caption("HP history", box), self._hp_history(box))
        form.addRow(caption("Occupation", box), self.label("occupation", box, occupation_name))
        form.addRow(caption("Status", box), self.label("status", box, lambda c: c.status.value))
        self.add_knight_button = QPushButton("Add knight profile", box)
        self.add_knight_button.setToolTip("A knight for the Melee Round (R24, R33): its own "
                                          "SIZ, DEX, STR, CON, APP, skills and HP track (R39)")
        self.add_knight_button.clicked.connect(lambda: self.knight.add_profile())
        knight_row = QHBoxLayout()
        knight_row.addWidget(self.add_knight_button)
        knight_row.addStretch(1)
        form.addRow("", knight_row)
        return box

    def _abilities_box(self, parent: QWidget) -> QGroupBox:
        """The six scores with injury loss (R29), the modifier, and each SAVE (R7) on the
        ability's own row: PROF ticked for the class's save and the one chosen."""
        box = QGroupBox("Abilities and saves (R1, R7; injury loss R29)", parent)
        grid = QGridLayout(box)
        grid.setVerticalSpacing(3)
        heads = [caption(t, box) for t in ("A&bility", "Score", "In&jury loss", "Effective",
                                             "Mod", "SAVE", "PROF")]
        for column, head in enumerate(heads):
            grid.addWidget(head, 0, column)
        self.save_boxes: dict[Ability, QCheckBox] = {}
        for row, ability in enumerate(ABILITIES, start=1):
            grid.addWidget(plain_label(ability.value, box), row, 0)
            base = self._score_field(ability, "base", box)
            loss = self._score_field(ability, "loss", box)
            if row == 1:
                heads[0].setBuddy(base)
                heads[2].setBuddy(loss)
            grid.addWidget(base, row, 1)
            grid.addWidget(loss, row, 2)
            grid.addWidget(self.label(f"{ability.value}_effective", box,
                                      partial(_effective_text, ability=ability)), row, 3)
            mod = self.label(f"{ability.value}_mod", box, partial(_modifier_text, ability=ability))
            bold(mod)
            grid.addWidget(mod, row, 4)
            save = self.label(f"save_{ability.value}", box,
                              partial(self._save_text, ability=ability))
            bold(save)
            save.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            mark(save, f"save:{ability.value}")
            grid.addWidget(save, row, 5)
            check = QCheckBox(box)
            check.setAccessibleName(f"PROF in the {ability.value} SAVE")
            check.setToolTip(f"PROF in the {ability.value} SAVE (R7: the class's save + one "
                             "chosen)")
            check.toggled.connect(lambda on, a=ability: self._toggle_save(a, on))
            self.save_boxes[ability] = check
            grid.addWidget(check, row, 6)
        grid.setColumnStretch(7, 1)
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

    def _toggle_save(self, ability: Ability, on: bool) -> None:
        saves = [a for a in self.character.save_proficiencies if a != ability]
        if on:
            saves.append(ability)
        try:
            self.document.edit_character(self.character_id, "save_proficiencies", saves,
                                         label=f"{ability.value} save")
        except Refused as exc:
            self.status.emit(f"Save not changed: {exc}")

    # -- following the document -----------------------------------------------------------------

    def _watch_the_rest(self) -> None:
        """The parts not made by :meth:`field` and :meth:`label`, each its own watch."""
        watches = self.watches

        def saves(character: Character) -> None:
            for ability, check in self.save_boxes.items():
                check.blockSignals(True)
                check.setChecked(ability in character.save_proficiencies)
                check.blockSignals(False)

        def level_up(character: Character) -> None:
            self.level_up_button.setText("Advance to 1st…" if character.level == 0
                                         else "Level Up…")
            ready = self.labels["ready"]  # R32: green and bold when due, muted otherwise
            tone(ready, "good" if character.can_level_up else "muted")
            font = ready.font()
            font.setBold(character.can_level_up)
            ready.setFont(font)

        watches.add("save PROF", saves)
        watches.add("level up", level_up)
        watches.add("attacks", lambda c: self.header.refresh(c, self.catalog))
        self.magic.watch(watches)
        self.gear.watch(watches)
        self.notes.watch(watches)
        watches.add("knight", self.knight.refresh)
        watches.add("add knight",
                    lambda c: self.add_knight_button.setVisible(c.knight is None))
        watches.add("style row", lambda c: self._identity_form.setRowVisible(
            self.style_combo, len(_style_options(c)) > 1 or bool(c.fighting_style)))

    def _changed(self, change: Change) -> None:
        """Redraw what ``change`` concerns (the skills follow their model)."""
        try:
            self.watches.follow(change, self.character_id, lambda: self.character)
        except KeyError:
            return  # removed; the window closes this sheet

    def refresh(self) -> None:
        """Redraw every part of the sheet."""
        try:
            character = self.character
        except KeyError:
            return  # removed; the window closes this sheet
        self.watches.show_all(character)
        self.skills.refresh(character)


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


_MOST_HP_ENTRIES = MAX_LEVEL + 1  # level 0 (the funnel's) to the last


def _effective_text(character: Character, *, ability: Ability) -> str:
    return str(character.scores.effective(ability))


def _modifier_text(character: Character, *, ability: Ability) -> str:
    return f"{character.modifier(ability):+d}"


