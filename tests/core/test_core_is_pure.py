"""The rules core never imports Qt or the GUI (DESIGN: the core stays pure)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "emberkeep"
FORBIDDEN = ("PySide6", "shiboken6", "gui")


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.slow
def test_no_core_module_names_qt_or_gui() -> None:
    offenders = {
        str(path.relative_to(CORE)): sorted(_imported_roots(path) & set(FORBIDDEN))
        for path in CORE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


@pytest.mark.slow
def test_importing_the_whole_core_loads_no_qt() -> None:
    modules = sorted(
        ".".join(p.relative_to(CORE.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in CORE.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'gui')]\n"
        "print(bad); raise SystemExit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_import_linter_contracts() -> None:
    """No Qt in the core, and the core's layers (dice → tables → gear/magic → character →
    campaign → clock → encounter → melee_round) as pyproject.toml lists them."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint)], capture_output=True, text=True,
                            cwd=CORE.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "The rules core's layers KEPT" in result.stdout
