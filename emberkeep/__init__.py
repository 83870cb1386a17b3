"""Emberkeep's rules core: pure Python and pydantic, never Qt.

A script or another front end can ``import emberkeep``, load a campaign, resolve an attack
and save it without a display.

The version is written once, in ``pyproject.toml``: an installed Emberkeep (a wheel, ``uv
sync``, the bundle, which carries the package's metadata) reads it from its metadata; a source
tree that was never installed reads it from the ``pyproject.toml`` beside the package. It is
read when first asked for (``emberkeep.__version__``), not on import: the first window does not
show it, and reading the metadata parses the package's METADATA file (bench/startup.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["__version__"]

UNKNOWN_VERSION = "0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return _known_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def _known_version() -> str:
    return _version()


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("emberkeep")
    except metadata.PackageNotFoundError:
        pass
    import tomllib

    try:
        with (Path(__file__).resolve().parent.parent / "pyproject.toml").open("rb") as file:
            project = tomllib.load(file)["project"]
        if project["name"] == "emberkeep":
            return str(project["version"])
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        pass
    return UNKNOWN_VERSION
