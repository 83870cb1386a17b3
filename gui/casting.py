"""Casting from the sheet: a SPELLCHECK (R8), Lay on Hands (R11), the depletion SAVE (R10).

The GM picks the spell (or Lay on Hands and its target), the ROOM DC and EASY/HARD, and rolls or
types the d20. The core resolves it (``cast``, ``lay_on_hands_check``, ``heal_with_hit_dice``,
``depletion_save``); the dialog shows the total, the Success Level, the spell dice to roll and,
on a natural 1, the mishap (Magic-user) or the disapproval (Cleric). The counters it changes
(spells since the SAVE, the disapproval range, the target's HP, HD pool and daily healing) are
written back as one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
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

from emberkeep.character.abilities import Ability
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import caster_kind
from emberkeep.dice import Purpose, Roller, TypedRoller
from emberkeep.magic.lay_on_hands import heal_with_hit_dice, lay_on_hands_check
from emberkeep.magic.limits import CastingBarred, cast, depletion_save
from emberkeep.magic.spellcheck import EASY, HARD, SpellcheckResult, spellcheck_modes
from emberkeep.magic.spells import get_spell
from emberkeep.optional_rules.advantage import Advantage
from gui.document import CampaignDocument, EditRefused

__all__ = ["LAY_ON_HANDS", "CastDialog", "describe_spellcheck"]

LAY_ON_HANDS = "__lay_on_hands__"
_FAILURES = {"natural_1": "natural 1: MISHAP", "disapproval": "DISAPPROVAL (R10)",
             "too_low": "failure (11 or less)", "room_dc": "failure: below the ROOM DC",
             "spell_fails": "the spell fails at this level"}


def describe_spellcheck(result: SpellcheckResult) -> str:
    """Plain text for the dialog and the status line: what was rolled and what it means."""
    lines = [f"SPELLCHECK {result.check.describe()}"
             + (f" + crit {result.crit_bonus}" if result.crit_bonus else "")
             + f" = {result.total} vs DC {result.dc}"]
    if result.success:
        lines.append(f"Success Level {result.level}" + (" — WONDER (the GM's call)"
                                                        if result.wonder else ""))
        if result.spell_dice is not None:
            die = result.spell.die if result.spell is not None else "d"
            lines.append(f"Spell dice: {result.spell_dice} × {die}"
                         + (" (natural 20: +2d)" if result.crit else ""))
        if result.effect is not None:
            lines.append(result.effect.text)
    else:
        lines.append(_FAILURES.get(result.failure or "", "failure"))
    if result.mishap is not None:
        lines.append(f"Mishap ({result.mishap.record.describe()}): {result.mishap.row.text}")
    if result.disapproval:
        lines.append(f"Disapproval: natural {result.natural} within the range "
                     f"1-{result.disapproval_range}; the GM rules on it.")
    return "\n".join(lines)


class CastDialog(QDialog):
    def __init__(self, document: CampaignDocument, character_id: str, roller: Roller,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.character_id = character_id
        self.roller = roller
        self.last_text = ""
        character = document.character(character_id)
        self.kind = caster_kind(character)
        self.setWindowTitle(f"Cast — {character.name}")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.spell = QComboBox(self)
        for spell_id in character.spells_known:
            try:
                self.spell.addItem(get_spell(spell_id).name, spell_id)
            except KeyError:
                continue
        if self.kind == "cleric":
            self.spell.addItem("Lay on Hands", LAY_ON_HANDS)
        form.addRow("Spell", self.spell)
        self.target = QComboBox(self)
        for other in document.campaign.characters:
            self.target.addItem(other.name, other.id)
        self.target.setCurrentIndex(self.target.findData(character_id))
        form.addRow("Heal (Lay on Hands)", self.target)
        self.room_dc = QSpinBox(self)
        self.room_dc.setRange(1, 40)
        self.room_dc.setValue(document.campaign.settings.default_room_dc)
        form.addRow("ROOM DC", self.room_dc)
        self.difficulty = QComboBox(self)
        for text, shift in (("normal", 0), ("EASY (-3)", EASY), ("HARD (+3)", HARD)):
            self.difficulty.addItem(text, shift)
        form.addRow("Difficulty", self.difficulty)
        self.advantage = QComboBox(self)  # issue #12: 2d20 keep high/low, as for attacks
        for adv in Advantage:
            self.advantage.addItem("no advantage" if adv is Advantage.NONE else adv.value, adv)
        self.advantage.setAccessibleName("advantage")
        form.addRow("Advantage", self.advantage)
        self.typed = QSpinBox(self)
        self.typed.setRange(0, 20)
        self.typed.setSpecialValueText("roll it")
        self.typed.setAccessibleName("d20 typed")
        form.addRow("d20", self.typed)
        self.outcome = QLabel(self)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        self.outcome.setWordWrap(True)
        self.outcome.setMinimumWidth(420)
        layout.addWidget(self.outcome, 1)
        buttons = QHBoxLayout()
        self.cast_button = QPushButton("Cast", self)
        self.cast_button.setDefault(True)
        self.cast_button.clicked.connect(self.cast)
        self.save_button = QPushButton("Depletion SAVE", self)
        self.save_button.clicked.connect(self.roll_depletion_save)
        close = QPushButton("Close", self)
        close.clicked.connect(self.accept)
        for button in (self.cast_button, self.save_button, close):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.spell.currentIndexChanged.connect(self._update)
        self._update()

    @property
    def character(self) -> Character:
        return self.document.character(self.character_id)

    def _update(self) -> None:
        state = self.character.caster
        self.target.setEnabled(self.spell.currentData() == LAY_ON_HANDS)
        self.save_button.setEnabled(self.kind == "magic_user" and state.depletion_save_due)
        self.cast_button.setEnabled(self.kind is not None and self.spell.count() > 0)
        if state.depletion_save_due and self.kind == "magic_user":
            self.outcome.setText("Spell Depletion: roll the INT SAVE before casting again (R10).")

    def _ability_mod(self, character: Character) -> int:
        return character.modifier(Ability.INT if self.kind == "magic_user" else Ability.WIS)

    def dice(self) -> tuple[int, int, Advantage]:
        """ROOM DC, DC shift and advantage under the campaign's rule (issue #12: ``instead``
        turns EASY/HARD into advantage/disadvantage, ``beside`` keeps both)."""
        rules = self.document.campaign.settings.rules
        shift, advantage = spellcheck_modes(
            int(self.difficulty.currentData()), Advantage(self.advantage.currentData()),
            rule_on=rules.advantage_disadvantage, mode=rules.advantage_mode)
        return self.room_dc.value(), shift, advantage

    def cast(self) -> str:
        """Resolve the cast with the core and record it; returns the text shown."""
        character = self.character
        assert self.kind is not None
        typed = self.typed.value() or None
        roller = TypedRoller(self.roller, {Purpose.SPELLCHECK: typed} if typed else None)
        dc, shift, advantage = self.dice()
        after = character.model_copy(deep=True)
        changed = [after]
        try:
            if self.spell.currentData() == LAY_ON_HANDS:
                check = lay_on_hands_check(
                    roller, wis_mod=character.modifier(Ability.WIS), prof=character.prof,
                    room_dc=dc, dc_shift=shift,
                    disapproval_range=character.caster.disapproval_range,
                    advantage=advantage)
                target_id = str(self.target.currentData())
                target = after if target_id == after.id else \
                    self.document.character(target_id).model_copy(deep=True)
                if target is not after:
                    changed.append(target)
                healed = heal_with_hit_dice(
                    check, roller, target_level=max(1, target.level),
                    hd_available=target.hit_dice,
                    hit_die=target.hit_die if target.class_id else 4,
                    healed_today=target.caster.healed_hd_today)
                target.hp = min(target.max_hp, target.hp + healed.healed)
                target.hit_dice -= healed.hd_spent
                target.caster = target.caster.record_healed(healed.hd_spent)
                after.caster = after.caster.record_spellcheck(check)
                text = describe_spellcheck(check) + (
                    f"\nLay on Hands: {healed.band_hd} HD granted, {healed.hd_spent} spent"
                    + (f" (limited by the {healed.limited_by.replace('_', ' ')})"
                       if healed.limited_by else "")
                    + f": {target.name} heals {healed.healed} HP (R11, R29)")
                label = f"{character.name}: Lay on Hands on {target.name}"
            else:
                spell = get_spell(str(self.spell.currentData()))
                result = cast(character.caster, roller, caster=self.kind,
                              ability_mod=self._ability_mod(character), prof=character.prof,
                              room_dc=dc, dc_shift=shift, spell=spell, advantage=advantage)
                after.caster = after.caster.record_spellcheck(result)
                text = describe_spellcheck(result)
                label = f"{character.name} casts {spell.name}"
        except (CastingBarred, ValueError) as exc:
            self.outcome.setText(str(exc))
            return str(exc)
        self._record(changed, label)
        self.outcome.setText(text)
        self.last_text = text
        self._update()
        return text

    def roll_depletion_save(self) -> str:
        """R10: INT SAVE (+ PROF if proficient) against the ROOM DC."""
        character = self.character
        bonus = character.modifier(Ability.INT) + (
            character.prof if Ability.INT in character.save_proficiencies else 0)
        typed = self.typed.value() or None
        save = depletion_save(TypedRoller(self.roller, {Purpose.SAVE: typed} if typed else None),
                              save_bonus=bonus, room_dc=self.room_dc.value(),
                              dc_shift=int(self.difficulty.currentData()))
        after = character.model_copy(deep=True)
        after.caster = after.caster.after_depletion_save(save)
        self._record([after], f"{character.name}: depletion SAVE")
        text = (f"INT SAVE {save.record.describe()} vs DC {save.dc}: "
                + ("success, the count resets" if save.success
                   else "failure: no casting until a long rest (R10, R29)"))
        self.outcome.setText(text)
        self._update()
        return text

    def _record(self, sheets: list[Character], label: str) -> None:
        try:
            self.document.replace_characters(sheets, label)
        except EditRefused as exc:
            self.outcome.setText(str(exc))
