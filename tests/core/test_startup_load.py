"""Loading a file the app saved itself and nobody touched since (its SHA-256 as recorded at the
save): the strict parse its own writing made needless is skipped, nothing else is. Any other
bytes, an older schema or a wrong digest go the whole way, with the same refusals.
"""

from __future__ import annotations

import gc
import hashlib
import re
from pathlib import Path

import pytest

from emberkeep.campaign import storage
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, LedgerEntry, LedgerKind

FILES = Path(__file__).resolve().parents[1] / "files"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_the_apps_own_file_loads_the_same_with_its_digest_and_no_strict_parse(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = storage.dumps(build_example_campaign())
    whole = storage.loads(data)

    def no_scan(*_args: object) -> None:
        raise AssertionError("the strict parse ran")

    monkeypatch.setattr(storage, "_strict_scan", no_scan)
    assert storage.loads(data, saved_sha256=_digest(data)) == whole


def test_a_hand_edit_after_the_save_is_refused_as_ever_with_its_line_and_column() -> None:
    data = storage.dumps(build_example_campaign())
    recorded = _digest(data)
    edited = data.replace(b'"name": ', b'"name": "twice",\n "name": ', 1)
    with pytest.raises(CampaignFileError) as refused:
        storage.loads(edited, saved_sha256=recorded)
    assert "'name' appears twice" in str(refused.value)
    assert refused.value.line == 4  # the second 'name'
    nan = re.sub(rb'"time": \d+', b'"time": NaN', data, count=1)
    assert nan != data
    with pytest.raises(CampaignFileError, match="NaN"):
        storage.loads(nan, saved_sha256=recorded)


def test_the_digest_of_other_bytes_skips_nothing() -> None:
    """A digest that is not of these bytes (a stale record): a duplicate key is still found."""
    data = storage.dumps(build_example_campaign())
    doubled = data.replace(b'"name": ', b'"name": "twice",\n "name": ', 1)
    with pytest.raises(CampaignFileError, match="appears twice"):
        storage.loads(doubled, saved_sha256=_digest(data))


def test_a_digest_handed_in_is_not_computed_again_and_still_guards_the_skip(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The document hashes the bytes once (to spot a change on disk) and hands the digest on."""
    data = storage.dumps(build_example_campaign())
    recorded = _digest(data)
    doubled = data.replace(b'"name": ', b'"name": "twice",\n "name": ', 1)
    doubled_digest = _digest(doubled)
    whole = storage.loads(data)

    def no_hash(*_args: object) -> None:
        raise AssertionError("hashed again")

    monkeypatch.setattr(hashlib, "sha256", no_hash)
    assert storage.loads(data, saved_sha256=recorded, data_sha256=recorded) == whole
    with pytest.raises(CampaignFileError, match="appears twice"):
        storage.loads(doubled, saved_sha256=recorded, data_sha256=doubled_digest)


def test_an_older_schema_is_migrated_even_with_its_digest() -> None:
    data = (FILES / "campaign_v3.json").read_bytes()
    assert storage.loads(data, saved_sha256=_digest(data)) == storage.loads(data)


def test_the_references_are_still_checked_on_the_apps_own_file() -> None:
    """The save does not prove the references whole, so the load still checks them."""
    campaign = build_example_campaign()
    broken = campaign.model_copy(update={"ledger": [LedgerEntry(
        at=0, kind=LedgerKind.WEAPON_REPAIR, description="longsword", cost_cp=10,
        paid_by="nobody")]})
    data = storage.dumps(Campaign.model_validate(broken.model_dump()))
    with pytest.raises(CampaignFileError) as refused:
        storage.loads(data, saved_sha256=_digest(data))
    assert refused.value.field == "ledger[0].paid_by"


def test_a_load_leaves_the_collector_on() -> None:
    data = storage.dumps(build_example_campaign())
    gc.disable()
    try:
        storage.loads(data)
        assert not gc.isenabled()  # left as it was
    finally:
        gc.enable()
    assert storage.loads(data).characters
    assert gc.isenabled()
