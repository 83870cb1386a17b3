"""``emberkeep check FILE...``: a line per file, never a write."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.storage import load


def check_files(paths: Iterable[str | Path]) -> tuple[list[str], int]:
    """Return the report lines and the exit status: 0 when every file is valid, 1 otherwise."""
    lines: list[str] = []
    status = 0
    for name in paths:
        path = Path(name)
        try:
            campaign = load(path)
        except CampaignFileError as exc:
            lines.append(f"{path}: ERROR: {exc.reason}{_where(exc)}")
            status = 1
        else:
            lines.append(f"{path}: OK ({campaign.name!r}, schema {campaign.schema_version}, "
                         f"{len(campaign.characters)} characters, "
                         f"{len(campaign.encounters)} encounters)")
    return lines, status


def _where(exc: CampaignFileError) -> str:
    if exc.line is not None:
        return f" (line {exc.line}, column {exc.column})"
    if exc.field:
        return f" (at {exc.field})"
    return ""
