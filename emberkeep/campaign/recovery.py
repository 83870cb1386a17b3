"""Recovery files: the unsaved work of a session, autosaved beside (never over) the GM's file.

A recovery file lives in the app's recovery folder, one per session and campaign: its name
carries the campaign file's name and path *and* the session's token, so a second session on the
same campaign never overwrites, and its save never removes, the work a first one left and the GM
chose to recover "Later". It is one header line of JSON (what the work belongs to: the original
path, the schema version, when it was written, the size and SHA-256 of the campaign bytes, the
SHA-256 of the campaign file as it was loaded, and who wrote it: the Emberkeep version, when its
session started, its process), then the campaign exactly as :func:`storage.dumps` writes it. It
is written atomically. Headers written before the "who" fields existed still read.

On start, :func:`find_offers` validates every recovery file *and* its campaign before offering
anything: a recovery file that is cut short, fails its checksum or does not load is never offered
over a good campaign, and one whose work is already in the campaign file is stale and removed.
Each offer says whether its work is newer or older than the saved file: the file as loaded
(``base_sha256``) tells whether it changed since, and its modification time against the header's
``saved_at`` whether that change came after this work was last written (:attr:`CampaignState.
SAVED_LATER`: the work is older, and restoring it is never the default). Dates word the offer;
they never pick a file to open. Recovery files are removed only after a successful save, an undo
back to the saved state, or an explicit discard (:func:`discard`).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import contextlib
import json
import os
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
from emberkeep.digests import sha1_hex, sha256_hex

__all__ = ["FORMAT", "SUFFIX", "CampaignState", "RecoveryError", "RecoveryHeader",
           "RecoveryOffer", "discard", "find_offers", "modified_at", "new_token", "read_recovery",
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
    # Who wrote it; None in files written before these fields existed, which must still read.
    app_version: str | None = Field(None, max_length=40)
    session_started: datetime | None = None
    """When the writing session began: tells apart two sessions' work from the same minute."""
    pid: int | None = Field(None, ge=0, le=2**32)


class CampaignState(StrEnum):
    """What the campaign file is like next to a valid recovery file."""

    UNTITLED = "untitled"  # never saved: there is no campaign file
    UNCHANGED = "unchanged"  # as it was loaded: the recovery is simply newer work
    CHANGED = "changed"  # changed on disk since it was loaded, but before the work's last write
    SAVED_LATER = "saved later"  # changed on disk after the work's last write: the work is older
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
    file_saved_at: datetime | None = None
    """When the campaign file was last written (its modification time), when it exists."""

    @property
    def older(self) -> bool:
        """The saved file was written after this work: restoring it would go back in time."""
        return self.state is CampaignState.SAVED_LATER

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
    digest = sha1_hex(str(original.resolve()).encode("utf-8"))[:10]
    stem = re.sub(r"[^\w\-]+", "_", original.stem)[:40] or "campaign"
    return folder / f"{stem}-{digest}~{token}{SUFFIX}"


def token_of(path: Path) -> str:
    """The session token a recovery file carries in its name ('' for a file named by campaign
    path alone, as early versions did), so restored work keeps autosaving to the file it came
    from."""
    stem = path.name.removesuffix(SUFFIX)
    if stem.startswith(_UNTITLED):
        return stem[len(_UNTITLED):]
    return stem.rpartition("~")[2] if "~" in stem else ""


def write_recovery(path: Path, campaign_bytes: bytes, *, original: Path | None,
                   campaign_name: str = "", base_sha256: str | None = None,
                   now: datetime | None = None,
                   session_started: datetime | None = None) -> RecoveryHeader:
    """Write the recovery file atomically (a crash mid-write leaves the previous one whole).

    The header names this app's version and process and, when given, when its session started.
    """
    from emberkeep import __version__  # the package's metadata, read at the first write

    header = RecoveryHeader(
        original_path=str(original) if original is not None else None,
        saved_at=now or datetime.now().astimezone(),
        campaign_name=campaign_name[:200], size=len(campaign_bytes),
        sha256=sha256_hex(campaign_bytes), base_sha256=base_sha256,
        app_version=__version__, session_started=session_started, pid=os.getpid())
    private_folder(path.parent)  # the GM's unsaved work is theirs alone: others may not read it
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
    if sha256_hex(body) != header.sha256:
        raise RecoveryError(path, "fails its checksum: the disk changed it")
    return header, storage.loads(body, path)


def sha256_of_file(path: Path) -> str | None:
    """The file's SHA-256, or None when it cannot be read."""
    import hashlib  # read in chunks: OpenSSL's, whatever the size (emberkeep.digests)

    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def find_offers(folder: Path) -> list[RecoveryOffer]:
    """The recovery files worth offering, each validated with its campaign: those newer than
    their saved file first, then the older ones, each group newest first.

    Broken recovery files are left alone (not offered, not deleted: a disk tool may save them).
    Stale ones, whose campaign file already holds exactly that work, are removed.
    """
    offers = []
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob(f"*{SUFFIX}")):
            offer = _offer(path)
            if offer is not None:
                offers.append(offer)
    # timestamp(): a hand-edited header may carry a naive time, which read as local time
    return sorted(offers, key=lambda o: (o.older, -o.header.saved_at.timestamp()))


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
        return RecoveryOffer(path, header, campaign, CampaignState.BROKEN, str(exc),
                             file_saved_at=modified_at(original))
    file_saved_at = modified_at(original)
    if on_disk == header.base_sha256:
        state = CampaignState.UNCHANGED  # touched since, maybe, but still what the work began from
    elif file_saved_at is not None and file_saved_at > _aware(header.saved_at):
        state = CampaignState.SAVED_LATER
    else:
        state = CampaignState.CHANGED
    return RecoveryOffer(path, header, campaign, state, saved=saved, file_saved_at=file_saved_at)


def modified_at(path: Path) -> datetime | None:
    """When the file was last written, in local time; None when it cannot be read."""
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except (OSError, ValueError, OverflowError):
        return None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.astimezone()


def discard(path: Path) -> None:
    """Remove a recovery file: after a successful save or when the GM discards the work."""
    remove_quietly(path)
