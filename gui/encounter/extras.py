"""The encounter window's rarer actions (the gaps the first engine left): the GM's surprise,
WDD's declared spells, simultaneous melee, fending, the knife grip, mounts, shield volunteers,
and finishing the fight onto the campaign clock. No rules here: each calls the engine, each is
one undo command on the campaign's stack (through ``window.run``), each has its key in
:data:`gui.encounter.shortcuts.SHORTCUTS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from emberkeep.dice import Answer, Answers, Key, Purpose
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.fending import fend
from emberkeep.encounter.grapple import break_free as break_hold
from emberkeep.encounter.grip import GRIPPED, break_free, grip_attacks
from emberkeep.encounter.mounts import MOUNT_RANKS, mount, mount_name
from emberkeep.encounter.simultaneous import melee_pairs, resolve_simultaneous_melee
from emberkeep.encounter.surprise import check_surprise, declare_spell
from emberkeep.encounter.volleys import shield_volunteers as core_volunteers
from gui.encounter.attack_panel import parse_typed, typed_action
from gui.plain_text import as_html

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["SurpriseDialog", "ask_mount", "ask_surprise", "declare", "declare_melee",
           "do_break_free", "do_fend", "do_grip", "finish", "melee_candidates",
           "resolve_melee", "shield_volunteers", "surprise_with", "typed_per_blow"]


class SurpriseDialog(QDialog):
    """Which sides are surprised (R20: "or the GM decides"), or roll a d6 per side."""

    def __init__(self, sides: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Surprise")
        self.boxes = {side: QCheckBox(f"&{n + 1} {side} surprised", self)
                      for n, side in enumerate(sides)}
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Tick the surprised sides (none: nobody), or Roll: a d6 per "
                                "side, surprised on 1-2 (R20).", self))
        for box in self.boxes.values():
            layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        self.roll_button = buttons.addButton("&Roll", QDialogButtonBox.ButtonRole.AcceptRole)
        self.rolled = False
        self.roll_button.clicked.connect(lambda: setattr(self, "rolled", True))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def surprised(self) -> list[str] | None:
        """The ticked sides; ``None``: roll."""
        if self.rolled:
            return None
        return [side for side, box in self.boxes.items() if box.isChecked()]


def surprise_with(window: EncounterWindow, surprised: list[str] | None) -> str | None:
    """R20: the GM's sides (``[]``: nobody) or, ``None``, a d6 per side."""
    text = "Surprise: " + ("rolled" if surprised is None else ", ".join(surprised) or "nobody")
    chosen = None if surprised is None else list(surprised)
    return window.run(text, lambda enc: check_surprise(enc, surprised=chosen))


def ask_surprise(window: EncounterWindow) -> str | None:
    if window.enc.state.phase != "setup":
        return "surprise is checked once, before the first round"
    dialog = SurpriseDialog(window.enc.sides(), window)
    if not dialog.exec():
        return None
    return surprise_with(window, dialog.surprised())


def declare(window: EncounterWindow, spell_id: str | None = None) -> str | None:
    """WDD (R20): the selected caster (else the current actor) declares a spell; it shows on
    the segment timeline at segment + casting time."""
    from gui.encounter.dialogs import CastDialog

    c = window.selected() or window.actor()
    if c is None or c.kind != "pc":
        return "select the caster (a player character) first"
    if spell_id is None:
        dialog = CastDialog(window.enc.character(c), window.enc.catalog, window)
        dialog.setWindowTitle(f"{c.name} declares a spell")
        if not dialog.exec():
            return None
        spell_id = dialog.spell_id()
        if spell_id is None:
            return "no spell chosen"
    chosen = spell_id
    return window.run(f"{c.name} declares {chosen}",
                      lambda enc: declare_spell(enc, c.id, chosen))


# --- simultaneous melee (R20) -----------------------------------------------------------------

def melee_candidates(enc: Encounter) -> dict[str, str]:
    """Who strikes whom when nothing was declared: the core's rule (``melee_pairs``)."""
    return melee_pairs(enc)


def declare_melee(window: EncounterWindow) -> str | None:
    """The attack panel's attacker declares its melee blow on the panel's target."""
    a, t = window.panel.attacker.currentData(), window.panel.target.currentData()
    if not a or not t:
        return "choose an attacker and a target"
    window.melee_declared[str(a)] = str(t)
    return _show_declared(window)


def _show_declared(window: EncounterWindow) -> str:
    enc = window.enc
    names = [f"{enc.combatants[a].name} → {enc.combatants[t].name}"
             for a, t in window.melee_declared.items()
             if a in enc.combatants and t in enc.combatants]
    return "Melee declared: " + "; ".join(names) + " (U resolves them at once)"


def resolve_melee(window: EncounterWindow) -> str | None:
    """Furnace's simultaneous melee: the declared blows (none declared: everyone with a foe
    CLOSE on it), rolled, then resolved highest first; one step."""
    pairs = dict(window.melee_declared) or melee_candidates(window.enc)
    if not pairs:
        return "no melee to resolve: nobody able has a foe CLOSE"
    try:
        dice = typed_per_blow(window.panel.die.text(), list(pairs))
    except ValueError as exc:
        return str(exc)
    answers: dict[Key, Answers | None] = {Purpose.ATTACK: dice}
    err = window.run("Simultaneous melee", typed_action(
        answers, lambda enc: resolve_simultaneous_melee(enc, pairs)))
    if err is None:
        window.melee_declared.clear()
    return err


def typed_per_blow(text: str, attackers: list[str]) -> list[Answer] | None:
    """The GM's d20s for the declared blows, in declaration order ("12 7 15"), the
    order the engine rolls them in; nothing typed: the engine rolls them all."""
    try:
        typed = parse_typed(text)
    except ValueError:
        raise ValueError("the d20s must be numbers") from None
    if typed is None:
        return None
    faces: list[Answer] = [typed] if isinstance(typed, int) else list(typed)
    if len(faces) != len(attackers):
        raise ValueError(f"type one d20 per declared blow ({len(attackers)}), in the order "
                         "declared, or none")
    return faces


# --- WDD: fending, the knife grip, mounts, volleys --------------------------------------------

def _targets(window: EncounterWindow, actor_id: str) -> list[str]:
    rows = window.table.selectionModel().selectedRows()
    chosen = [x.id for r in rows if (x := window.model.combatant_at(r.row())) is not None
              and x.id != actor_id]
    if not chosen and window.panel.target.currentData():
        chosen = [str(window.panel.target.currentData())]
    return chosen


def do_fend(window: EncounterWindow) -> str | None:
    """The current actor fends off the selected foes (WDD Fending Feat, R30)."""
    c = window.actor()
    if c is None:
        return "nobody is acting"
    targets = _targets(window, c.id)
    try:
        typed = parse_typed(window.panel.die.text())
    except ValueError:
        return "the d20 must be a number"
    dice = typed if isinstance(typed, int) and len(targets) == 1 else None
    return window.run(f"{c.name} fends", typed_action(
        {Purpose.ATTACK: dice}, lambda enc: fend(enc, c.id, targets)))


def do_grip(window: EncounterWindow) -> str | None:
    """The current actor's two automatic maximum-damage blows on the one it grips (WDD): no
    die is rolled (maximum damage), so there is nothing for the GM to type."""
    c = window.actor()
    if c is None:
        return "nobody is acting"
    return window.run(f"{c.name}'s grip attacks", lambda enc: grip_attacks(enc, c.id))


def do_break_free(window: EncounterWindow) -> str | None:
    """The current actor breaks a knife grip (STR vs STR) or a grapple (R31)."""
    c = window.actor()
    if c is None:
        return "nobody is acting"
    try:
        typed = parse_typed(window.panel.die.text())
    except ValueError:
        return "the d20 must be a number"
    die = typed if isinstance(typed, int) else None
    gripped = any(x.name == GRIPPED for x in c.conditions)
    action = break_free if gripped else break_hold
    return window.run(f"{c.name} breaks free", typed_action(
        {Purpose.CHECK: die}, lambda enc: action(enc, c.id)))


def ask_mount(window: EncounterWindow, rank: int | None = None) -> str | None:
    """Put the selected combatant on a mount of R31's ranks, or on foot (a free GM step)."""
    c = window.selected()
    if c is None:
        return "select a combatant first"
    if rank is None:
        items = [mount_name(r) for r in (0, *MOUNT_RANKS)]
        # the name in a label Qt reads as HTML when it looks so: escaped
        label, ok = QInputDialog.getItem(window, "Mount", as_html(f"{c.name} rides:"), items,
                                         min(c.mount, len(items) - 1), False)
        if not ok:
            return None
        rank = items.index(label)
    chosen = rank
    return window.run(f"{c.name}: {mount_name(chosen)}", lambda enc: mount(enc, c.id, chosen))


def shield_volunteers(enc: Encounter, shooter_id: str, target_id: str) -> list[str]:
    """Shield bearers CLOSE to the target who may take a volley shot meant for it: the
    core's rule (R31), the one ``volleys.land`` checks."""
    return core_volunteers(enc, shooter_id, target_id)


def finish(window: EncounterWindow) -> str | None:
    """The GM finishes the fight: its rounds on the campaign clock, the "until rest"
    conditions on the timeline (R27), one undo command."""
    if window.enc.state.phase == "setup":
        return "the fight has not begun"
    if window.enc.state.phase != "over":
        # the GM ends it (a step), and its rounds not yet on the clock follow in
        # the same undo command, even when closing its tab already clocked them
        from emberkeep.encounter.finish import end_fight

        return window.run("Finish the fight", end_fight)
    if not window.session.leave():
        return "the fight's time is already on the clock"
    return None

