"""The magic package gives every name it lists, each loaded with its module on first ask."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import emberkeep.magic
from emberkeep.magic import lay_on_hands, spellcheck
from emberkeep.magic.lay_on_hands import lay_on_hands as lay_on_hands_function
from emberkeep.magic.spellcheck import spellcheck as spellcheck_function

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, sys
import emberkeep.magic.limits
loaded_first = sorted(m for m in sys.modules if m.startswith("emberkeep.magic."))
import emberkeep.magic.spellcheck, emberkeep.magic.lay_on_hands
from emberkeep.magic import spellcheck, lay_on_hands
print(json.dumps({"first": loaded_first,
                  "spellcheck": type(spellcheck).__name__,
                  "lay_on_hands": type(lay_on_hands).__name__}))
"""


def test_every_listed_name_is_the_submodules_own() -> None:
    for name in emberkeep.magic.__all__:
        value = getattr(emberkeep.magic, name)
        module = sys.modules[f"emberkeep.magic.{emberkeep.magic._MODULE_OF[name]}"]
        assert value is getattr(module, name), name


def test_the_functions_named_like_their_modules_keep_the_package_name() -> None:
    assert spellcheck is spellcheck_function
    assert lay_on_hands is lay_on_hands_function
    assert emberkeep.magic.spellcheck is spellcheck_function


def test_a_caster_state_loads_no_spellcheck_and_a_later_import_keeps_the_functions() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == {"first": ["emberkeep.magic.limits"],
                                       "spellcheck": "function", "lay_on_hands": "function"}


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_rule"):
        getattr(emberkeep.magic, "no_such_rule")  # noqa: B009
