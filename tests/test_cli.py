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


# -- emberkeep print: the paper sheets, with no Qt ---------------------------------------------

EXAMPLE = str(resource_path("example_campaign.json"))


def test_print_writes_each_kind_of_sheet(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from pypdf import PdfReader

    runs = {"one.pdf": ["--sheet", "brannoc ironhand"], "all.pdf": ["--sheets"],
            "party.pdf": ["--party"], "screen.pdf": ["--gm-screen"]}
    for name, what in runs.items():
        assert main(["print", EXAMPLE, *what, "--out", str(tmp_path / name)]) == 0
    pages = {name: len(PdfReader(tmp_path / name).pages) for name in runs}
    assert pages == {"one.pdf": 1, "all.pdf": 8, "party.pdf": 1, "screen.pdf": 2}
    assert "one.pdf: 1 play sheet" in capsys.readouterr().out


@pytest.mark.parametrize(("what", "said"), [
    (["--sheet", "Nobody"], "no character is named 'Nobody'; the characters are: "
                            "'Brannoc Ironhand', 'Sister Maud'"),
])
def test_print_refuses_an_unknown_name_listing_the_known(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], what: list[str], said: str) -> None:
    assert main(["print", EXAMPLE, *what, "--out", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("emberkeep print: ") and said in err
    assert not (tmp_path / "x.pdf").exists()


def test_print_refuses_broken_files_and_unwritable_paths(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": ', encoding="utf-8")
    assert main(["print", str(broken), "--party", "--out", str(tmp_path / "p.pdf")]) == 1
    assert "broken.json (line 1, column 10)" in capsys.readouterr().err  # the loader's words
    assert main(["print", str(tmp_path / "missing.json"), "--party", "--out",
                 str(tmp_path / "p.pdf")]) == 1
    assert "missing.json" in capsys.readouterr().err
    blocked = tmp_path / "a file"
    blocked.write_text("x")
    assert main(["print", EXAMPLE, "--gm-screen", "--out", str(blocked / "s.pdf")]) == 1
    assert "could not be written" in capsys.readouterr().err
    assert main(["print", EXAMPLE, "--gm-screen", "--out", str(tmp_path)]) == 1
    assert "is a folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file", "broken.json"]


def test_print_never_imports_qt(tmp_path: Path) -> None:
    code = ("import sys\nfrom gui.cli import main\n"
            f"status = main(['print', {EXAMPLE!r}, '--sheets', '--out', "
            f"{str(tmp_path / 'all.pdf')!r}])\n"
            "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
            "raise SystemExit(status)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
