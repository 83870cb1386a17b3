"""A form over a small pydantic model, built from its fields (for archetype feature effects).

An effect is one of a dozen typed shapes (:mod:`emberkeep.character.feature_effects`) with plain
fields: booleans, bounded ints, short strings, choices (a ``Literal`` or an enum, maybe
optional) and a nested :class:`~emberkeep.character.feature_effects.Bonus`. Building the form
from the model keeps the editor in step with the core: a new effect field needs no GUI code.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

__all__ = ["ModelForm"]

_NONE = "—"


def _bounds(info: Any) -> tuple[int, int]:
    low, high = -1000, 1000
    for meta in info.metadata:
        low = getattr(meta, "ge", low) if getattr(meta, "ge", None) is not None else low
        high = getattr(meta, "le", high) if getattr(meta, "le", None) is not None else high
    return int(low), int(high)


def _choices(annotation: Any) -> tuple[list[str], bool] | None:
    """The options of a Literal or enum annotation (maybe ``| None``), and whether None is one."""
    optional = False
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        optional = type(None) in args
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            return None
        annotation = rest[0]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(a) for a in typing.get_args(annotation)], optional
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [str(m.value) for m in annotation], optional
    if optional and annotation is str:
        return None
    return None


def _optional_model(annotation: Any) -> type[BaseModel] | None:
    """``Model | None`` → ``Model`` (a nested form switched on by a checkbox)."""
    if typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return None
    rest = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(rest) == 1 and isinstance(rest[0], type) and issubclass(rest[0], BaseModel):
        return rest[0]
    return None


class _Row(QHBoxLayout):
    """A one-line form for a nested model (a Bonus: "Flat [0] Prof [1]")."""

    def addRow(self, label: str, widget: QWidget) -> None:
        self.addWidget(QLabel(label))
        self.addWidget(widget)


class ModelForm(QWidget):
    """Edits one instance of ``model``; :meth:`value` returns the dict to validate."""

    def __init__(self, model: type[BaseModel], data: dict[str, Any],
                 parent: QWidget | None = None, *, inline: bool = False) -> None:
        super().__init__(parent)
        self.model = model
        self.fixed: dict[str, Any] = {}
        self.readers: dict[str, Any] = {}
        self.widgets: dict[str, QWidget] = {}  # by field: the editor's widget for it
        layout = _Row(self) if inline else QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for name, info in model.model_fields.items():
            value = data.get(name, info.get_default(call_default_factory=True))
            annotation = info.annotation
            if name == "kind":
                self.fixed[name] = value
                continue
            label = name.replace("_", " ").capitalize()
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                sub = ModelForm(annotation, value.model_dump() if isinstance(value, BaseModel)
                                else dict(value or {}), self, inline=True)
                layout.addRow(label, sub)
                self._name(name, label, sub)
                self.readers[name] = sub.value
                continue
            optional_model = _optional_model(annotation)
            if optional_model is not None:  # e.g. a spell's each-round Duration (issue #18)
                holder = QWidget(self)
                row = QHBoxLayout(holder)
                row.setContentsMargins(0, 0, 0, 0)
                on = QCheckBox(holder)
                on.setChecked(value is not None)
                sub = ModelForm(optional_model, value.model_dump() if isinstance(
                    value, BaseModel) else dict(value or {}), holder, inline=True)
                row.addWidget(on)
                row.addWidget(sub, 1)
                layout.addRow(label, holder)
                self._name(name, label, holder)
                self.readers[name] = lambda o=on, f=sub: f.value() if o.isChecked() else None
                continue
            choices = _choices(annotation)
            if annotation is bool:
                box = QCheckBox(self)
                box.setChecked(bool(value))
                layout.addRow(label, box)
                self._name(name, label, box)
                self.readers[name] = box.isChecked
            elif annotation is int:
                spin = QSpinBox(self)
                spin.setRange(*_bounds(info))
                spin.setValue(int(value))
                layout.addRow(label, spin)
                self._name(name, label, spin)
                self.readers[name] = spin.value
            elif choices is not None:
                options, optional = choices
                combo = QComboBox(self)
                if optional:
                    combo.addItem(_NONE)
                combo.addItems(options)
                shown = _NONE if value is None else str(getattr(value, "value", value))
                combo.setCurrentText(shown)
                layout.addRow(label, combo)
                self._name(name, label, combo)
                self.readers[name] = lambda c=combo: None if c.currentText() == _NONE \
                    else c.currentText()
            else:
                edit = QLineEdit("" if value is None else str(value), self)
                layout.addRow(label, edit)
                self._name(name, label, edit)
                optional = type(None) in typing.get_args(annotation)
                self.readers[name] = lambda e=edit, o=optional: (e.text().strip() or None) \
                    if o else e.text()

    def _name(self, field: str, label: str, widget: QWidget) -> None:
        widget.setAccessibleName(label)
        self.widgets[field] = widget

    def value(self) -> dict[str, Any]:
        data = dict(self.fixed)
        for name, read in self.readers.items():
            data[name] = read()
        return data
