"""Failed saves: disk full (ENOSPC), read-only (EROFS), permission denied (EACCES).

Each failure leaves the campaign file byte-for-byte as it was, no temporary file, and a message
that says what happened and what to do. Run as root, as CI does: a 64 KiB tmpfs mounted inside a
private mount namespace (``unshare -m``) fills up for real, then is remounted read-only; the
permission test drops to another uid with ``os.seteuid`` (root ignores file modes). They run,
never skip: a machine where ``unshare -m`` fails makes them fail with the reason.

The checks inside the namespace run in the child (the tmpfs vanishes with it), which prints one
JSON report; the parent asserts on it.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from emberkeep.campaign import recovery, saving, storage  # noqa: E402
from emberkeep.campaign.errors import CampaignSaveError  # noqa: E402
from emberkeep.campaign.model import Campaign  # noqa: E402

OLD = Campaign(name="The Ember Road", notes="what the party knows")


def _attempt(path: Path, campaign: Campaign, **kwargs: Any) -> dict[str, Any]:
    before = path.read_bytes()
    report: dict[str, Any] = {"raised": None, "message": "", "errno": None}
    try:
        saving.save(campaign, path, **kwargs)
    except CampaignSaveError as exc:
        report["raised"] = type(exc).__name__
        report["message"] = str(exc)
        cause = exc.__cause__
        report["errno"] = cause.errno if isinstance(cause, OSError) else None
    report["unchanged"] = path.read_bytes() == before
    report["temporaries"] = sorted(p.name for p in path.parent.rglob("*.tmp"))
    report["loads"] = storage.load(path).name
    return report


def child_disk_full(folder: Path) -> dict[str, Any]:
    path = folder / "party.json"
    saving.save(OLD, path, backups=folder / "backups")
    reports = {"bigger": _attempt(path, OLD.model_copy(update={"notes": "x" * 200_000}),
                                  backups=folder / "backups")}
    # Fill the disk to the last byte, then save a version no bigger than the old one.
    filler = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(filler, b"\0" * 512):
            pass
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(filler)
    reports["full"] = _attempt(path, OLD.model_copy(update={"notes": "what the party know!"}),
                               backups=folder / "backups")
    # An autosave that fails on the full disk leaves the previous recovery file whole.
    os.remove(folder / "filler")
    spot = folder / "recovery" / "party.recovery"
    recovery.write_recovery(spot, storage.dumps(OLD), original=path)
    try:
        recovery.write_recovery(spot, b"x" * 200_000, original=path)
        reports["recovery"] = {"raised": None}
    except OSError as exc:
        _header, campaign = recovery.read_recovery(spot)
        reports["recovery"] = {"raised": exc.errno, "still": campaign.name,
                               "temporaries": sorted(p.name for p in spot.parent.glob("*.tmp"))}
    return reports


def child_read_only(folder: Path) -> dict[str, Any]:
    path = folder / "party.json"
    saving.save(OLD, path)
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    return {"read_only": _attempt(path, OLD.model_copy(update={"name": "Renamed"}),
                                  backups=folder / "backups")}


def _in_namespace(kind: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as where:
        script = (f"mount -t tmpfs -o size=64k tmpfs {where} && "
                  f"exec {sys.executable} {__file__} {kind} {where}")
        done = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True,
                              text=True, timeout=120, cwd=ROOT)
        assert done.returncode == 0, f"unshare -m with a tmpfs failed here: {done.stderr}"
        assert os.listdir(where) == []  # everything happened on the private tmpfs
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _failed_cleanly(report: dict[str, Any], code: int, advice: str) -> None:
    assert report["raised"] == "CampaignSaveError"
    assert report["errno"] == code
    assert report["unchanged"] is True  # byte for byte
    assert report["temporaries"] == []
    assert report["loads"] == "The Ember Road"
    assert "the file on disk is unchanged" in report["message"]
    assert advice in report["message"]


@pytest.mark.slow
def test_disk_full_leaves_the_file_as_it_was_and_says_what_to_do() -> None:
    reports = _in_namespace("disk_full")
    _failed_cleanly(reports["bigger"], errno.ENOSPC, "The disk is full: free some space")
    _failed_cleanly(reports["full"], errno.ENOSPC, "use Save As to save somewhere else")
    assert reports["recovery"] == {"raised": errno.ENOSPC, "still": "The Ember Road",
                                   "temporaries": []}


@pytest.mark.slow
def test_read_only_folder_leaves_the_file_as_it_was() -> None:
    report = _in_namespace("read_only")["read_only"]
    assert report["raised"] == "CampaignSaveError" and report["errno"] == errno.EROFS
    assert report["unchanged"] is True and report["temporaries"] == []
    assert "read-only: use Save As" in report["message"]


def test_permission_denied_as_another_uid(tmp_path: Path) -> None:
    assert os.geteuid() == 0, "CI runs these as root; seteuid needs it"
    folder = Path(tempfile.mkdtemp(prefix="ek-perm-"))  # /tmp: others may traverse it
    try:
        os.chmod(folder, 0o755)
        path = folder / "party.json"
        saving.save(OLD, path)
        before = path.read_bytes()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                os.close(read_end)
                os.seteuid(65534)  # nobody: may read the file, may not write the folder
                try:
                    saving.save(OLD.model_copy(update={"name": "Renamed"}), path,
                                 backups=folder / "backups")
                    result = "saved?!"
                except CampaignSaveError as exc:
                    cause = exc.__cause__
                    code = cause.errno if isinstance(cause, OSError) else None
                    result = f"{code}|{exc}"
                os.write(write_end, result.encode())
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            result = pipe.read()
        os.waitpid(pid, 0)
        number, _, message = result.partition("|")
        assert int(number) == errno.EACCES, result
        assert "not allowed to write to that folder" in message
        assert path.read_bytes() == before
        assert sorted(p.name for p in folder.rglob("*")) == ["party.json"]  # no temporary
    finally:
        for leftover in sorted(folder.rglob("*"), reverse=True):
            leftover.rmdir() if leftover.is_dir() else leftover.unlink()
        folder.rmdir()


@pytest.mark.parametrize("code, words", [
    (errno.ENOSPC, "The disk is full"), (errno.EROFS, "read-only"),
    (errno.EACCES, "not allowed"), (errno.EPERM, "not allowed"),
    (errno.ENOENT, "no longer exists"), (errno.EIO, "try again")])
def test_save_advice_names_what_to_do(code: int, words: str) -> None:
    assert words in saving.save_advice(OSError(code, os.strerror(code)))


if __name__ == "__main__":
    kind, where = sys.argv[1], Path(sys.argv[2])
    report = child_disk_full(where) if kind == "disk_full" else child_read_only(where)
    print(json.dumps(report))
