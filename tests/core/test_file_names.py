"""Suggested export and save paths: a name from an untrusted campaign file never leaves the
folder it is suggested in."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberkeep.file_names import MAX_STEM, clean_file_stem, suggested_path

FOLDER = Path("/home/gm/Emberkeep")


@pytest.mark.parametrize(("name", "stem"), [
    ("Brannoc Ironhand", "Brannoc Ironhand"),
    ("Élodie d'Arc", "Élodie d'Arc"),
    ("../../../../tmp/x", "tmp x"),
    ("/etc/passwd", "etc passwd"),
    ("..", "sheets"),
    ("...hidden", "hidden"),
    ("C:\\Windows\\evil", "C Windows evil"),
    ("a\x00b\nc\td", "a b c d"),
    ("what? <yes> | no*", "what yes no"),
    ("NUL", "sheets"),
    ("con.txt", "sheets"),
    ("trailing dots...", "trailing dots"),
    ("   ", "sheets"),
    ("", "sheets"),
])
def test_a_name_becomes_one_clean_file_name(name: str, stem: str) -> None:
    assert clean_file_stem(name, "sheets") == stem


@pytest.mark.parametrize("name", ["../../../../tmp/x", "/tmp/x", "a/../../b", "..\\..\\x",
                                  "\u2024\u2024/x", "x" * 10_000, "é" * 300])
def test_a_suggested_path_is_always_a_file_right_inside_the_folder(name: str) -> None:
    path = suggested_path(FOLDER, name, ".pdf", "sheets")
    assert path.parent == FOLDER
    assert path.name.endswith(".pdf") and not path.name.startswith(".")
    assert len(path.stem) <= MAX_STEM and len(path.name.encode("utf-8")) <= 255
