"""Campaign → Advance → Who Rests: the group a short or long rest rests.

The choice belongs to the session at the table, not to the campaign file: it is the GM's
answer to "who is resting now?", kept while the app runs and offered again each time
(:attr:`gui.campaign_tools.CampaignTools.resting`). The core picks the resting characters
(:func:`emberkeep.character.groups.who_rests`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from emberkeep.character.groups import GROUP_NAMES, CharacterGroup
from gui.action_registry import ActionSpec, MenuSpec, Place

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "MENUS", "REST_CHOICES"]

# (id, label, the groups resting; None: everyone but the dead or retired)
REST_CHOICES: tuple[tuple[str, str, frozenset[CharacterGroup] | None], ...] = (
    ("everyone", "&Everyone but the dead or retired", None),
    *((g.value, f"&{n} {GROUP_NAMES[g]}", frozenset({g})) for n, g in enumerate(
        (CharacterGroup.PARTY, CharacterGroup.FUNNEL, CharacterGroup.HIRELINGS), start=1)),
)


def _chooser(groups: frozenset[CharacterGroup] | None) -> Callable[[MainWindow], None]:
    return lambda window: window.campaign_tools.rest_who(groups)


MENUS: tuple[MenuSpec[MainWindow], ...] = (
    MenuSpec("campaign.rests", "Who &Rests", Place("campaign.advance", 2, 0)),)

# one of them checked at a time, Everyone until the GM picks another
ACTIONS: tuple[ActionSpec[MainWindow], ...] = tuple(
    ActionSpec(f"campaign.rests.{key}", label, _chooser(groups), checkable=True,
               checked=groups is None, exclusive="rests",
               places=(Place("campaign.rests", 0, number),))
    for number, (key, label, groups) in enumerate(REST_CHOICES))
