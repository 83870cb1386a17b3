"""Sorting and filtering a 10,000-character roster (issue #19), against plain Python.

The roster sorts and filters in Python and emits ``layoutChanged`` (or a reset for a filter),
not through a ``QSortFilterProxyModel`` (~0.85 s for 10k rows here, DESIGN). Times, with a
QTableView attached (offscreen) so the view's reaction is paid too:
- sort: ``RosterModel.sort`` by name and by HP vs ``sorted`` with the same key;
- filter: ``RosterModel.set_filter`` by text and by group vs the same list comprehension.
Goals: ≤ 150 ms each. Run: ``uv run python bench/roster_sort_filter.py``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableView

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import new_id
from emberkeep.character.groups import CharacterGroup, group_of
from gui.document import CampaignDocument
from gui.roster_model import COLUMNS, RosterModel

ROWS = 10_000
NAME, HP = ([c.title for c in COLUMNS].index(t) for t in ("Name", "HP"))


def make_document(count: int = ROWS) -> CampaignDocument:
    campaign = build_example_campaign()
    models = list(campaign.characters)
    campaign.characters = [
        models[n % len(models)].model_copy(
            deep=True, update={"id": new_id(), "name": f"Adventurer {count - n}",
                               "hp": 1 + n % 7})
        for n in range(count)]
    return CampaignDocument(campaign)


def best(fn: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    document = make_document()
    model = RosterModel(document)
    view = QTableView()
    view.setModel(model)
    view.resize(900, 600)
    view.show()
    app.processEvents()
    people = document.campaign.characters
    funnel = frozenset({CharacterGroup.FUNNEL})
    cases = [
        ("sort by name", lambda: (model.sort(NAME, Qt.SortOrder.AscendingOrder),
                                  model.sort(-1)),
         lambda: sorted(people, key=lambda c: c.name.casefold())),
        ("sort by HP", lambda: (model.sort(HP, Qt.SortOrder.DescendingOrder), model.sort(-1)),
         lambda: sorted(people, key=lambda c: c.hp, reverse=True)),
        ("filter by text", lambda: (model.set_filter("adventurer 12"), model.set_filter("")),
         lambda: [c for c in people if "adventurer 12" in c.name.casefold()]),
        ("filter by group", lambda: (model.set_filter("", funnel), model.set_filter("")),
         lambda: [c for c in people if group_of(c) in funnel]),
    ]
    failed = False
    for name, ours, baseline in cases:
        took, base = best(ours), best(baseline)
        ok = took <= 0.150
        failed |= not ok
        print(f"{name:16} {took * 1000:7.1f} ms (there and back)  plain Python "
              f"{base * 1000:6.1f} ms  ratio {took / base:5.1f}×  {'ok' if ok else 'SLOW'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
