"""A load hands the cyclic collector what it built as old objects: the campaign is not walked
by the next young collection, nothing else is moved with it, and the load leaves no garbage
behind that the move would keep from a young collection."""

from __future__ import annotations

import gc
import hashlib
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from emberkeep.campaign import storage
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.example import build_example_campaign

FILES = Path(__file__).resolve().parents[1] / "files"


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def _in_generation(obj: object, generation: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation))


@pytest.mark.parametrize("saved", [False, True])
def test_the_loaded_campaign_is_in_the_oldest_generation_and_the_young_are_empty(
        collector_on: None, saved: bool) -> None:
    data = storage.dumps(build_example_campaign())
    digest = hashlib.sha256(data).hexdigest() if saved else None
    campaign = storage.loads(data, saved_sha256=digest)
    assert gc.isenabled()
    assert gc.get_count()[0] < 50  # nothing left young for the next collection to walk
    assert _in_generation(campaign, 2)
    assert _in_generation(campaign.characters[0].inventory, 2)


def test_young_garbage_from_before_the_load_is_collected_young_not_moved_old(
        collector_on: None) -> None:
    data = storage.dumps(build_example_campaign())
    gc.collect()
    gone = []
    cycle = _Cycle()
    probe = weakref.ref(cycle, lambda _ref: gone.append(True))
    del cycle
    storage.loads(data)
    assert gone == [True]  # collected before the load, not carried into the oldest generation
    assert probe() is None


def test_a_refused_load_moves_nothing_and_leaves_the_collector_on(collector_on: None) -> None:
    data = storage.dumps(build_example_campaign()).replace(b'"name": ', b'"name": 6, "x": ', 1)
    gc.collect()
    with pytest.raises(CampaignFileError):
        storage.loads(data)
    assert gc.isenabled()
    assert gc.get_count()[0] > 0  # what the refusal left is still young, for a young collection


def test_a_collector_paused_by_the_caller_stays_paused_and_nothing_is_collected() -> None:
    data = storage.dumps(build_example_campaign())
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        young = _Cycle()
        campaign = storage.loads(data)
        assert not gc.isenabled()
        assert _in_generation(young, 0) and _in_generation(campaign, 0)
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("kind", ["fresh", "saved", "older schema"])
def test_a_load_leaves_no_cyclic_garbage(kind: str) -> None:
    """What the load built is moved old unwalked: garbage among it would wait for a full
    collection. A successful load makes none."""
    data = (FILES / "campaign_v3.json").read_bytes() if kind == "older schema" \
        else storage.dumps(build_example_campaign())
    digest = hashlib.sha256(data).hexdigest() if kind == "saved" else None
    storage.loads(data, saved_sha256=digest)  # anything built once per process, built
    was = gc.isenabled()
    gc.collect()
    gc.disable()  # so the load moves nothing and its garbage, if any, stays young
    try:
        campaign = storage.loads(data, saved_sha256=digest)
        assert gc.collect(0) == 0
        assert campaign.name
    finally:
        if was:
            gc.enable()


def test_objects_frozen_by_someone_else_stay_frozen(collector_on: None) -> None:
    """``gc.unfreeze()`` thaws everything: with anything frozen, the load moves nothing."""
    data = storage.dumps(build_example_campaign())
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        campaign = storage.loads(data)
        assert gc.get_freeze_count() == frozen
        assert gc.isenabled()
        assert not _in_generation(campaign, 2)  # left young, walked as before
    finally:
        gc.unfreeze()
