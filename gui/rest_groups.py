"""Campaign → Advance → Who Rests (issue #19): the group a short or long rest rests.

The choice belongs to the session at the table, not to the campaign file: it is the GM's
answer to "who is resting now?", kept while the app runs and offered again each time.
The core picks the resting characters (:func:`emberkeep.character.groups.who_rests`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from emberkeep.character.groups import GROUP_NAMES, CharacterGroup

if TYPE_CHECKING:
    from gui.campaign_tools import CampaignTools

__all__ = ["REST_CHOICES", "RestGroupMenu", "install_rest_groups"]

REST_CHOICES: tuple[tuple[str, frozenset[CharacterGroup] | None], ...] = (
    ("&Everyone but the dead or retired", None),
    *((f"&{n} {GROUP_NAMES[g]}", frozenset({g})) for n, g in enumerate(
        (CharacterGroup.PARTY, CharacterGroup.FUNNEL, CharacterGroup.HIRELINGS), start=1)),
)


class RestGroupMenu:
    def __init__(self, tools: CampaignTools) -> None:
        self.tools = tools
        self.choice: frozenset[CharacterGroup] | None = None
        self.menu = QMenu("Who &Rests", tools.window)
        self.group = QActionGroup(self.menu)
        self.actions: list[QAction] = []
        for label, groups in REST_CHOICES:
            action = self.menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(groups is None)
            self.group.addAction(action)
            action.triggered.connect(lambda _=False, g=groups: self.choose(g))
            self.actions.append(action)

    def choose(self, groups: frozenset[CharacterGroup] | None) -> None:
        self.choice = groups
        if self.tools.clock is not None:
            self.tools.clock.rest_groups = groups

    def follow(self, _document: object) -> None:
        """The clock was rebuilt for a new campaign: keep the GM's choice and the entry."""
        self.tools.advance_menu.addSeparator()
        self.tools.advance_menu.addMenu(self.menu)
        self.choose(self.choice)


def install_rest_groups(tools: CampaignTools) -> RestGroupMenu:
    menu = RestGroupMenu(tools)
    tools.window.document_hooks.append(menu.follow)
    tools.rest_groups = menu  # type: ignore[attr-defined]
    return menu
