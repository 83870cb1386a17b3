"""The encounter window's keys, declared once: each key's id, key, what it does (F1's text) and
its handler. The window builds its actions from :data:`ENCOUNTER_KEYS` and F1 lists the same
registry, so the help cannot drift from the keys.

Goals: next turn 1 key; roll initiative 1 key; attack-roll-apply ≤ 3 keys (pick the target with
the arrows, A, Enter); damage to the selected ≤ 3 keys (D, the number, Enter); undo 1 key chord
(Ctrl+Z, the campaign's one history). A handler that returns a non-empty string has refused: the
text is shown in the window's message line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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

from gui.action_registry import ActionSpec, Registry
from gui.encounter import actions, check_panel, extras, player_screens, table_actions
from gui.encounter.features_dialog import ask_feature
from gui.encounter.table_actions import TABLE_SHORTCUTS

if TYPE_CHECKING:
    from gui.encounter.melee_panel import MeleePanel
    from gui.encounter.window import EncounterWindow

__all__ = ["ENCOUNTER_KEYS", "MELEE", "ShortcutsDialog", "run_key", "shortcuts_for"]

Run = Callable[["EncounterWindow"], object]
MELEE = "melee"  # the mode of an encounter that resolves blows by the Melee Round


def _key(name: str, key: str, what: str, run: Run | None, *, melee: str = "",
         mode: str = "") -> ActionSpec[EncounterWindow]:
    """The key ``key`` of the encounter window, live while it or a child has the focus."""
    return ActionSpec(f"fight.{name}", what.split(":")[0], run, tooltip=f"{what} ({key})",
                      keys=(key, "Enter") if key == "Return" else (key,),
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut, help=what,
                      variants=((MELEE, melee),) if melee else (), mode=mode)


def _melee(do: Callable[[MeleePanel], object]) -> Run:
    """A Melee Round key: refused in an encounter that does not use it."""
    def run(w: EncounterWindow) -> object:
        if not w.session.melee_round():
            return "only in a Melee Round encounter"
        return do(w.melee_panel)
    return run


def _odds(w: EncounterWindow) -> None:
    from gui.encounter.odds_dialog import open_odds  # imported when first asked

    open_odds(w, w.session)


# functions, not lambdas: the window's widgets get their types in window.py, which imports this
# module, and only a function's body waits for them
def _to_ruling(w: EncounterWindow) -> None:
    w.ruling.setFocus()


def _estimate(w: EncounterWindow) -> object:
    return w.meter.estimate()


def _to_table(w: EncounterWindow) -> None:
    w.table.setFocus()


def _to_typed_dice(w: EncounterWindow) -> None:
    w.typed_dice.edit.setFocus()


def _next_volunteer(w: EncounterWindow) -> object:
    return w.panel.next_volunteer()


def _pick_target(n: int) -> Run:
    def run(w: EncounterWindow) -> object:
        if w.session.melee_round():
            return "the Melee Round picks its fighters in its panel (Who)"
        return w.panel.pick_numbered(n)
    return run


def _target_key(n: int) -> ActionSpec[EncounterWindow]:
    """The digit that makes the attacker's ``n``th foe the target (F1 lists each: every key
    the window answers is in its list)."""
    return _key(f"target_{n}", str(n % 10), f"Target the foe numbered {n % 10}: the "
                "attacker's 1st … 10th foe (1 … 9, 0, numbered in the Target list); an attack "
                "already shown is rolled again on it", _pick_target(n))


def _chord(name: str) -> Run:
    return lambda w: table_actions.preview(w, name)


ENCOUNTER_KEYS: Registry[EncounterWindow] = Registry(actions=(
    _key("surprise", "S", "Roll surprise: a d6 per side, surprised on 1-2 (R20)",
         lambda w: w.roll_surprise()),
    _key("initiative", "I", "Roll initiative for everyone (surprise as rolled, or nobody) — a "
                            "new round if the fight is on", lambda w: w.roll_initiative(),
         melee="Melee Round: a new melee round (its Determination Phase; no initiative "
               "order)"),
    _key("next", "N", "Next turn (the next round when everyone has acted)",
         lambda w: w.next_turn()),
    _key("attack", "A", "Roll the attack: current actor on the selected (or nearest) foe; shows "
                        "the outcome with the crit or fumble row", lambda w: w.attack(),
         melee="Melee Round: roll the panel's tactic and preview every phase: the exchange "
               "(both roll, R23), several foes, dodge, evade, surprise, ranged, Glory"),
    _key("confirm", "Return", "Apply: the rolled attack, the typed damage or healing, the ruling",
         lambda w: w.confirm(), melee="Melee Round: apply the previewed tactic as one undo step"),
    _key("cancel", "Esc", "Drop the rolled attack or the typed number; back to the table",
         lambda w: w.cancel()),
    _key("damage", "D", "Damage the selected combatant: D, the number, Enter",
         lambda w: w.ask_amount("damage")),
    _key("heal", "H", "Heal the selected combatant: H, the number, Enter (stabilizes, R21)",
         lambda w: w.ask_amount("heal")),
    _key("cast", "C", "Cast a spell: the current actor's SPELLCHECK (R8) on the selected, "
                      "previewed; Enter applies it", lambda w: w.cast()),
    _key("dodge", "O", "DODGE: the current actor is HARD to hit until its next turn",
         lambda w: w.dodge()),
    _key("features", "Shift+F", "Archetype features of the current actor: Rage on/off, HP into "
                                "DAM, ready a reroll, an ally's attack EASY", ask_feature),
    _key("closer", "[", "Move the selected one zone toward lower zones (its move, or the GM's)",
         lambda w: w.move_selected(-1)),
    _key("farther", "]", "Move the selected one zone toward higher zones",
         lambda w: w.move_selected(1)),
    _key("stabilize", "B", "The current actor tries to stabilize the selected dying ally (R21)",
         lambda w: w.stabilize()),
    _key("condition", "K", "Add or remove a condition on the selected, with its rounds (R28)",
         lambda w: w.condition()),
    _key("out", "X", "Mark the selected out of the fight (fled, surrendered) or back in",
         lambda w: w.toggle_out()),
    _key("morale", "M", "Roll the morale check the engine asks for (2d6 over the morale: they "
                        "surrender); none asked: the selected PC's WIS SAVE",
         lambda w: w.morale()),
    _key("skip_morale", "Shift+M", "Wave the asked morale check off", actions.skip_morale),
    _key("timer", "T", "Start a 1d4-round timer", lambda w: w.timer()),
    _key("ruling", "G", "GM ruling: type a note, Enter (free, undoable)",
         _to_ruling),
    _key("target", "F", "Put the focus on the combatants table (then the arrows pick a target)",
         _to_table),
    # 1 … 9, 0: the attacker's foes as numbered in the panel's Target list (one key, not F
    # and the arrows)
    *(_target_key(n) for n in range(1, 11)),
    _key("player_view", "F5", "Show or hide the player view (second screen)",
         lambda w: w.toggle_player_view()),
    _key("hide", "Shift+H", "Hide the selected from the player view, or reveal it (undoable)",
         player_screens.toggle_hidden),
    _key("recap", "Ctrl+Shift+E", "Export the fight as a Markdown recap",
         lambda w: w.export_recap()),
    _key("choose_surprise", "Shift+S", "Surprise by the GM: tick the surprised sides (none: "
                                       "nobody), or Roll (R20)", extras.ask_surprise),
    _key("declare_spell", "L", "WDD: the selected caster declares a spell; it shows on the "
                               "segment timeline (R20)", extras.declare),
    _key("declare_melee", "Shift+A", "Simultaneous melee: declare the panel's attacker's blow "
                                     "on its target", extras.declare_melee),
    _key("simultaneous", "U", "Resolve the declared melee blows at once, highest first (none "
                              "declared: everyone with a foe CLOSE) (R20)", extras.resolve_melee),
    _key("fend", "E", "WDD Fending: the current actor fends off the selected foes (2 HP, Save "
                      "vs Death or no attack, R30)", extras.do_fend),
    _key("grip", "P", "WDD knife grip: the gripper's two automatic maximum-damage blows",
         extras.do_grip),
    _key("break_free", "R", "Break free of a knife grip (STR vs STR) or a grapple (R31)",
         extras.do_break_free),
    _key("mount", "Y", "Put the selected on a mount (rouncy … charger, R31) or on foot",
         extras.ask_mount),
    _key("volunteer", "V", "Next shield bearer CLOSE to the target who takes the volley shot "
                           "(R31)", _next_volunteer),
    # Q, then a key: the texts' other actions, previewed, Enter applies (gui.encounter.
    # table_actions)
    *(_key(name, key, what, _chord(name)) for name, key, what in TABLE_SHORTCUTS),
    _key("finish", "Ctrl+Shift+F", "Finish the fight: its rounds on the campaign clock, "
                                   "injuries until rest on the timeline (R27)", extras.finish),
    _key("check", "Q, Q", "CHECK or SAVE of the selected (else the actor): skill, ability or "
                          "SAVE vs the ROOM DC or a typed DC, EASY/HARD named; Enter previews, "
                          "Enter applies, Ctrl+L adds a Luck Die (R7, R28, R29)",
         check_panel.ask_check),
    _key("reaction", "Shift+Q", "Reaction roll of the selected NPC: 2d6 + the speaker's CHA → "
                                "Hostile … Helpful; Enter previews, Enter applies",
         check_panel.ask_reaction),
    _key("typed_dice", "Shift+D", "Typed dice: what physical dice showed for the next step, by "
                                  "purpose (crit 14; surprise party: 2); the line under it "
                                  "lists what the next step may roll",
         _to_typed_dice),
    _key("odds", "Shift+O", "Odds: simulate this fight many times (win, lose, who drops, "
                            "rounds; a what-if on the monsters' count)", _odds),
    _key("meter", "Ctrl+Shift+O", "Deadliness meter: estimate the party's chances again from "
                                  "where the fight stands (in a fight it runs only when asked)",
         _estimate),
    _key("help", "F1", "This list", lambda w: w.show_shortcuts()),
    # the main window's Help → Explain the Focused Number answers it (the fight is its tab)
    _key("explain", "Ctrl+I", "Explain the focused number (AC, ATK, a segment roll's "
                              "modifiers): its parts, with the rulings to open", None),
    # the main window's Edit → Undo and Redo answer these (the campaign's one history)
    _key("undo", "Ctrl+Z", "Undo the last step (one step of the campaign's one history)", None),
    _key("redo", "Ctrl+Shift+Z", "Redo", None),
    # The Melee Round's own keys, refused outside it; F1 lists them in a Melee Round encounter
    _key("melee_tactic", "W", "Melee Round: the next tactic (exchange → several foes → dodge → "
                              "evade → surprise → ranged → Glory)",
         _melee(lambda p: p.cycle_tactic(1)), mode=MELEE),
    _key("melee_tactic_back", "Shift+W", "Melee Round: the previous tactic",
         _melee(lambda p: p.cycle_tactic(-1)), mode=MELEE),
    _key("melee_movement", "J", "Melee Round: the Movement Phase (the fallen regain their "
                                "footing)", _melee(lambda p: p.movement()), mode=MELEE),
    _key("melee_move_toward", "Shift+J", "Melee Round: A moves toward B (previewed; Enter "
                                         "applies; not after fighting this round). J moves A "
                                         "to the yard typed in A's goal",
         _melee(lambda p: p.move_toward()), mode=MELEE),
    _key("melee_mount", "Shift+Y", "Melee Round: A mounts or dismounts its horse",
         _melee(lambda p: p.toggle_mount(0)), mode=MELEE),
    _key("melee_rearm", "Shift+R", "Melee Round: A re-arms (picks up or draws a weapon, R23)",
         _melee(lambda p: p.rearm(0)), mode=MELEE),
))


def run_key(w: EncounterWindow, run: Run) -> None:
    """Run a key's handler; a refusal it returns is shown in the window's message line."""
    w.message.clear()
    result = run(w)
    if isinstance(result, str) and result:
        w.message.setText(result)


def shortcuts_for(melee: bool) -> list[tuple[str, str, str]]:
    """F1's rows (id, key, what it does); with the Melee Round its own meanings replace the
    Furnace ones and its own keys follow."""
    return ENCOUNTER_KEYS.key_list(MELEE if melee else "")


class ShortcutsDialog(QDialog):
    """F1: every key of the window, searchable: typing narrows the list to the rows
    whose key or text holds the words; long texts wrap and the list scrolls inside a dialog that
    never outgrows the screen."""

    def __init__(self, parent: QWidget | None = None, *, melee: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Encounter shortcuts" + (" — Melee Round" if melee else ""))
        rows = shortcuts_for(melee)
        self.rows = rows
        self.search = QLineEdit(self)
        self.search.setAccessibleName("Search the keys")
        self.search.setPlaceholderText("Search the keys: a key (Shift+A) or a word (morale)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.narrow)
        table = QTableWidget(len(rows), 2, self)
        table.setHorizontalHeaderLabels(["Key", "What it does"])
        table.setAccessibleName("Keys")
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
