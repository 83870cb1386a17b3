"""The encounter window's actions as calls into the engine (no rules here).

Each ``*_action`` returns a function of the encounter that the session runs inside one undo
command; the ``ask_*`` helpers open the small dialog an action needs, then run it (a cast is
previewed first, as an attack is: ``preview_cast``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberkeep.dice import Answers, DiceError, Key, Purpose
from emberkeep.encounter.actions import dodge, move
from emberkeep.encounter.areas import offered_area, spell_area
from emberkeep.encounter.casting import cast
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.durations import start_timer
from emberkeep.encounter.dying import stabilize
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.morale import dismiss_morale, pc_morale, resolve_morale
from emberkeep.encounter.ruling import (
    GM,
    AddCondition,
    MarkOut,
    MoveTo,
    RemoveCondition,
    change_hp,
    gm_ruling,
)
from emberkeep.optional_rules.advantage import Advantage
from gui.encounter.attack_panel import parse_typed, typed_action

if TYPE_CHECKING:
    from collections.abc import Callable

    from gui.encounter.window import EncounterWindow

    Action = Callable[[Encounter], object]

__all__ = ["ask_cast", "ask_condition", "change_hp_action", "dodge_action", "move_action",
           "out_action", "preview_cast", "roll_morale", "ruling_action", "skip_morale",
           "stabilize_action", "timer_action"]


def change_hp_action(cid: str, delta: int) -> Action:
    """Damage (delta < 0) or healing by the GM's hand: the engine's ``change_hp`` (R21: damage
    to 0 starts the dying countdown, any healing stabilizes), one free step."""

    def run(enc: Encounter) -> None:
        c = enc.combatant(cid)
        if enc.state.phase == "over" and delta < 0:
            raise RuleError("the fight is over")
        with enc.action(GM, "damage" if delta < 0 else "heal") as tx:
            after = change_hp(enc, tx, c, delta)
            word = f"takes {-delta} damage" if delta < 0 else f"heals {delta}"
            tx.summary(f"{c.name} {word} ({after} HP)")

    return run


def ruling_action(note: str) -> Action:
    return lambda enc: gm_ruling(enc, note)


def dodge_action(cid: str) -> Action:
    return lambda enc: dodge(enc, cid)


def move_action(cid: str, to: int, own_turn: bool) -> Action:
    """The actor's move (its turn: Furnace's "Go NEAR"), or the GM placing anyone else."""
    if own_turn:
        return lambda enc: move(enc, cid, to)
    return lambda enc: gm_ruling(enc, f"{enc.combatant(cid).name} to zone {to}",
                                 [MoveTo(cid, to)])


def stabilize_action(helper: str, patient: str) -> Action:
    return lambda enc: stabilize(enc, helper, patient)


def out_action(cid: str, out: bool) -> Action:
    return lambda enc: gm_ruling(
        enc, f"{enc.combatant(cid).name} {'leaves the fight' if out else 'is back'}",
        [MarkOut(cid, out)])


def timer_action(label: str) -> Action:
    return lambda enc: start_timer(enc, label)


def roll_morale(window: EncounterWindow) -> str | None:
    """The check the engine asks for (2d6 vs the side's morale); none: the selected PC's."""
    enc = window.enc
    pending = enc.state.morale_pending
    try:
        dice: dict[Key, Answers | None] = {Purpose.MORALE: parse_typed(window.panel.die.text())}
    except ValueError:
        return "the dice must be numbers"
    if pending:
        side = pending[0].rpartition(":")[0]
        return window.run(f"Morale: {side}",
                          typed_action(dice, lambda e: resolve_morale(e, side)))
    c = window.selected()
    if c is None or c.kind != "pc":
        return "no morale check is due; select a PC for its WIS SAVE"
    return window.run(f"Morale: {c.name}", typed_action(dice, lambda e: pc_morale(e, c.id)))


def skip_morale(window: EncounterWindow) -> str | None:
    pending = window.enc.state.morale_pending
    if not pending:
        return "no morale check is due"
    side = pending[0].rpartition(":")[0]
    return window.run(f"No morale check for {side}", lambda e: dismiss_morale(e, side))


def ask_cast(window: EncounterWindow) -> str | None:
    """The current actor's SPELLCHECK (R8) on the selected combatants (or the panel's target):
    the spell is chosen, with everyone in its area around the target offered ticked (the GM
    unticks whom it spares), then previewed (``preview_cast``); Enter applies it."""
    from gui.encounter.dialogs import CastDialog

    c = window.actor()
    if c is None or c.kind != "pc":
        return "only a player character casts here (a monster's magic: G, a GM ruling)"
    chosen = _cast_targets(window, c.id)
    dialog = CastDialog(window.enc.character(c), window.enc.catalog, window,
                        offer=lambda spell: _area_offer(window.enc, c.id, spell, chosen))
    if not dialog.exec():
        return None
    spell, item = dialog.spell_id(), dialog.list.currentItem()
    if spell is None or item is None:
        return "no spell chosen"
    targets = dialog.chosen_targets()
    if targets == []:
        return "everyone in the spell's area was unticked: tick whom it strikes"
    return preview_cast(window, c.id, spell, item.text(), scroll=dialog.from_scroll.isChecked(),
                        luck=dialog.luck.isChecked(), targets=targets)


def _area_offer(enc: Encounter, caster: str, spell_id: str,
                chosen: list[str]) -> list[tuple[str, str]]:
    """Who the spell may take (the engine's area rule, ``offered_area``): around the first
    chosen, then any other the GM chose; or around the caster; as (id, name)."""
    spell = enc.catalog.spells().get(spell_id)
    if spell is None or (spell_area(spell) is None and spell_area(spell, "caster") is None):
        return []  # a cantrip, or a spell of one target: the table's choice stands
    target = enc.combatant(chosen[0]) if chosen else None
    area = offered_area(enc, spell, enc.combatant(caster), target)
    ids = [x.id for x in area]
    if target is not None and ids[:1] == [target.id]:  # aimed: the table's other choices too
        ids += [t for t in chosen if t not in ids]
    return [(cid, enc.combatant(cid).name) for cid in ids]


def _cast_targets(window: EncounterWindow, caster: str) -> list[str]:
    """The combatants selected in the table (not the caster), else the attack panel's target."""
    rows = window.table.selectionModel().selectedRows()
    targets = [x.id for r in rows if (x := window.model.combatant_at(r.row())) is not None
               and x.id != caster]
    if not targets and window.panel.target.currentData():
        targets = [str(window.panel.target.currentData())]
    return targets


def preview_cast(window: EncounterWindow, caster: str, spell: str, name: str, *,
                 scroll: bool = False, luck: bool = False,
                 targets: list[str] | None = None) -> str | None:
    """Resolve the cast to see it (the SPELLCHECK, its level, the effects and every change to
    each target), nothing changed; Enter applies exactly that step, Esc drops it, as an attack
    does (the undo text names the spell by ``name``, never its id). ``targets``: the ones the
    GM left ticked in the spell's area; None: the table's choice."""
    try:
        typed = parse_typed(window.panel.die.text())
    except ValueError:
        return "the d20 must be a number"
    if isinstance(typed, tuple):
        return "type one d20"
    chosen = _cast_targets(window, caster) if targets is None else list(targets)
    # the attack panel's advantage goes to the SPELLCHECK too
    advantage = (Advantage(window.panel.advantage.currentData())
                 if window.panel.advantage.currentIndex() else Advantage.NONE)
    action = typed_action({Purpose.SPELLCHECK: typed},
                          lambda enc: cast(enc, caster, spell, chosen, scroll=scroll,
                                           advantage=advantage, luck=luck))
    try:
        steps = window.session.preview(action)
    except (RuleError, DiceError) as exc:
        return str(exc)
    # the Melee Round shows its own panel instead of the attack panel: the preview goes where
    # the GM looks, and Enter applies whichever panel holds it (``EncounterWindow.confirm``)
    panel = window.melee_panel if window.session.melee_round() else window.panel
    panel.show_pending(steps, f"Cast {name}" + (" from a scroll" if scroll else ""))
    window.table.setFocus()  # Enter applies from the table (the window's confirm)
    return None


def ask_condition(window: EncounterWindow) -> str | None:
    from gui.encounter.dialogs import ConditionDialog

    c = window.selected()
    if c is None:
        return "select a combatant first"
    dialog = ConditionDialog(c.name, [x.name for x in c.conditions], window)
    if not dialog.exec():
        return None
    name = dialog.name.currentText().strip()
    if not name:
        return "name the condition"
    if dialog.remove.isChecked():
        return window.run(f"{c.name}: no longer {name}", lambda enc: gm_ruling(
            enc, f"{c.name} is no longer {name}", [RemoveCondition(c.id, name)]))
    rounds = dialog.rounds.value() or None
    condition = ActiveCondition(name, rounds, "rounds" if rounds else "removed", "GM",
                                window.enc.state.round)
    return window.run(f"{c.name}: {name}", lambda enc: gm_ruling(
        enc, f"{c.name} is {name}" + (f" for {rounds} round(s)" if rounds else ""),
        [AddCondition(c.id, condition)]))
