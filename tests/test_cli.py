"""The ``emberkeep`` console script: ``check`` validates without Qt and never writes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from emberkeep.resources import resource_path
from gui.cli import main

BAD = Path(__file__).resolve().parent / "files" / "bad"


def test_check_good_file_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    example = resource_path("example_campaign.json")
    assert main(["check", str(example)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{example}: OK ('The Embers of Hollowmere', schema 4, 8 characters, "
                   "0 encounters)"]


def test_check_a_line_per_file_and_exit_one_on_any_bad(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(resource_path("example_campaign.json")), *map(str, sorted(BAD.iterdir()))]
    digests = {f: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files}
    assert main(["check", *files]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(files)
    assert out[0].endswith("0 encounters)")
    assert all(": ERROR: " in line for line in out[1:])
    assert digests == {f: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files}


def test_check_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["check"])
    assert caught.value.code == 2


def test_check_never_imports_qt() -> None:
    code = ("import sys\nfrom gui.cli import main\n"
            f"status = main(['check', {str(resource_path('example_campaign.json'))!r}])\n"
            "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
            "raise SystemExit(status)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr


def test_app_starts_and_shows_the_example(tmp_path: Path) -> None:
    """``uv run emberkeep`` on a fresh machine: the example is copied and shown."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "EMBERKEEP_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "gui", "--smoke-test"], capture_output=True,
                            text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "The Embers of Hollowmere" in result.stdout and "8 characters" in result.stdout
    assert (tmp_path / "campaigns" / "example_campaign.json").is_file()


def test_version_is_the_package_metadata_s(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    import emberkeep

    assert emberkeep.__version__ == version("emberkeep")
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == f"emberkeep {version('emberkeep')}\n"


def test_version_from_a_source_tree_reads_pyproject(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from a checkout that was never installed, the version is pyproject's."""
    import tomllib
    from importlib import metadata

    import emberkeep

    def missing(_name: str) -> str:
        raise metadata.PackageNotFoundError("emberkeep")

    monkeypatch.setattr(metadata, "version", missing)
    root = Path(emberkeep.__file__).resolve().parents[1]
    with (root / "pyproject.toml").open("rb") as file:
        assert emberkeep._version() == tomllib.load(file)["project"]["version"]


def test_version_and_help_never_import_qt() -> None:
    code = ("import sys\nfrom gui.cli import main\n"
            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
            "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("emberkeep ")


def test_help_names_debug(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--version" in out and "--debug" in out
