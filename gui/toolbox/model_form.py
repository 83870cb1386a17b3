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
from collections.abc import Callable
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


def _as_dict(value: Any) -> dict[str, Any]:
    """A nested model's value as the dict its form starts from (a model, a dict or None)."""
    return value.model_dump() if isinstance(value, BaseModel) else dict(value or {})


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
            if name == "kind":
                self.fixed[name] = value
                continue
            label = name.replace("_", " ").capitalize()
            widget, reader = self._build_field(info, value)
            layout.addRow(label, widget)
            self._name(name, label, widget)
            self.readers[name] = reader

    def _build_field(self, info: Any, value: Any) -> tuple[QWidget, Callable[[], Any]]:
        """The widget for one field and what reads its value back."""
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            sub = ModelForm(annotation, _as_dict(value), self, inline=True)
            return sub, sub.value
        optional_model = _optional_model(annotation)
        if optional_model is not None:  # e.g. a spell's each-round Duration
            return self._build_optional_model(optional_model, value)
        return self._build_plain(annotation, info, value)

    def _build_optional_model(self, model: type[BaseModel],
                              value: Any) -> tuple[QWidget, Callable[[], Any]]:
        """A nested form switched on by a checkbox; it reads None when off."""
        holder = QWidget(self)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        on = QCheckBox(holder)
        on.setObjectName("switch")
        on.setChecked(value is not None)
        sub = ModelForm(model, _as_dict(value), holder, inline=True)
        row.addWidget(on)
        row.addWidget(sub, 1)
        return holder, lambda o=on, f=sub: f.value() if o.isChecked() else None

    def _build_plain(self, annotation: Any, info: Any,
                     value: Any) -> tuple[QWidget, Callable[[], Any]]:
        """A checkbox, a bounded spin box, a combo of choices or a line edit."""
        choices = _choices(annotation)
        if annotation is bool:
            box = QCheckBox(self)
            box.setChecked(bool(value))
            return box, box.isChecked
        if annotation is int:
            spin = QSpinBox(self)
            spin.setRange(*_bounds(info))
            spin.setValue(int(value))
            return spin, spin.value
        if choices is not None:
            options, optional = choices
            combo = QComboBox(self)
            if optional:
                combo.addItem(_NONE)
            combo.addItems(options)
            shown = _NONE if value is None else str(getattr(value, "value", value))
            combo.setCurrentText(shown)
            return combo, lambda c=combo: None if c.currentText() == _NONE \
                else c.currentText()
        edit = QLineEdit("" if value is None else str(value), self)
        optional = type(None) in typing.get_args(annotation)
        return edit, lambda e=edit, o=optional: (e.text().strip() or None) if o else e.text()

    def _name(self, field: str, label: str, widget: QWidget) -> None:
        widget.setAccessibleName(label)
        for switch in widget.findChildren(QCheckBox, "switch"):
            if switch.parentWidget() is widget:  # an optional part's on/off box says which
                switch.setAccessibleName(label)
        self.widgets[field] = widget

    def value(self) -> dict[str, Any]:
        data = dict(self.fixed)
        for name, read in self.readers.items():
            data[name] = read()
        return data
