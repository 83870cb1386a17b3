"""Schema migrations: each step takes a version-N document (plain JSON data) to N+1.

Files are migrated one step at a time in memory on load; the file on disk is only rewritten when
the GM saves. Every past version keeps a golden file under ``tests/files/`` that must still load.

A file an older build wrote may hold what the loader now refuses because no rule can mean it,
yet that build let through: a score typed under 3 or a loss typed over the score on the sheet, a
tab pasted into a name, a ledger entry or a timeline entry left naming a character the GM had
removed. :func:`repair_written` mends those on the way in, after the steps, in a way that
keeps what the GM sees: the effective score stays the same, the tab becomes a space, the entry
is detached as a removal now detaches it. A file of the current schema is not repaired (this
build writes none of them); when the schema moves on, the files of the version before pass
through the repairs too. A note over its length is not cut: cutting would lose the GM's words,
so the loader refuses it and says where.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import ValidationError

from emberkeep.campaign.model import SCHEMA_VERSION
from emberkeep.campaign.removal import detach_document
from emberkeep.campaign.upgrade_magic import upgrade_spell_effects
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.knight import MAX_WOUNDS, KnightProfile, hit_points
from emberkeep.character.races import Race, lowest_base, races
from emberkeep.text_fields import mended_name, mended_note

Document = dict[str, Any]
Step = Callable[[Document], Document]


def _v1_to_v2(document: Document) -> Document:
    """Schema 2: the GM's own gear, races and bestiary, character groups and hidden combatants
    are new optional fields with defaults, so a v1 file needs no new keys; a campaign's
    unedited copies of shipped spells get the shipped levels' typed effects."""
    return upgrade_spell_effects(document)


def _v2_to_v3(document: Document) -> Document:
    """Schema 3: a monster may carry weapons besides its main one
    (``other_weapons`` on bestiary templates and on an encounter's monsters), an optional field
    left out while empty: a v2 file's monsters simply have none, and it needs no change. The
    version is bumped so that an older build refuses a file with them by its version rather
    than by an unknown key."""
    return document


def _v3_to_v4(document: Document) -> Document:
    """Schema 4 (R39): a knight keeps its own hit points, apart from the sheet's Furnace HP
    (``KnightProfile.wounds``, left out while 0). The schema-3 build wrote the knight's
    SIZ + CON over the sheet's HP when a profile was added, and its Melee Rounds changed the
    sheet's HP: the character keeps what it has (its Furnace HP as the file holds it), and its
    knight's track starts from that same HP, at most SIZ + CON, since it is what the Melee Round
    was using. A value the loader will refuse is left for it to name at its field."""
    defaults = KnightProfile.model_fields
    characters = document.get("characters")
    for character in characters if isinstance(characters, list) else ():
        knight = character.get("knight") if isinstance(character, dict) else None
        if not isinstance(knight, dict) or "wounds" in knight:
            continue
        hp = character.get("hp")
        siz = knight.get("SIZ", defaults["SIZ"].default)
        con = knight.get("CON", defaults["CON"].default)
        if not all(type(v) is int for v in (hp, siz, con)):
            continue
        top = hit_points(siz, con)
        wounds = min(MAX_WOUNDS, top - min(hp, top))
        if wounds:
            knight["wounds"] = wounds
    return document


# MIGRATIONS[n] turns a schema-n document into a schema-(n+1) one. Version 1 is the first.
MIGRATIONS: dict[int, Step] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


class MigrationError(ValueError):
    pass


def migrate(document: Document, steps: dict[int, Step] | None = None,
            target: int = SCHEMA_VERSION) -> Document:
    """``document`` taken to schema ``target``; with the app's own steps, an older file is
    then repaired (:func:`repair_written`)."""
    repairs = steps is None
    steps = MIGRATIONS if steps is None else steps
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MigrationError(f"schema_version must be a whole number from 1, not {version!r}")
    older = version < target
    while version < target:
        step = steps.get(version)
        if step is None:
            raise MigrationError(f"no migration from schema {version} to {version + 1}")
        document = step(document)
        version += 1
        document["schema_version"] = version
    if repairs and older:
        repair_written(document)
    return document


# --- what older builds let through ----------------------------------------------------------

_NAMES = ("name", "player")
_NOTES = ("notes",)


def repair_written(document: Document) -> None:
    """Mend, in place, what an older build wrote and the loader now refuses (the module's
    docstring); anything of the wrong type is left for the loader to refuse with its place."""
    _text(document, ("name",), ("notes",))
    characters = document.get("characters")
    own_races = document.get("races")
    lowest = _race_floors(own_races if isinstance(own_races, list) else [])
    for character in _dicts(characters):
        _text(character, _NAMES, _NOTES)
        for condition in _dicts(character.get("conditions")):
            _text(condition, ("name", "source"), ())
        _scores(character, lowest)
    for record in _dicts(document.get("encounters")):
        _text(record, ("name",), ("notes",))
        for combatant in _dicts(record.get("combatants")):
            _text(combatant, ("name", "side"), ())
            monster = combatant.get("monster")
            if isinstance(monster, dict):
                _text(monster, ("name", "weapon"), ())
    for entry in _dicts(document.get("ledger")):
        _text(entry, (), ("description",))
    detach_document(document)


def _dicts(value: object) -> Iterable[dict[str, Any]]:
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def _text(holder: dict[str, Any], names: Iterable[str], notes: Iterable[str]) -> None:
    """A control character in a name becomes a space; in a note, one that is not a line
    break or a tab is dropped."""
    for key in names:
        value = holder.get(key)
        if isinstance(value, str):
            holder[key] = mended_name(value)
    for key in notes:
        value = holder.get(key)
        if isinstance(value, str):
            holder[key] = mended_note(value)


def _race_floors(own: list[Any]) -> dict[str, dict[str, int]]:
    """Per race id, the lowest base score of each ability (R2), the GM's own races over the
    shipped; a race that does not read is left out (the loader refuses it)."""
    found: dict[str, Race] = dict(races())
    for entry in own:
        try:
            race = Race.model_validate(entry)
        except ValidationError:
            continue
        found[race.id] = race
    return {race_id: {a.value: lowest_base(race, a) for a in ABILITIES}
            for race_id, race in found.items()}


def _scores(character: dict[str, Any], lowest: dict[str, dict[str, int]]) -> None:
    """A base under its floor (typed on the sheet) rises to it and the difference becomes a
    loss; a loss over its base comes down to it. The effective score, what every roll reads,
    stays what it was (R29: a loss is kept apart from the score)."""
    scores = character.get("scores")
    race = character.get("race")
    floors = lowest.get(race) if isinstance(race, str) else None
    if not isinstance(scores, dict):
        return
    for ability, score in scores.items():
        if not isinstance(score, dict):
            continue
        base, loss = score.get("base"), score.get("loss", 0)
        if not (isinstance(base, int) and isinstance(loss, int)) \
                or isinstance(base, bool) or isinstance(loss, bool):
            continue  # the wrong type is the loader's to refuse, with its place
        floor = floors.get(ability) if floors is not None else None
        if floor is not None and 0 <= base < floor:
            score["base"], score["loss"] = floor, floor - max(0, base - loss)
        elif loss > base >= 0:
            score["loss"] = base
