"""The encounter window's keys, in one table: the window builds its actions from it and
Help → Shortcuts shows it, so the documentation cannot drift from the keys.

Goals (issue #9): next turn 1 key; roll initiative 1 key; attack-roll-apply ≤ 3 keys (pick the
target with the arrows, A, Enter); damage to the selected ≤ 3 keys (D, the number, Enter); undo
1 key chord (Ctrl+Z, the campaign's one history).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

__all__ = ["MELEE_SHORTCUTS", "SHORTCUTS", "ShortcutsDialog", "key_of", "shortcuts_for"]

# (name, key, what it does)
SHORTCUTS: tuple[tuple[str, str, str], ...] = (
    ("surprise", "S", "Roll surprise: a d6 per side, surprised on 1-2 (R20)"),
    ("initiative", "I", "Roll initiative for everyone (surprise as rolled, or nobody) — a new "
                        "round if the fight is on"),
    ("next", "N", "Next turn (the next round when everyone has acted)"),
    ("attack", "A", "Roll the attack: current actor on the selected (or nearest) foe; shows "
                    "the outcome with the crit or fumble row"),
    ("confirm", "Return", "Apply: the rolled attack, the typed damage or healing, the ruling"),
    ("cancel", "Esc", "Drop the rolled attack or the typed number; back to the table"),
    ("damage", "D", "Damage the selected combatant: D, the number, Enter"),
    ("heal", "H", "Heal the selected combatant: H, the number, Enter (stabilizes, R21)"),
    ("cast", "C", "Cast a spell: the current actor's SPELLCHECK (R8) on the selected"),
    ("dodge", "O", "DODGE: the current actor is HARD to hit until its next turn"),
    ("closer", "[", "Move the selected one zone toward lower zones (its move, or the GM's)"),
    ("farther", "]", "Move the selected one zone toward higher zones"),
    ("stabilize", "B", "The current actor tries to stabilize the selected dying ally (R21)"),
    ("condition", "K", "Add or remove a condition on the selected, with its rounds (R28)"),
    ("out", "X", "Mark the selected out of the fight (fled, surrendered) or back in"),
    ("morale", "M", "Roll the morale check the engine asks for (2d6 over the morale: they "
                    "surrender); none asked: the selected PC's WIS SAVE"),
    ("skip_morale", "Shift+M", "Wave the asked morale check off"),
    ("timer", "T", "Start a 1d4-round timer"),
    ("ruling", "G", "GM ruling: type a note, Enter (free, undoable)"),
    ("target", "F", "Put the focus on the combatants table (then the arrows pick a target)"),
    ("player_view", "F5", "Show or hide the player view (second screen)"),
    ("recap", "Ctrl+Shift+E", "Export the fight as a Markdown recap"),
    ("choose_surprise", "Shift+S", "Surprise by the GM: tick the surprised sides (none: "
                                   "nobody), or Roll (R20)"),
    ("declare_spell", "L", "WDD: the selected caster declares a spell; it shows on the "
                           "segment timeline (R20)"),
    ("declare_melee", "Shift+A", "Simultaneous melee: declare the panel's attacker's blow on "
                                 "its target"),
    ("simultaneous", "U", "Resolve the declared melee blows at once, highest first (none "
                          "declared: everyone with a foe CLOSE) (R20)"),
    ("fend", "E", "WDD Fending: the current actor fends off the selected foes (2 HP, Save vs "
                  "Death or no attack, R30)"),
    ("grip", "P", "WDD knife grip: the gripper's two automatic maximum-damage blows"),
    ("break_free", "R", "Break free of a knife grip (STR vs STR) or a grapple (R31)"),
    ("mount", "Y", "Put the selected on a mount (rouncy … charger, R31) or on foot"),
    ("volunteer", "V", "Next shield bearer CLOSE to the target who takes the volley shot (R31)"),
    ("finish", "Ctrl+Shift+F", "Finish the fight: its rounds on the campaign clock, injuries "
                               "until rest on the timeline (R27)"),
    ("odds", "Shift+O", "Odds: simulate this fight many times (win, lose, who drops, rounds; "
                        "a what-if on the monsters' count)"),
    ("help", "F1", "This list"),
    ("undo", "Ctrl+Z", "Undo the last step (one step of the campaign's one history)"),
    ("redo", "Ctrl+Shift+Z", "Redo"),
)


# The Melee Round's own entries (issue #11): what A, I and Enter do there, and its own keys;
# Help → Shortcuts shows them when the encounter resolves blows by the Melee Round.
MELEE_SHORTCUTS: tuple[tuple[str, str, str], ...] = (
    ("initiative", "I", "Melee Round: a new melee round (its Determination Phase; no "
                        "initiative order)"),
    ("attack", "A", "Melee Round: roll the panel's tactic and preview every phase: the "
                    "exchange (both roll, R23), several foes, dodge, evade, surprise, ranged, "
                    "Glory"),
    ("confirm", "Return", "Melee Round: apply the previewed tactic as one undo step"),
    ("melee_tactic", "W", "Melee Round: the next tactic (exchange → several foes → dodge → "
                          "evade → surprise → ranged → Glory)"),
    ("melee_tactic_back", "Shift+W", "Melee Round: the previous tactic"),
    ("melee_movement", "J", "Melee Round: the Movement Phase (the fallen regain their "
                            "footing)"),
    ("melee_mount", "Shift+Y", "Melee Round: A mounts or dismounts its horse"),
    ("melee_rearm", "Shift+R", "Melee Round: A re-arms (picks up or draws a weapon, R23)"),
)


def shortcuts_for(melee: bool) -> tuple[tuple[str, str, str], ...]:
    """The window's keys; with the Melee Round its own meanings replace the Furnace ones and
    its own keys follow."""
    if not melee:
        return SHORTCUTS
    own = {name: (name, key, what) for name, key, what in MELEE_SHORTCUTS}
    known = {name for name, _key, _what in SHORTCUTS}
    return (*(own.get(entry[0], entry) for entry in SHORTCUTS),
            *(e for e in MELEE_SHORTCUTS if e[0] not in known))


def key_of(name: str) -> str:
    for entry, key, _what in (*SHORTCUTS, *MELEE_SHORTCUTS):
        if entry == name:
            return key
    raise KeyError(name)


class ShortcutsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, *, melee: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Encounter shortcuts" + (" — Melee Round" if melee else ""))
        rows = shortcuts_for(melee)
        table = QTableWidget(len(rows), 2, self)
        table.setHorizontalHeaderLabels(["Key", "What it does"])
        table.verticalHeader().setVisible(False)
        for row, (_name, key, what) in enumerate(rows):
            for column, text in enumerate((key, what)):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.table = table
        self.resize(720, 560)
