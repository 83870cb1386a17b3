"""What unsaved work changed, in a few words: the recovery dialog says it next to
each offer, so a GM choosing between several recovered sessions knows which is which."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from emberkeep.campaign.model import Campaign

__all__ = ["what_changed"]


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


def what_changed(before: Campaign | None, after: Campaign) -> str:
    """``"renamed the campaign; 1 character added, 2 changed; 1 encounter changed"`` or, with no
    saved campaign to compare with, what the work holds."""
    if before is None:
        return _plural(len(after.characters), "character") + ", " + _plural(
            len(after.encounters), "encounter")
    parts = []
    if before.name != after.name:
        parts.append("renamed the campaign")
    for label, old, new in (("character", before.characters, after.characters),
                            ("encounter", before.encounters, after.encounters),
                            ("ledger entry", before.ledger, after.ledger)):
        counted = _compare(old, new)
        if counted:
            parts.append(f"{_plural(counted[0][0], label)} {counted[0][1]}"
                         + "".join(f", {n} {verb}" for n, verb in counted[1:]))
    if before.time != after.time:
        parts.append("moved the clock")
    if not parts and before != after:
        parts.append("changed settings or notes")
    return "; ".join(parts) or "no change from the saved file"


def _compare(old: Sequence[_Identified], new: Sequence[_Identified]) -> list[tuple[int, str]]:
    was = {item.id: item for item in old}
    now = {item.id: item for item in new}
    added = sum(1 for key in now if key not in was)
    removed = sum(1 for key in was if key not in now)
    changed = sum(1 for key, item in now.items() if key in was and was[key] != item)
    return [(n, verb) for n, verb in ((added, "added"), (changed, "changed"),
                                      (removed, "removed")) if n]


def _plural(count: int, noun: str) -> str:
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun[:-1]}ies" if noun.endswith("y") else f"{count} {noun}s"
