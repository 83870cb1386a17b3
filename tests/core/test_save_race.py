"""Two copies of Emberkeep saving one campaign at once: no save is ever lost, the second is asked.

Each trial starts two real processes at a barrier. Each loads the same file, makes its own
change, and saves with its expectation of the file (the SHA-256 it loaded), as the window does;
one of them starts up to 150 ms later, or within 2 ms half the time, so the saves really
collide. Before the save lock, 27 of 30 such trials warned nobody and 5 lost one session's work
(in neither the file nor any backup, both windows saying "saved").

In every trial: the one that took the lock first saved; the second was refused
(:class:`CampaignChangedOnDisk`, which the window turns into the question overwrite / save as /
cancel) and what it found on disk is the first one's save; the file holds the first one's
change, the version both loaded is in the backups, and no lock file or temporary is left.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import time
from pathlib import Path
from typing import Any

import pytest

from emberkeep.campaign import backups, saving, storage
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.saving import CampaignChangedOnDisk, save_campaign, sha256_of

TRIALS = 50


def _racer(path: Path, folder: Path | None, name: str, delay: float, barrier: Any,
           results: Any) -> None:
    loaded = path.read_bytes()
    mine = storage.loads(loaded, path).model_copy(update={"notes": f"the work of {name}"})
    barrier.wait()
    time.sleep(delay)
    try:
        save_campaign(mine, path, backups=folder, expect_sha256=sha256_of(loaded))
        results.put((name, "saved", sha256_of(storage.dumps(mine))))
    except CampaignChangedOnDisk as exc:
        results.put((name, "asked", exc.found_sha256))
    except Exception as exc:  # reported to the test, which fails with it
        results.put((name, "error", repr(exc)))


def _kept(path: Path, folder: Path | None) -> list[bytes]:
    if folder is None:
        bak = saving.backup_path(path)
        return [bak.read_bytes()] if bak.exists() else []
    return [b.path.read_bytes() for b in backups.list_backups(folder)]


@pytest.mark.slow
def test_fifty_races_of_two_processes_lose_nothing_and_ask_the_second(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")  # the modules are loaded: each start is fast
    rng = random.Random(20240611)
    lost = asked = close_starts = 0
    for trial in range(TRIALS):
        where = tmp_path / f"trial{trial}"
        where.mkdir()
        path = where / "party.json"
        folder = where / "backups" if trial % 2 == 0 else None  # both backup modes
        saving.save(Campaign(name="The Ember Road", notes="as both loaded it"), path)
        original = path.read_bytes()
        close = rng.random() < 0.5
        close_starts += close
        late = rng.uniform(0.0, 0.002 if close else 0.15)
        delays = {"A": late, "B": 0.0} if rng.random() < 0.5 else {"A": 0.0, "B": late}
        barrier, results = context.Barrier(2), context.Queue()
        racers = [context.Process(target=_racer,
                                  args=(path, folder, name, delays[name], barrier, results))
                  for name in "AB"]
        for racer in racers:
            racer.start()
        try:
            outcomes = {name: (kind, sha) for name, kind, sha in
                        (results.get(timeout=30) for _ in racers)}
        except queue.Empty:
            pytest.fail(f"trial {trial}: a racer never reported")
        finally:
            for racer in racers:
                racer.join(30)
        final = path.read_bytes()
        kept = _kept(path, folder)
        kinds = sorted(kind for kind, _ in outcomes.values())
        assert kinds == ["asked", "saved"], (trial, outcomes)
        (first,) = [sha for kind, sha in outcomes.values() if kind == "saved"]
        (seen,) = [sha for kind, sha in outcomes.values() if kind == "asked"]
        asked += 1
        # a save is lost when it said "saved" and its work is neither in the file nor kept;
        # the asked one's work is still open in its window
        lost += first not in {sha256_of(final), *map(sha256_of, kept)}
        assert sha256_of(final) == first, trial
        assert seen == first, trial  # the one asked came second: it found the first's save
        assert original in kept, trial  # the version both loaded went to the backups
        expected = ["party.json", "backups"] if folder else ["party.json", "party.json.bak"]
        assert sorted(p.name for p in where.iterdir()) == sorted(expected), trial  # no lock
    print(f"\n{TRIALS} trials ({close_starts} starting within 2 ms): lost {lost}, "
          f"asked {asked}")
    assert lost == 0 and asked == TRIALS
