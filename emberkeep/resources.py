"""Finding ``resources/`` from a checkout, an installed wheel and a PyInstaller bundle alike.

The folder lives at the top of the repository. The wheel maps it to ``emberkeep/_resources``
(``force-include`` in ``pyproject.toml``) and the PyInstaller spec copies it to ``resources`` in
the bundle, so one resolver looks in those three places, in that order of likelihood.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

__all__ = ["ResourceError", "load_model", "resource_dir", "resource_path"]

M = TypeVar("M", bound=BaseModel)


class ResourceError(RuntimeError):
    """A bundled data file is missing or does not validate: a broken install or a bad edit."""


@cache
def resource_dir() -> Path:
    here = Path(__file__).resolve().parent
    candidates = [here / "_resources", here.parent / "resources"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        candidates.insert(0, Path(bundle) / "resources")
    for candidate in candidates:
        if (candidate / "tables").is_dir():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise ResourceError(f"Emberkeep's resources folder was not found (looked in {tried})")


def resource_path(*parts: str) -> Path:
    return resource_dir().joinpath(*parts)


def load_model(model: type[M], *parts: str) -> M:
    """Load and validate one JSON resource; a bad file names itself and the broken field."""
    path = resource_path(*parts)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        return model.model_validate(data)
    except FileNotFoundError as exc:
        raise ResourceError(f"missing resource {path}") from exc
    except json.JSONDecodeError as exc:
        raise ResourceError(f"{path}: line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    except ValidationError as exc:
        raise ResourceError(f"{path}: {exc}") from exc
