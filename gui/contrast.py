"""WCAG 2.x contrast between two colours, and nudging a colour until text on it reads.

The formula is the W3C's (relative luminance of sRGB, then (L1 + 0.05) / (L2 + 0.05)); 4.5:1 is
the level AA minimum for body text. Plain functions over ``QColor`` so the palette helpers, the
delegates and the tests compute the same figure.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

__all__ = ["AA", "contrast", "luminance", "mix", "readable_on", "toward_contrast"]

AA = 4.5


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: QColor) -> float:
    """Relative luminance, 0 (black) to 1 (white)."""
    return (0.2126 * _channel(color.red()) + 0.7152 * _channel(color.green())
            + 0.0722 * _channel(color.blue()))


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio, 1 (same) to 21 (black on white); order does not matter."""
    la, lb = luminance(a), luminance(b)
    high, low = max(la, lb), min(la, lb)
    return (high + 0.05) / (low + 0.05)


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` of the way to ``b`` (0: a, 1: b), opaque."""
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def readable_on(background: QColor, preferred: QColor, minimum: float = AA) -> QColor:
    """``preferred`` if it reads on ``background``, else black or white, whichever reads better."""
    if contrast(preferred, background) >= minimum:
        return QColor(preferred)
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return black if contrast(black, background) >= contrast(white, background) else white


def toward_contrast(color: QColor, against: list[QColor], anchor: QColor,
                    minimum: float = AA) -> QColor:
    """``color`` moved step by step toward ``anchor`` until it has ``minimum`` contrast with
    every colour in ``against`` (the anchor itself is returned if nothing short of it does)."""
    for step in range(21):
        candidate = mix(color, anchor, step / 20)
        if all(contrast(candidate, other) >= minimum for other in against):
            return candidate
    return QColor(anchor)
