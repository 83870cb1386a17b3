"""Casting from the sheet: a SPELLCHECK (R8), Lay on Hands (R11), the depletion SAVE (R10).

The GM picks the spell (or Lay on Hands and its target), the ROOM DC and EASY/HARD, and rolls or
types the d20. The core resolves it with the fight's own rules (``character.casting``: the cap,
the HD spent, the archetype features, the sheet's conditions); the dialog shows the total, the
Success Level, the spell dice to roll and, on a natural 1, the mishap (Magic-user) or the
disapproval (Cleric). The counters it changes (spells since the SAVE, the disapproval range, the
target's HP, HD pool and daily healing) are written back as one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.character.bonuses import caster_kind
from emberkeep.character.casting import cast_spell, lay_on_hands, roll_depletion_save
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.scrolls import scroll_caster
from emberkeep.character.spell_luck import luck_on_spellcheck
from emberkeep.clock.schedule import spell_effect
from emberkeep.clock.units import seconds
from emberkeep.dice import Purpose, Roller, TypedRoller
from emberkeep.magic.limits import CasterState, CastingBarred
from emberkeep.magic.spellcheck import EASY, HARD, SpellcheckResult, spellcheck_words
from emberkeep.optional_rules.advantage import Advantage
from gui.document import CampaignDocument

__all__ = ["LAY_ON_HANDS", "CastDialog", "describe_spellcheck"]

LAY_ON_HANDS = "__lay_on_hands__"


def describe_spellcheck(result: SpellcheckResult) -> str:
    """The core's words for the SPELLCHECK, one per line (``spellcheck_words``)."""
    return "\n".join(spellcheck_words(result))


class CastDialog(QDialog):
    def __init__(self, document: CampaignDocument, character_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.roller = roller
        self.last_text = ""
        character = document.character(character_id)
        catalog = Catalog(document.campaign)
        self.kind = caster_kind(character)
        self.setWindowTitle(f"Cast — {character.name}")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self._build_spell_and_target(form)
        self._build_check(form, character, catalog)
        self._build_clock(form)
        self.outcome = QLabel(self)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        self.outcome.setWordWrap(True)
        self.outcome.setMinimumWidth(420)
        layout.addWidget(self.outcome, 1)
        self.last_result: SpellcheckResult | None = None
        self.caster_before: CasterState | None = None
        self._build_buttons(layout)
        self.spell.currentIndexChanged.connect(self._update)
        self._update()

    def _build_spell_and_target(self, form: QFormLayout) -> None:
        """The spell to cast and the character Lay on Hands heals."""
        self.spell = QComboBox(self)
        self._fill_spells(False)
        form.addRow("&Spell", self.spell)
        self.target = QComboBox(self)
        for other in self.document.campaign.characters:
            self.target.addItem(other.name, other.id)
        self.target.setCurrentIndex(self.target.findData(self.character_id))
        form.addRow("&Heal (Lay on Hands)", self.target)

    def _build_check(self, form: QFormLayout, character: Character, catalog: Catalog) -> None:
        """The SPELLCHECK's ROOM DC, difficulty, advantage, scroll and typed d20."""
        self.room_dc = QSpinBox(self)
        self.room_dc.setRange(1, 40)
        self.room_dc.setValue(self.document.campaign.settings.default_room_dc)
        form.addRow("&ROOM DC", self.room_dc)
        self.difficulty = QComboBox(self)
        for text, shift in (("normal", 0), ("EASY (-3)", EASY), ("HARD (+3)", HARD)):
            self.difficulty.addItem(text, shift)
        form.addRow("Di&fficulty", self.difficulty)
        self.advantage = QComboBox(self)  # 2d20 keep high/low, as for attacks
        for adv in Advantage:
            self.advantage.addItem("no advantage" if adv is Advantage.NONE else adv.value, adv)
        self.advantage.setAccessibleName("advantage")
        form.addRow("&Advantage", self.advantage)
        # the "scroll" context, as the fight's Cast dialog offers it
        self.from_scroll = QCheckBox("cast from a scr&oll", self)
        # a scroll holds any spell of the campaign; a reader of arcane scrolls (the
        # Arcane Trickster) casts one with a Magic-user's SPELLCHECK, made HARD by its feature
        self.from_scroll.setEnabled(scroll_caster(character, catalog) is not None)
        self.from_scroll.toggled.connect(self._fill_spells)
        form.addRow("", self.from_scroll)  # the box says what it is, with its Alt key
        self.typed = QSpinBox(self)
        self.typed.setRange(0, 20)
        self.typed.setSpecialValueText("roll it")
        self.typed.setAccessibleName("d20 typed")
        form.addRow("d&20", self.typed)

    def _build_clock(self, form: QFormLayout) -> None:
        """A spell effect with a duration goes on the game clock and ends by itself."""
        clock = QHBoxLayout()
        self.effect_count = QSpinBox(self)
        self.effect_count.setRange(1, 999)
        self.effect_count.setAccessibleName("effect lasts")
        self.effect_unit = QComboBox(self)
        for unit, shown in (("round", "rounds"), ("exploration_turn", "turns (10 minutes)"),
                            ("minute", "minutes"), ("hour", "hours"), ("day", "days")):
            self.effect_unit.addItem(shown, unit)
        self.clock_button = QPushButton("Put on the cloc&k", self)
        self.clock_button.setToolTip("The spell's effect as a timeline entry that ends by itself")
        self.clock_button.clicked.connect(self.put_on_clock)
        clock.addWidget(self.effect_count)
        clock.addWidget(self.effect_unit)
        clock.addWidget(self.clock_button)
        lasts = QLabel("Effect las&ts", self)
        lasts.setBuddy(self.effect_count)  # a row of fields: Alt+T goes to the first
        form.addRow(lasts, clock)

    def _build_buttons(self, layout: QVBoxLayout) -> None:
        """Cast, Spend a Luck Die, Depletion SAVE and Close."""
        buttons = QHBoxLayout()
        self.cast_button = QPushButton("&Cast", self)
        self.cast_button.setDefault(True)
        self.cast_button.clicked.connect(self.cast)
        self.save_button = QPushButton("&Depletion SAVE", self)
        self.save_button.clicked.connect(self.roll_depletion_save)
        # R29: after seeing the SPELLCHECK, a Luck Die may be added
        self.luck_button = QPushButton("Spend a &Luck Die", self)
        self.luck_button.setToolTip("Add a d6 to the SPELLCHECK just seen; the Success Level "
                                    "moves one at most (R8, R29)")
        self.luck_button.clicked.connect(self.spend_luck)
        close = QPushButton("Clos&e", self)
        close.clicked.connect(self.accept)
        for button in (self.cast_button, self.luck_button, self.save_button, close):
            buttons.addWidget(button)
        layout.addLayout(buttons)

    @property
    def character(self) -> Character:
        return self.document.character(self.character_id)

    def _fill_spells(self, scroll: bool) -> None:
        """The spells known (and Lay on Hands for a Cleric), or every spell from a scroll."""
        catalog = Catalog(self.document.campaign)
        character = self.character
        self.spell.clear()
        ids = list(catalog.spells()) if scroll else character.spells_known
        for spell_id in ids:
            try:
                self.spell.addItem(catalog.spell(spell_id).name, spell_id)
            except KeyError:
                continue
        if self.kind == "cleric" and not scroll:
            self.spell.addItem("Lay on Hands", LAY_ON_HANDS)
        if hasattr(self, "cast_button"):
            self._update()

    def _update(self) -> None:
        state = self.character.caster
        self.target.setEnabled(self.spell.currentData() == LAY_ON_HANDS)
        self.save_button.setEnabled(self.kind == "magic_user" and state.depletion_save_due)
        self.luck_button.setEnabled(
            self.last_result is not None and self.last_result.luck is None
            and self.character.luck.dice > 0
            and self.document.campaign.settings.rules.luck_dice)
        can = self.kind is not None or (self.from_scroll.isChecked() and scroll_caster(
            self.character, Catalog(self.document.campaign)) is not None)
        self.cast_button.setEnabled(can and self.spell.count() > 0)
        if state.depletion_save_due and self.kind == "magic_user":
            self.outcome.setText("Spell Depletion: roll the INT SAVE before casting again (R10).")

    def dice(self) -> tuple[int, int, Advantage]:
        """ROOM DC, the GM's DC shift and advantage; the core adds the features', the sheet's
        conditions and the campaign's advantage rule (``character.casting``)."""
        return (self.room_dc.value(), int(self.difficulty.currentData()),
                Advantage(self.advantage.currentData()))

    def cast(self) -> str:
        """Resolve the cast with the core and record it; returns the text shown."""
        character = self.character
        typed = self.typed.value() or None
        roller = TypedRoller(self.roller, {Purpose.SPELLCHECK: typed} if typed else None)
        dc, shift, advantage = self.dice()
        rules = self.document.campaign.settings.rules
        rule_on, mode = rules.advantage_disadvantage, rules.advantage_mode
        after = character.model_copy(deep=True)
        changed = [after]
        catalog = Catalog(self.document.campaign)
        try:
            if self.spell.currentData() == LAY_ON_HANDS:
                target_id = str(self.target.currentData())
                target = after if target_id == after.id else \
                    self.document.character(target_id).model_copy(deep=True)
                if target is not after:
                    changed.append(target)
                healed = lay_on_hands(after, target, catalog, roller, room_dc=dc,
                                      dc_shift=shift, advantage=advantage, rule_on=rule_on,
                                      mode=mode)
                text = describe_spellcheck(healed.check) + "\n" + healed.words(target.name)
                label = f"{character.name}: Lay on Hands on {target.name}"
            else:
                spell = catalog.spell(str(self.spell.currentData()))
                before = after.caster
                result = cast_spell(after, catalog, spell, roller, room_dc=dc, dc_shift=shift,
                                    advantage=advantage, rule_on=rule_on, mode=mode,
                                    scroll=self.from_scroll.isChecked())
                text = describe_spellcheck(result)
                label = f"{character.name} casts {spell.name}"
        except (CastingBarred, ValueError) as exc:
            self.outcome.setText(str(exc))
            return str(exc)
        if self.spell.currentData() != LAY_ON_HANDS:
            self.last_result, self.caster_before = result, before
        else:
            self.last_result = None  # the HD are spent: no Luck Die on a Lay on Hands here
        self._record(changed, label)
        self.outcome.setText(text)
        self.last_text = text
        self._update()
        return text

    def put_on_clock(self) -> str:
        """The last spell cast, as a timed spell effect on the campaign's timeline."""
        result = self.last_result
        if result is None or not result.success or result.spell is None:
            self.outcome.setText("Cast a spell successfully first; its effect then goes on the "
                                 "clock.")
            return ""
        count, unit = self.effect_count.value(), str(self.effect_unit.currentData())
        label = f"{result.spell.name} (Success Level {result.level})"
        cid = self.character_id
        command = self.document.run(
            f"{label} on the clock",
            lambda c: spell_effect(c, c.character(cid), label,
                                   seconds(unit, count, c.settings.time)),  # type: ignore[arg-type]
            scope=Scope.of([cid], ("timeline",)))
        text = (f"Not on the clock: {command.error}" if command.error is not None else
                f"{label} lasts {count} {self.effect_unit.currentText()}: on the timeline")
        self.outcome.setText(self.outcome.text() + "\n" + text)
        return text

    def spend_luck(self) -> str:
        """R29: a Luck Die on the SPELLCHECK just shown; one undo step of its own."""
        if self.last_result is None or self.caster_before is None:
            return ""
        after = self.character.model_copy(deep=True)
        try:
            lucky = luck_on_spellcheck(after, self.caster_before, self.last_result,
                                       self.roller)
        except ValueError as exc:
            self.outcome.setText(str(exc))
            return str(exc)
        assert lucky.luck is not None
        self._record([after], f"{after.name}: a Luck Die on the SPELLCHECK "
                              f"({lucky.luck.describe()})")
        self.last_result = lucky
        text = describe_spellcheck(lucky)
        self.outcome.setText(text)
        self.last_text = text
        self._update()
        return text

    def roll_depletion_save(self) -> str:
        """R10: the INT SAVE against the ROOM DC, by the core's rule (features included)."""
        after = self.character.model_copy(deep=True)
        typed = self.typed.value() or None
        save = roll_depletion_save(
            after, Catalog(self.document.campaign),
            TypedRoller(self.roller, {Purpose.SAVE: typed} if typed else None),
            room_dc=self.room_dc.value(), dc_shift=int(self.difficulty.currentData()))
        self._record([after], f"{after.name}: depletion SAVE")
        text = save.words()
        self.outcome.setText(text)
        self._update()
        return text

    def _record(self, sheets: list[Character], label: str) -> None:
        try:
            self.document.replace_characters(sheets, label)
        except Refused as exc:
            self.outcome.setText(str(exc))
