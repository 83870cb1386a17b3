"""The release bundle and the files a desktop or a distribution reads.

The bundle (packaging/build.py: a clean environment of the runtime dependencies, PyInstaller
with packaging/emberkeep.spec) builds, is windowed, carries no dev tool, finds its resources and
starts offscreen; the Linux tarball installs its desktop entry, icons, metainfo and MIME type.
The desktop entry and the AppStream metainfo pass their validators; the MIME type of campaign
files claims no generic JSON. The wheel finds its resources; the sdist ships no local cache.
"""

from __future__ import annotations

import ast
import configparser
import os
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.emberkeep.Emberkeep"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
MIME = PACKAGING / "emberkeep-mime.xml"
CAMPAIGN_TYPE = "application/x-emberkeep-campaign+json"
# What a dev environment holds and a bundle must not (pydantic's mypy plugin once pulled the
# first ones in); each a top-level name in the bundle's _internal folder or its archive
DEV_TOOLS = ("mypy", "mypyc", "pytest", "_pytest", "pytestqt", "hypothesis", "ruff", "orjson",
             "ast_serialize", "setuptools", "pkg_resources", "_distutils_hack", "pip", "pypdf",
             "importlinter", "grimp", "PyInstaller")
GENERIC_TYPES = {"application/json", "text/plain", "application/octet-stream", "text/x-json"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}


def desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


# -- the desktop entry, the metainfo and the MIME type ------------------------------------------

def test_the_desktop_entry_claims_only_campaign_files_and_names_its_icon() -> None:
    from gui.app import DESKTOP_ID

    assert DESKTOP.name == f"{DESKTOP_ID}.desktop"  # Wayland matches the window to it
    entry = desktop_entry(DESKTOP)
    types = {t for t in entry["MimeType"].split(";") if t}
    assert types == {CAMPAIGN_TYPE} and not types & GENERIC_TYPES
    categories = {c for c in entry["Categories"].split(";") if c}
    assert len(categories & MAIN_CATEGORIES) == 1, categories
    assert entry["Icon"] == APP_ID and entry["Exec"].split()[0] == "emberkeep"
    assert entry["Terminal"] == "false"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate is not installed (apt-get install "
                           "desktop-file-utils)")
def test_desktop_file_validate_accepts_the_entry() -> None:
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstreamcli is not installed (apt-get install appstream)")
def test_appstreamcli_accepts_the_metainfo() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_metainfo_names_the_app_its_entry_its_type_and_this_version() -> None:
    component = ET.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("provides/mediatype") == CAMPAIGN_TYPE
    releases = [r.get("version") for r in component.iterfind("releases/release")]
    assert releases[0] == metadata.version("emberkeep")  # the newest release is this one


def test_the_mime_type_recognises_a_saved_campaign_not_all_json() -> None:
    """A subclass of JSON, matched by its own extension and by how a saved campaign begins: a
    file Emberkeep writes starts with the magic; other JSON does not."""
    from emberkeep.campaign.model import Campaign
    from emberkeep.campaign.storage import dumps

    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = ET.parse(MIME).getroot().find("m:mime-type", ns)
    assert kind is not None and kind.get("type") == CAMPAIGN_TYPE
    assert [s.get("type") for s in kind.iterfind("m:sub-class-of", ns)] == ["application/json"]
    globs = [g.get("pattern") for g in kind.iterfind("m:glob", ns)]
    assert globs == ["*.emberkeep.json"]
    matches = list(kind.iterfind("m:magic/m:match", ns))
    assert [m.get("offset") for m in matches] == ["0"]
    magic = (matches[0].get("value") or "").encode().decode("unicode_escape").encode()
    assert dumps(Campaign(name="Any")).startswith(magic)
    assert (ROOT / "resources" / "example_campaign.json").read_bytes().startswith(magic)
    assert not b'{"name": "x", "schema_version": 4}'.startswith(magic)


@pytest.mark.skipif(shutil.which("update-mime-database") is None,
                    reason="update-mime-database is not installed (shared-mime-info)")
def test_update_mime_database_reads_the_type(tmp_path: Path) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(MIME, packages / f"{APP_ID}.xml")
    done = subprocess.run(["update-mime-database", str(tmp_path / "mime")], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"{CAMPAIGN_TYPE}:*.emberkeep.json" in (tmp_path / "mime" / "globs2").read_text()
    assert CAMPAIGN_TYPE.encode() in (tmp_path / "mime" / "magic").read_bytes()


def test_the_spec_is_windowed_and_keeps_dev_tools_out() -> None:
    spec = (PACKAGING / "emberkeep.spec").read_text(encoding="utf-8")
    tree = ast.parse(spec)
    calls = {node.func.id: node for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    console = next(k.value for k in calls["EXE"].keywords if k.arg == "console")
    assert isinstance(console, ast.Constant) and console.value is False
    for tool in ("mypy", "orjson", "setuptools", "pytest"):
        assert f'"{tool}"' in spec


# -- the bundle ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.timeout(2400)
def test_bundle_builds_and_starts(tmp_path: Path) -> None:
    build = subprocess.run(
        [sys.executable, str(PACKAGING / "build.py"), "--dist", str(tmp_path / "dist"),
         "--work", str(tmp_path / "work")],
        capture_output=True, text=True, cwd=ROOT, timeout=2400)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-4000:]
    folder = tmp_path / "dist" / "emberkeep"
    exe = folder / ("emberkeep.exe" if os.name == "nt" else "emberkeep")
    assert exe.is_file()

    # built from the runtime dependencies only, windowed
    inside = {p.name.split("-")[0] for p in (folder / "_internal").iterdir()}
    assert not inside & set(DEV_TOOLS), sorted(inside & set(DEV_TOOLS))
    from PyInstaller.building.api import EXE  # type: ignore[import-untyped]

    toc = (tmp_path / "work" / "pyinstaller" / "emberkeep" / "EXE-00.toc").read_text()
    built_with = dict(zip([name for name, _ in EXE._GUTS], ast.literal_eval(toc), strict=False))
    assert built_with["console"] is False
    resources = folder / "_internal" / "resources"
    assert "LGPL-3.0" in (resources / "licences.txt").read_text(encoding="utf-8")
    assert (resources / "licences" / "LGPL-3.0.txt").is_file()

    example = ROOT / "resources" / "example_campaign.json"
    check = subprocess.run([str(exe), "check", str(example)], capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0, check.stderr
    assert "OK ('The Embers of Hollowmere'" in check.stdout
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"emberkeep {metadata.version('emberkeep')}"

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EMBERKEEP_HOME": str(tmp_path / "home")}
    start = subprocess.run([str(exe), "--smoke-test"], capture_output=True, text=True, env=env,
                           timeout=180)
    assert start.returncode == 0, start.stderr[-4000:]
    assert "shows 8 characters" in start.stdout
    assert (tmp_path / "home" / "data" / "logs" / "emberkeep.log").is_file()

    if sys.platform.startswith("linux"):
        _check_the_tarball_installs(tmp_path)


def _check_the_tarball_installs(tmp_path: Path) -> None:
    """The tarball's install.sh puts the app, its entry, icons, metainfo and MIME type under a
    prefix; the installed entry starts the installed app and still validates."""
    archive = next((tmp_path / "dist").glob("emberkeep-*-linux-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="tar")
    unpacked = next((tmp_path / "unpacked").iterdir())
    prefix = tmp_path / "prefix"
    done = subprocess.run([str(unpacked / "install.sh"), str(prefix)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    share = prefix / "share"
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert (share / "metainfo" / METAINFO.name).is_file()
    assert (share / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    installed = share / "applications" / DESKTOP.name
    entry = desktop_entry(installed)
    assert entry["Exec"] == f'"{prefix / "lib" / "emberkeep" / "emberkeep"}" %f'
    assert (prefix / "bin" / "emberkeep").resolve() == prefix / "lib" / "emberkeep" / "emberkeep"
    if shutil.which("desktop-file-validate"):
        valid = subprocess.run(["desktop-file-validate", str(installed)], capture_output=True,
                               text=True, timeout=60)
        assert valid.returncode == 0 and not valid.stdout.strip(), valid.stdout
    removed = subprocess.run([str(unpacked / "install.sh"), "--uninstall", str(prefix)],
                             capture_output=True, text=True, timeout=300)
    assert removed.returncode == 0, removed.stderr
    assert not installed.exists() and not (prefix / "lib" / "emberkeep").exists()


# -- the wheel and the sdist --------------------------------------------------------------------

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
    assert "emberkeep/_resources/licences.txt" in names
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


@pytest.mark.slow
def test_the_sdist_ships_no_local_cache(tmp_path: Path) -> None:
    """A project folder with the caches tests and linters leave: the sdist has none of them
    (pyproject's sdist exclude, whatever a .gitignore says)."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for name in ("emberkeep", "gui", "resources"):
        shutil.copytree(ROOT / name, project / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    caches = (".hypothesis", ".grimp_cache", ".import_linter_cache")
    for cache in caches:
        (project / cache / "inner").mkdir(parents=True)
        (project / cache / "inner" / "data.json").write_text("{}")
    uv = os.environ.get("UV", "uv")
    built = subprocess.run([uv, "build", "--sdist", "--out-dir", str(tmp_path / "dist")],
                           capture_output=True, text=True, cwd=project, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    with tarfile.open(next((tmp_path / "dist").glob("emberkeep-*.tar.gz"))) as sdist:
        names = sdist.getnames()
    assert any(n.endswith("/gui/cli.py") for n in names)
    shipped = [n for n in names if any(f"/{cache}/" in n or n.endswith(f"/{cache}")
                                       for cache in caches)]
    assert shipped == []
