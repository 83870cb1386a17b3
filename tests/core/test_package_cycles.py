"""No package of ``emberkeep/`` has an import cycle among its modules.

A cycle is what keeps a newcomer from reading a package bottom-up, and it is kept alive by
importing inside functions; so every run-time import counts here, at module level and inside
functions alike. Only an import under ``if TYPE_CHECKING:`` (for annotations, never run) is
left out. An edge goes from a module to each module of ``emberkeep`` it names: ``import a.b``
names ``a.b``; ``from a import b`` names ``a`` and, when ``b`` is a module of it, ``a.b``.
A package is checked with every module of the core in the graph, so a cycle that leaves the
package and comes back counts too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "emberkeep"


def _modules() -> dict[str, Path]:
    """Each module of the core by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(CORE.rglob("*.py")):
        parts = path.relative_to(CORE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()
PACKAGES = sorted(name for name, path in MODULES.items() if path.name == "__init__.py")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import the module may run: at module level, in a function or a class, in any
    branch but the body of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _runtime_imports(ast.Module(body=[child], type_ignores=[]))
        else:
            yield from _runtime_imports(node)


def _named(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The modules of the core that one import statement names (see the module notes)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in MODULES}
    base = node.module or ""
    if node.level:
        here = module.split(".")
        package = here if MODULES[module].name == "__init__.py" else here[:-1]
        up = package[:len(package) - (node.level - 1)]
        base = ".".join([*up, base] if base else up)
    named = {base} if base in MODULES else set()
    named |= {f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES}
    return named


def _graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges[module] = {target for node in _runtime_imports(tree)
                         for target in _named(module, node) if target != module}
    return edges


def _strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of two modules or more, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


CYCLES = _strongly_connected(_graph())


def _members(package: str) -> set[str]:
    """The package itself and its modules (not those of a package inside it)."""
    return {name for name in MODULES
            if name == package or name.rpartition(".")[0] == package}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_among_the_modules_of(package: str) -> None:
    members = _members(package)
    cycles = [sorted(component & members) for component in CYCLES
              if len(component & members) > 1]
    assert cycles == [], f"{package}: modules importing each other in a circle: {cycles}"


def test_the_check_sees_a_cycle_made_of_function_level_imports() -> None:
    """The check itself: a function-level import that closes a circle is a cycle, one under
    ``TYPE_CHECKING`` is not."""
    first = ast.parse("from emberkeep.dice import roll\n")
    second = ast.parse("from typing import TYPE_CHECKING\n"
                       "if TYPE_CHECKING:\n    from emberkeep.records import record\n"
                       "def later() -> None:\n    from emberkeep.check import main\n")
    edges = {"emberkeep.check": {t for n in _runtime_imports(first)
                                 for t in _named("emberkeep.check", n)},
             "emberkeep.dice": {t for n in _runtime_imports(second)
                                for t in _named("emberkeep.dice", n)},
             "emberkeep.records": set()}
    assert edges["emberkeep.dice"] == {"emberkeep.check"}
    assert _strongly_connected(edges) == [{"emberkeep.check", "emberkeep.dice"}]
