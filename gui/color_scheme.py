"""Light or dark: follow the system's scheme (Qt 6.5+ ``QStyleHints.colorScheme``) or the GM's
choice in Preferences (``AppState.color_scheme``), for every window including the player view.

When the platform's own palette already matches the wanted scheme it is kept (so a themed
desktop looks like itself), only with selection and disabled text brought to AA contrast
(:func:`gui.palette.fixed_up`); otherwise Emberkeep sets its own light or dark palette.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from gui.indicator_style import wrap_fusion
from gui.palette import fixed_up, retone_all

__all__ = ["SCHEMES", "Scheme", "apply_scheme", "dark_palette", "follow_system",
           "is_dark", "light_palette", "wants_dark"]

Scheme = Literal["system", "light", "dark"]
SCHEMES: tuple[Scheme, ...] = ("system", "light", "dark")

_platform_palette: QPalette | None = None  # the desktop's own, before Emberkeep changed any


def _palette(colors: dict[QPalette.ColorRole, str], disabled: dict[QPalette.ColorRole, str]
             ) -> QPalette:
    palette = QPalette()
    for role, name in colors.items():
        palette.setColor(role, QColor(name))
    for role, name in disabled.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(name))
    return fixed_up(palette)


def light_palette() -> QPalette:
    r = QPalette.ColorRole
    return _palette({
        r.Window: "#efefef", r.WindowText: "#000000", r.Base: "#ffffff",
        r.AlternateBase: "#f5f5f5", r.Text: "#000000", r.Button: "#efefef",
        r.ButtonText: "#000000", r.BrightText: "#ffffff", r.Light: "#ffffff",
        r.Midlight: "#cacaca", r.Mid: "#b8b8b8", r.Dark: "#9f9f9f", r.Shadow: "#767676",
        r.Highlight: "#1f5f9e", r.HighlightedText: "#ffffff", r.Link: "#0b57d0",
        r.LinkVisited: "#6a1b9a", r.ToolTipBase: "#ffffdc", r.ToolTipText: "#000000",
        r.PlaceholderText: "#6b6b6b",
    }, {r.Text: "#6e6e6e", r.WindowText: "#6e6e6e", r.ButtonText: "#6e6e6e",
        r.Base: "#efefef", r.Window: "#efefef"})


def dark_palette() -> QPalette:
    r = QPalette.ColorRole
    return _palette({
        r.Window: "#2b2b2b", r.WindowText: "#e8e8e8", r.Base: "#1e1e1e",
        r.AlternateBase: "#262626", r.Text: "#e8e8e8", r.Button: "#353535",
        r.ButtonText: "#e8e8e8", r.BrightText: "#ffffff", r.Light: "#505050",
        r.Midlight: "#404040", r.Mid: "#303030", r.Dark: "#1a1a1a", r.Shadow: "#000000",
        r.Highlight: "#2f65ca", r.HighlightedText: "#ffffff", r.Link: "#8ab4f8",
        r.LinkVisited: "#c58af9", r.ToolTipBase: "#3a3a3a", r.ToolTipText: "#e8e8e8",
        r.PlaceholderText: "#9a9a9a",
    }, {r.Text: "#8c8c8c", r.WindowText: "#8c8c8c", r.ButtonText: "#8c8c8c",
        r.Base: "#2b2b2b", r.Window: "#2b2b2b"})


def _looks_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def wants_dark(scheme: Scheme, hint: Qt.ColorScheme, platform: QPalette) -> bool:
    """Whether ``scheme`` means dark, given the desktop's hint (``QStyleHints.colorScheme``)
    and its palette (what decides when the desktop gives no hint)."""
    if scheme != "system":
        return scheme == "dark"
    if hint != Qt.ColorScheme.Unknown:
        return hint == Qt.ColorScheme.Dark
    return _looks_dark(platform)


def is_dark(app: QGuiApplication, scheme: Scheme) -> bool:
    """Whether ``scheme`` means dark on this desktop now."""
    return wants_dark(scheme, app.styleHints().colorScheme(), _platform_palette or app.palette())


def apply_scheme(app: QApplication, scheme: Scheme, hint: Qt.ColorScheme | None = None) -> bool:
    """Set the application's palette for ``scheme``; True if it is dark. Widgets already shown
    repaint, and toned labels take their tone anew. ``hint``: the desktop's scheme as just
    announced (else asked)."""
    global _platform_palette
    if _platform_palette is None:
        _platform_palette = QPalette(app.palette())
    if hint is None:
        hint = app.styleHints().colorScheme()
    dark = wants_dark(scheme, hint, _platform_palette)
    if scheme == "system" and _looks_dark(_platform_palette) == dark:
        palette = fixed_up(_platform_palette)  # the desktop's own colours, made readable
    else:
        palette = dark_palette() if dark else light_palette()
        if app.style().name().lower() == "windowsvista":  # it ignores a dark palette
            app.setStyle("Fusion")
    wrap_fusion(app)  # its check boxes' edges read on the base
    app.setPalette(palette)
    retone_all()
    return dark


def follow_system(app: QApplication, scheme: Callable[[], Scheme]
                  ) -> Callable[[Qt.ColorScheme], None]:
    """Re-apply when the desktop switches light/dark while Emberkeep runs (in System mode
    only; a forced choice stays). Returns the slot connected."""

    def changed(hint: Qt.ColorScheme) -> None:
        if scheme() == "system":
            apply_scheme(app, "system", hint)

    app.styleHints().colorSchemeChanged.connect(changed)
    return changed
