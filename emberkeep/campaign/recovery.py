"""Recovery files: the unsaved work of a session, autosaved beside (never over) the GM's file.

A recovery file lives in the app's recovery folder, one per session and campaign: its name
carries the campaign file's name and path *and* the session's token (issue #20), so a second
session on the same campaign never overwrites, and its save never removes, the work a first one
left and the GM chose to recover "Later". It is one header line
of JSON (what the work belongs to: the original path, the schema version, when it was written, the
size and SHA-256 of the campaign bytes, and the SHA-256 of the campaign file as it was loaded),
then the campaign exactly as :func:`storage.dumps` writes it. It is written atomically.

On start, :func:`find_offers` validates every recovery file *and* its campaign before offering
anything: a recovery file that is cut short, fails its checksum or does not load is never offered
over a good campaign, and one whose work is already in the campaign file is stale and removed. The
date only words the question ("Restore unsaved work from 21:14?"); it never picks the file.
Recovery files are removed only after a successful save or an explicit discard (:func:`discard`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from emberkeep.campaign import storage
from emberkeep.campaign.atomic import atomic_write, private_folder, remove_quietly
from emberkeep.campaign.differences import what_changed
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import SCHEMA_VERSION, Campaign

__all__ = ["FORMAT", "SUFFIX", "CampaignState", "RecoveryError", "RecoveryHeader",
           "RecoveryOffer", "discard", "find_offers", "new_token", "read_recovery",
           "recovery_file_for", "sha256_of_file", "token_of", "write_recovery"]

FORMAT = "emberkeep-recovery"
SUFFIX = ".recovery"
_MAX_HEADER = 64 * 1024
_UNTITLED = "untitled-"


class RecoveryError(CampaignFileError):
    """A recovery file that is not whole: bad header, cut short, or failing its checksum."""


class RecoveryHeader(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: str = Field(FORMAT, pattern=f"^{FORMAT}$")
    original_path: str | None = None
    schema_version: int = Field(SCHEMA_VERSION, ge=1, le=10_000)
    saved_at: datetime
    campaign_name: str = Field("", max_length=200)
    size: int = Field(ge=0, le=2**40)
    sha256: str = Field(pattern="^[0-9a-f]{64}$")
    base_sha256: str | None = Field(None, pattern="^[0-9a-f]{64}$")
    """The campaign file's SHA-256 when it was loaded: tells whether it changed on disk since."""


class CampaignState(StrEnum):
    """What the campaign file is like next to a valid recovery file."""

    UNTITLED = "untitled"  # never saved: there is no campaign file
    UNCHANGED = "unchanged"  # as it was loaded: the recovery is simply newer work
    CHANGED = "changed"  # changed on disk since (a sync tool, another copy of the app)
    MISSING = "missing"
    BROKEN = "broken"


@dataclass(frozen=True, slots=True)
class RecoveryOffer:
    path: Path
    header: RecoveryHeader
    campaign: Campaign
    state: CampaignState
    detail: str = ""
    """For BROKEN: the campaign file's load error."""
    saved: Campaign | None = None
    """The campaign file as it loads now, when it does: what the work is compared with."""

    @property
    def original(self) -> Path | None:
        return Path(self.header.original_path) if self.header.original_path else None

    @property
    def token(self) -> str:
        return token_of(self.path)

    @property
    def changes(self) -> str:
        """What this work changed from the saved file, in a few words."""
        return what_changed(self.saved, self.campaign)


def new_token() -> str:
    return uuid.uuid4().hex[:12]


def recovery_file_for(folder: Path, original: Path | None, token: str) -> Path:
    """The recovery file of one session's work on a campaign: named for its file and full path
    and for the session's ``token`` (only the token while it has no file yet)."""
    if original is None:
        return folder / f"{_UNTITLED}{token}{SUFFIX}"
    digest = hashlib.sha1(str(original.resolve()).encode("utf-8")).hexdigest()[:10]
    stem = re.sub(r"[^\w\-]+", "_", original.stem)[:40] or "campaign"
    return folder / f"{stem}-{digest}~{token}{SUFFIX}"


def token_of(path: Path) -> str:
    """The session token a recovery file carries in its name ('' for a file named before
    issue #20), so restored work keeps autosaving to the file it came from."""
    stem = path.name.removesuffix(SUFFIX)
    if stem.startswith(_UNTITLED):
        return stem[len(_UNTITLED):]
    return stem.rpartition("~")[2] if "~" in stem else ""


def write_recovery(path: Path, campaign_bytes: bytes, *, original: Path | None,
                   campaign_name: str = "", base_sha256: str | None = None,
                   now: datetime | None = None) -> RecoveryHeader:
    """Write the recovery file atomically (a crash mid-write leaves the previous one whole)."""
    header = RecoveryHeader(
        original_path=str(original) if original is not None else None,
        saved_at=now or datetime.now().astimezone(),
        campaign_name=campaign_name[:200], size=len(campaign_bytes),
        sha256=hashlib.sha256(campaign_bytes).hexdigest(), base_sha256=base_sha256)
    private_folder(path.parent)  # issue #20: the GM's unsaved work is theirs alone
    atomic_write(path, header.model_dump_json().encode("utf-8") + b"\n" + campaign_bytes,
                 mode=0o600)
    return header


def read_recovery(path: Path) -> tuple[RecoveryHeader, Campaign]:
    """Validate a recovery file whole; raises :class:`CampaignFileError` (never writes)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecoveryError(path, f"cannot be read: {exc.strerror or exc}") from exc
    end = data.find(b"\n", 0, _MAX_HEADER)
    if end < 0:
        raise RecoveryError(path, "is not a recovery file (no header)")
    try:
        header = RecoveryHeader.model_validate(json.loads(data[:end]))
    except (ValueError, ValidationError) as exc:
        raise RecoveryError(path, "is not a recovery file (bad header)") from exc
    body = data[end + 1:]
    if len(body) != header.size:
        raise RecoveryError(path, f"is cut short ({len(body)} of {header.size} bytes)")
    if hashlib.sha256(body).hexdigest() != header.sha256:
        raise RecoveryError(path, "fails its checksum: the disk changed it")
    return header, storage.loads(body, path)


def sha256_of_file(path: Path) -> str | None:
    """The file's SHA-256, or None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def find_offers(folder: Path) -> list[RecoveryOffer]:
    """The recovery files worth offering, newest first, each validated with its campaign.

    Broken recovery files are left alone (not offered, not deleted: a disk tool may save them).
    Stale ones, whose campaign file already holds exactly that work, are removed.
    """
    offers = []
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob(f"*{SUFFIX}")):
            offer = _offer(path)
            if offer is not None:
                offers.append(offer)
    return sorted(offers, key=lambda o: o.header.saved_at, reverse=True)


def _offer(path: Path) -> RecoveryOffer | None:
    try:
        header, campaign = read_recovery(path)
    except CampaignFileError:
        return None
    if header.original_path is None:
        return RecoveryOffer(path, header, campaign, CampaignState.UNTITLED)
    original = Path(header.original_path)
    if not original.exists():
        return RecoveryOffer(path, header, campaign, CampaignState.MISSING)
    on_disk = sha256_of_file(original)
    if on_disk == header.sha256:
        discard(path)  # the campaign file already holds this work
        return None
    try:
        saved = storage.load(original)
    except CampaignFileError as exc:
        return RecoveryOffer(path, header, campaign, CampaignState.BROKEN, str(exc))
    state = CampaignState.UNCHANGED if on_disk == header.base_sha256 else CampaignState.CHANGED
    return RecoveryOffer(path, header, campaign, state, saved=saved)


def discard(path: Path) -> None:
    """Remove a recovery file: after a successful save or when the GM discards the work."""
    remove_quietly(path)
