"""Print or export character sheets: the play sheet's one design, on paper and as a PDF.

There is one sheet: :mod:`emberkeep.paper.play_sheet`'s, a page per character (and a page more for
a list too long for it). Export (File → Export Play Sheets…, :mod:`gui.paper_export`) writes it as
the fillable PDF reportlab makes. Printing goes through Qt's print dialog
(:mod:`gui.print_dialog`), whose printers take ``QPainter`` pages and which cannot print a PDF
file's pages (PySide6-Essentials has no QtPdf): the same drawing code paints the printer's pages
through :class:`QtCanvas`, a stand-in for the part of reportlab's canvas the sheet uses, with the
same font (Vera, from reportlab's wheel) and the same measurements. A box to fill in prints as an
empty box, a ticked one with its cross: on paper the fields are what the pencil writes in.

Black ink on white only: the tint a PDF reader gives a field is left out on paper. A page other
than A4 (Letter...) gets the A4 layout scaled to fit, centred.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QPagedPaintDevice,
    QPainter,
    QPen,
)

from emberkeep.campaign.model import Campaign
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.paper.facts import class_text, race_name

__all__ = ["QtCanvas", "class_line", "page_points", "paint_sheets"]


def class_line(character: Character, catalog: Catalog) -> str:
    """``Level 1 Fighter (Barbarian) · Dwarf · XP 14 · Player: Ada``."""
    return (f"{class_text(character, catalog)} · {race_name(character, catalog)} · "
            f"XP {character.xp}" + (f" · Player: {character.player}" if character.player
                                    else ""))


@cache
def _families() -> tuple[str, str]:
    """Vera and Vera Bold, loaded into Qt from the files reportlab measures with."""
    import reportlab  # type: ignore[import-untyped]

    folder = Path(reportlab.__file__).parent / "fonts"
    names = []
    for file in ("Vera.ttf", "VeraBd.ttf"):
        font_id = QFontDatabase.addApplicationFont(str(folder / file))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        names.append(families[0] if families else "Sans Serif")
    return names[0], names[1]


_TEXT_SCALE = 20.0


def _colour(value: Any) -> QColor:
    """A reportlab colour (or an (r, g, b) tuple of 0..1) as a QColor."""
    if isinstance(value, tuple):
        red, green, blue = value[:3]
        alpha = 1.0
    else:
        red, green, blue = value.red, value.green, value.blue
        alpha = getattr(value, "alpha", 1.0)
    return QColor.fromRgbF(float(red), float(green), float(blue), float(alpha))


class _Form:
    """``canvas.acroForm`` on paper: a field is its box and its value, a check box its tick."""

    def __init__(self, canvas: QtCanvas) -> None:
        self.canvas = canvas

    def textfield(self, **field: Any) -> None:
        c = self.canvas
        x, y = float(field["x"]), float(field["y"])
        w, h = float(field["width"]), float(field["height"])
        if field.get("borderWidth"):
            c.painter.setPen(QPen(Qt.GlobalColor.black, float(field["borderWidth"])))
            c.painter.setBrush(Qt.BrushStyle.NoBrush)
            c.painter.drawRect(QRectF(x, c.top(y + h), w, h))
        value = str(field.get("value") or "")
        if not value:
            return
        size = float(field.get("fontSize") or 9)
        font = str(field.get("fontName") or "Helvetica")
        c.set_font(font.endswith("Bold"), size)
        c.painter.setPen(QPen(Qt.GlobalColor.black))
        # where reportlab's appearance sets it: 4 border widths in, the first baseline a
        # font size and 2 border widths under the top, 1.2 font sizes a line
        border = float(field.get("borderWidth") or 0)
        left, baseline = x + 4 * border, y + h - size - 2 * border
        flags = str(field.get("fieldFlags", ""))
        if "multiline" in flags:
            from emberkeep.paper.layout import measuring_page

            for line in measuring_page().wrap(value, w - 8 * border, size):
                if baseline < y:
                    break
                c.draw_text(left, baseline, line)
                baseline -= size * 1.2
            return
        if "readOnly" in flags:  # a printed number: centred where Helvetica's would be
            from emberkeep.paper.layout import string_width

            left += (string_width(value, font, size) - c.width_of(value)) / 2
        c.draw_text(left, baseline, value)

    def checkbox(self, **field: Any) -> None:
        c = self.canvas
        x, y, size = float(field["x"]), float(field["y"]), float(field["size"])
        box = QRectF(x, c.top(y + size), size, size)
        c.painter.setPen(QPen(Qt.GlobalColor.black, float(field.get("borderWidth") or 0.8)))
        c.painter.setBrush(Qt.BrushStyle.NoBrush)
        circle = field.get("shape") == "circle"
        if circle:
            c.painter.drawEllipse(box)
        else:
            c.painter.drawRect(box)
        if not field.get("checked"):
            return
        inner = box.adjusted(size * 0.25, size * 0.25, -size * 0.25, -size * 0.25)
        if circle:
            c.painter.setBrush(QBrush(Qt.GlobalColor.black))
            c.painter.drawEllipse(inner)
        else:
            c.painter.drawLine(inner.topLeft(), inner.bottomRight())
            c.painter.drawLine(inner.bottomLeft(), inner.topRight())


class QtCanvas:
    """The calls :class:`emberkeep.paper.layout.Page` makes on a reportlab canvas, painted with
    ``painter`` on a page ``height`` points high (reportlab counts y up from the bottom)."""

    def __init__(self, painter: QPainter, height: float) -> None:
        self.painter = painter
        self.height = height
        self.acroForm = _Form(self)
        self._fill = QColor(Qt.GlobalColor.black)
        self._stroke = QColor(Qt.GlobalColor.black)
        self._line = 1.0
        self.size = 10.0

    def top(self, y: float) -> float:
        return self.height - y

    def set_font(self, bold: bool, size: float) -> None:
        regular, heavy = _families()
        font = QFont(heavy if bold else regular)
        self.size = size
        font.setPointSizeF(size * _TEXT_SCALE)
        font.setBold(bold)
        font.setKerning(False)  # reportlab measures without kerning
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)  # as measured
        self.painter.setFont(font)

    # -- reportlab's names (camelCase, as the sheet calls them) -----------------------------

    def setFont(self, name: str, size: float) -> None:
        self.set_font(name.endswith("Bold"), size)

    def setFillColor(self, colour: Any) -> None:
        self._fill = _colour(colour)

    def setStrokeColor(self, colour: Any) -> None:
        self._stroke = _colour(colour)

    def setLineWidth(self, width: float) -> None:
        self._line = width

    def _text(self, x: float, y: float, text: str) -> None:
        self.painter.setPen(QPen(self._fill))
        self.draw_text(x, y, text)

    def draw_text(self, x: float, y: float, text: str) -> None:
        """``text`` with its baseline at (x, y), drawn large and scaled down: Qt rounds a
        font's size to whole pixels, and 7.5 pt at 72 dpi drawn as 8 ran 6% wider than
        reportlab measured it."""
        self.painter.save()
        self.painter.translate(x, self.top(y))
        self.painter.scale(1 / _TEXT_SCALE, 1 / _TEXT_SCALE)
        self.painter.drawText(QPointF(0, 0), text)
        self.painter.restore()

    def width_of(self, text: str) -> float:
        from emberkeep.paper.layout import BOLD, REGULAR, string_width

        return string_width(text, BOLD if self.painter.font().bold() else REGULAR, self.size)

    def drawString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text)

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self._text(x - self.width_of(text) / 2, y, text)

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self._text(x - self.width_of(text), y, text)

    def _shape(self, stroke: int, fill: int) -> None:
        self.painter.setPen(QPen(self._stroke, self._line) if stroke else Qt.PenStyle.NoPen)
        self.painter.setBrush(QBrush(self._fill) if fill else Qt.BrushStyle.NoBrush)

    def rect(self, x: float, y: float, w: float, h: float, stroke: int = 1,
             fill: int = 0) -> None:
        self._shape(stroke, fill)
        self.painter.drawRect(QRectF(x, self.top(y + h), w, h))

    def roundRect(self, x: float, y: float, w: float, h: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        self._shape(stroke, fill)
        self.painter.drawRoundedRect(QRectF(x, self.top(y + h), w, h), radius, radius)

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self._shape(stroke, fill)
        self.painter.drawEllipse(QPointF(x, self.top(y)), r, r)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.painter.setPen(QPen(self._stroke, self._line))
        self.painter.drawLine(QPointF(x1, self.top(y1)), QPointF(x2, self.top(y2)))


def page_points(device: QPagedPaintDevice) -> tuple[float, float]:
    """The whole sheet of paper, in points (A4, Letter... as the GM chose)."""
    rect = device.pageLayout().fullRectPoints()
    return float(rect.width()), float(rect.height())


def paint_sheets(device: QPagedPaintDevice, characters: Sequence[Character],
                 campaign: Campaign) -> None:
    """Each character's play sheet on ``device`` (a QPrinter painting the full page): its page,
    and the pages carrying on a list too long for it, the A4 layout scaled to the paper and
    centred."""
    from emberkeep.paper.layout import A4, Page
    from emberkeep.paper.play_sheet import play_sheet_pages

    catalog = Catalog(campaign)
    width, height = page_points(device)
    scale = min(width / A4[0], height / A4[1])
    painter = QPainter(device)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        dpi = device.logicalDpiX() / 72.0
        first = True
        for number, character in enumerate(characters):
            for draw in play_sheet_pages(character, catalog, campaign):
                if not first:
                    device.newPage()
                first = False
                painter.save()
                painter.scale(dpi, dpi)
                painter.translate((width - A4[0] * scale) / 2, (height - A4[1] * scale) / 2)
                painter.scale(scale, scale)
                draw(Page(QtCanvas(painter, A4[1]), f"c{number + 1}_"))
                painter.restore()
    finally:
        painter.end()
