"""Fusion with check boxes whose edge reads: the unticked boxes of the Share with Players and Add
PCs lists, of any checkable list or table item, and of a plain check box.

Fusion draws a check box's edge from the palette's window colour made darker
(``window.darker(140).lighter(110)``), whatever the base inside it: 1.1:1 on the dark scheme's
base, 1.9:1 on white. No palette role changes that edge alone (the window colour also draws every
frame and scroll bar), so this style draws Fusion's box and then its edge again, one pixel on
the same rectangle, in :func:`gui.palette.indicator_border` (3:1 against the base). A keyboard
focus edge, drawn in the highlight, is left as Fusion draws it. Other styles (a desktop's own)
are not wrapped.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

from gui.palette import indicator_border

__all__ = ["IndicatorStyle", "wrap_fusion"]


class IndicatorStyle(QProxyStyle):
    """Fusion, with the check box edge drawn to read on the base."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,
                      painter: QPainter, widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element != QStyle.PrimitiveElement.PE_IndicatorCheckBox:
            return  # an item view's check comes here too: Fusion draws it as a check box
        state = option.state
        if state & QStyle.StateFlag.State_HasFocus \
                and state & QStyle.StateFlag.State_KeyboardFocusChange:
            return
        rect = option.rect
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(QPointF(0.5, 0.5))  # as Fusion does: the pen on whole pixels
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(indicator_border(option.palette)))
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.restore()


def wrap_fusion(app: QApplication) -> None:
    """Give ``app`` the :class:`IndicatorStyle` if its style is Fusion (once)."""
    style = app.style()
    if isinstance(style, IndicatorStyle) or style.name().lower() != "fusion":
        return
    app.setStyle(IndicatorStyle("fusion"))
