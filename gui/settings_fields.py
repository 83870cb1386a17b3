"""Editors for pydantic fields, chosen by introspection (the Campaign Settings and Preferences
dialogs): a bool is a check box, a bounded int a spin box with the field's own bounds, a StrEnum or
a Literal a combo box, a fixed-length list of strings (the R27 month names) one line edit each.

The model stays the one source of truth: a field added to a settings model shows up in the dialog
without code here (labelled from its name until :data:`LABELS` in the dialog gives it words).
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

__all__ = ["FieldEditor", "bounds_of", "editor_for", "humanize", "length_of"]

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1  # what a QSpinBox can hold


def humanize(name: str) -> str:
    """``exploration_turn_minutes`` → ``Exploration turn minutes`` (a label of last resort)."""
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def bounds_of(info: FieldInfo) -> tuple[int | None, int | None]:
    """The field's inclusive integer bounds (``ge``/``gt``/``le``/``lt``), None when absent."""
    low: int | None = None
    high: int | None = None
    for meta in info.metadata:
        if (ge := getattr(meta, "ge", None)) is not None:
            low = int(ge)
        if (gt := getattr(meta, "gt", None)) is not None:
            low = int(gt) + 1
        if (le := getattr(meta, "le", None)) is not None:
            high = int(le)
        if (lt := getattr(meta, "lt", None)) is not None:
            high = int(lt) - 1
    return low, high


def length_of(info: FieldInfo) -> int | None:
    """A list field's fixed length (min_length == max_length), else None."""
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "min_length", low)
        high = getattr(meta, "max_length", high)
    return low if low is not None and low == high else None


class FieldEditor:
    """One field's widget, with ``get``/``set`` in the model's own types."""

    def __init__(self, widget: QWidget, get: Callable[[], Any], put: Callable[[Any], None],
                 parts: list[QLineEdit] | None = None) -> None:
        self.widget = widget
        self.get = get
        self.set = put
        self.parts = parts or []  # a list's line edits, one per item


def _choices(annotation: Any) -> list[tuple[Any, str]] | None:
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [(member, str(member.value)) for member in annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return [(value, str(value)) for value in typing.get_args(annotation)]
    return None


def _is_str_list(annotation: Any) -> bool:
    if typing.get_origin(annotation) is not list:
        return False
    (item,) = typing.get_args(annotation) or (None,)
    if typing.get_origin(item) is typing.Annotated:
        item = typing.get_args(item)[0]
    return item is str


def editor_for(annotation: Any, info: FieldInfo, parent: QWidget,
               choice_label: Callable[[Any], str] | None = None) -> FieldEditor | None:
    """An editor for a field of this type, or None for a type no editor here handles (its value
    is then kept as it was)."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return None  # optional values: none in the settings today
    if annotation is bool:
        box = QCheckBox(parent)
        return FieldEditor(box, box.isChecked, lambda v: box.setChecked(bool(v)))
    if annotation is int:
        low, high = bounds_of(info)
        spin = QSpinBox(parent)
        spin.setRange(max(_INT_MIN, low if low is not None else _INT_MIN),
                      min(_INT_MAX, high if high is not None else _INT_MAX))
        spin.setGroupSeparatorShown(True)
        spin.setMinimumWidth(110)
        return FieldEditor(spin, spin.value, lambda v: spin.setValue(int(v)))
    if (options := _choices(annotation)) is not None:
        combo = QComboBox(parent)
        for value, text in options:
            combo.addItem(choice_label(value) if choice_label else humanize(text), value)

        def put(value: Any) -> None:
            for row, (option, _) in enumerate(options):
                if option == value:
                    combo.setCurrentIndex(row)

        return FieldEditor(combo, lambda: options[max(0, combo.currentIndex())][0], put)
    if _is_str_list(annotation) and (count := length_of(info)) is not None:
        return _line_edits(count, parent)
    if annotation is str:
        edit = QLineEdit(parent)
        return FieldEditor(edit, lambda: edit.text().strip(), lambda v: edit.setText(str(v)))
    return None


def _line_edits(count: int, parent: QWidget) -> FieldEditor:
    """A fixed number of names in a grid of numbered line edits (R27: the twelve months)."""
    box = QWidget(parent)
    grid = QGridLayout(box)
    grid.setContentsMargins(0, 0, 0, 0)
    edits: list[QLineEdit] = []
    columns = 2 if count > 6 else 1
    per_column = -(-count // columns)
    for n in range(count):
        edit = QLineEdit(box)
        edit.setObjectName(f"item_{n + 1}")
        column, row = divmod(n, per_column)
        grid.addWidget(QLabel(f"{n + 1}", box), row, column * 2)
        grid.addWidget(edit, row, column * 2 + 1)
        edits.append(edit)

    def put(values: Any) -> None:
        for edit, value in zip(edits, values, strict=False):
            edit.setText(str(value))

    return FieldEditor(box, lambda: [e.text().strip() for e in edits], put, edits)


def model_fields(model: type[BaseModel]) -> list[tuple[str, Any, FieldInfo]]:
    """``(name, annotation, info)`` for each field, in declaration order."""
    return [(name, info.annotation, info) for name, info in model.model_fields.items()]
