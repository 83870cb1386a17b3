"""Schema migrations: each step takes a version-N document (plain JSON data) to N+1.

Files are migrated one step at a time in memory on load; the file on disk is only rewritten when
the GM saves. Every past version keeps a golden file under ``tests/files/`` that must still load.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from emberkeep.campaign.model import SCHEMA_VERSION
from emberkeep.campaign.upgrade_magic import upgrade_spell_effects

Document = dict[str, Any]
Step = Callable[[Document], Document]


def _v1_to_v2(document: Document) -> Document:
    """Schema 2 (issues #18, #19, #21): the GM's own gear, races and bestiary, character groups
    and hidden combatants are new optional fields with defaults, so a v1 file needs no new keys;
    a campaign's unedited copies of shipped spells get the shipped levels' typed effects."""
    return upgrade_spell_effects(document)


def _v2_to_v3(document: Document) -> Document:
    """Schema 3 (issue #21): a monster may carry weapons besides its main one
    (``other_weapons`` on bestiary templates and on an encounter's monsters), an optional field
    left out while empty: a v2 file's monsters simply have none, and it needs no change. The
    version is bumped so that an older build refuses a file with them by its version rather
    than by an unknown key."""
    return document


# MIGRATIONS[n] turns a schema-n document into a schema-(n+1) one. Version 1 is the first.
MIGRATIONS: dict[int, Step] = {1: _v1_to_v2, 2: _v2_to_v3}


class MigrationError(ValueError):
    pass


def migrate(document: Document, steps: dict[int, Step] | None = None,
            target: int = SCHEMA_VERSION) -> Document:
    steps = MIGRATIONS if steps is None else steps
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MigrationError(f"schema_version must be a whole number from 1, not {version!r}")
    while version < target:
        step = steps.get(version)
        if step is None:
            raise MigrationError(f"no migration from schema {version} to {version + 1}")
        document = step(document)
        version += 1
        document["schema_version"] = version
    return document
