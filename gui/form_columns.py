"""A form in two columns of labelled fields, its refusal line and its buttons below: the
monster form and the bestiary's template form lay out the same way, so both fit a 1366×768
laptop with a monster's weapons table."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

__all__ = ["Rows", "lay_out_columns"]

Rows = Sequence[tuple[str, QWidget]]  # (label with its &mnemonic, or "" for none; field)


def lay_out_columns(dialog: QDialog, left: Rows, right: Rows, error: QLabel,
                    buttons: QDialogButtonBox, *,
                    buddies: Sequence[tuple[QWidget, QWidget]] = ()) -> None:
    """Lay ``dialog`` out: ``left`` and ``right`` side by side, then ``error`` and
    ``buttons``. ``buddies``: (field, widget) pairs whose label's Alt key goes to ``widget``
    (a composite field's table, say) rather than to the field itself."""
    columns = QHBoxLayout()
    forms = []
    for rows in (left, right):
        form = QFormLayout()
        for label, widget in rows:
            form.addRow(label, widget)
        forms.append(form)
    for field, target in buddies:
        for form in forms:
            found = form.labelForField(field)
            if isinstance(found, QLabel):
                found.setBuddy(target)
    columns.addLayout(forms[0])
    columns.addSpacing(12)
    columns.addLayout(forms[1])
    layout = QVBoxLayout(dialog)
    layout.addLayout(columns)
    layout.addWidget(error)
    layout.addWidget(buttons)
