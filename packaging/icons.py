"""Make the app icon's bitmaps from resources/icons/emberkeep.svg (run at build time).

    python packaging/icons.py OUT_FOLDER

Writes ``hicolor/<n>x<n>/apps/<ID>.png`` (16 to 512 px) and ``hicolor/scalable/apps/<ID>.svg``
for the Linux desktop, ``emberkeep.ico`` (Windows: 16 to 256 px in one file) and
``emberkeep.icns`` (macOS). Qt's SVG renderer draws each size (a small size is drawn, not
scaled down from a big one); Pillow writes the ICO and ICNS containers. Both are runtime
dependencies (PySide6; Pillow comes with reportlab), so the clean build environment has them.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "emberkeep.svg"
APP_ID = "io.github.emberkeep.Emberkeep"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(out: Path) -> dict[int, Path]:
    """One PNG per size in the hicolor layout; returns them by size."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["icons", "-platform", "offscreen"])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    made = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        target = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        made[size] = target
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    del app
    return made


def containers(out: Path, pngs: dict[int, Path]) -> tuple[Path, Path]:
    from PIL import Image

    largest = Image.open(pngs[max(pngs)])
    ico = out / "emberkeep.ico"
    # each size from its own rendering: Pillow takes the frames it is given, by size
    frames = [Image.open(pngs[s]) for s in ICO_SIZES]
    frames[-1].save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                    append_images=frames[:-1])
    icns = out / "emberkeep.icns"
    largest.save(icns, format="ICNS",
                 append_images=[Image.open(pngs[s]) for s in (16, 32, 64, 128, 256)])
    return ico, icns


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    pngs = render(out)
    ico, icns = containers(out, pngs)
    print(f"icons: {len(pngs)} PNGs, {ico.name}, {icns.name} in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
