"""Recovery files, so that a crash loses nothing: they record the original path, the schema
version and who wrote them; on start both the recovery file and its campaign are validated, never
picked by date, and each offer knows whether its work is newer or older than the saved file."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import emberkeep
from emberkeep.campaign import recovery, saving, storage
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import SCHEMA_VERSION, Campaign
from emberkeep.campaign.recovery import CampaignState

WHEN = datetime(2024, 6, 10, 21, 14, tzinfo=UTC)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "campaigns" / "party.json"
    path.parent.mkdir()
    saving.save(Campaign(name="Saved"), path)
    return path


def _autosave(folder: Path, original: Path | None, campaign: Campaign,
              token: str = "abc") -> Path:
    spot = recovery.recovery_file_for(folder, original, token)
    base = recovery.sha256_of_file(original) if original is not None else None
    recovery.write_recovery(spot, storage.dumps(campaign), original=original,
                            campaign_name=campaign.name, base_sha256=base, now=WHEN)
    return spot


def test_recovery_file_records_path_and_schema_and_round_trips(tmp_path: Path,
                                                               saved: Path) -> None:
    spot = _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    header, campaign = recovery.read_recovery(spot)
    assert header.original_path == str(saved)
    assert header.schema_version == SCHEMA_VERSION
    assert header.saved_at == WHEN
    assert campaign.name == "Unsaved work"
    assert spot.parent == tmp_path / "rec" and spot.suffix == ".recovery"
    assert saved.read_bytes() == storage.dumps(Campaign(name="Saved"))  # never the GM's file


def test_a_newer_recovery_is_offered_with_its_campaign_unchanged(tmp_path: Path,
                                                                 saved: Path) -> None:
    _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.state is CampaignState.UNCHANGED
    assert offer.original == saved and offer.campaign.name == "Unsaved work"


def test_a_truncated_recovery_file_is_never_offered_over_a_good_campaign(
        tmp_path: Path, saved: Path) -> None:
    spot = _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    data = spot.read_bytes()
    spot.write_bytes(data[:-10])
    os.utime(spot, (2**31, 2**31))  # far newer than the campaign: the date must not decide
    assert recovery.find_offers(tmp_path / "rec") == []
    with pytest.raises(CampaignFileError, match="cut short"):
        recovery.read_recovery(spot)
    assert spot.exists()  # left alone, not deleted


def test_a_corrupted_recovery_file_fails_its_checksum(tmp_path: Path, saved: Path) -> None:
    spot = _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    data = bytearray(spot.read_bytes())
    data[-5] ^= 0x01
    spot.write_bytes(bytes(data))
    with pytest.raises(CampaignFileError, match="checksum"):
        recovery.read_recovery(spot)
    assert recovery.find_offers(tmp_path / "rec") == []


def test_recovery_is_offered_when_the_campaign_file_is_broken_or_missing(
        tmp_path: Path, saved: Path) -> None:
    _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    saved.write_bytes(saved.read_bytes()[:20])
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.state is CampaignState.BROKEN and "cut short" in offer.detail
    saved.unlink()
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.state is CampaignState.MISSING


def test_a_campaign_changed_before_the_works_last_write_is_said_so(tmp_path: Path,
                                                                    saved: Path) -> None:
    _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    saving.save(Campaign(name="Saved by a sync tool"), saved)
    earlier = (WHEN - timedelta(minutes=5)).timestamp()
    os.utime(saved, (earlier, earlier))  # written after the work was loaded, before its autosave
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.state is CampaignState.CHANGED and not offer.older
    assert offer.file_saved_at == WHEN - timedelta(minutes=5)


def test_work_older_than_a_later_save_is_offered_as_older_and_after_newer_work(
        tmp_path: Path, saved: Path) -> None:
    """A session autosaved at 21:14 and died; a later session saved the campaign. The old work
    was offered as if newer, with Restore the default."""
    folder = tmp_path / "rec"
    _autosave(folder, saved, Campaign(name="Old work"), token="old")
    saving.save(Campaign(name="Saved by a later session"), saved)  # now: long after WHEN
    _autosave(folder, None, Campaign(name="Never saved"), token="new")
    (untitled, old) = recovery.find_offers(folder)  # newer work first, though not later
    assert old.state is CampaignState.SAVED_LATER and old.older
    assert old.file_saved_at is not None and old.file_saved_at > old.header.saved_at
    assert old.changes == "renamed the campaign"  # against the newer saved file
    assert untitled.campaign.name == "Never saved" and not untitled.older


def test_the_header_says_which_emberkeep_and_session_wrote_the_work(tmp_path: Path,
                                                                   saved: Path) -> None:
    spot = recovery.recovery_file_for(tmp_path / "rec", saved, "abc")
    started = datetime(2024, 6, 10, 20, 58, 40, tzinfo=UTC)
    recovery.write_recovery(spot, storage.dumps(Campaign(name="Work")), original=saved, now=WHEN,
                            session_started=started)
    header, _ = recovery.read_recovery(spot)
    assert header.app_version == emberkeep.__version__
    assert header.session_started == started and header.pid == os.getpid()


def test_a_header_written_by_the_previous_version_still_reads_and_is_offered(
        tmp_path: Path, saved: Path) -> None:
    body = storage.dumps(Campaign(name="Work of an earlier version"))
    old_header = {"format": recovery.FORMAT, "original_path": str(saved),
                  "schema_version": SCHEMA_VERSION, "saved_at": "2024-06-10T21:14:03",
                  "campaign_name": "Work of an earlier version", "size": len(body),
                  "sha256": hashlib.sha256(body).hexdigest(),
                  "base_sha256": recovery.sha256_of_file(saved)}
    spot = recovery.recovery_file_for(tmp_path / "rec", saved, "abc")
    spot.parent.mkdir()
    spot.write_bytes(json.dumps(old_header).encode() + b"\n" + body)
    header, _ = recovery.read_recovery(spot)
    assert (header.app_version, header.session_started, header.pid) == (None, None, None)
    saving.save(Campaign(name="Saved later"), saved)  # a naive saved_at against an aware mtime
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.older and offer.campaign.name == "Work of an earlier version"


def test_a_recovery_whose_work_is_already_saved_is_stale_and_removed(
        tmp_path: Path, saved: Path) -> None:
    spot = _autosave(tmp_path / "rec", saved, Campaign(name="Unsaved work"))
    saving.save(Campaign(name="Unsaved work"), saved)  # the same bytes reached the file
    assert recovery.find_offers(tmp_path / "rec") == []
    assert not spot.exists()


def test_untitled_work_keeps_its_token_for_the_next_session(tmp_path: Path) -> None:
    spot = _autosave(tmp_path / "rec", None, Campaign(name="Never saved"), token="feedbeef")
    (offer,) = recovery.find_offers(tmp_path / "rec")
    assert offer.state is CampaignState.UNTITLED and offer.original is None
    assert offer.token == "feedbeef"
    assert recovery.recovery_file_for(tmp_path / "rec", None, offer.token) == spot


def test_offers_come_newest_first_and_discard_removes(tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    older = _autosave(folder, None, Campaign(name="Older"), token="one")
    recovery.write_recovery(recovery.recovery_file_for(folder, saved, ""),
                            storage.dumps(Campaign(name="Newer")), original=saved,
                            base_sha256=recovery.sha256_of_file(saved), now=WHEN.replace(hour=22))
    assert [o.campaign.name for o in recovery.find_offers(folder)] == ["Newer", "Older"]
    recovery.discard(older)
    assert [o.campaign.name for o in recovery.find_offers(folder)] == ["Newer"]


def test_one_recovery_file_per_session_and_campaign_path(tmp_path: Path) -> None:
    """Named by path alone, a second session's autosave once overwrote (and its save removed)
    the work a first session left for "Later"."""
    a = recovery.recovery_file_for(tmp_path, tmp_path / "a" / "party.json", "x")
    b = recovery.recovery_file_for(tmp_path, tmp_path / "b" / "party.json", "x")
    assert a != b
    again = recovery.recovery_file_for(tmp_path, tmp_path / "a" / "party.json", "z")
    assert again != a
    assert recovery.token_of(a) == "x" and recovery.token_of(again) == "z"
    assert recovery.recovery_file_for(tmp_path, tmp_path / "a" / "party.json", "x") == a


def test_two_sessions_of_one_campaign_are_both_offered_with_what_they_changed(
        tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    first = Campaign(name="Saved", time=3600)
    second = Campaign(name="Renamed")
    _autosave(folder, saved, first, token="one")
    recovery.write_recovery(recovery.recovery_file_for(folder, saved, "two"),
                            storage.dumps(second), original=saved,
                            base_sha256=recovery.sha256_of_file(saved),
                            now=WHEN.replace(hour=22))
    offers = recovery.find_offers(folder)
    assert [o.token for o in offers] == ["two", "one"]  # newest first
    assert offers[0].changes == "renamed the campaign"
    assert offers[1].changes == "moved the clock"


def test_a_recovery_named_before_sessions_still_offers_and_restores(tmp_path: Path,
                                                                     saved: Path) -> None:
    folder = tmp_path / "rec"
    legacy = folder / f"party-{'0' * 10}{recovery.SUFFIX}"
    recovery.write_recovery(legacy, storage.dumps(Campaign(name="Older work")), original=saved)
    (offer,) = recovery.find_offers(folder)
    assert offer.path == legacy and offer.token == ""


