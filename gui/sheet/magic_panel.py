"""The sheet's magic block (R8-R11): SPELLCHECK, spells known against the limit, the spells
and cantrips known with learning, copying and forgetting, the depletion and disapproval counters,
and the Cast button.

It reads the character through its :class:`CharacterSheet` and edits it through the document
(one undo command per change); it holds no copy of the character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.character.bonuses import CASTING_ABILITY
from emberkeep.character.catalog import Catalog
from emberkeep.character.copying import copy_spell
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import caster_kind, spellcheck_bonus, spells_known_limit
from emberkeep.character.sheet_rules import cantrips_allowed
from emberkeep.magic.spells import load_spells
from gui.plain_text import plain_label, tooltip
from gui.sheet.explained import mark
from gui.sheet.fields import int_text, set_choices

if TYPE_CHECKING:
    from gui.sheet.reads import Watches
    from gui.sheet.widget import CharacterSheet

__all__ = ["MagicPanel"]


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

    def watch(self, watches: Watches) -> None:
        """The spells to learn follow the catalogs; the rest what it reads of the character."""
        watches.add("spells to learn", self._fill_spells)
        watches.add("magic", self._show)

    def _fill_spells(self, _character: Character) -> None:
        """The learnable spells of the campaign's catalog in the combo (reads no field of the
        character: refilled when the catalogs change)."""
        spells = Catalog(self.sheet.document.campaign).spells().values()
        set_choices(self.spell_combo, [(s.name, s.id) for s in spells])

    def _show(self, character: Character) -> None:
        catalog = Catalog(self.sheet.document.campaign)
        self.setVisible(self.applies(character, catalog))
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
        names = {s.id: s.name for s in catalog.spells().values()}
        names |= {c.id: c.name for c in load_spells().cantrips}
        for view, ids in ((self.spells, character.spells_known),
                          (self.cantrips, character.cantrips)):
            _fill_list(view, [(names.get(i, i), i) for i in ids])
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


def _fill_list(view: QListWidget, rows: list[tuple[str, str]]) -> None:
    """``rows`` (name, id) in ``view``, refilled only when they differ from what it shows (a
    refill drops the GM's selection)."""
    role = Qt.ItemDataRole.UserRole
    if [(view.item(n).text(), view.item(n).data(role)) for n in range(view.count())] == rows:
        return
    view.clear()
    for name, spell_id in rows:
        view.addItem(name)
        view.item(view.count() - 1).setData(role, spell_id)


def _write_caster(character: Character, key: str, text: str) -> tuple[str, Any]:
    state = character.caster.model_dump()
    state[key] = int_text(text)
    return "caster", state
