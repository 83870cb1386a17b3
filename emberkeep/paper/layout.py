"""What every paper sheet draws with: fonts, titled boxes, text cut to fit, and form fields.

reportlab is imported here, on the first sheet written, never at the app's start.

Fonts: the text is set in Bitstream Vera, which ships inside reportlab's own wheel (its licence
lets it be embedded and redistributed), so "−", "×" and "…" print and the PDF looks the same on
every machine; a glyph Vera lacks (Cyrillic, CJK...) prints as "?" rather than as an empty box
or a crash. Form fields use Helvetica, the font every PDF reader fills a field with; what goes
into a field is a number or words of the campaign, kept to Latin-1 (:func:`field_text`).

A page's field names carry a prefix (``c1_``, ``c2_``...): two characters on one PDF must not
share a field, or a reader fills both at once.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

# reportlab ships no type hints (and its stubs are no dependency of ours): its calls are Any
import reportlab  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from emberkeep.campaign.atomic import atomic_write

__all__ = ["A4", "A4_LANDSCAPE", "BOLD", "FIELD_BOLD", "FIELD_FONT", "GOES_ON", "GREY", "LEGIBLE",
           "REGULAR", "Page", "field_text", "measuring_page", "printable", "string_width",
           "write_pages"]

A4 = (595.28, 841.89)
A4_LANDSCAPE = (841.89, 595.28)
REGULAR, BOLD = "EmberkeepSans", "EmberkeepSans-Bold"
FIELD_FONT, FIELD_BOLD = "Helvetica", "Helvetica-Bold"
GREY = colors.Color(0.86, 0.86, 0.86)  # heading bands: light enough for any printer's toner
_WRITE_ON = colors.Color(0.93, 0.95, 1.0)  # a box to fill in, as PDF readers tint them
_FIELD_PAD = 4.0  # room after a printed number's text in its field
LEGIBLE = 6.0
"""The smallest size (pt) words print at on any sheet: below it a list goes on over another
column or page, a long name wraps, rather than shrink."""
GOES_ON = ", continued"
"""After a heading carried on over another column or page ("Attacks, continued")."""


@cache
def _fonts() -> frozenset[int]:
    """Register Vera (regular and bold) once; the code points it can draw."""
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(REGULAR, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "VeraBd.ttf")))
    font = pdfmetrics.getFont(REGULAR)
    return frozenset(font.face.charToGlyph)


def string_width(text: str, font: str, size: float) -> float:
    """The width reportlab gives ``text`` in ``font`` (one of this module's, or a field's)."""
    _fonts()
    return float(pdfmetrics.stringWidth(text, font, size))


def printable(text: str) -> str:
    """``text`` with each character Vera cannot draw as "?", and control characters as spaces
    (a campaign's names and notes are untrusted text)."""
    known = _fonts()
    return "".join(" " if ch in "\t\r\n" else ch if ord(ch) in known and ch.isprintable()
                   else "?" for ch in text)


def field_text(text: str) -> str:
    """What a field can show in Helvetica (Latin-1); anything else becomes "?"."""
    return "".join(ch if ch == "\n" or (ord(ch) < 256 and ch.isprintable()) else "?"
                   for ch in text)


@dataclass
class Page:
    """One page being drawn: text, boxes and fields on a reportlab canvas, in points from the
    bottom left. ``prefix`` goes before every field name of the page."""

    canvas: Canvas
    prefix: str = ""

    # -- text --------------------------------------------------------------------------------

    def width_of(self, text: str, size: float, bold: bool = False) -> float:
        return float(pdfmetrics.stringWidth(printable(text), BOLD if bold else REGULAR, size))

    def size_to_fit(self, text: str, width: float, size: float, bold: bool = False,
                    smallest: float = LEGIBLE) -> float:
        """``size``, or a smaller one down to ``smallest`` at which ``text`` fits ``width``."""
        while size > smallest and self.width_of(text, size, bold) > width:
            size -= 0.25
        return size

    def fit(self, text: str, width: float, size: float, bold: bool = False) -> str:
        """``text`` cut with "…" to fit ``width``."""
        text = printable(text)
        if self.width_of(text, size, bold) <= width:
            return text
        while text and self.width_of(text + "…", size, bold) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def fit_keeping(self, text: str, tail: str, width: float, size: float,
                    bold: bool = False) -> str:
        """``text`` cut with "…" so that ``tail`` after it still fits ``width``: a long name
        gives way, what the line says of it (", continued", "page 2 of 3") stays. The cut
        is in the middle, so names that differ only at their end stay told apart."""
        whole = printable(text + tail)
        if self.width_of(whole, size, bold) <= width:
            return whole
        text, tail = printable(text), printable(tail)
        keep = len(text)
        while keep > 0:
            end = keep // 3
            shown = f"{text[:keep - end].rstrip()}…{text[len(text) - end:] if end else ''}"
            if self.width_of(shown + tail, size, bold) <= width:
                return shown + tail
            keep -= 1
        return "…" + tail

    def text(self, x: float, y: float, text: str, size: float = 9, bold: bool = False,
             width: float | None = None, align: str = "left") -> float:
        """Draw one line with its baseline at ``y``, cut to ``width``; returns its width."""
        shown = self.fit(text, width, size, bold) if width is not None else printable(text)
        self.canvas.setFont(BOLD if bold else REGULAR, size)
        drawn = self.width_of(shown, size, bold)
        if align == "center":
            self.canvas.drawCentredString(x, y, shown)
        elif align == "right":
            self.canvas.drawRightString(x, y, shown)
        else:
            self.canvas.drawString(x, y, shown)
        return drawn

    def wrap(self, text: str, width: float, size: float, bold: bool = False) -> list[str]:
        """Lines of ``text`` no wider than ``width``; a word wider than a line is broken over
        lines rather than cut, so every letter of a name prints."""
        lines: list[str] = []
        for paragraph in printable(text.replace("\r", "")).split("\n") if "\n" in text \
                else [printable(text)]:
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if self.width_of(trial, size, bold) <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                *whole, line = self._broken(word, width, size, bold)
                lines += whole
            lines.append(line)
        return lines

    def _broken(self, word: str, width: float, size: float, bold: bool) -> list[str]:
        """``word`` in pieces each no wider than ``width`` (one letter at the least)."""
        pieces, used = [""], 0.0
        for ch in word:  # widths add up letter by letter (reportlab does not kern)
            step = self.width_of(ch, size, bold)
            if pieces[-1] and used + step > width:
                pieces.append("")
                used = 0.0
            pieces[-1] += ch
            used += step
        return pieces

    def paragraph(self, x: float, top: float, text: str, width: float, bottom: float,
                  size: float = 7.5, bold_head: str = "", leading: float | None = None) -> float:
        """Wrapped text from ``top`` down, stopping above ``bottom`` (the last line kept ends
        with "…" when cut); ``bold_head`` starts it in bold. Returns the y below it."""
        leading = leading or size * 1.22
        lines = self.wrap(f"{bold_head} {text}".strip() if bold_head else text, width, size)
        y = top - size
        for number, line in enumerate(lines):
            if y < bottom:
                break
            last_room = y - leading < bottom and number < len(lines) - 1
            shown = self.fit(line + " …", width, size) if last_room else line
            if number == 0 and bold_head and shown.startswith(printable(bold_head)):
                head = printable(bold_head)
                drawn = self.text(x, y, head, size, bold=True)
                self.text(x + drawn, y, shown[len(head):], size)
            else:
                self.text(x, y, shown, size)
            y -= leading
            if last_room:
                break
        return y + leading - size * 0.3

    # -- boxes -------------------------------------------------------------------------------

    def box(self, x: float, y: float, w: float, h: float, title: str = "",
            size: float = 7) -> float:
        """A ruled box with its title in a grey band at the top; returns the y under the band
        (``y`` is the box's bottom)."""
        c = self.canvas
        c.setLineWidth(0.9)
        c.setStrokeColor(colors.black)
        if title:
            band = size + 4
            c.setFillColor(GREY)
            c.rect(x, y + h - band, w, band, stroke=0, fill=1)
            c.setFillColor(colors.black)
            self.text(x + 4, y + h - band + 3, title.upper(), size, bold=True, width=w - 8)
            c.rect(x, y, w, h, stroke=1, fill=0)
            return y + h - band
        c.rect(x, y, w, h, stroke=1, fill=0)
        return y + h

    def rule(self, x1: float, y: float, x2: float, width: float = 0.4) -> None:
        self.canvas.setLineWidth(width)
        self.canvas.line(x1, y, x2, y)

    # -- form fields -------------------------------------------------------------------------

    def name(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def fixed(self, key: str, x: float, y: float, value: str, size: float = 10, *,
              bold: bool = True, width: float | None = None, align: str = "center",
              tooltip: str = "") -> None:
        """A number the sheet prints (AC, an ATK...): a read-only field holding it, drawn
        without a border so it reads as print; centred on ``x`` unless ``align`` is left.
        Kept as a field so a reader (or a test) finds the value by the field's name."""
        shown = field_text(value)
        font = FIELD_BOLD if bold else FIELD_FONT
        text_width = float(pdfmetrics.stringWidth(shown, font, size))
        w = text_width + _FIELD_PAD  # a borderless field sets its text at its left edge
        if align == "center":
            left = x - text_width / 2
        elif align == "right":
            left = x - text_width
        else:
            left, w = x, max(w, width or 0.0)
        self.canvas.acroForm.textfield(
            name=self.name(key), value=shown, x=left, y=y - size * 0.3, width=w,
            height=size * 1.25, fontName=font, fontSize=size, borderWidth=0,
            fillColor=colors.transparent, borderColor=colors.transparent,
            textColor=colors.black, fieldFlags="readOnly", tooltip=tooltip or None,
            maxlen=0)

    def write_on(self, key: str, x: float, y: float, w: float, h: float, *, value: str = "",
                 size: float = 11, multiline: bool = False, tooltip: str = "") -> None:
        """A box to write in: a fillable field, outlined for pencil on a printed page."""
        self.canvas.acroForm.textfield(
            name=self.name(key), value=field_text(value), x=x, y=y, width=w, height=h,
            fontName=FIELD_FONT, fontSize=0 if multiline and not size else size,
            borderWidth=0.8, borderColor=colors.black, fillColor=_WRITE_ON,
            textColor=colors.black, fieldFlags="multiline doNotSpellCheck" if multiline
            else "doNotSpellCheck", tooltip=tooltip or None, maxlen=0 if multiline else 40)

    def tick(self, key: str, x: float, y: float, size: float = 10, checked: bool = False, *,
             circle: bool = False, tooltip: str = "") -> None:
        """A box (or circle) to tick, ``checked`` as the campaign stands."""
        self.canvas.acroForm.checkbox(
            name=self.name(key), x=x, y=y, size=size, checked=checked,
            buttonStyle="circle" if circle else "cross", shape="circle" if circle else "square",
            borderWidth=0.8, borderColor=colors.black, fillColor=colors.white,
            textColor=colors.black, fieldFlags="", tooltip=tooltip or None)

    def ticks(self, key: str, x: float, y: float, count: int, checked: int = 0, *,
              size: float = 9, gap: float = 2.5, circle: bool = False,
              tooltip: str = "") -> float:
        """``count`` boxes in a row, the first ``checked`` ticked; returns the x after them."""
        for number in range(count):
            self.tick(f"{key}_{number + 1}", x, y, size, number < checked, circle=circle,
                      tooltip=tooltip)
            x += size + gap
        return x


def measuring_page() -> Page:
    """A page that draws nowhere, to measure text before laying a page out."""
    _fonts()
    return Page(Canvas(io.BytesIO()))


def write_pages(path: Path | str, title: str, size: tuple[float, float],
                pages: Iterable[Callable[[Page], object]], prefixes: Iterable[str] = ()) -> None:
    """Draw each page and write the PDF to ``path`` whole or not at all; ``OSError`` when it
    cannot be written (the file there before is left as it was)."""
    _fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, pageCompression=1)
    canvas.setTitle(printable(title))
    canvas.setCreator("Emberkeep")
    canvas.setAuthor("Emberkeep")
    names = list(prefixes)
    for number, draw in enumerate(pages):
        draw(Page(canvas, names[number] if number < len(names) else f"p{number + 1}_"))
        canvas.showPage()
    canvas.save()
    atomic_write(Path(path), buffer.getvalue())
