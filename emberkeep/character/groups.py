"""Groups of characters in a campaign: the party in play, the funnel, hirelings, and
the dead or retired.

A GM keeps more sheets than play at once: peasants of a funnel, survivors waiting for a player,
hirelings, the fallen. The group says who is in play, so Add PCs preselects the party, a rest
rests whom the GM names, and the roster can show one group at a time.

A sheet stores its group only once the GM has chosen one (``Character.group``); until then
:func:`group_of` derives it from what the sheet says, so files written before groups existed
load unchanged and sort themselves: a 0-level peasant is in the funnel, a classed character in
the party in play. A dead character (R22) is with the dead whatever it was in before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from emberkeep.character.status import Status

if TYPE_CHECKING:
    from emberkeep.character.model import Character

__all__ = ["GROUP_NAMES", "CharacterGroup", "assign_group", "group_of", "in_groups",
           "joins_the_fight", "who_rests"]


class CharacterGroup(StrEnum):
    PARTY = "party"
    FUNNEL = "funnel"
    HIRELINGS = "hirelings"
    RETIRED = "retired"


GROUP_NAMES: dict[CharacterGroup, str] = {
    CharacterGroup.PARTY: "Party in play",
    CharacterGroup.FUNNEL: "Funnel",
    CharacterGroup.HIRELINGS: "Hirelings",
    CharacterGroup.RETIRED: "Dead or retired",
}


def group_of(character: Character) -> CharacterGroup:
    """The group the sheet is in: dead (R22) puts it with the dead or retired; else the group
    the GM chose; else the funnel at 0th level and the party in play from 1st."""
    if character.status is Status.DEAD:
        return CharacterGroup.RETIRED
    if character.group is not None:
        return character.group
    return CharacterGroup.FUNNEL if character.level == 0 else CharacterGroup.PARTY


def in_groups(characters: Iterable[Character],
              groups: Iterable[CharacterGroup]) -> list[Character]:
    wanted = set(groups)
    return [c for c in characters if group_of(c) in wanted]


def joins_the_fight(characters: Iterable[Character]) -> list[str]:
    """Whom Add PCs offers as chosen: the living of the party in play (not every peasant)."""
    return [c.id for c in characters if c.alive and group_of(c) is CharacterGroup.PARTY]


def who_rests(characters: Iterable[Character],
              groups: Iterable[CharacterGroup] | None = None) -> list[str]:
    """The ids of those who rest: the living in ``groups`` (None: every group but the dead or
    retired, as a rest did before groups). A rest heals the living only (R29)."""
    wanted = (set(CharacterGroup) - {CharacterGroup.RETIRED}) if groups is None else set(groups)
    return [c.id for c in characters if c.alive and group_of(c) in wanted]


def assign_group(characters: Sequence[Character], character_ids: Iterable[str],
                 group: CharacterGroup) -> list[str]:
    """Put the named characters in ``group``; returns the ids whose group changed.

    The choice is stored even where it matches the derived group, so it stays when the sheet
    later changes (a funnel peasant the GM keeps in the funnel after it reaches 1st level).
    """
    wanted = set(character_ids)
    changed = []
    for character in characters:
        if character.id in wanted and character.group is not group:
            character.group = group
            changed.append(character.id)
    return changed
