"""File names made from what the GM typed: a campaign's title, a character's or a fight's name.

A name comes from a campaign file, which is untrusted: ``../../../../tmp/x`` or ``/etc/passwd``
is a valid character name. A suggested path is therefore always a single cleaned name inside
the folder the caller chose: no separator, no ``..``, no leading dot (no hidden file), no
control character, none of the characters or device names Windows refuses, and short enough
for every common file system once the suffix is added.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

__all__ = ["MAX_STEM", "clean_file_stem", "suggested_path"]

MAX_STEM = 120
"""Characters kept of a name: well under the 255-byte limit even in 4-byte UTF-8."""

_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]+')
_WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)),
     *(f"LPT{n}" for n in range(10))})


def clean_file_stem(name: str, fallback: str) -> str:
    """``name`` made safe to be one file name (without its suffix); ``fallback`` when nothing
    of it is left."""
    text = unicodedata.normalize("NFC", name)
    text = "".join(" " if unicodedata.category(ch).startswith(("C", "Z")) else ch
                   for ch in text)
    text = _UNSAFE.sub(" ", text)
    text = re.sub(r"\s+", " ", text).strip(" .")[:MAX_STEM].rstrip(" .")
    if not text or text.split(".")[0].upper() in _WINDOWS_DEVICES:
        return fallback
    return text


def suggested_path(folder: Path, name: str, suffix: str, fallback: str) -> Path:
    """``folder / (cleaned name + suffix)``: always a file directly inside ``folder``."""
    path = folder / f"{clean_file_stem(name, fallback)}{suffix}"
    assert path.parent == folder, path  # clean_file_stem leaves no separator to escape by
    return path
