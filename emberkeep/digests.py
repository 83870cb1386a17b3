"""SHA digests of a campaign's bytes and of a file's path, with no OpenSSL loaded for a small one.

:mod:`hashlib` loads OpenSSL's ``libcrypto`` on import (3.3 MiB of a process's memory, 3 ms),
which a start-up with a small campaign does not need: the interpreter's own SHA-256 hashes the
example campaign's 27 KB in a tenth of a millisecond. OpenSSL's is six times faster on large
data (a 4.6 MB campaign: 2.6 ms against 15 ms here), so data of a mebibyte or more, or any data
once :mod:`hashlib` is loaded anyway, goes to :mod:`hashlib`. The digests are the same either
way: SHA-256 is SHA-256.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from functools import cache
from typing import Protocol

__all__ = ["sha1_hex", "sha256_hex"]

LARGE = 1 << 20
"""From this many bytes, OpenSSL's speed pays for loading it."""


class _Hash(Protocol):
    def hexdigest(self) -> str: ...


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex."""
    return _hasher("sha256", len(data))(data).hexdigest()


def sha1_hex(data: bytes) -> str:
    """The SHA-1 of ``data``, in hex (a file name's tag, not a check against tampering)."""
    return _hasher("sha1", len(data))(data).hexdigest()


def _hasher(name: str, size: int) -> Callable[[bytes], _Hash]:
    if size < LARGE and "hashlib" not in sys.modules:
        own = interpreter_hasher(name)
        if own is not None:
            return own
    import hashlib

    hasher: Callable[[bytes], _Hash] = getattr(hashlib, name)
    return hasher


# Where CPython keeps its own implementations (hashlib's fallback when OpenSSL is missing):
# _sha2 from 3.12, _sha256 and _sha1 before
_OWN = {"sha256": (("_sha2", "sha256"), ("_sha256", "sha256")),
        "sha1": (("_sha1", "sha1"),)}


@cache
def interpreter_hasher(name: str) -> Callable[[bytes], _Hash] | None:
    """The interpreter's own ``name`` hash, or None where it was built without it."""
    for module, attribute in _OWN[name]:
        try:
            found: Callable[[bytes], _Hash] = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError):
            continue
        return found
    return None
