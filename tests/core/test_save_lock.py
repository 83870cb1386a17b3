"""The save lock, the save's expectation of the file, what a killed save leaves, who may save.

- The check for an outside change, the backup and the replace happen under ``.NAME.lock``; a
  normal save leaves no lock file; a held lock makes a save wait, then say another copy of
  Emberkeep is saving; a lock a killed save left holds nothing (POSIX: flock) or is taken over
  (the Windows way, O_EXCL, run here by hiding fcntl).
- A save that expects the file as it last knew it refuses when the file holds anything else.
- Every temporary a killed save leaves, in either backup mode, and its lock file are cleaned.
- Only a file this user owns and may write is saved over (root passes every permission check).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # the child: run from a fresh interpreter
    sys.path.insert(0, str(ROOT))

from emberkeep.campaign import atomic, backups, save_lock, saving, storage  # noqa: E402
from emberkeep.campaign.errors import CampaignSaveError  # noqa: E402
from emberkeep.campaign.model import Campaign  # noqa: E402
from emberkeep.campaign.save_lock import CampaignBusy, Holder, lock_path_for  # noqa: E402
from emberkeep.campaign.saving import (  # noqa: E402
    NO_FILE,
    CampaignChangedOnDisk,
    clean_leftovers,
    save_campaign,
    sha256_of,
)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "party.json"
    saving.save(Campaign(name="Old"), path)
    return path


@contextlib.contextmanager
def held_lock(campaign: Path, holder: Holder | None = None) -> Iterator[Path]:
    """Hold the campaign's lock as another copy's save would (a second open file: flock locks
    two open files of one process against each other, as two processes)."""
    lock = lock_path_for(campaign)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, (holder or Holder(os.getpid(), Holder.me().host, time.time())).encode())
        yield lock
    finally:
        os.close(fd)


# -- the lock -------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["NAME.bak", "backups folder"])
def test_a_normal_save_leaves_no_lock_file(party: Path, tmp_path: Path, mode: str) -> None:
    folder = tmp_path / "backups" if mode == "backups folder" else None
    saved = save_campaign(Campaign(name="New"), party, backups=folder)
    save_campaign(Campaign(name="Newer"), party, backups=folder,
                  expect_sha256=sha256_of(saved.data))
    assert storage.load(party).name == "Newer"
    expected = ["backups", "party.json"] if folder else ["party.json", "party.json.bak"]
    assert names(tmp_path) == expected


def test_a_held_lock_makes_the_save_wait_then_say_another_copy_is_saving(party: Path) -> None:
    before = party.read_bytes()
    with held_lock(party, Holder(4242, Holder.me().host, time.time())) as lock:
        started = time.monotonic()
        with pytest.raises(CampaignBusy) as caught:
            save_campaign(Campaign(name="Mine"), party, wait=0.3)
        waited = time.monotonic() - started
        assert lock.exists()  # the holder's lock is left alone
    message = str(caught.value)
    assert "another copy of Emberkeep is saving this campaign" in message
    assert "(process 4242 on this computer, since " in message
    assert "the file on disk is unchanged" in message.lower() and "try again" in message
    assert 0.3 <= waited < 2.0
    assert party.read_bytes() == before
    assert names(party.parent) == [".party.json.lock", "party.json"]  # no temporary


def test_a_save_goes_on_as_soon_as_the_other_copy_is_done(party: Path) -> None:
    lock = lock_path_for(party)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)

    def finish_the_other_save() -> None:
        time.sleep(0.3)
        lock.unlink()  # as a finished save does: removed while still held
        os.close(fd)

    other = threading.Thread(target=finish_the_other_save)
    other.start()
    started = time.monotonic()
    save_campaign(Campaign(name="Mine"), party, wait=5.0)
    other.join()
    assert 0.25 <= time.monotonic() - started < 3.0
    assert storage.load(party).name == "Mine"
    assert names(party.parent) == ["party.json", "party.json.bak"]


def test_a_lock_file_in_the_way_that_is_no_lock_is_said_plainly(party: Path,
                                                               tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not to be touched")
    lock_path_for(party).symlink_to(elsewhere)
    with pytest.raises(CampaignSaveError, match="is not a lock file Emberkeep made"):
        save_campaign(Campaign(name="Mine"), party)
    assert elsewhere.read_text() == "not to be touched"
    assert storage.load(party).name == "Old"


def test_the_lock_file_name_fits_the_name_limit(tmp_path: Path) -> None:
    path = tmp_path / ("é" * 125 + ".json")
    saving.save(Campaign(name="One"), path)
    assert len(lock_path_for(path).name.encode()) <= atomic.NAME_MAX
    saving.save(Campaign(name="Two"), path, backups=tmp_path / "backups")
    assert storage.load(path).name == "Two"
    assert names(tmp_path) == sorted(["backups", path.name])


# -- without flock (the Windows way) -----------------------------------------------------------


@pytest.fixture
def no_flock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_lock, "fcntl", None)


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.usefixtures("no_flock")
def test_without_flock_a_live_copy_s_lock_makes_the_save_wait(party: Path) -> None:
    lock = lock_path_for(party)
    lock.write_bytes(Holder(os.getpid(), Holder.me().host, time.time()).encode())
    with pytest.raises(CampaignBusy, match="another copy of Emberkeep is saving"):
        save_campaign(Campaign(name="Mine"), party, wait=0.2)
    assert lock.exists() and storage.load(party).name == "Old"
    assert clean_leftovers(party) == []  # a live save's lock stays


@pytest.mark.usefixtures("no_flock")
def test_without_flock_a_killed_save_s_lock_is_taken_over(party: Path) -> None:
    lock = lock_path_for(party)
    lock.write_bytes(Holder(dead_pid(), Holder.me().host, time.time()).encode())
    save_campaign(Campaign(name="Mine"), party, wait=0.2)
    assert storage.load(party).name == "Mine" and not lock.exists()


@pytest.mark.usefixtures("no_flock")
def test_without_flock_an_old_lock_is_taken_over_and_a_young_unreadable_one_waited_for(
        party: Path) -> None:
    lock = lock_path_for(party)
    lock.write_bytes(b"")  # just created by another copy, not yet written: it may be live
    with pytest.raises(CampaignBusy):
        save_campaign(Campaign(name="Mine"), party, wait=0.2)
    long_ago = time.time() - save_lock.STALE_SECONDS - 1
    os.utime(lock, (long_ago, long_ago))
    save_campaign(Campaign(name="Mine"), party, wait=0.2)
    assert storage.load(party).name == "Mine" and not lock.exists()
    lock.write_bytes(Holder(dead_pid(), Holder.me().host, time.time()).encode())
    assert clean_leftovers(party) == [lock]


# -- what the save expects of the file ----------------------------------------------------------


def test_a_file_changed_since_is_refused_then_overwritten_as_found(party: Path,
                                                                  tmp_path: Path) -> None:
    known = sha256_of(party.read_bytes())
    saving.save(Campaign(name="Theirs"), party)  # another program, since
    theirs = party.read_bytes()
    folder = tmp_path / "backups"
    with pytest.raises(CampaignChangedOnDisk) as caught:
        save_campaign(Campaign(name="Mine"), party, backups=folder, expect_sha256=known)
    assert "was changed by another program (or another copy of Emberkeep)" in str(caught.value)
    assert caught.value.found_sha256 == hashlib.sha256(theirs).hexdigest()
    assert party.read_bytes() == theirs and not folder.exists()
    assert names(tmp_path) == ["party.json", "party.json.bak"]  # no lock, no temporary
    save_campaign(Campaign(name="Mine"), party, backups=folder,
                  expect_sha256=caught.value.found_sha256)
    assert storage.load(party).name == "Mine"
    (kept,) = backups.list_backups(folder)
    assert kept.path.read_bytes() == theirs  # what was overwritten is kept


def test_a_file_gone_since_or_one_that_appeared_is_a_change(party: Path) -> None:
    known = sha256_of(party.read_bytes())
    party.unlink()
    with pytest.raises(CampaignChangedOnDisk, match="was deleted or moved") as caught:
        save_campaign(Campaign(name="Mine"), party, expect_sha256=known)
    assert caught.value.found_sha256 == NO_FILE and not party.exists()
    save_campaign(Campaign(name="Mine"), party, expect_sha256=NO_FILE)
    with pytest.raises(CampaignChangedOnDisk):
        save_campaign(Campaign(name="Another"), party, expect_sha256=NO_FILE)
    assert storage.load(party).name == "Mine"


def test_a_file_that_already_holds_these_bytes_is_no_loss(party: Path) -> None:
    stale = sha256_of(b"an older version")
    saving.save(Campaign(name="Same"), party)
    outcome = save_campaign(Campaign(name="Same"), party, expect_sha256=stale)
    assert not outcome.written and storage.load(party).name == "Same"


# -- what a killed save leaves --------------------------------------------------------------------


def child(path: Path, mode: str, step: str) -> None:
    """Save over ``path``, stopping for good at ``step`` (killed there by the test)."""

    def pause(reached: str) -> None:
        if reached == step:
            print(f"at {reached}", flush=True)
            time.sleep(3600)

    atomic.CHECKPOINT = pause
    folder = path.parent / "backups" if mode == "backups" else None
    saving.save(Campaign(name="Killed"), path, backups=folder)


def kill_at(path: Path, mode: str, step: str) -> None:
    process = subprocess.Popen([sys.executable, __file__, "child", str(path), mode, step],
                               stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == f"at {step}"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


@pytest.mark.slow
def test_the_bak_link_temporary_and_the_lock_of_a_killed_save_are_cleaned(party: Path) -> None:
    kill_at(party, "NAME.bak", "link_staged")
    lock = lock_path_for(party)
    (staged,) = [p for p in party.parent.iterdir() if p.name.endswith(".link.tmp")]
    assert staged.name.startswith(".party.json.bak.")
    assert lock.exists() and storage.load(party).name == "Old"
    new_version = atomic.temporary_for(party).name[:len(".party.json.")]
    (temporary,) = atomic.clean_stray_temporaries(party)  # the file's own pattern takes the
    assert temporary.name.startswith(new_version)         # new version's, not the staging
    assert staged.exists()
    assert sorted(clean_leftovers(party)) == sorted([staged, lock])
    assert names(party.parent) == ["party.json"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["NAME.bak", "backups"])
def test_a_killed_save_s_lock_holds_nothing_and_its_leftovers_go(party: Path, mode: str) -> None:
    kill_at(party, mode, "before_replace")
    leftovers = [p for p in party.parent.iterdir() if p.name.startswith(".")]
    assert len(leftovers) == 2 and lock_path_for(party) in leftovers  # a temporary, the lock
    started = time.monotonic()
    save_campaign(Campaign(name="Next"), party, wait=5.0)
    assert time.monotonic() - started < 1.0  # the dead process's lock was no lock
    assert storage.load(party).name == "Next"
    (temporary,) = [p for p in party.parent.iterdir() if p.name.startswith(".")]
    assert clean_leftovers(party) == [temporary]


def test_a_bak_that_already_is_the_file_leaves_no_staging_link(party: Path) -> None:
    """rename(2) between two links of one file does nothing: the staging link stayed behind
    after every save once NAME.bak was the file itself (a save killed past its backup)."""
    os.link(party, saving.backup_path(party))
    save_campaign(Campaign(name="New"), party)
    assert names(party.parent) == ["party.json", "party.json.bak"]
    assert storage.load(saving.backup_path(party)).name == "Old"


def test_the_cleaning_leaves_a_live_save_s_lock(party: Path) -> None:
    with held_lock(party) as lock:
        assert clean_leftovers(party) == []
        assert lock.exists()


# -- who may save over a file ---------------------------------------------------------------------

root_only = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                               reason="giving a file to another user needs root")


@root_only
@pytest.mark.parametrize("mode", [0o644, 0o666])
def test_another_user_s_file_is_refused_and_keeps_its_owner(party: Path, mode: int) -> None:
    """Even group- and world-writable: the replace would make the file root's."""
    os.chown(party, 12345, 12345)
    party.chmod(mode)
    before = party.read_bytes()
    with pytest.raises(CampaignSaveError, match="belongs to another user") as caught:
        saving.save(Campaign(name="Mine"), party)
    assert "would make it yours" in str(caught.value) and "Save As" in str(caught.value)
    info = party.stat()
    assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (12345, 12345, mode)
    assert party.read_bytes() == before
    assert names(party.parent) == ["party.json"]


@root_only
def test_a_file_the_system_says_may_not_be_written_is_refused(party: Path) -> None:
    """Root owns it with its write bit, but it is immutable: os.access says no."""
    if subprocess.run(["chattr", "+i", str(party)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available on this file system")
    try:
        with pytest.raises(CampaignSaveError, match="you are not allowed to change"):
            saving.save(Campaign(name="Mine"), party)
    finally:
        subprocess.run(["chattr", "-i", str(party)], check=True)
    assert storage.load(party).name == "Old"
    assert names(party.parent) == ["party.json"]


if __name__ == "__main__":
    assert sys.argv[1] == "child"
    child(Path(sys.argv[2]), sys.argv[3], sys.argv[4])
