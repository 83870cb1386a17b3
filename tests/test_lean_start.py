"""gui.lean_start: pydantic is spared its plugin search before the first model is built, and
gives the answer it gives itself when plugins are disabled. Each case runs in a fresh
interpreter: the test process has built models long ago."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _child(code: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


SPARED = """
import json, sys
from gui.lean_start import skip_pydantic_plugin_scan
spared = skip_pydantic_plugin_scan()
again = skip_pydantic_plugin_scan()
from emberkeep.campaign.storage import load
from emberkeep.resources import resource_path
campaign = load(resource_path("example_campaign.json"))
print(json.dumps({"spared": spared, "again": again, "characters": len(campaign.characters),
                  "metadata": "importlib.metadata" in sys.modules}))
"""


def test_the_example_campaign_validates_with_no_plugin_search() -> None:
    assert _child(SPARED) == {"spared": True, "again": False, "characters": 8,
                              "metadata": False}


LATE = """
import json
from pydantic import BaseModel
class Built(BaseModel):
    x: int
from gui.lean_start import skip_pydantic_plugin_scan
print(json.dumps({"spared": skip_pydantic_plugin_scan()}))
"""


def test_a_pydantic_that_has_searched_already_is_left_alone() -> None:
    assert _child(LATE) == {"spared": False}


def test_pydantic_still_asks_that_module_for_its_plugins_and_nothing_else() -> None:
    """What the stand-in assumes of this pydantic: the one import of the plugin loader asks
    it for ``get_plugins`` alone, and the real one answers no plugins when they are disabled
    (the stand-in's answer)."""
    import pydantic

    package = Path(pydantic.__file__).parent
    users = [path.relative_to(package).as_posix() for path in sorted(package.rglob("*.py"))
             if "_loader" in path.read_text(encoding="utf-8")
             and path.name != "_loader.py"]
    assert users == ["plugin/_schema_validator.py"]
    text = (package / "plugin" / "_schema_validator.py").read_text(encoding="utf-8")
    assert [line.strip() for line in text.splitlines() if "_loader" in line] == \
        ["from ._loader import get_plugins"]
    real = _child("import os, json; os.environ['PYDANTIC_DISABLE_PLUGINS'] = '__all__'\n"
                  "from pydantic.plugin._loader import get_plugins\n"
                  "print(json.dumps({'plugins': list(get_plugins())}))")
    assert real == {"plugins": []}


DEFERRED = """
import json, sys
from gui.lean_start import defer_secrets
first = defer_secrets()
again = defer_secrets()
from pydantic import BaseModel, SecretStr
class Built(BaseModel):
    name: str
Built(name="Ysolde")
import secrets  # an import statement finds the stand-in and leaves it standing
before = {"hmac": "hmac" in sys.modules, "_hashlib": "_hashlib" in sys.modules,
          "stand_in": type(sys.modules["secrets"]).__name__}
token = secrets.token_urlsafe(6)
from secrets import compare_digest
print(json.dumps({"first": first, "again": again, "before": before, "token": len(token) >= 8,
                  "real": type(sys.modules["secrets"]).__name__,
                  "same": compare_digest is sys.modules["secrets"].compare_digest,
                  "kept": secrets.choice is sys.modules["secrets"].choice,
                  "secret": SecretStr("a") == SecretStr("a")}))
"""


def test_secrets_is_imported_at_the_first_name_asked_of_it() -> None:
    assert _child(DEFERRED) == {
        "first": True, "again": False,
        "before": {"hmac": False, "_hashlib": False, "stand_in": "_StandIn"},
        "token": True, "real": "module", "same": True, "kept": True, "secret": True}


LOOKED_AT = """
import inspect, json, sys
from gui.lean_start import defer_secrets
defer_secrets()
import secrets
wrapped = getattr(secrets, "__wrapped__", None)
unwrapped = inspect.unwrap(secrets)
print(json.dumps({"wrapped": wrapped, "same": unwrapped is secrets,
                  "hmac": "hmac" in sys.modules, "all": "token_hex" in secrets.__all__,
                  "now": "hmac" in sys.modules}))
"""


def test_a_look_around_the_stand_in_is_not_a_use() -> None:
    """inspect (PySide6's feature check reads a module's source) asks any module for
    ``__wrapped__``: no such name, and the real module stays unimported; ``__all__`` is a use."""
    assert _child(LOOKED_AT) == {"wrapped": None, "same": True, "hmac": False, "all": True,
                                 "now": True}
