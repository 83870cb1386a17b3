"""The encounter window's keys, in one table: the window builds its actions from it and
Help → Shortcuts shows it, so the documentation cannot drift from the keys.

Goals (issue #9): next turn 1 key; roll initiative 1 key; attack-roll-apply ≤ 3 keys (pick the
target with the arrows, A, Enter); damage to the selected ≤ 3 keys (D, the number, Enter); undo
1 key chord (Ctrl+Z, the campaign's one history).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.encounter.table_actions import TABLE_SHORTCUTS

__all__ = ["MELEE_SHORTCUTS", "SHORTCUTS", "ShortcutsDialog", "shortcuts_for"]

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
    ("cast", "C", "Cast a spell: the current actor's SPELLCHECK (R8) on the selected, "
                  "previewed; Enter applies it"),
    ("dodge", "O", "DODGE: the current actor is HARD to hit until its next turn"),
    ("features", "Shift+F", "Archetype features of the current actor: Rage on/off, HP into "
                            "DAM, ready a reroll, an ally's attack EASY"),
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
    ("hide", "Shift+H", "Hide the selected from the player view, or reveal it (undoable)"),
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
    *TABLE_SHORTCUTS,  # Q, then a key: the texts' other actions (issue #17)
    ("finish", "Ctrl+Shift+F", "Finish the fight: its rounds on the campaign clock, injuries "
                               "until rest on the timeline (R27)"),
    ("check", "Q, Q", "CHECK or SAVE of the selected (else the actor): skill, ability or SAVE vs "
                   "the ROOM DC or a typed DC, EASY/HARD named; Enter previews, Enter applies, "
                   "Ctrl+L adds a Luck Die (R7, R28, R29)"),
    ("reaction", "Shift+Q", "Reaction roll of the selected NPC: 2d6 + the speaker's CHA → "
                            "Hostile … Helpful; Enter previews, Enter applies"),
    ("typed_dice", "Shift+D", "Typed dice: what physical dice showed for the next step, by "
                              "purpose (crit 14; surprise party: 2); the line under it lists "
                              "what the next step may roll"),
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
    ("melee_move_toward", "Shift+J", "Melee Round: A moves toward B (previewed; Enter applies; "
                                     "not after fighting this round). J moves A to the "
                                     "yard typed in A's goal"),
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


class ShortcutsDialog(QDialog):
    """F1: every key of the window, searchable (issue #19): typing narrows the list to the rows
    whose key or text holds the words; long texts wrap and the list scrolls inside a dialog that
    never outgrows the screen."""

    def __init__(self, parent: QWidget | None = None, *, melee: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Encounter shortcuts" + (" — Melee Round" if melee else ""))
        rows = shortcuts_for(melee)
        self.rows = rows
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search the keys: a key (Shift+A) or a word (morale)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.narrow)
        table = QTableWidget(len(rows), 2, self)
        table.setHorizontalHeaderLabels(["Key", "What it does"])
        table.verticalHeader().setVisible(False)
        table.setWordWrap(True)
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        for row, (_name, key, what) in enumerate(rows):
            for column, text in enumerate((key, what)):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(row, column, item)
        table.resizeColumnToContents(0)
        table.horizontalHeader().setStretchLastSection(True)
        table.horizontalHeader().sectionResized.connect(self._column_resized)
        self.count = QLabel(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(table, 1)
        layout.addWidget(self.count)
        layout.addWidget(buttons)
        self.table = table
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(720, screen.width() - 40), min(560, screen.height() - 80))
        table.resizeRowsToContents()
        self.narrow("")
        self.search.setFocus()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def _column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == 1:  # the text column took its width: wrap the rows to it
            self._fit_rows()

    def _fit_rows(self) -> None:
        """Wrapped texts take the rows they need, once the table has laid out its columns (a
        resize arrives before the stretched column has its width, hence the next turn)."""
        QTimer.singleShot(0, self, self.table.resizeRowsToContents)  # not after it closed

    def narrow(self, text: str) -> None:
        words = text.casefold().split()
        shown = 0
        for row in range(self.table.rowCount()):
            _name, key, what = self.rows[row]
            line = f"{key} {what}".casefold()
            hidden = not all(w in line for w in words)
            self.table.setRowHidden(row, hidden)
            shown += not hidden
        total = self.table.rowCount()
        self.count.setText(f"{shown} of {total} keys" if words else f"{total} keys")

    def visible_keys(self) -> list[str]:
        return [key for r, (_name, key, _what) in enumerate(self.rows)
                if not self.table.isRowHidden(r)]
