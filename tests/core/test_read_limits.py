"""``emberkeep check`` and File → Open read only regular files, and at most the size
limit of one: a FIFO used to hang, ``/dev/zero`` ended in a MemoryError traceback."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from emberkeep.campaign import saving, storage
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import Campaign
from emberkeep.check import check_files


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "party.json"
    os.mkfifo(fifo)
    result: list[object] = []

    def attempt() -> None:
        try:
            storage.load(fifo)
        except CampaignFileError as exc:
            result.append(exc)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading a FIFO hung"
    (error,) = result
    assert "not a regular file" in str(error)
    lines, status = check_files([fifo])
    assert status == 1 and "not a regular file" in lines[0]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused() -> None:
    with pytest.raises(CampaignFileError, match="not a regular file"):
        storage.load("/dev/zero")


def test_a_file_over_the_limit_is_refused_without_reading_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(300 * 2**20)  # sparse: no disk used
    with pytest.raises(CampaignFileError, match="too large to be a campaign"):
        storage.load(huge)
    monkeypatch.setattr(storage, "_MAX_BYTES", 100)
    small = tmp_path / "small.json"
    saving.save(Campaign(name="Grows"), small)
    reads: list[int] = []
    real_read = os.read

    def counted_read(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result(
        (0o100644, 0, 0, 1, 0, 0, 10, 0, 0, 0)))  # says 10 bytes: the file grew since
    monkeypatch.setattr(os, "read", counted_read)
    with pytest.raises(CampaignFileError, match="over 0 MB"):
        storage.read(small)
    assert sum(reads) <= 101
