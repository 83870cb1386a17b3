"""Fuzzing the loader: 10,000 mutated campaigns and random byte strings.

Hypothesis takes the golden schema-1 file apart and puts it back wrong: values flipped to other
types or to odd numbers (NaN, 10**400, -1, huge strings), keys dropped and duplicated, nesting
made deep, the text truncated, bytes flipped, random bytes inserted; and it feeds plain random
bytes too. For every case: only :class:`CampaignFileError` escapes the loader, no case takes
longer than its time limit (a SIGALRM timer per case: a hang fails the test instead of stalling
it), and the loader writes nothing (the folder is unchanged and every writing call is refused).

Recovery files get the same treatment (their header, length and checksum guard what follows).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberkeep.campaign import recovery, storage
from emberkeep.campaign.errors import CampaignFileError

GOLDEN = Path(__file__).resolve().parents[1] / "files" / "campaign_v1.json"
BASE: Any = json.loads(GOLDEN.read_bytes())
CASES = 10_000
LIMIT_SECONDS = 5.0
RUN: Counter[str] = Counter()


class Obj(list[tuple[str, Any]]):
    """A JSON object as its pairs, so a mutation may give one key twice."""


def _pairs(node: Any) -> Any:
    if isinstance(node, dict):
        return Obj((key, _pairs(value)) for key, value in node.items())
    if isinstance(node, list):
        return [_pairs(value) for value in node]
    return node


def _dump(node: Any) -> str:
    if isinstance(node, Obj):
        return "{" + ",".join(f"{json.dumps(k)}:{_dump(v)}" for k, v in node) + "}"
    if isinstance(node, list):
        return "[" + ",".join(_dump(v) for v in node) + "]"
    if isinstance(node, Raw):
        return node.text
    return json.dumps(node)


class Raw(str):
    """Text put into the JSON as it is (NaN, numbers Python's json would not write)."""

    @property
    def text(self) -> str:
        return str(self)


def _containers(node: Any, found: list[Any]) -> list[Any]:
    if isinstance(node, (Obj, list)):
        found.append(node)
        for child in (v for _, v in node) if isinstance(node, Obj) else node:
            _containers(child, found)
    return found


odd_values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from([Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1" * 5000),
                     Raw("1e400"), Raw("-0"), Raw("[" * 3000 + "]" * 3000), Raw("{}"),
                     Raw('"' + "x" * 2_000_000 + '"'), Raw("[]"), Raw('"\\ud800"')]),
    st.lists(st.integers(), max_size=3), st.just({}),
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The golden campaign with 1-4 structural mutations, then perhaps a few byte-level ones."""
    root = _pairs(BASE)
    for _ in range(draw(st.integers(1, 4))):
        nodes = _containers(root, [])
        node = nodes[draw(st.integers(0, len(nodes) - 1))]
        if not node:
            continue
        at = draw(st.integers(0, len(node) - 1))
        op = draw(st.sampled_from(["replace", "drop", "duplicate", "swap_type", "rename"]))
        RUN[f"mutation:{op}"] += 1
        value = draw(odd_values)
        if isinstance(node, Obj):
            key, old = node[at]
            if op == "drop":
                del node[at]
            elif op == "duplicate":
                node.insert(at + 1, (key, value if draw(st.booleans()) else old))
            elif op == "rename":
                node[at] = (draw(st.text(max_size=12)), old)
            elif op == "swap_type":
                node[at] = (key, [old] if draw(st.booleans()) else str(old))
            else:
                node[at] = (key, value)
        elif op == "drop":
            del node[at]
        elif op == "duplicate":
            node.insert(at, node[at])
        else:
            node[at] = value
    data = _dump(root).encode("utf-8", "surrogatepass")
    for _ in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["truncate", "flip", "insert"]))
        RUN[f"bytes:{op}"] += 1
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if op == "truncate":
            data = data[:at]
        elif op == "flip" and data:
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1:]
        else:
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    return data


cases = st.one_of(
    mutated(),
    st.binary(max_size=512).map(lambda b: (RUN.update(["random bytes"]), b)[1]),
    st.text(alphabet='{}[]":,0123456789.eE-+ truefalsn\\u\n', max_size=200)
    .map(lambda t: (RUN.update(["random JSON-ish text"]), t.encode())[1]),
)


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"a case took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"the loader tried to write: {args!r}")


@contextlib.contextmanager
def nothing_written() -> Iterator[None]:
    with mock.patch("os.replace", _refuse), mock.patch("os.rename", _refuse), \
            mock.patch("os.link", _refuse), mock.patch("shutil.copyfile", _refuse), \
            mock.patch("emberkeep.campaign.atomic.atomic_write", _refuse):
        yield


def _snapshot(folder: Path) -> list[tuple[str, int, int]]:
    return sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir())


def _load_one(folder: Path, data: bytes, reader: Any) -> None:
    path = folder / "case.json"
    path.write_bytes(data)
    before = _snapshot(folder)
    with time_limit(LIMIT_SECONDS), nothing_written():
        try:
            reader(path)
            RUN["loaded fine"] += 1
        except CampaignFileError as exc:
            assert str(exc).startswith("case.json")  # a message fit for the GM, naming the file
            RUN["refused"] += 1
    assert _snapshot(folder) == before


@pytest.mark.slow
def test_ten_thousand_fuzzed_files_only_give_campaign_file_errors() -> None:
    RUN.clear()
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)

        @settings(max_examples=CASES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(cases)
        def fuzz(data: bytes) -> None:
            RUN["cases"] += 1
            _load_one(folder, data, storage.load)

        fuzz()
    print("\nfuzz:", dict(sorted(RUN.items())))
    assert RUN["cases"] >= CASES
    assert RUN["random bytes"] > 500 and RUN["mutation:duplicate"] > 500
    assert RUN["refused"] > CASES // 2 and RUN["loaded fine"] > 0  # both sides are reached


def _recovery_bytes(body: bytes, header_edit: dict[str, Any]) -> bytes:
    import hashlib

    header = {"format": "emberkeep-recovery", "original_path": "/tmp/x.json",
              "schema_version": 1, "saved_at": "2024-06-10T21:14:00+00:00",
              "campaign_name": "x", "size": len(body),
              "sha256": hashlib.sha256(body).hexdigest(), "base_sha256": None}
    header.update(header_edit)
    return json.dumps(header).encode() + b"\n" + body


@pytest.mark.slow
@settings(max_examples=1_000, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(body=st.one_of(mutated(), st.binary(max_size=256)),
       header_edit=st.dictionaries(st.sampled_from(["format", "size", "sha256", "saved_at",
                                                    "schema_version", "extra"]),
                                   odd_values, max_size=2),
       cut=st.integers(0, 100))
def test_fuzzed_recovery_files_only_give_campaign_file_errors(
        body: bytes, header_edit: dict[str, Any], cut: int) -> None:
    data = _recovery_bytes(body, header_edit)
    data = data[: len(data) - cut] if cut < 50 else data
    with tempfile.TemporaryDirectory() as where:
        _load_one(Path(where), data, recovery.read_recovery)


def test_the_golden_file_itself_loads() -> None:
    """The base the mutations start from is valid: refusals come from the mutations."""
    assert storage.loads(_dump(_pairs(BASE)).encode()).name == BASE["name"]
    assert os.path.getsize(GOLDEN) > 1000


@pytest.mark.parametrize("data", [b"null", b"[]", b"1", b'"x"', b"true", b"[{}]"])
def test_json_that_is_not_an_object_is_refused_cleanly(data: bytes) -> None:
    """Found by the fuzzer: ``null`` at the top slipped past the object check (AssertionError)."""
    with pytest.raises(CampaignFileError, match="expected an object at the top"):
        storage.loads(data, "case.json")
