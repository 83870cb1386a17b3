"""Build the release bundle for this platform from the runtime dependencies only.

    uv run python packaging/build.py [--dist DIR] [--work DIR] [--no-archive]

1. A clean virtual environment in the work folder with exactly the locked runtime dependencies
   (``uv export --no-dev``), PyInstaller and what it needs to run (pinned from the lock), and
   Emberkeep itself (for its metadata: the one version). Nothing of the dev environment (mypy,
   pytest, orjson...) is there to be analysed into the bundle.
2. The icons from resources/icons/emberkeep.svg (packaging/icons.py, in that environment).
3. PyInstaller with packaging/emberkeep.spec: ``DIST/emberkeep/`` (``Emberkeep.app`` on macOS).
4. On Linux, ``DIST/emberkeep-<version>-linux-<machine>.tar.gz``: the bundle, the desktop
   entry, the icons in the hicolor theme, the AppStream metainfo, the MIME type of campaign
   files and ``install.sh``. On Windows and macOS, a zip of the bundle folder or app.

Needs uv (https://docs.astral.sh/uv/) and, the first time, the network or uv's cache.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.emberkeep.Emberkeep"
# PyInstaller and what it imports to run (platform markers kept from the lock)
BUILD_TOOLS = {"pyinstaller", "pyinstaller-hooks-contrib", "altgraph", "packaging", "setuptools",
               "macholib", "pefile", "pywin32-ctypes", "importlib-metadata", "zipp"}


def run(*command: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("build:", " ".join(map(str, command)), flush=True)
    return subprocess.run([str(c) for c in command], check=True, text=True, cwd=ROOT,
                          **kwargs)  # type: ignore[call-overload]


def export(*options: str) -> list[str]:
    done = run("uv", "export", "--frozen", "--no-hashes", "--no-header", "--no-annotate",
               "--no-emit-project", *options, capture_output=True)
    return [line for line in done.stdout.splitlines()
            if line.strip() and not line.startswith(("#", " ", "-"))]


def requirement_name(line: str) -> str:
    return re.split(r"[=<>!~ ;\[]", line, maxsplit=1)[0].lower().replace("_", "-")


def environment(work: Path) -> Path:
    """The clean environment; returns its Python."""
    runtime = export("--no-dev")
    tools = [line for line in export("--only-group", "dev")
             if requirement_name(line) in BUILD_TOOLS]
    if not any(requirement_name(line) == "pyinstaller" for line in tools):
        raise SystemExit("build: PyInstaller is not in the lock's dev group")
    requirements = work / "requirements.txt"
    requirements.write_text("\n".join([*runtime, *tools]) + "\n", encoding="utf-8")
    venv = work / "venv"
    if venv.exists():
        shutil.rmtree(venv)
    run("uv", "venv", "--quiet", "--python", sys.executable, venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run("uv", "pip", "install", "--quiet", "--python", python, "-r", requirements)
    run("uv", "pip", "install", "--quiet", "--python", python, "--no-deps", ROOT)
    return python


def version(python: Path) -> str:
    done = run(python, "-c", "from importlib.metadata import version; "
                             "print(version('emberkeep'))", capture_output=True)
    return done.stdout.strip()


def bundle(python: Path, work: Path, dist: Path) -> Path:
    icons = work / "icons"
    run(python, PACKAGING / "icons.py", icons)
    env = {**os.environ, "EMBERKEEP_ICONS": str(icons)}
    run(python, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", dist,
        "--workpath", work / "pyinstaller", PACKAGING / "emberkeep.spec", env=env)
    return dist / ("Emberkeep.app" if sys.platform == "darwin" else "emberkeep")


def linux_tarball(built: Path, work: Path, dist: Path, number: str) -> Path:
    """The bundle and its desktop integration, laid out as ``PREFIX/share`` expects."""
    name = f"emberkeep-{number}-linux-{platform.machine()}"
    stage = work / name
    if stage.exists():
        shutil.rmtree(stage)
    share = stage / "share"
    shutil.copytree(built, stage / "emberkeep", symlinks=True)
    (share / "applications").mkdir(parents=True)
    shutil.copy(PACKAGING / f"{APP_ID}.desktop", share / "applications")
    shutil.copytree(work / "icons" / "hicolor", share / "icons" / "hicolor")
    (share / "metainfo").mkdir()
    shutil.copy(PACKAGING / f"{APP_ID}.metainfo.xml", share / "metainfo")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy(PACKAGING / "emberkeep-mime.xml", share / "mime" / "packages" / f"{APP_ID}.xml")
    shutil.copy(PACKAGING / "install.sh", stage / "install.sh")
    (stage / "install.sh").chmod(0o755)
    archive = dist / f"{name}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(stage, arcname=name)
    return archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="the build environment, icons and PyInstaller's work files")
    parser.add_argument("--no-archive", action="store_true",
                        help="leave the bundle folder, make no tarball or zip")
    options = parser.parse_args(argv)
    work, dist = options.work.resolve(), options.dist.resolve()
    work.mkdir(parents=True, exist_ok=True)
    dist.mkdir(parents=True, exist_ok=True)
    python = environment(work)
    number = version(python)
    built = bundle(python, work, dist)
    print(f"build: {built}", flush=True)
    if options.no_archive:
        return 0
    if sys.platform.startswith("linux"):
        archive = linux_tarball(built, work, dist, number)
    else:
        system = "macos" if sys.platform == "darwin" else "windows"
        archive = Path(shutil.make_archive(
            str(dist / f"emberkeep-{number}-{system}-{platform.machine().lower()}"), "zip",
            root_dir=built.parent, base_dir=built.name))
    print(f"build: {archive}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
