"""Tab follows the reading order of a page: its layouts, top to bottom, left to right.

Qt's tab chain is the order widgets were created in. A page that builds some fields later (the
class's equipment lines, rebuilt when the class changes) would otherwise send Tab from the
archetype to the hit die and only then to the equipment above it. :func:`tab_in_reading_order`
walks the page's layouts in the order they are laid out (a form row by row, label before field;
a grid by row then column; a box in its order) and chains the focusable widgets so.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QFormLayout, QGridLayout, QLayout, QLayoutItem, QWidget

__all__ = ["reading_order", "tab_in_reading_order"]


def _items(layout: QLayout) -> list[QLayoutItem]:
    """The layout's items in the order a reader meets them."""
    if isinstance(layout, QFormLayout):
        out = []
        for row in range(layout.rowCount()):
            for role in (QFormLayout.ItemRole.SpanningRole, QFormLayout.ItemRole.LabelRole,
                         QFormLayout.ItemRole.FieldRole):
                item = layout.itemAt(row, role)
                if item is not None:
                    out.append(item)
        return out
    items = [item for i in range(layout.count()) if (item := layout.itemAt(i)) is not None]
    if isinstance(layout, QGridLayout):
        def place(item: QLayoutItem) -> tuple[int, int]:
            position = layout.getItemPosition(layout.indexOf(item))
            return int(position[0]), int(position[1])  # type: ignore[index]
        return sorted(items, key=place)
    if isinstance(layout, QBoxLayout) and layout.direction() in (
            QBoxLayout.Direction.RightToLeft, QBoxLayout.Direction.BottomToTop):
        return items[::-1]
    return items


def _walk(layout: QLayout, out: list[QWidget]) -> None:
    for item in _items(layout):
        widget, inner = item.widget(), item.layout()
        if widget is not None:
            if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                out.append(widget)
            own = widget.layout()
            if own is not None:
                _walk(own, out)
        elif inner is not None:
            _walk(inner, out)


def reading_order(root: QWidget) -> list[QWidget]:
    """The focusable widgets laid out under ``root``, in reading order."""
    out: list[QWidget] = []
    layout = root.layout()
    if layout is not None:
        _walk(layout, out)
    return out


def tab_in_reading_order(root: QWidget) -> None:
    """Chain Tab through ``root``'s focusable widgets in reading order (call again after the
    page builds new fields)."""
    widgets = reading_order(root)
    for first, second in pairwise(widgets):
        QWidget.setTabOrder(first, second)
