"""An unticked check box reads in light and dark: the Share with Players and Add PCs lists, any
checkable list or table item, a plain check box.

Fusion draws the box's edge from the window colour made darker: 1.1:1 on the dark base, 1.9:1
on white, a box the GM could not find. The edge is measured in an offscreen grab, as painted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from gui.color_scheme import Scheme, apply_scheme, dark_palette, light_palette
from gui.contrast import contrast
from gui.indicator_style import IndicatorStyle
from gui.palette import INDICATOR_CONTRAST, indicator_border

Role, Group = QPalette.ColorRole, QPalette.ColorGroup


@pytest.fixture
def keep_look(qapp: QApplication) -> Iterator[QApplication]:
    before, style = QPalette(qapp.palette()), qapp.style().name() or "fusion"
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(before)


def _styled(widget: QWidget, scheme: Scheme) -> QWidget:
    """The style and palette ``apply_scheme`` gives the app, on ``widget`` alone: restyling
    the app repolishes every widget earlier tests left, some 13 s each in a full run."""
    style = IndicatorStyle("fusion")
    style.setParent(widget)
    widget.setStyle(style)
    widget.setPalette(dark_palette() if scheme == "dark" else light_palette())
    return widget


def _edge_pixels(image: QImage, box: QRect, base_color: QPalette) -> list[float]:
    base = base_color.color(Role.Base)
    return [contrast(image.pixelColor(x, y), base)
            for x in range(box.left(), box.right() + 1)
            for y in range(box.top(), box.bottom() + 1)]


def _indicator(view: QAbstractItemView, row: int, column: int = 0) -> QRect:
    """Where the item's check box is painted, in the view's viewport."""
    index = view.model().index(row, column)
    item_rect = view.visualRect(index)
    size = view.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, view)
    # the box sits at the item's left, centred on its height, within a few pixels' margin
    return QRect(item_rect.left(), item_rect.top(), size + 8, item_rect.height())


def _assert_box_reads(view: QAbstractItemView, row: int) -> None:
    view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no focus frame laid over the item
    image = view.viewport().grab().toImage()
    found = _edge_pixels(image, _indicator(view, row), view.palette())
    # a box's edge is some 4 × 12 pixels; a few anti-aliased ones may fall short of it
    assert sum(k >= INDICATOR_CONTRAST for k in found) >= 30, max(found)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_an_unticked_item_check_box_reads_on_the_base(qtbot: QtBot, scheme: Scheme) -> None:
    listed = QListWidget()
    qtbot.addWidget(listed)
    for name, state in (("Brannoc", Qt.CheckState.Unchecked), ("Maud", Qt.CheckState.Checked)):
        item = QListWidgetItem(name)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(state)
        listed.addItem(item)
    table = QTableWidget(1, 2)
    qtbot.addWidget(table)
    cell = QTableWidgetItem("Wren")
    cell.setFlags(cell.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    cell.setCheckState(Qt.CheckState.Unchecked)
    table.setItem(0, 0, cell)
    for view in (listed, table):
        _styled(view, scheme)
        view.resize(240, 120)
        view.show()
        qtbot.waitExposed(view)
    _assert_box_reads(listed, 0)
    _assert_box_reads(table, 0)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_plain_unticked_check_box_reads_on_the_window(qtbot: QtBot, scheme: Scheme) -> None:
    box = QCheckBox("Show hit points")
    _styled(box, scheme)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    image = box.grab().toImage()
    size = box.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, box)
    window = box.palette().color(Role.Window)
    found = [contrast(image.pixelColor(x, y), window)
             for x in range(size + 4) for y in range(image.height())]
    assert sum(k >= INDICATOR_CONTRAST for k in found) >= 30, max(found)


@pytest.mark.parametrize("palette", [dark_palette(), light_palette()], ids=["dark", "light"])
def test_the_edge_colour_has_three_to_one_on_base_and_window(palette: QPalette) -> None:
    for group in (Group.Active, Group.Disabled):
        palette.setCurrentColorGroup(group)
        edge = indicator_border(palette)
        for role in (Role.Base, Role.Window):
            assert contrast(edge, palette.color(group, role)) >= INDICATOR_CONTRAST


@pytest.mark.slow  # restyles the whole app three times
def test_the_scheme_wraps_fusion_and_leaves_a_desktop_style_as_it_is(
        keep_look: QApplication) -> None:
    keep_look.setStyle("fusion")
    apply_scheme(keep_look, "dark", Qt.ColorScheme.Unknown)
    assert isinstance(keep_look.style(), IndicatorStyle)
    keep_look.setStyle("windows")
    apply_scheme(keep_look, "light", Qt.ColorScheme.Unknown)
    assert not isinstance(keep_look.style(), IndicatorStyle)
    assert keep_look.style().name().lower() == "windows"
