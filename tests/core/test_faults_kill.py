"""Kill during save: SIGKILL at every named step, then 200 kills at random moments.

After every kill the campaign file is exactly the old version or the new one, byte for byte;
every backup is a whole campaign; the stray temporary files a kill leaves are cleaned up.

The named steps run a real subprocess (``python this_file child ...``) that stops at the
:data:`atomic.CHECKPOINT` seam; the 200 random kills fork this process (imports already loaded,
so each kill costs milliseconds, not an interpreter start) and kill the child at a random moment
while it saves version after version.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # the child: run from a fresh interpreter
    sys.path.insert(0, str(ROOT))

from emberkeep.campaign import atomic, backups, saving, storage  # noqa: E402
from emberkeep.campaign.model import Campaign  # noqa: E402

STEPS = ["after_write", "after_fsync", "before_replace", "after_replace"]


def version(number: int) -> Campaign:
    """A small campaign whose bytes say which version it is."""
    return Campaign(name=f"Version {number}", notes=f"note {number} " * (number % 7 + 1))


def child(path: Path, backup_folder: Path, step: str) -> None:
    """Save version 2 over version 1, stopping for good at ``step``."""

    def pause(reached: str) -> None:
        if reached == step:
            print(f"at {reached}", flush=True)
            time.sleep(3600)

    atomic.CHECKPOINT = pause
    saving.save(version(2), path, backups=backup_folder)
    print("finished", flush=True)


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
@pytest.mark.parametrize("step", STEPS)
def test_sigkill_at_each_named_step_leaves_old_or_new_file(step: str, tmp_path: Path) -> None:
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    saving.save(version(1), path)
    old, new = path.read_bytes(), storage.dumps(version(2))
    process = subprocess.Popen([sys.executable, __file__, "child", str(path), str(folder), step],
                               stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == f"at {step}"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    expected = new if step == "after_replace" else old
    assert path.read_bytes() == expected
    assert storage.load(path).name == ("Version 2" if step == "after_replace" else "Version 1")
    for backup in backups.list_backups(folder):  # the backup, when made, is the old version
        assert backup.path.read_bytes() == old
    left = temporaries(tmp_path)
    if step != "after_replace":
        assert len(left) == 1  # the kill left the temporary file behind ...
    for stray in left:
        os.utime(stray, (time.time() - 120, time.time() - 120))
    # ... and the next start cleans it (only old ones: a young one may be another app saving)
    assert sorted(atomic.clean_stray_temporaries(path)) == sorted(left)
    assert temporaries(tmp_path) == []
    assert path.read_bytes() == expected


KILLS = 200


def _saver(path: Path, folder: Path, write_end: int) -> None:
    """The forked child: save versions 2, 3, ... announcing each before it starts."""
    try:
        number = 2
        while True:
            os.write(write_end, f"{number}\n".encode())
            saving.save(version(number), path, backups=folder, keep_last=3, keep_days=0)
            number += 1
    finally:
        os._exit(0)


@pytest.mark.slow
def test_two_hundred_kills_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(20240610)
    path, folder = tmp_path / "party.json", tmp_path / "backups"
    survived = mid_save = 0
    for kill in range(KILLS):
        saving.save(version(1), path)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            os.close(read_end)
            _saver(path, folder, write_end)
        os.close(write_end)
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        with os.fdopen(read_end) as announced:
            started = [int(line) for line in announced.read().split()]
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, kill
        data = path.read_bytes()
        last = started[-1] if started else 1
        # exactly the version being saved, or the one before it, whole
        assert data in (storage.dumps(version(last)), storage.dumps(version(last - 1))), kill
        assert storage.load(path).name in (f"Version {last}", f"Version {last - 1}")
        for backup in backups.list_backups(folder):
            storage.load(backup.path)  # every backup is a whole campaign
        stray = temporaries(tmp_path) + (temporaries(folder) if folder.exists() else [])
        mid_save += bool(stray)
        for leftover in stray:
            os.utime(leftover, (0, 0))
        atomic.clean_stray_temporaries(path)
        atomic.clean_folder_temporaries(folder)
        assert temporaries(tmp_path) == [] and (not folder.exists() or temporaries(folder) == [])
        survived += 1
    print(f"\nkills survived: {survived}; of them in the middle of a save: {mid_save}")
    assert survived == KILLS
    assert mid_save >= KILLS // 10  # the kills really land inside saves, not between them


if __name__ == "__main__":
    assert sys.argv[1] == "child"
    child(Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4])
