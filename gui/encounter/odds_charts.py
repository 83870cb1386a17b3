"""The odds dialog's charts, painted with QPainter (PySide6-Essentials has no QtCharts).

:class:`BarChart` draws labelled horizontal bars of chances (0-100%), each bar optionally split
in two shades (a PC's chance to drop, and within it to die); :class:`Histogram` draws vertical
columns (fights ending in each round, or the win chance for each count of a monster kind).
Both take plain numbers; what they mean is the dialog's business.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.palette import tones

__all__ = ["BarChart", "Histogram"]



def _inks() -> tuple[QColor, QColor, QColor]:
    """The bars' colour, its deeper shade and the empty track, from the palette's tones, so
    the charts read in a dark palette as in a light one."""
    found = tones()
    return found.error, QColor(found.error).darker(170), found.hp_track


class BarChart(QWidget):
    """Rows of ``(label, chance, inner chance)``: the bar is ``chance`` long, its darker part
    ``inner`` (drawn from the left); the percentages are written at the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, float, float]] = []
        self.legend = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_rows(self, rows: Sequence[tuple[str, float, float]], legend: str = "") -> None:
        self.rows = list(rows)
        self.legend = legend
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height() + 6
        return QSize(360, line * (len(self.rows) + 1) + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        metrics = self.fontMetrics()
        line = metrics.height() + 6
        label_w = max([metrics.horizontalAdvance(r[0]) for r in self.rows] + [40]) + 8
        value_w = metrics.horizontalAdvance("100% / 100%") + 8
        bar_w = max(20, self.width() - label_w - value_w)
        main, deep, track_ink = _inks()
        for i, (label, chance, inner) in enumerate(self.rows):
            y = i * line + 2
            painter.setPen(self.palette().windowText().color())
            painter.drawText(QRectF(0, y, label_w - 4, line), Qt.AlignmentFlag.AlignVCenter
                             | Qt.AlignmentFlag.AlignRight, label)
            track = QRectF(label_w, y + 3, bar_w, line - 6)
            painter.fillRect(track, track_ink)
            painter.fillRect(QRectF(label_w, y + 3, bar_w * chance, line - 6), main)
            painter.fillRect(QRectF(label_w, y + 3, bar_w * inner, line - 6), deep)
            painter.drawText(QRectF(label_w + bar_w + 6, y, value_w, line),
                             Qt.AlignmentFlag.AlignVCenter, f"{chance:.0%} / {inner:.0%}")
        if self.legend:
            painter.drawText(QRectF(0, len(self.rows) * line + 2, self.width(), line),
                             Qt.AlignmentFlag.AlignVCenter, self.legend)
        painter.end()


class Histogram(QWidget):
    """Columns ``(label, value)`` scaled to the largest value (or to ``top`` when given; with
    ``top`` 1.0 the values are chances, written as percentages on their columns)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.columns: list[tuple[str, float]] = []
        self.top: float | None = None
        self.caption = ""
        self.setMinimumHeight(110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_columns(self, columns: Sequence[tuple[str, float]], caption: str,
                    top: float | None = None) -> None:
        self.columns = list(columns)
        self.caption = caption
        self.top = top
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, 140)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        metrics = self.fontMetrics()
        line = metrics.height() + 2
        painter.setPen(self.palette().windowText().color())
        painter.drawText(QRectF(0, 0, self.width(), line), Qt.AlignmentFlag.AlignLeft,
                         self.caption)
        if self.columns:
            top = self.top or max(v for _l, v in self.columns) or 1.0
            area_h = self.height() - 2 * line - 4
            step = self.width() / len(self.columns)
            main = _inks()[0]
            for i, (label, value) in enumerate(self.columns):
                h = area_h * min(1.0, value / top)
                x = i * step
                painter.fillRect(QRectF(x + 1, line + 2 + area_h - h, max(1.0, step - 2), h),
                                 main)
                if self.top == 1.0 and step >= metrics.horizontalAdvance("100%"):
                    painter.drawText(QRectF(x, line + 2 + area_h - h, step, line),
                                     Qt.AlignmentFlag.AlignHCenter, f"{value:.0%}")
                width = metrics.horizontalAdvance(label)
                fits = x + width <= self.width()  # a label cut at the edge misreads
                if fits and (step >= width + 2 or i % 5 == 0):
                    painter.drawText(QRectF(x, self.height() - line, max(step, 24), line),
                                     Qt.AlignmentFlag.AlignLeft, label)
        painter.end()
