"""Make the window icon's bitmaps in resources/icons/ from resources/icons/emberkeep.svg.

    uv run python packaging/window_icons.py

The app gives its windows these PNGs (``emberkeep-<n>.png``, one per size packaging/icons.py
draws for the desktop), not the SVG: an SVG icon loads Qt's SVG module and its icon plugin at
every start, some 1.3 MiB of the first window's memory (bench/startup.py), for a picture that
never changes. Run this after editing the SVG; tests/gui/test_window_icon.py fails until then.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from icons import APP_ID, ROOT, SIZES, render  # packaging/ is no package: its folder is on the path

ICONS = ROOT / "resources" / "icons"


def main() -> int:
    with tempfile.TemporaryDirectory() as work:
        for size, drawn in render(Path(work)).items():
            shutil.copyfile(drawn, ICONS / f"emberkeep-{size}.png")
    print(f"window icons: {len(SIZES)} PNGs of {APP_ID} in {ICONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
