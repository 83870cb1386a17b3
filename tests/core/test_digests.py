"""emberkeep.digests: the same SHA-256 and SHA-1 as hashlib's, whichever implementation made
them; a small campaign's digest loads no OpenSSL (hashlib), a large one does."""

from __future__ import annotations

import hashlib
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from emberkeep import digests

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", [0, 1, 64, 27_000, digests.LARGE - 1, digests.LARGE,
                                  5 * digests.LARGE + 3])
def test_the_digests_are_hashlibs(size: int) -> None:
    data = bytes((n * 7 + 3) % 256 for n in range(size))
    assert digests.sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert digests.sha1_hex(data) == hashlib.sha1(data).hexdigest()


def test_the_interpreters_own_give_the_same_digests() -> None:
    data = b"The Embers of Hollowmere" * 1000
    own256 = digests.interpreter_hasher("sha256")
    own1 = digests.interpreter_hasher("sha1")
    assert own256 is not None and own1 is not None  # CPython builds have them
    assert own256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert own1(data).hexdigest() == hashlib.sha1(data).hexdigest()


def test_an_interpreter_without_its_own_uses_hashlib(monkeypatch: pytest.MonkeyPatch) -> None:
    digests.interpreter_hasher.cache_clear()

    def missing(name: str) -> object:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    monkeypatch.delitem(sys.modules, "hashlib")  # as at start, before anything loaded it
    try:
        assert digests.interpreter_hasher("sha256") is None
        assert digests.sha256_hex(b"x") == \
            "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"
    finally:
        digests.interpreter_hasher.cache_clear()


CHILD = """
import json, sys
from emberkeep.digests import LARGE, sha256_hex
sha256_hex(b"x" * 27_000)
small = "hashlib" in sys.modules
sha256_hex(b"x" * LARGE)
print(json.dumps({"small": small, "large": "hashlib" in sys.modules}))
"""


def test_a_small_digest_loads_no_openssl_and_a_large_one_does() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"small": False, "large": True}
