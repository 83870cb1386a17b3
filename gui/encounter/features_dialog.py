"""The current actor's archetype features in a fight, key Shift+F.

Lists what the actor's features can do now, by their names: switch a state on or off (Rage,
with the rounds it lasts), convert HP into damage on the next hit (Bloodmagic), ready the
once-a-fight reroll of the next missed attack (Chosen one), make a chosen ally's next attack
EASY. Each is one of the engine's free steps (``feature_actions``), shown in the log and undone
like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.character import archetype_effects as fx
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.feature_actions import (
    can_reroll_attack,
    declare_hp_to_damage,
    grant_ally_easy,
    mark_reroll,
    toggle_state,
)

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["FeatureChoice", "FeaturesDialog", "ask_feature", "feature_choices"]


@dataclass(frozen=True, slots=True)
class FeatureChoice:
    text: str
    run: Callable[[Encounter], object]


def feature_choices(enc: Encounter, c: Combatant) -> list[FeatureChoice]:
    """What ``c``'s features can do now (a PC's; a monster has none)."""
    if c.kind != "pc":
        return []
    ch, catalog, cid = enc.character(c), enc.catalog, c.id
    out: list[FeatureChoice] = []
    on = {t.state for t in fx.active_toggles(ch, catalog)}
    for t in fx.toggles(ch, catalog):
        turning = t.state not in on
        lasts = f" for {t.rounds} rounds" if turning and t.rounds else ""
        out.append(FeatureChoice(f"{t.state} {'on' if turning else 'off'}{lasts}",
                                 partial(_toggle, cid=cid, state=t.state, on=turning)))
    for feature, dice in fx.hp_to_damage(ch, catalog)[:1]:
        out.append(FeatureChoice(f"{feature.name}: convert {dice} HP into DAM on the next hit",
                                 lambda e: declare_hp_to_damage(e, cid)))
    if can_reroll_attack(enc, c):
        out.append(FeatureChoice("Reroll the next attack if it misses (once a fight)",
                                 lambda e: mark_reroll(e, cid)))
    if fx.ally_easy_uses(ch, catalog):
        for ally in enc.allies(c):
            out.append(FeatureChoice(f"{ally.name}'s next attack is EASY (once a fight)",
                                     partial(_ally_easy, cid=cid, ally=ally.id)))
    return out


def _toggle(enc: Encounter, *, cid: str, state: str, on: bool) -> object:
    return toggle_state(enc, cid, state, on)


def _ally_easy(enc: Encounter, *, cid: str, ally: str) -> object:
    return grant_ally_easy(enc, cid, ally)


class FeaturesDialog(QDialog):
    """The choices, by name (arrows and Enter)."""

    def __init__(self, name: str, choices: list[FeatureChoice],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{name}'s features")
        self.choices = choices
        layout = QVBoxLayout(self)
        self.list = QListWidget(self)
        self.list.setAccessibleName("Features")
        for n, choice in enumerate(choices):
            item = QListWidgetItem(choice.text)
            item.setData(Qt.ItemDataRole.UserRole, n)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> FeatureChoice | None:
        row = self.list.currentRow()
        return self.choices[row] if 0 <= row < len(self.choices) else None


def ask_feature(window: EncounterWindow) -> str | None:
    """The current actor's feature, one free step."""
    c = window.actor()
    if c is None:
        return "nobody is acting"
    choices = feature_choices(window.enc, c)
    if not choices:
        return f"{c.name} has no archetype feature to use now"
    dialog = FeaturesDialog(c.name, choices, window)
    if not dialog.exec():
        return None
    choice = dialog.chosen()
    if choice is None:
        return None
    return window.run(f"{c.name}: {choice.text}", choice.run)
