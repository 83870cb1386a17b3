"""``emberkeep check FILE...``: a line per file, never a write.

A file that loads is not yet a file the GM can use: every saved encounter is rebuilt too (its
combatants read, every recorded step replayed), and each one that cannot be is reported with
where it sits in the file. This sits above every other layer of the core: it uses all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.storage import load
from emberkeep.character.catalog import Catalog
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.persist import EncounterFileError, build_encounter

__all__ = ["check_files", "unbuildable_encounters"]


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
            continue
        problems = unbuildable_encounters(campaign)
        if problems:
            lines.extend(f"{path}: ERROR: {problem}" for problem in problems)
            status = 1
        else:
            lines.append(f"{path}: OK ({campaign.name!r}, schema {campaign.schema_version}, "
                         f"{len(campaign.characters)} characters, "
                         f"{len(campaign.encounters)} encounters)")
    return lines, status


def unbuildable_encounters(campaign: Campaign) -> list[str]:
    """Why each saved encounter that cannot be rebuilt cannot, with its place in the file."""
    characters = {c.id: c for c in campaign.characters}
    problems = []
    for index, record in enumerate(campaign.encounters):
        try:
            # Replay never rolls: a die asked for here is a bug, and the empty script says so.
            build_encounter(record, characters, ScriptedRoller([]), campaign.settings,
                            Catalog(campaign))
        except EncounterFileError as exc:
            problems.append(f"{exc} (at encounters[{index}])")
    return problems


def _where(exc: CampaignFileError) -> str:
    if exc.line is not None:
        return f" (line {exc.line}, column {exc.column})"
    if exc.field:
        return f" (at {exc.field})"
    return ""
