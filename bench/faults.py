"""The fault suite as a bench: kills mid-save, failures held, fuzzed files by outcome.

Prints its figures; exits 1 when any of them shows a fault (a file neither old nor new, a failed
save that changed the file or left a temporary, a fuzz case that escaped as a traceback or hung,
a semantic mutation without a field path).

- kills: a forked child saves version after version (with rotating backups); it is SIGKILLed
  at a random moment; the file must be exactly the version being saved or the one before,
  whole, every backup a whole campaign, and every stray temporary removed by the next start's
  cleaning, whatever its age.
- failures held: each step of a save fails in turn (no space at the write, EIO at the fsync,
  EACCES at the link, EROFS at the replace), plus a write-protected file and, run as root,
  another uid; each must leave the file byte-for-byte as it was, no temporary, and a message.
  A backups folder that cannot be written must *not* fail the save.
- fuzz: the golden file and a campaign with recorded fights, mutated (values of other types,
  keys dropped, doubled and renamed, the text cut, bytes flipped and inserted) and given
  semantic mutations (unknown ids, duplicate ids, bad dice, damaged fight steps), each loaded as
  the app opens a campaign (:func:`emberkeep.check.loads_whole`). Outcomes: loaded, clean error
  with a place (a line and column, or a field path), clean error without one, traceback, hang.

``--quick`` (the default) runs in seconds on a shared machine; ``--full`` is the issue's run
(300 kills, 10,000 fuzz cases). Run: ``uv run python bench/faults.py [--full] [--seed N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import errno
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the campaign with recorded fights is built by the tests' helper

from emberkeep.campaign import atomic, backups, saving, storage  # noqa: E402
from emberkeep.campaign.errors import CampaignFileError, CampaignSaveError  # noqa: E402
from emberkeep.campaign.model import Campaign  # noqa: E402
from emberkeep.campaign.saving import save_campaign  # noqa: E402
from emberkeep.check import loads_whole  # noqa: E402
from tests.core.melee_campaign import melee_campaign  # noqa: E402

GOLDEN = ROOT / "tests" / "files" / "campaign_v1.json"
LIMIT_SECONDS = 5.0


def version(number: int) -> Campaign:
    return Campaign(name=f"Version {number}", notes="x" * (number % 7) * 1000)


# -- kills -------------------------------------------------------------------------------------


def _saver(path: Path, folder: Path, write_end: int) -> None:
    try:
        number = 2
        while True:
            os.write(write_end, f"{number}\n".encode())
            saving.save(version(number), path, backups=folder, keep_last=3, keep_days=0)
            number += 1
    finally:
        os._exit(0)


def kills(count: int, rng: random.Random) -> Counter[str]:
    figures: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as where:
        path, folder = Path(where) / "party.json", Path(where) / "backups"
        for _ in range(count):
            saving.save(version(1), path)
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child never returns
                os.close(read_end)
                _saver(path, folder, write_end)
            os.close(write_end)
            time.sleep(rng.uniform(0.0, 0.02))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            with os.fdopen(read_end) as announced:
                started = [int(line) for line in announced.read().split()]
            last = started[-1] if started else 1
            figures["kills"] += 1
            data = path.read_bytes()
            whole = data in (storage.dumps(version(last)), storage.dumps(version(last - 1)))
            whole = whole and all(_loads(b.path) for b in backups.list_backups(folder))
            figures["file old or new, whole" if whole else "FILE DAMAGED"] += 1
            stray = _temporaries(path.parent) + _temporaries(folder)
            figures["kills in the middle of a save"] += bool(stray)
            cleaned = atomic.clean_stray_temporaries(path) + \
                atomic.clean_folder_temporaries(folder)
            figures["stray temporaries removed on the next start"] += len(cleaned)
            if _temporaries(path.parent) + _temporaries(folder):
                figures["STRAY TEMPORARY LEFT"] += 1
    return figures


def _loads(path: Path) -> bool:
    try:
        storage.load(path)
    except CampaignFileError:
        return False
    return True


def _temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp")) if folder.exists() else []


# -- failures held ------------------------------------------------------------------------------


def _fail(code: int) -> Callable[..., Any]:
    def failing(*args: object, **kwargs: object) -> Any:
        raise OSError(code, os.strerror(code))
    return failing


FAULTS: dict[str, tuple[str, int]] = {
    "disk full at the write": ("os.write", errno.ENOSPC),
    "I/O error at the fsync": ("os.fsync", errno.EIO),
    "quota at the fsync": ("os.fsync", errno.EDQUOT),
    "read-only disk at the replace": ("os.replace", errno.EROFS),
    "permission denied at the replace": ("os.replace", errno.EACCES),
    "folder gone at the replace": ("os.replace", errno.ENOENT),
}


def failures_held() -> Counter[str]:
    figures: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        path = folder / "party.json"
        saving.save(version(1), path)
        for name, (target, code) in FAULTS.items():
            with mock.patch(target, _fail(code)):
                _held(figures, name, path, lambda: saving.save(version(2), path))
        path.chmod(0o444)
        _held(figures, "write-protected file", path, lambda: saving.save(version(2), path))
        path.chmod(0o644)
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            _other_uid(figures, folder)
        blocked = folder / "backups"
        blocked.write_text("a file where the folder should be")
        outcome = save_campaign(version(3), path, backups=blocked / "party")
        saved = storage.load(path).name == "Version 3" and bool(outcome.backup_error)
        figures["backups folder unwritable: saved, and said" if saved
                else "BACKUPS FOLDER BLOCKED THE SAVE"] += 1
    return figures


def _held(figures: Counter[str], name: str, path: Path, attempt: Callable[[], object]) -> None:
    before = path.read_bytes()
    try:
        attempt()
        figures[f"NOT REFUSED: {name}"] += 1
        return
    except CampaignSaveError as exc:
        told = "Save As" in str(exc) or "try again" in str(exc)
    held = path.read_bytes() == before and not _temporaries(path.parent) and told
    figures["failures held" if held else f"NOT HELD: {name}"] += 1


def _other_uid(figures: Counter[str], folder: Path) -> None:
    """Another user saving over the GM's file in a folder only the GM may write."""
    private = folder / "private"
    private.mkdir(mode=0o755)
    path = private / "party.json"
    saving.save(version(1), path)
    before = path.read_bytes()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports by its exit status
        code = 3
        try:
            os.setgid(65534)
            os.setuid(65534)
            try:
                saving.save(version(2), path)
                code = 2
            except CampaignSaveError:
                code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    held = os.WEXITSTATUS(status) == 0 and path.read_bytes() == before \
        and not _temporaries(private)
    figures["failures held" if held else "NOT HELD: another uid"] += 1


# -- fuzz --------------------------------------------------------------------------------------


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(data: bytes) -> tuple[str, CampaignFileError | None]:
    try:
        with time_limit(LIMIT_SECONDS):
            loads_whole(data, "case.json")
    except CampaignFileError as exc:
        placed = exc.line is not None or exc.field is not None
        return ("clean error with a place" if placed else "CLEAN ERROR WITHOUT A PLACE"), exc
    except Hang:
        return "HANG", None
    except Exception as exc:  # the figure this bench exists to show
        where = traceback.extract_tb(exc.__traceback__)[-1]
        print(f"traceback: {type(exc).__name__}: {exc} ({where.filename}:{where.lineno})")
        return f"TRACEBACK {type(exc).__name__}", None
    return "loaded", None


ODD = [None, True, False, 0, -1, 2**70, 1.5, "", "x" * 300, "6", [], {}, [1, 2]]


def structural(document: Any, rng: random.Random) -> bytes:
    """1-4 changes of values, keys and lists, then perhaps a few byte-level ones."""
    root = copy.deepcopy(document)
    for _ in range(rng.randint(1, 4)):
        node = rng.choice(_containers(root, []))
        if not node:
            continue
        op = rng.choice(["replace", "drop", "rename", "swap_type"])
        if isinstance(node, dict):
            key = rng.choice(list(node))
            if op == "drop":
                del node[key]
            elif op == "rename":
                node[key + rng.choice(["x", "_", "s"])] = node.pop(key)
            elif op == "swap_type":
                node[key] = str(node[key]) if rng.random() < 0.5 else [node[key]]
            else:
                node[key] = rng.choice(ODD)
        else:
            at = rng.randrange(len(node))
            if op == "drop":
                del node[at]
            else:
                node[at] = rng.choice(ODD)
    data = json.dumps(root).encode()
    if rng.random() < 0.2:  # a key given twice, by hand edit or a sync tool's merge
        data = data.replace(b'"name": ', b'"name": "twice", "name": ', 1)
    for _ in range(rng.choice([0, 0, 1, 2])):
        at = rng.randrange(max(len(data), 1))
        op = rng.choice(["truncate", "flip", "insert"])
        if op == "truncate":
            data = data[:at]
        elif op == "flip" and data:
            data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
        else:
            data = data[:at] + rng.randbytes(rng.randint(1, 8)) + data[at:]
    return data


def _containers(node: Any, found: list[Any]) -> list[Any]:
    if isinstance(node, (dict, list)):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, found)
    return found


def _some(rng: random.Random, items: list[Any]) -> Any:
    return rng.choice(items)


def _pc(doc: Any, rng: random.Random) -> Any:
    return _some(rng, doc["characters"])


def _weapon(doc: Any, rng: random.Random) -> Any:
    armed = [c for c in doc["characters"] if c["inventory"]["weapons"]]
    return _some(rng, _some(rng, armed)["inventory"]["weapons"])


def _step(doc: Any, rng: random.Random) -> Any:
    return _some(rng, [s for e in doc["encounters"] for s in e["steps"]])


def _set_event(doc: Any, rng: random.Random) -> Any:
    return _some(rng, [e for s in (s for r in doc["encounters"] for s in r["steps"])
                       for e in s["events"] if "set" in e])


def _all_gear(doc: Any) -> list[Any]:
    return [g for c in doc["characters"] for kind in ("armor", "shields", "weapons", "items")
            for g in c["inventory"][kind]]


SEMANTIC: dict[str, Callable[[Any, random.Random], None]] = {
    "unknown race": lambda d, r: _pc(d, r).update(race="orc"),
    "unknown class": lambda d, r: _some(r, [c for c in d["characters"] if c["class_id"]])
    .update(class_id="wizzard"),
    "unknown archetype": lambda d, r: _some(r, [c for c in d["characters"] if c["archetype"]])
    .update(archetype="berserker"),
    "unknown occupation": lambda d, r: _some(r, [c for c in d["characters"]
                                                 if c["occupation"]]).update(occupation="bard"),
    "unknown spell": lambda d, r: _some(r, [c for c in d["characters"] if c["spells_known"]])
    ["spells_known"].append("wish"),
    "unknown cantrip": lambda d, r: _pc(d, r)["cantrips"].append("prestidigitation"),
    "unknown gear": lambda d, r: _some(r, _all_gear(d)).update(catalog_id="laser_sword"),
    "unknown archetype feature": lambda d, r: _some(
        r, [c for c in d["characters"] if c["archetype"]])["archetype_features"].append(
        {"feature_id": "flight", "level": 1}),
    "duplicate character id": lambda d, r: d["characters"][1].update(
        id=d["characters"][0]["id"]),
    "duplicate encounter id": lambda d, r: d["encounters"][1].update(
        id=d["encounters"][0]["id"]),
    "duplicate gear uid": lambda d, r: _duplicate_uid(d),
    "character without an id": lambda d, r: _pc(d, r).pop("id"),
    "bad dice 'a lot'": lambda d, r: _weapon(d, r).update(damage="a lot"),
    "bad dice '1d0'": lambda d, r: _weapon(d, r).update(damage="1d0"),
    "bad dice ''": lambda d, r: _weapon(d, r).update(damage=""),
    "hp as text": lambda d, r: _pc(d, r).update(hp=str(_pc(d, r)["hp"])),
    "time as true": lambda d, r: d.update(time=True),
    "step key misspelled": lambda d, r: _rename(_step(d, r), "summary", "sumary"),
    "event key misspelled": lambda d, r: _rename(_set_event(d, r), "after", "afterr"),
    "step without events": lambda d, r: _step(d, r).pop("events"),
    "step aimed at a ghost": lambda d, r: _set_event(d, r).update(set=["c", "ghost"]),
    "step field unknown": lambda d, r: _set_event(d, r).update(field="mana"),
    "combatant of a gone character": lambda d, r: d["encounters"][0]["combatants"][0].update(
        character_id="f" * 32),
}


def _duplicate_uid(doc: Any) -> None:
    gear = doc["characters"][0]["inventory"]
    pieces = gear["weapons"] + gear["items"]
    pieces[1]["uid"] = pieces[0]["uid"]


def _rename(node: dict[str, Any], old: str, new: str) -> None:
    node[new] = node.pop(old)


def fuzz(cases: int, rng: random.Random) -> tuple[Counter[str], Counter[str], list[str]]:
    golden = json.loads(GOLDEN.read_bytes())
    fights = json.loads(storage.dumps(melee_campaign()))
    figures: Counter[str] = Counter()
    semantic: Counter[str] = Counter()
    faults: list[str] = []
    for _ in range(cases):
        data = structural(golden if rng.random() < 0.5 else fights, rng)
        figures[outcome(data)[0]] += 1
    rounds = max(1, cases // (10 * len(SEMANTIC)))
    for name, mutate in SEMANTIC.items():
        for _ in range(rounds):
            document = copy.deepcopy(fights)
            mutate(document, rng)
            result, error = outcome(json.dumps(document).encode())
            path_given = error is not None and error.field is not None
            semantic["clean error with a path" if path_given else f"{result}: {name}"] += 1
            if not path_given:
                faults.append(f"{name}: {result}")
    return figures, semantic, faults


def _print(title: str, figures: Counter[str]) -> None:
    print(title)
    for name, count in sorted(figures.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:>6}  {name}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="the default: seconds")
    size.add_argument("--full", action="store_true", help="300 kills, 10,000 fuzz cases")
    parser.add_argument("--seed", type=int, default=20)
    options = parser.parse_args(argv)
    kill_count, fuzz_count = (300, 10_000) if options.full else (40, 1_500)
    rng = random.Random(options.seed)
    started = time.perf_counter()
    killed = kills(kill_count, rng)
    _print(f"kills mid-save ({kill_count}):", killed)
    held = failures_held()
    _print("failures held:", held)
    fuzzed, semantic, faults = fuzz(fuzz_count, rng)
    _print(f"fuzz cases by outcome ({fuzz_count} structural and byte-level):", fuzzed)
    _print(f"semantic mutations ({sum(semantic.values())}, {len(SEMANTIC)} kinds):", semantic)
    print(f"time: {time.perf_counter() - started:.1f} s")
    bad = [name for figures in (killed, held, fuzzed) for name in figures if name.isupper()
           or name.split(":")[0].isupper() or name.startswith(("TRACEBACK", "HANG"))]
    for fault in bad + faults:
        print(f"FAULT: {fault}")
    return 1 if bad or faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
