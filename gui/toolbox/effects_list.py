"""A list of typed effects with a form for the selected one (the spell editor edits
each Success Level's effects). The effects are plain dicts the caller stores; each form is built
from its kind's model (:class:`~gui.toolbox.model_form.ModelForm`), so a new effect field needs
no GUI code, and the core validates the whole spell on saving."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.toolbox.model_form import ModelForm

__all__ = ["EffectsList", "spell_effect_summary"]


def spell_effect_summary(effect: dict[str, Any]) -> str:
    """One readable line for a spell effect: ``damage (level's dice) on close, DEX SAVE``."""
    kind = str(effect.get("kind", "?"))
    words = [kind.replace("_", " ")]
    if kind == "damage":
        words.append(f"{effect.get('dice') or 'the level dice'}")
    if kind == "condition":
        words.append(str(effect.get("name", "")))
    if "area" in effect:
        where = effect.get("area", "target")
        if effect.get("centre") == "caster" and where in ("close", "near"):
            where = f"{where} the caster"
        words.append(f"on {where}" + (" (foes)" if effect.get("foes_only") else ""))
    duration = effect.get("duration") or effect.get("each_round")
    if isinstance(duration, dict) and duration.get("unit"):
        unit = str(duration["unit"]).replace("_", " ")
        words.append(f"for {duration.get('dice')} rounds" if unit == "rounds" else unit)
    if effect.get("save"):
        words.append(f"{effect['save']} SAVE" + (" HARD" if effect.get("save_hard") else ""))
    if kind == "gm_call":
        words.append(str(effect.get("reason", ""))[:50])
    return ", ".join(w for w in words if w)


class EffectsList(QGroupBox):
    """Edits one list of effect dicts in place; ``changed`` after an add or a removal."""

    changed = Signal()

    def __init__(self, title: str, models: dict[str, type[BaseModel]],
                 parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.models = models
        self.effects: list[dict[str, Any]] = []
        self.form: ModelForm | None = None
        self.row = -1
        layout = QVBoxLayout(self)
        self.list = QListWidget(self)
        self.list.setMaximumHeight(90)
        self.list.currentRowChanged.connect(self._selected)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.kind = QComboBox(self)
        for kind in models:
            self.kind.addItem(kind.replace("_", " "), kind)
        add = QPushButton("Add effect", self)
        add.clicked.connect(lambda: self.add(str(self.kind.currentData())))
        remove = QPushButton("Remove effect", self)
        remove.clicked.connect(self.remove)
        buttons.addWidget(self.kind, 1)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        layout.addLayout(buttons)
        self.host = QVBoxLayout()
        layout.addLayout(self.host)

    def show_effects(self, effects: list[dict[str, Any]]) -> None:
        """Edit ``effects`` (the caller's list, changed in place)."""
        self.commit()
        self.row = -1
        self.effects = effects
        self._fill(0)

    def commit(self) -> None:
        """The open form's values back into the list."""
        if self.form is not None and 0 <= self.row < len(self.effects):
            self.effects[self.row] = self.form.value()

    def _fill(self, select: int) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for effect in self.effects:
            self.list.addItem(spell_effect_summary(effect))
        self.list.blockSignals(False)
        self.row = -1
        if self.effects:
            self.list.setCurrentRow(min(select, len(self.effects) - 1))
        self._selected(self.list.currentRow())

    def _selected(self, row: int) -> None:
        self.commit()
        self._drop_form()
        self.row = row
        if 0 <= row < len(self.effects):
            effect = self.effects[row]
            self.form = ModelForm(self.models[effect["kind"]], effect, self)
            self.host.addWidget(self.form)

    def add(self, kind: str) -> None:
        self.commit()
        model = self.models[kind]
        blank: dict[str, Any] = {"kind": kind}
        if "duration" in model.model_fields:
            blank["duration"] = {"unit": "rounds", "dice": "1d4"}
        if "reason" in model.model_fields:
            blank["reason"] = "why the GM applies it by hand"
        self.effects.append(blank)
        self._fill(len(self.effects) - 1)
        self.changed.emit()

    def remove(self) -> None:
        row = self.row
        if 0 <= row < len(self.effects):
            self._drop_form()  # the form of the effect going away: not committed
            self.row = -1
            del self.effects[row]
            self._fill(max(0, row - 1))
            self.changed.emit()

    def _drop_form(self) -> None:
        """Hide and delete the open form (never parentless: it would show as a window)."""
        if self.form is not None:
            self.host.removeWidget(self.form)
            self.form.hide()
            self.form.deleteLater()
            self.form = None
