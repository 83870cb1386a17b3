"""The app's few colours of its own, derived from the palette so they read in light and dark.

Nothing here is a fixed RGB laid on the palette's text colour: each tone starts from a hue
(amber for whose turn it is, red for danger, green/amber/red for HP) mixed into the palette's own
base, then moved until its text has WCAG AA contrast (:mod:`gui.contrast`). Models and delegates
ask :func:`tones` at paint time (cached per palette), and labels carry a named tone
(:func:`tone`) that :func:`retone_all` re-applies when the scheme changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from gui.contrast import contrast, mix, readable_on, toward_contrast

__all__ = ["INDICATOR_CONTRAST", "Tones", "fixed_up", "indicator_border", "placeholder_color",
           "retone_all", "tone", "tones"]

_AMBER = QColor(255, 193, 7)
_RED = QColor(198, 40, 40)
_GREEN = QColor(46, 160, 67)
_HP_HUES = (QColor(76, 175, 80), QColor(255, 167, 38), QColor(229, 57, 53))
_TONE_PROPERTY = "emberTone"
# placeholder against typed text: apart enough to tell at a glance (the dark palette's #9a9a9a
# on #e8e8e8 text is 2.3; #767676 against black 4.7)
_PLACEHOLDER_APART = 2.0
# WCAG's non-text contrast (1.4.11): a check box's edge against what it is drawn on
INDICATOR_CONTRAST = 3.0


@dataclass(frozen=True)
class Tones:
    text: QColor
    base: QColor
    alternate_base: QColor
    window: QColor
    current_bg: QColor
    """Whose turn it is: the row, the order's entry, the WDD segment and its actor."""
    current_fg: QColor
    muted: QColor
    """Down, dead or done: readable on base, alternate base and the current row alike."""
    error: QColor
    """Refusals, dying, warnings: on the window, base and alternate base."""
    good: QColor
    """Good news the guide calls green (ready to level up): on the window, base and alternate
    base."""
    hp_track: QColor
    hp_fills: tuple[QColor, QColor, QColor]
    """Above half, above a quarter, the rest."""
    hp_text: QColor
    segment_head: QColor

    def hp_fill(self, fraction: float) -> QColor:
        good, hurt, bad = self.hp_fills
        return good if fraction > 0.5 else hurt if fraction > 0.25 else bad


def _extreme_from(color: QColor) -> QColor:
    """Black or white, whichever is farther from ``color``."""
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return black if contrast(black, color) >= contrast(white, color) else white


def _derive(palette: QPalette) -> Tones:
    role = QPalette.ColorRole
    text, base = palette.color(role.Text), palette.color(role.Base)
    alternate, window = palette.color(role.AlternateBase), palette.color(role.Window)
    # 7:1 (AAA) for the current row leaves room for the muted text that must read on it too
    current_bg = toward_contrast(mix(base, _AMBER, 0.45), [text], base, 7.0)
    current_fg = readable_on(current_bg, text)
    muted = toward_contrast(mix(text, base, 0.5), [base, alternate, current_bg], text)
    error = toward_contrast(_RED, [window, base, alternate], _extreme_from(window))
    good = toward_contrast(_GREEN, [window, base, alternate], _extreme_from(window))
    hp_track = toward_contrast(mix(base, text, 0.15), [text], base)
    fills = tuple(toward_contrast(hue, [text], base) for hue in _HP_HUES)
    segment_head = toward_contrast(mix(base, text, 0.1), [text], base)
    return Tones(text=text, base=base, alternate_base=alternate, window=window,
                 current_bg=current_bg, current_fg=current_fg, muted=muted, error=error, good=good,
                 hp_track=hp_track, hp_fills=(fills[0], fills[1], fills[2]), hp_text=text,
                 segment_head=segment_head)


_cache: dict[int, Tones] = {}


def tones(palette: QPalette | None = None) -> Tones:
    """The tones for ``palette`` (the application's by default); computed once per palette."""
    if palette is None:
        palette = QGuiApplication.palette()
    key = palette.cacheKey()
    found = _cache.get(key)
    if found is None:
        if len(_cache) > 32:  # palettes come and go with scheme switches; keep a few
            _cache.clear()
        found = _cache[key] = _derive(palette)
    return found


def fixed_up(palette: QPalette) -> QPalette:
    """``palette`` with its selection and disabled text moved to AA contrast where a platform
    (or Fusion's own light palette) leaves them short; other roles as they were."""
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    fixed = QPalette(palette)
    for g in (group.Active, group.Inactive):
        on = fixed.color(g, role.HighlightedText)
        fixed.setColor(g, role.Highlight, toward_contrast(
            fixed.color(g, role.Highlight), [on], _extreme_from(on)))
    base = fixed.color(group.Disabled, role.Base)
    for r in (role.Text, role.WindowText, role.ButtonText):
        fixed.setColor(group.Disabled, r, toward_contrast(
            fixed.color(group.Disabled, r), [base, fixed.color(group.Disabled, role.Window)],
            fixed.color(group.Active, role.Text)))
    for g in (group.Active, group.Inactive, group.Disabled):
        fixed.setColor(g, role.PlaceholderText, placeholder_color(
            fixed.color(g, role.PlaceholderText), fixed.color(g, role.Text),
            fixed.color(g, role.Base)))
    return fixed


def placeholder_color(placeholder: QColor, text: QColor, base: QColor) -> QColor:
    """A placeholder that reads (AA on ``base``) yet is plainly not typed text.

    A platform palette may give the placeholder as the text colour at half alpha (Fusion's
    light palette: black at alpha 128); taken as opaque that is the text's own black, and an
    empty filter box reads as one with a filter typed in. So the colour is laid on the base
    first, and one too close to the text is replaced by the text mixed halfway into the base;
    then it is moved toward the text only as far as AA contrast on the base asks."""
    shown = mix(base, placeholder, placeholder.alphaF())
    if contrast(shown, text) < _PLACEHOLDER_APART:
        shown = mix(text, base, 0.5)
    return toward_contrast(shown, [base], text)


def indicator_border(palette: QPalette) -> QColor:
    """The edge of a check box drawn on ``palette``'s base (its current colour group): 3:1
    against the base, as far toward the base as that allows.

    Fusion draws the edge from the window colour made darker, so on a base darker than the
    window (the dark scheme: #222 on #1e1e1e, 1.1:1) or on white (#bcbcbc, 1.9:1) an unticked
    box all but vanishes; no palette role moves it without darkening every frame with it."""
    role = QPalette.ColorRole
    base, text = palette.color(role.Base), palette.color(role.Text)
    return toward_contrast(mix(base, text, 0.3), [base, palette.color(role.Window)], text,
                           INDICATOR_CONTRAST)


def tone(widget: QWidget, name: str | None) -> None:
    """Give a label (or any widget's text) a named tone: ``"error"``, ``"muted"`` or None for
    the palette's own text colour. Re-applied by :func:`retone_all` when the scheme changes."""
    widget.setProperty(_TONE_PROPERTY, name or "")
    _apply_tone(widget)


def _apply_tone(widget: QWidget) -> None:
    name = str(widget.property(_TONE_PROPERTY) or "")
    app_palette = QGuiApplication.palette()
    palette = widget.palette()
    if name:
        color = getattr(tones(app_palette), name)
    else:
        color = app_palette.color(QPalette.ColorRole.WindowText)
    if palette.color(QPalette.ColorRole.WindowText) != color:
        palette.setColor(QPalette.ColorRole.WindowText, color)
        palette.setColor(QPalette.ColorRole.Text, color)
        widget.setPalette(palette)


def retone_all() -> None:
    """After the application's palette changed: every toned widget takes its tone anew."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    for widget in app.allWidgets():
        if widget.property(_TONE_PROPERTY) is not None:
            _apply_tone(widget)


