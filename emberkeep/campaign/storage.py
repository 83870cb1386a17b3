"""Reading and writing campaign files: loads never write, saves are atomic.

Load refuses, with one :class:`CampaignFileError` and a plain message, everything a hand edit, a
sync conflict or a dying disk can produce: a byte-order mark, bytes that are not UTF-8, malformed
JSON (line and column), NaN or Infinity, a key given twice, nesting or numbers too large for any
field (each with its line and column: :mod:`json_places`), data of the wrong shape or type, read
strictly ("6" is no number), and references the rules could not follow
(:mod:`emberkeep.campaign.integrity`), each with the field's path; files from a newer Emberkeep;
anything but a regular file, or one over the size limit.

Save writes a temporary file in the same folder, flushes and fsyncs it, keeps the previous file
as ``NAME.bak`` (a hard link where the file system allows, else a copy), swaps the new file in with
``os.replace`` and fsyncs the folder, so at every instant the file on disk is either the old
version or the new one, whole. The save holds the campaign's lock file meanwhile, so a second copy
of Emberkeep saving the same file waits its turn (:mod:`emberkeep.campaign.save_lock`).
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from emberkeep.campaign import json_places as places
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.integrity import campaign_problems
from emberkeep.campaign.migrations import MigrationError, migrate
from emberkeep.campaign.model import SCHEMA_VERSION, Campaign
from emberkeep.digests import sha256_hex

__all__ = ["dumps", "load", "loads", "more_problems", "read"]

_BOM = b"\xef\xbb\xbf"
_MAX_BYTES = 256 * 1024 * 1024


def load(path: Path | str, *, saved_sha256: str | None = None) -> Campaign:
    """Read and validate a campaign file. Never writes anything, installs nothing: the rules
    see the campaign's own archetypes, spells and magic items through its catalog
    (``Catalog(campaign)``), handed to them. ``saved_sha256``: as :func:`loads`."""
    path = Path(path)
    return loads(read(path), path, saved_sha256=saved_sha256)


def read(path: Path) -> bytes:
    """The file's bytes, or a :class:`CampaignFileError` saying plainly why not.

    Only a regular file is read, and at most the size limit of it (a FIFO would hang the app
    waiting for a writer, ``/dev/zero`` would end in a MemoryError): the file is opened without
    waiting for a writer, and its kind is asked of the open file, so nothing can be swapped in
    between.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError as exc:
        raise CampaignFileError(path, "is a folder, not a campaign file") from exc
    except FileNotFoundError as exc:
        raise CampaignFileError(path, "does not exist") from exc
    except OSError as exc:
        raise CampaignFileError(path, f"cannot be read: {exc.strerror or exc}") from exc
    try:
        return _read_regular(fd, path)
    except OSError as exc:
        raise CampaignFileError(path, f"cannot be read: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


def _read_regular(fd: int, path: Path) -> bytes:
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):
        raise CampaignFileError(path, "is a folder, not a campaign file")
    if not stat.S_ISREG(info.st_mode):
        raise CampaignFileError(path, "is not a regular file (a pipe, a socket or a device), "
                                      "so it is not read")
    if info.st_size > _MAX_BYTES:
        raise CampaignFileError(path, f"is {info.st_size // 2**20} MB, too large to be a "
                                      "campaign")
    # a read asks for the whole file and a byte more, so a file that stays as it was is one
    # chunk, which the join hands back without a copy
    size = max(1 << 20, info.st_size + 1)
    chunks = []
    left = _MAX_BYTES + 1  # one byte more tells a file that grew past the limit
    while left > 0:
        chunk = os.read(fd, min(left, size))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    if left <= 0:
        raise CampaignFileError(path, f"is over {_MAX_BYTES // 2**20} MB, too large to be a "
                                      "campaign")
    return b"".join(chunks)


def loads(data: bytes, path: Path | str = "campaign.json", *,
          saved_sha256: str | None = None, data_sha256: str | None = None) -> Campaign:
    """Validate a campaign from its bytes, as :func:`load`.

    ``saved_sha256``: the SHA-256 of what this app wrote when it last saved the file. Bytes with
    that digest, of this schema, are this app's own writing untouched since: strict JSON (no key
    twice, no NaN, an object at the top, UTF-8 without a BOM), so the strict scan is skipped (a
    fifth of a large campaign's load). What that save did not prove is still checked: the
    model's validation, strict, and the references (:mod:`emberkeep.campaign.integrity`).
    ``data_sha256``: the SHA-256 of ``data`` when the caller has it already (the document keeps
    it to spot a change on disk), so the bytes are not hashed twice.
    """
    return _loads(data, Path(path), saved_sha256, data_sha256)


_SAVED_HEAD = re.compile(rb'\{\s*"schema_version": (\d+),')
"""How :func:`dumps` starts a file: the version first, so it is read without a parse."""


def _saved_as(data: bytes, digest: str, data_sha256: str | None) -> bool:
    head = _SAVED_HEAD.match(data, 0, 64)
    if head is None or int(head[1]) != SCHEMA_VERSION:
        return False
    if data_sha256 is None:
        data_sha256 = sha256_hex(data)
    return data_sha256 == digest


def _loads(data: bytes, path: Path, saved_sha256: str | None = None,
           data_sha256: str | None = None) -> Campaign:
    with _collector_paused():
        if saved_sha256 is not None and _saved_as(data, saved_sha256, data_sha256):
            return _validate(lambda: Campaign.model_validate_json(data, strict=True), path)
        text = _text(data, path)
        top = _strict_scan(text, path)
        version = top.get("schema_version")
        if version == SCHEMA_VERSION and not isinstance(version, bool):
            # The scan proved the JSON strict; pydantic reads the bytes directly, with no
            # intermediate Python objects (half the time of validating a parsed dict).
            return _validate(lambda: Campaign.model_validate_json(data, strict=True), path)
        document = _parse(text, path, _no_duplicate_keys)
        assert isinstance(document, dict)
        migrated = json.dumps(_migrated(document, path))
        return _validate(lambda: Campaign.model_validate_json(migrated, strict=True), path)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic collector off while the campaign is built, and what was built moved to its
    oldest generation once the load succeeds.

    Building ~64,000 tracked objects (each model, its ``__dict__``, its fields-set) would
    trigger the collector dozens of times for nothing, so it is paused; and left in the young
    generation, they would all be walked by the first young collection after the pause, a third
    of a saved file's load. They are the campaign, kept while it is open, and acyclic (a
    dropped campaign goes by reference counts, in whatever generation), so they join the oldest
    generation at once: ``gc.freeze()`` then ``gc.unfreeze()``, two list moves, no walk.

    The young generations are collected first, so that move carries nothing else: only the
    load's objects join the oldest generation (ahead of its own, whose order is kept). Without
    that, a first version of this left the GUI's young garbage (documents of closed windows, Qt
    objects with their Python owners) to one large collection, which crashed the interpreter
    (tests/gui/test_knight_hp_gui.py with test_spell_luck_dialogs.py and test_wizard.py, every
    run, before documents dropped their undo steps themselves); collected first, it passes.
    That collection walks only what the young generations hold (a thousand objects or so in
    the app, ~1 ms: their thresholds bound it), never the campaign. A refused load moves
    nothing: its garbage stays young. A caller that paused the collector (start-up) keeps it
    as it was, and nothing is collected or moved; nor is anything while objects are frozen
    (``gc.unfreeze()`` would thaw them).
    """
    was_enabled = gc.isenabled()
    # unfreeze thaws everything frozen: objects someone else froze stay so, and ours stay young
    move = was_enabled and gc.get_freeze_count() == 0
    if move:
        gc.collect(1)
    gc.disable()
    try:
        yield
    except BaseException:
        if was_enabled:
            gc.enable()
        raise
    if move:
        gc.freeze()
        gc.unfreeze()
    if was_enabled:
        gc.enable()


def _text(data: bytes, path: Path) -> str:
    if not data or data.isspace():
        raise CampaignFileError(path, "is empty", line=1, column=1)
    if data.startswith(_BOM):
        raise CampaignFileError(path, "starts with a byte-order mark (BOM); "
                                      "Emberkeep files are plain UTF-8 without one",
                                line=1, column=1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data[: exc.start].decode("utf-8", "replace"))
        raise CampaignFileError(path, "is not UTF-8 text", line=line, column=column) from exc


_OBJECT_AT_TOP = re.compile(r"[ \t\n\r]*\{")
"""JSON's whitespace, then an object: what a campaign file is, once the whole text parses."""


def _strict_scan(text: str, path: Path) -> dict[str, Any]:
    """Refuse what pydantic's own JSON reader would let through (duplicate keys, NaN) or
    report poorly; return the top-level keys (nested objects read as None).

    The reader calls the check with each object's pairs as it closes (the top-level object
    last) and builds nothing of them: the check keeps only the last pairs, a plain function
    and a dict built in C, since it runs once per object, some 40,000 times in a large
    campaign."""
    last: list[list[tuple[str, Any]]] = [[]]

    def checked(pairs: list[tuple[str, Any]]) -> None:
        if len(dict(pairs)) != len(pairs):
            _no_duplicate_keys(pairs)
        last[0] = pairs

    # A text that parses whole and starts with "{" is an object (``null`` at the top also
    # parses to None: fuzzing found it passing for one)
    if _parse(text, path, checked) is not None or not _OBJECT_AT_TOP.match(text):
        raise CampaignFileError(path, "is JSON but not a campaign (expected an object at the top)",
                                field="the top level")
    return dict(last[0])


def _parse(text: str, path: Path, hook: Callable[[list[tuple[str, Any]]], Any]) -> Any:
    try:
        return json.loads(text, object_pairs_hook=hook, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        reason = "is cut short (the end of the file is missing)" if cut \
            else f"is not valid JSON: {exc.msg}"
        raise CampaignFileError(path, reason, line=exc.lineno, column=exc.colno) from exc
    except _Refused as exc:
        at = (places.duplicate_key_at(text, exc.key) if exc.key is not None
              else places.constant_at(text))
        raise _placed(path, str(exc), text, at) from exc
    except RecursionError as exc:
        raise _placed(path, "is nested too deeply to be a campaign", text,
                      places.deep_at(text, _DEPTH)) from exc
    except ValueError as exc:  # int() refuses numbers over sys.get_int_max_str_digits digits
        raise _placed(path, "holds a number too large for any field", text,
                      places.long_number_at(text, sys.get_int_max_str_digits())) from exc


_DEPTH = 100
"""Levels of nesting no campaign comes near: where the text goes deeper is the place to look."""


def _placed(path: Path, reason: str, text: str, at: int | None) -> CampaignFileError:
    if at is None:
        return CampaignFileError(path, reason)
    line, column = places.line_column(text, at)
    return CampaignFileError(path, reason, line=line, column=column)


class _Refused(ValueError):
    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {key!r} appears twice in one object", key)
            seen.add(key)
    return result


def _no_constants(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not a number JSON allows")


def _position(prefix: str) -> tuple[int, int]:
    line = prefix.count("\n") + 1
    return line, len(prefix) - (prefix.rfind("\n") + 1) + 1


def _migrated(document: dict[str, Any], path: Path) -> dict[str, Any]:
    version = document.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        raise CampaignFileError(path, f"was made by a newer Emberkeep (schema {version}; "
                                      f"this one reads up to {SCHEMA_VERSION})",
                                field="schema_version")
    if version is None:
        raise CampaignFileError(path, "has no schema_version: not an Emberkeep campaign",
                                field="schema_version")
    try:
        return migrate(document)
    except MigrationError as exc:
        raise CampaignFileError(path, str(exc), field="schema_version") from exc


def _validate(build: Callable[[], Campaign], path: Path) -> Campaign:
    """Build the campaign strictly (``"hp": "6"`` or ``"time": true`` is refused, never read
    as 6 or 1: a hand edit's mistake must be seen), then check it is whole
    (:mod:`emberkeep.campaign.integrity`)."""
    try:
        campaign = build()
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        if first["type"] == "json_invalid":  # what the strict scan leaves to pydantic's reader
            raise _json_error(str(first["ctx"].get("error", first["msg"])), path) from exc
        raise _problems_error(path, [(_field_path(e["loc"]), _plain(e["msg"]))
                                     for e in errors]) from exc
    problems = campaign_problems(campaign)
    if problems:
        raise _problems_error(path, [(p.field, p.reason) for p in problems])
    return campaign


def _problems_error(path: Path, problems: list[tuple[str, str]]) -> CampaignFileError:
    field, reason = problems[0]
    return CampaignFileError(path, reason + more_problems(len(problems) - 1), field=field,
                             problems=tuple(problems))


def more_problems(count: int) -> str:
    if count == 0:
        return ""
    return f" (and {count} more problem{'s' if count > 1 else ''})"


def _plain(message: str) -> str:
    """Pydantic's words for the GM: its advice to Python programmers is no use to them."""
    message = message.removeprefix("Value error, ")
    return re.sub(r";? ?use `?sys\.set_int_max_str_digits\(\)`?.*$", "", message)


_AT = re.compile(r"(.*) at line (\d+) column (\d+)$")


def _json_error(message: str, path: Path) -> CampaignFileError:
    match = _AT.match(message)
    reason, line, column = (match[1], int(match[2]), int(match[3])) if match else (message, 0, 0)
    if "recursion limit" in reason:
        reason = "is nested too deeply to be a campaign"
    else:
        reason = f"is not valid JSON: {reason}"
    return CampaignFileError(path, reason, line=line or None, column=column or None)


def _field_path(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def dumps(campaign: Campaign) -> bytes:
    return campaign.model_dump_json(indent=1).encode("utf-8") + b"\n"


