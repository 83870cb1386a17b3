"""``emberkeep check FILE...``: a line per problem, never a write; and :func:`load_whole`, the
load the app opens a campaign with.

A file that loads is not yet a file the GM can use: every saved encounter is rebuilt too (its
combatants read, every recorded step replayed), and each one that cannot be is reported with
where it sits in the file (Encounter → Open used to raise on it and show nothing).
This sits above every other layer of the core: it uses all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, is_dataclass
from pathlib import Path

from pydantic import BaseModel

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.storage import load, loads, more_problems
from emberkeep.character.catalog import Catalog
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Set
from emberkeep.encounter.persist import EncounterFileError, build_encounter

__all__ = ["check_files", "fight_problems", "fights_checked", "load_whole", "loads_whole"]


def check_files(paths: Iterable[str | Path]) -> tuple[list[str], int]:
    """Return the report lines and the exit status: 0 when every file is valid, 1 otherwise."""
    lines: list[str] = []
    status = 0
    for name in paths:
        path = Path(name)
        try:
            campaign = load_whole(path)
        except CampaignFileError as exc:
            status = 1
            if exc.problems:
                lines.extend(f"{path}: ERROR: {reason} (at {field})"
                             for field, reason in exc.problems)
            else:
                lines.append(f"{path}: ERROR: {exc.reason}{_where(exc)}")
            continue
        lines.append(f"{path}: OK ({campaign.name!r}, schema {campaign.schema_version}, "
                     f"{len(campaign.characters)} characters, "
                     f"{len(campaign.encounters)} encounters)")
    return lines, status


def load_whole(path: Path | str) -> Campaign:
    """:func:`storage.load`, and every saved encounter rebuilt: a :class:`CampaignFileError`
    with the field path of each one that cannot be."""
    path = Path(path)
    return fights_checked(load(path), path)


def loads_whole(data: bytes, path: Path | str) -> Campaign:
    return fights_checked(loads(data, path), Path(path))


def fights_checked(campaign: Campaign, path: Path) -> Campaign:
    """``campaign`` (just loaded from ``path``) once every saved fight in it is rebuilt, or the
    :class:`CampaignFileError` naming each that cannot be."""
    problems = fight_problems(campaign)
    if problems:
        field, reason = problems[0]
        raise CampaignFileError(path, reason + more_problems(len(problems) - 1), field=field,
                                problems=tuple(problems))
    return campaign


def fight_problems(campaign: Campaign) -> list[tuple[str, str]]:
    """(field path, reason) for each saved encounter that cannot be rebuilt."""
    characters = {c.id: c for c in campaign.characters}
    catalog = Catalog(campaign)
    problems = []
    for index, record in enumerate(campaign.encounters):
        try:
            # Replay never rolls: a die asked for here is a bug, and the empty script says so.
            enc = build_encounter(record, characters, ScriptedRoller([]), campaign.settings,
                                  catalog)
        except EncounterFileError as exc:
            where = f"encounters[{index}]" + (f".{exc.where}" if exc.where else "")
            problems.append((where, str(exc)))
            continue
        problems += [(f"encounters[{index}].{where}", f"{record.name}: {reason}")
                     for where, reason in _unknown_fields(enc)]
    return problems


def _unknown_fields(enc: Encounter) -> list[tuple[str, str]]:
    """A recorded change of a field its target does not have: replay skips the sheets' targets,
    but undoing the step would set it (a misspelled key inside a recorded fight)."""
    found = []
    for number, step in enumerate(enc.history):
        for event in step.events:
            if not isinstance(event, Set):
                continue
            try:
                target = enc.resolve(event.target)
            except LookupError:
                continue  # a sheet's target gone since (gear sold, say): undo reports it
            except (TypeError, ValueError, AttributeError):
                shown = repr(list(event.target))
                shown = shown if len(shown) <= 80 else shown[:77] + "..."
                found.append((f"steps[{number}]", f"a step names a target that cannot be "
                                                  f"read: {shown}"))
                continue
            if event.field not in _fields_of(target):
                found.append((f"steps[{number}]", f"a step sets {event.field!r}, which "
                                                  f"{type(target).__name__} does not have"))
    return found


def _fields_of(target: object) -> set[str]:
    if isinstance(target, BaseModel):
        return set(type(target).model_fields)
    if is_dataclass(target):
        return {f.name for f in fields(target)}
    return set(dir(target))


def _where(exc: CampaignFileError) -> str:
    if exc.line is not None:
        return f" (line {exc.line}, column {exc.column})"
    if exc.field:
        return f" (at {exc.field})"
    return ""
