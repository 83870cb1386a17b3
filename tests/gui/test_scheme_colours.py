"""Placeholders, the dice tray's result and the good-news green read in light and dark.

A placeholder must read (AA on the base) and still be plainly not typed text: the roster's
empty filter box must not look filtered. The dice tray's big result must follow a switch of
scheme (it kept black on the dark window when a style sheet froze its palette).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.dice import ScriptedRoller
from gui.color_scheme import apply_scheme, dark_palette, light_palette
from gui.contrast import AA, contrast
from gui.palette import fixed_up, tones
from gui.toolbox.dice_tray import DiceTray

Role = QPalette.ColorRole


@pytest.fixture
def keep_palette(qapp: QApplication) -> Iterator[QApplication]:
    before = QPalette(qapp.palette())
    yield qapp
    qapp.setPalette(before)


def _ink(widget: QWidget) -> QColor:
    """The painted colour farthest from the grab's background: the glyphs' solid core (their
    anti-aliased edges lie between it and the background)."""
    image = widget.grab().toImage()
    counts = Counter(image.pixelColor(x, y).name() for x in range(image.width())
                     for y in range(image.height()))
    background = QColor(counts.most_common(1)[0][0])
    ink = max((QColor(name) for name in counts), key=lambda c: contrast(c, background))
    assert contrast(ink, background) > 2.0, "nothing painted"
    return ink


def _placeholder_reads_and_is_not_text(palette: QPalette) -> None:
    placeholder, text = palette.color(Role.PlaceholderText), palette.color(Role.Text)
    base = palette.color(Role.Base)
    assert placeholder.alpha() == 255
    assert contrast(placeholder, base) >= AA
    assert contrast(placeholder, text) >= 2.0, (placeholder.name(), text.name())


def test_a_half_alpha_text_placeholder_is_made_muted_not_black() -> None:
    """Fusion's light palette gives the placeholder as black at alpha 128: taken opaque it was
    the typed text's own black."""
    palette = QPalette()
    palette.setColor(Role.Text, QColor("#000000"))
    palette.setColor(Role.Base, QColor("#ffffff"))
    palette.setColor(Role.PlaceholderText, QColor(0, 0, 0, 128))
    fixed = fixed_up(palette)
    _placeholder_reads_and_is_not_text(fixed)
    assert fixed.color(Role.PlaceholderText) != QColor("#000000")


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["system", "light", "dark"])
def test_every_scheme_has_a_muted_placeholder(keep_palette: QApplication, scheme: str) -> None:
    apply_scheme(keep_palette, scheme)  # type: ignore[arg-type]
    _placeholder_reads_and_is_not_text(keep_palette.palette())


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["system", "light", "dark"])
def test_an_empty_filter_box_paints_its_placeholder_apart_from_typed_text(
        qtbot: QtBot, keep_palette: QApplication, scheme: str) -> None:
    """What the GM sees: the placeholder's pixels are not the typed text's colour."""
    apply_scheme(keep_palette, scheme)  # type: ignore[arg-type]
    empty, typed = QLineEdit(), QLineEdit()
    for box in (empty, typed):
        qtbot.addWidget(box)
        box.resize(240, 30)
        box.show()
    empty.setPlaceholderText("Filter by name")
    typed.setText("Filter by name")
    typed.setCursorPosition(0)
    shown, written = _ink(empty), _ink(typed)
    base = keep_palette.palette().color(Role.Base)
    assert contrast(shown, base) >= AA
    assert contrast(shown, written) >= 2.0, (shown.name(), written.name())


@pytest.mark.slow
@pytest.mark.parametrize("first", ["light", "dark"])
def test_the_dice_trays_result_reads_after_a_switch_of_scheme(
        qtbot: QtBot, keep_palette: QApplication, first: str) -> None:
    """Made in one scheme, switched to the other: the big result is in the palette's text
    colour on the window (it was #000 on #2B2B2B in the dark)."""
    apply_scheme(keep_palette, first)  # type: ignore[arg-type]
    tray = DiceTray(ScriptedRoller([17]))
    qtbot.addWidget(tray)
    tray.show()
    tray.roll_expression("d20")
    assert tray.result.text() == "17"
    apply_scheme(keep_palette, "dark" if first == "light" else "light")
    keep_palette.processEvents()  # the palette reaches widgets by an event
    palette = keep_palette.palette()
    assert tray.result.palette().color(Role.WindowText) == palette.color(Role.WindowText)
    assert contrast(_ink(tray.result), palette.color(Role.Window)) >= AA
    assert tray.result.font().bold() and tray.result.font().pointSize() == 22


@pytest.mark.parametrize("palette", [light_palette(), dark_palette()], ids=["light", "dark"])
def test_the_good_news_green_is_green_and_reads(palette: QPalette) -> None:
    good = tones(palette).good
    assert good.green() > max(good.red(), good.blue())
    for role in (Role.Window, Role.Base, Role.AlternateBase):
        assert contrast(good, palette.color(role)) >= AA


@pytest.mark.slow
def test_a_label_toned_good_takes_the_green(qtbot: QtBot, keep_palette: QApplication) -> None:
    from gui.palette import tone

    apply_scheme(keep_palette, "dark")
    label = QLabel("ready to level up")
    qtbot.addWidget(label)
    tone(label, "good")
    assert label.palette().color(Role.WindowText) == tones().good
