"""Fitting a 1366×768 laptop: panels that scroll inside themselves instead of growing
the window, message lines whose room is kept so nothing jumps under the GM's eyes, and the main
window's geometry remembered per screen, never larger than the screen's available area.

The test helper that checks every tab and dialog against a screen is ``tests/gui/fit.py``.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QPainter, QPaintEvent, QScreen
from PySide6.QtWidgets import QComboBox, QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

from gui.plain_text import tooltip
from gui.state import AppState

__all__ = [
    "DEFAULT_SIZE",
    "SHORT_LABEL",
    "ElidedLabel",
    "VerticalScrollArea",
    "clamp",
    "elastic",
    "frame_inside",
    "narrow_panel",
    "place_window",
    "remember_geometry",
    "reserve_lines",
    "screen_key",
    "scrolling",
    "tip_full_text",
]

SHORT_LABEL = 24  # characters: a field's label, kept on one line
DEFAULT_SIZE = (1280, 800)  # a sheet's three columns want about this much, where there is room


class VerticalScrollArea(QScrollArea):
    """Scrolls up and down only: as wide as its content needs (never a sideways scroll bar
    on a form), as short as the screen needs."""

    floor = 0
    """A width it keeps even when its content could do with less (its labels read unwrapped)."""

    def minimumSizeHint(self) -> QSize:
        content = self.widget()
        hint = super().minimumSizeHint()
        if content is None:
            return hint
        width = (content.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
                 + 2 * self.frameWidth())
        return QSize(max(width, self.floor), hint.height())


def scrolling(content: QWidget, parent: QWidget | None = None,
              floor: int = 0) -> VerticalScrollArea:
    """``content`` in a frameless scroll area: its own minimum height no longer binds the
    window; it scrolls vertically. Call ``updateGeometry()`` on it when the content changes
    which of its panels are shown. ``floor``: a width it keeps even if the content needs less."""
    area = VerticalScrollArea(parent)
    area.floor = floor
    area.setWidget(content)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    return area


def elastic(label: QLabel, steady: bool = True) -> QLabel:
    """A one-line label whose text never widens the window nor changes its height: it is
    clipped instead, and the whole text is its tooltip's job (set by the caller)."""
    label.setMinimumWidth(1)  # an explicit minimum overrides the text's width
    # one line, and the same height whatever the text (a ▶ from a fallback font is taller)
    if steady:
        label.setFixedHeight(label.fontMetrics().lineSpacing() + 8)
    return label


class ElidedLabel(QLabel):
    """A one-line plain-text label that, when its text is wider than itself, draws it cut with
    "…" in the middle (both ends stay readable: a fight's name and its ROOM DC) instead of
    clipping one end. ``text()`` is still the whole text, and so is the tooltip the caller sets
    with :func:`tip_full_text`."""

    def __init__(self, parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.mode = mode

    def shown_text(self) -> str:
        """What the label draws at its present width."""
        return self.fontMetrics().elidedText(self.text(), self.mode, self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), shown)
        painter.end()


def tip_full_text(label: QLabel) -> None:
    """The label's whole text as its tooltip, for when it is clipped (escaped: a name)."""
    label.setToolTip(tooltip(label.text()))


def reserve_lines(label: QLabel, lines: int) -> QLabel:
    """Keep room for ``lines`` wrapped lines whether the label says something or not, so a
    message appearing (a refusal, morale, the dying) never shifts the layout."""
    label.setWordWrap(True)
    margins = label.contentsMargins()
    label.setFixedHeight(lines * label.fontMetrics().lineSpacing() + margins.top()
                         + margins.bottom() + 2)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return label


def narrow_panel(container: QWidget, letters: int = 10) -> None:
    """A side panel that leaves the table its room: every combo box in ``container`` as wide as
    ``letters`` characters, not as its longest choice (a weapon's or a tactic's full name; the
    open list still shows each in full), and labels wrap rather than widen the column (a list
    of who is engaged with whom grows with the fight) — a short one never below its width now,
    so a field's label stays on one line."""
    for combo in container.findChildren(QComboBox):
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(letters)
    for label in container.findChildren(QLabel):
        label.setWordWrap(True)
        text = label.text().replace("&", "")
        if 0 < len(text) <= SHORT_LABEL:  # as it reads now on one line; longer text wraps
            label.setMinimumWidth(label.fontMetrics().horizontalAdvance(text) + 2)


def screen_key(screen: QScreen) -> str:
    """A screen by its name and size: the same monitor at another resolution is another key."""
    size = screen.geometry().size()
    return f"{screen.name()} {size.width()}x{size.height()}"


def clamp(rect: QRect, available: QRect) -> QRect:
    """``rect`` no larger than ``available`` and moved inside it."""
    width = min(rect.width(), available.width())
    height = min(rect.height(), available.height())
    x = min(max(rect.x(), available.x()), available.right() - width + 1)
    y = min(max(rect.y(), available.y()), available.bottom() - height + 1)
    return QRect(x, y, width, height)


def frame_inside(window: QWidget) -> None:
    """Once shown, the window manager's frame (title bar, borders) is known: shrink or move the
    window so the frame, not only the content, lies inside the available area."""
    available = window.screen().availableGeometry()
    frame, inner = window.frameGeometry(), window.geometry()
    if available.contains(frame):
        return
    left, top = inner.x() - frame.x(), inner.y() - frame.y()
    right, bottom = frame.right() - inner.right(), frame.bottom() - inner.bottom()
    fitted = clamp(frame, available).adjusted(left, top, -right, -bottom)
    window.setGeometry(fitted)


def place_window(window: QWidget, state: AppState) -> None:
    """Where this screen last had the window, else the default size; inside the available area
    either way (a taskbar or a smaller screen since). Once shown, the window calls
    :func:`frame_inside`."""
    screen = next((s for s in QGuiApplication.screens() if screen_key(s) == state.window_screen),
                  window.screen())
    available = screen.availableGeometry()
    saved = state.window_geometry.get(screen_key(screen))
    if saved is not None and len(saved) >= 4:
        rect = clamp(QRect(*saved[:4]), available)
    elif available.width() < DEFAULT_SIZE[0] + 120 or available.height() < DEFAULT_SIZE[1] + 60:
        rect = QRect(available)  # a laptop: all of it (the frame is brought inside once shown)
    else:
        rect = QRect(0, 0, *DEFAULT_SIZE)
        rect.moveCenter(available.center())
    window.setGeometry(rect)
    if saved is not None and len(saved) >= 5 and saved[4]:
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def remember_geometry(window: QWidget, state: AppState) -> None:
    """Note the window's place for the screen it is on (saved with the app state)."""
    rect = window.normalGeometry() if window.isMaximized() else window.geometry()
    if not rect.isValid():
        rect = window.geometry()
    state.window_screen = screen_key(window.screen())
    state.window_geometry[state.window_screen] = [
        rect.x(), rect.y(), rect.width(), rect.height(), int(window.isMaximized())]
