"""What the share server serves: one immutable snapshot of the fight and the shared sheets.

The window builds a :class:`Shared` after each step (and on undo) and hands it to the server,
which only ever reads the latest one. Its JSON is encoded once, here, when it is built: each
of the fifty phones watching gets the same bytes, and no server thread re-reads the fight.

What the JSON holds is chosen field by field from the players' snapshots
(:mod:`emberkeep.encounter.table_view`, :mod:`emberkeep.share.sheet_view`): names and words,
never an internal id; a sheet is linked by a random key of the share's own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.table_view import TableView, table_view
from emberkeep.share.sheet_view import SheetView, sheet_view

__all__ = ["Shared", "SharedSheet", "build", "shared", "shared_sheet", "sheet_json",
           "table_json"]


@dataclass(frozen=True, slots=True)
class SharedSheet:
    key: str  # the share's own key for it (in its page's address)
    character_id: str  # which character (never sent)
    view: SheetView
    data: str  # its page's JSON


def shared_sheet(key: str, character_id: str, view: SheetView) -> SharedSheet:
    """A sheet to share, its JSON encoded once (kept while the character does not change)."""
    return SharedSheet(key, character_id, view, _dumps(sheet_json(view)))


@dataclass(frozen=True, slots=True)
class Shared:
    """One moment of the share: the fight (None: no fight shared) and the sheets, with the
    JSON each page's event stream sends."""

    version: int
    table: TableView | None
    sheets: tuple[SharedSheet, ...]
    table_data: str
    sheet_data: tuple[tuple[str, str], ...]  # (key, JSON)

    def sheet(self, key: str) -> str | None:
        """The JSON of the sheet shared under ``key`` (None: no such sheet)."""
        for known, data in self.sheet_data:
            if known == key:
                return data
        return None


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def table_json(table: TableView | None, sheets: Sequence[SharedSheet]) -> dict[str, Any]:
    keys = {s.character_id: s.key for s in sheets}
    fight = None
    if table is not None:
        fight = {
            "title": table.title, "stage": table.stage, "acting": table.acting,
            "next": table.next, "log": list(table.log),
            "rows": [{"name": r.name, "side": r.side, "health": r.health,
                      "conditions": r.conditions, "acting": r.acting, "down": r.down,
                      "pc": r.pc,
                      "sheet": keys.get(r.character_id) if r.character_id else None}
                     for r in table.rows]}
    return {"kind": "table", "fight": fight,
            "sheets": [{"key": s.key, "name": s.view.name} for s in sheets]}


def sheet_json(view: SheetView | None) -> dict[str, Any]:
    if view is None:
        return {"kind": "sheet", "sheet": None}
    return {"kind": "sheet", "sheet": {
        "name": view.name, "subtitle": view.subtitle,
        "numbers": [[label, value] for label, value in view.numbers],
        "sections": [{"title": s.title, "lines": list(s.lines)} for s in view.sections]}}


def shared(version: int, table: TableView | None, sheets: Sequence[SharedSheet]) -> Shared:
    """The snapshot with its JSON encoded once."""
    return Shared(version=version, table=table, sheets=tuple(sheets),
                  table_data=_dumps(table_json(table, sheets)),
                  sheet_data=tuple((s.key, s.data) for s in sheets))


NO_SHEET = _dumps(sheet_json(None))


def build(version: int, enc: Encounter | None, title: str, *, log_count: int,
          characters: Sequence[tuple[str, Character]], catalog: Catalog,
          costs: RepairCosts) -> Shared:
    """The snapshot of a fight (``enc``, None: none shared) and of the ``characters`` shared
    under their keys: what the window publishes after each step."""
    table = None if enc is None else table_view(enc, title, log_count=log_count)
    sheets = [shared_sheet(key, c.id, sheet_view(c, catalog, costs)) for key, c in characters]
    return shared(version, table, sheets)
