"""The PyInstaller bundle builds, finds its resources and starts offscreen (issue #3)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_bundle_builds_and_starts(tmp_path: Path) -> None:
    pyinstaller = Path(sys.executable).with_name("pyinstaller")
    build = subprocess.run(
        [str(pyinstaller), "--noconfirm", "--log-level", "WARN", "--distpath",
         str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"),
         str(ROOT / "packaging" / "emberkeep.spec")],
        capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert build.returncode == 0, build.stderr[-4000:]
    exe = tmp_path / "dist" / "emberkeep" / ("emberkeep.exe" if os.name == "nt" else "emberkeep")
    assert exe.is_file()

    example = ROOT / "resources" / "example_campaign.json"
    check = subprocess.run([str(exe), "check", str(example)], capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0, check.stderr
    assert "OK ('The Embers of Hollowmere'" in check.stdout

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EMBERKEEP_HOME": str(tmp_path / "home")}
    start = subprocess.run([str(exe), "--smoke-test"], capture_output=True, text=True, env=env,
                           timeout=180)
    assert start.returncode == 0, start.stderr[-4000:]
    assert "shows 8 characters" in start.stdout


@pytest.mark.slow
def test_wheel_carries_the_resources_and_finds_them(tmp_path: Path) -> None:
    """An installed wheel finds resources/ as emberkeep/_resources (pyproject force-include)."""
    import zipfile

    uv = os.environ.get("UV", "uv")
    built = subprocess.run([uv, "build", "--wheel", "--out-dir", str(tmp_path / "dist")],
                           capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    wheel = next((tmp_path / "dist").glob("emberkeep-*.whl"))
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(unpacked)
    assert "emberkeep/_resources/example_campaign.json" in names
    assert "emberkeep/_resources/tables/crit_fighter.json" in names
    assert "gui/cli.py" in names
    code = ("from emberkeep.resources import resource_dir; print(resource_dir())\n"
            "from emberkeep.campaign.storage import load\n"
            "print(load(resource_dir() / 'example_campaign.json').name)\n")
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [str(unpacked / "emberkeep" / "_resources"),
                                       "The Embers of Hollowmere"]
