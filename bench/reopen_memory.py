"""Memory over campaigns opened one after another in one window, against the first open.

The same file opened ten times in a main window (each a fresh load, the old campaign dropped):
RSS after each open, and the campaigns and documents alive (objects counted after a collection).
Two files: the bundled example and the 500-character campaign of ``bench/campaign_io.py``
(4.4 MB); each plainly opened, and opened with what a GM does between opens (a sheet, the
Repairs tab, the timeline, a fight, the clock moved on and back). The child is the one
``tests/gui/test_leaks.py`` runs, in a fresh interpreter each time.

Goal: after 10 opens RSS within 10 MiB of after 1, and one campaign alive. Each later open
holds two campaigns at its peak (the open one until the new one has loaded whole, so a file
that fails leaves the window as it was), and the allocator keeps that high-water mark: the
figure beside it, after 10 against after 2, says whether an open after the second adds any.
Run: ``uv run python bench/reopen_memory.py [--opens 10]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.campaign_io import make_campaign  # noqa: E402
from emberkeep.campaign import saving  # noqa: E402
from emberkeep.resources import resource_path  # noqa: E402


def _opens(path: Path, opens: int, plain: bool, home: Path) -> dict[str, Any]:
    screens = ROOT / "tests" / "screens.json"
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens}",
           "EMBERKEEP_HOME": str(home)}
    command = [sys.executable, "-m", "tests.gui.test_leaks", "opens", str(path), str(opens)]
    done = subprocess.run([*command, *(["--plain"] if plain else [])], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the child failed ({done.returncode}):\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=10)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        example = work / "example.json"
        shutil.copyfile(resource_path("example_campaign.json"), example)
        large = work / "large.json"
        saving.save(make_campaign(), large)
        for label, path in (("example campaign", example), ("500 characters", large)):
            for plain in (True, False):
                report = _opens(path, options.opens, plain, work / f"home-{label}-{plain}")
                rss = [float(value) for value in report["rss_mib"]]
                alive = report[f"after_{options.opens}"]
                how = "opened" if plain else "opened and used"
                print(f"{label}, {how} {options.opens} times: RSS MiB after each "
                      + " ".join(f"{value:.0f}" for value in rss))
                print(f"    after {options.opens} - after 1: {rss[-1] - rss[0]:+.1f} MiB "
                      f"(goal <= +10); after {options.opens} - after 2: "
                      f"{rss[-1] - rss[1]:+.1f} MiB; highest after 2 - after 2: "
                      f"{max(rss[1:]) - rss[1]:+.1f} MiB; alive after 1: {report['after_1']}, "
                      f"after {options.opens}: {alive}")


if __name__ == "__main__":
    main()
