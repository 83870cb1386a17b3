"""The windows' icon: the PNGs in resources/icons/ are the SVG as packaging/icons.py draws it,
one per size, so the app shows the same picture without loading Qt's SVG module at start."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from gui.app import window_icon

ROOT = Path(__file__).resolve().parents[2]


def _packaging_icons() -> Any:
    """packaging/icons.py, the bundle's icon renderer (packaging/ is no package)."""
    spec = importlib.util.spec_from_file_location("icons", ROOT / "packaging" / "icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


icons = _packaging_icons()
APP_ID, SIZES, render = icons.APP_ID, icons.SIZES, icons.render


def test_each_png_is_the_svg_drawn_at_its_size(qapp: object, tmp_path: Path) -> None:
    drawn = render(tmp_path)
    assert sorted(drawn) == sorted(SIZES)
    for size, fresh in drawn.items():
        shipped = QImage(str(ROOT / "resources" / "icons" / f"emberkeep-{size}.png"))
        assert shipped.size() == QSize(size, size), size
        # an edited SVG: run `uv run python packaging/window_icons.py`
        assert shipped.convertToFormat(QImage.Format.Format_ARGB32) == QImage(str(fresh)), (
            f"{APP_ID} at {size} px")


def test_the_window_icon_has_every_drawn_size(qapp: object) -> None:
    icon = window_icon()
    assert sorted(s.width() for s in icon.availableSizes()) == sorted(SIZES)
    assert all(s.width() == s.height() for s in icon.availableSizes())
    small = icon.pixmap(16, 16).toImage()
    assert small.size() == QSize(16, 16) and not small.isNull()
