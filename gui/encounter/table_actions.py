"""The texts' other actions at the table: Q, then one key.

Furnace's DISENGAGE, stand up, grapple and shove (R31), use an item, Go NEAR and SPELLCHECK,
Lay on Hands; an attack with the target's shield sundered (R12) or sacrificed (R18), with the
off-hand weapon (style f) or under an ally's Protection (style e); WDD's pick up a dropped
weapon and draw another (R17); the GM's mark that a foe is unaware of an attacker (R35); the
halberd thrust or swung (R37).

Each is a two-key chord (``Q, G``: grapple) listed in :data:`TABLE_SHORTCUTS`, which the
window's key table and F1 take in. No rules here: each entry names the engine call. Pressing
the chord *previews* the step in the attack panel (the dice, the rows, every change), Enter
applies exactly that step as one undo command, Esc drops it — as an attack does.

Who does it: the current actor (else the panel's attacker). On whom: a foe is the attack
panel's target; an ally (Lay on Hands) is the combatant selected in the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from emberkeep.dice import Answers, DiceError, Key, Purpose
from emberkeep.encounter.actions import move_and_cast
from emberkeep.encounter.attack import attack
from emberkeep.encounter.casting import lay_on_hands
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.durations import clear_fired_timers
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.features import protection_candidates
from emberkeep.encounter.grapple import declare_grapple, grapple, shove
from emberkeep.encounter.halberd import THRUST, choose_halberd_use
from emberkeep.encounter.items import use_item
from emberkeep.encounter.movement import disengage, stand_up
from emberkeep.encounter.rearm import draw_weapon, drawable, pick_up_weapon
from emberkeep.encounter.unaware import is_unaware_of, mark_unaware
from emberkeep.gear.owned import OwnedItem
from emberkeep.optional_rules.advantage import Advantage
from gui.encounter.attack_panel import DIFFICULTIES, parse_typed, typed_action
from gui.encounter.use_item import usable_text
from gui.plain_text import as_html

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

    Action = Callable[[Encounter], object]
    Built = tuple[str, Action] | str  # (what the log calls it, the engine call) or a refusal

__all__ = ["TABLE_SHORTCUTS", "preview"]

# (name, key, what it does): F1 lists them with the window's other keys
TABLE_SHORTCUTS: tuple[tuple[str, str, str], ...] = (
    ("disengage_lower", "Q, [", "DISENGAGE: the actor leaves CLOSE of its foes, one zone "
                                "toward lower zones (Furnace)"),
    ("disengage_higher", "Q, ]", "DISENGAGE one zone toward higher zones"),
    ("stand_up", "Q, U", "Stand up from PRONE: the actor's move (R28)"),
    ("grapple", "Q, G", "Grapple the target: STR check vs its STR or ROOM DC (R31)"),
    ("grapple_intent", "Q, Shift+G", "WDD: the selected means to grapple: -2 on its next "
                                     "segment d10 (declare before I), or no longer"),
    ("shove_higher", "Q, S", "Shove the target one zone toward higher zones (R31)"),
    ("shove_lower", "Q, Shift+S", "Shove the target one zone toward lower zones (R31)"),
    ("shove_prone", "Q, K", "Shove the target PRONE (R31)"),
    ("use_item", "Q, I", "Use an item (a flask, a potion, a magic item); the G field's text "
                         "is what it does"),
    ("go_near_cast", "Q, N", "Go NEAR the target and SPELLCHECK (Furnace)"),
    ("lay_on_hands", "Q, L", "Lay on Hands: the Cleric heals the selected ally CLOSE with its "
                             "HD (R11)"),
    ("sunder", "Q, B", "Attack; the target sunders its shield: half the DAM soaked, the "
                       "shield destroyed (Furnace, R12)"),
    ("sacrifice", "Q, C", "Attack; the target sacrifices its shield to turn a crit into a hit "
                          "(WDD, R18)"),
    ("off_hand", "Q, O", "Attack, then the off-hand weapon's attack (fighting style f)"),
    ("protection", "Q, P", "Attack; an ally with Protection makes it HARD (style e, once a "
                           "fight)"),
    ("pick_up", "Q, W", "Pick up the dropped weapon: the round (WDD, R17)"),
    ("draw", "Q, D", "Draw another weapon: the round (R17)"),
    ("halberd", "Q, H", "The selected (else the actor) thrusts its halberd (-1 segment, no "
                        "two-handed DAM) or swings it two-handed (+1): per fight (R37)"),
    ("timers_seen", "Q, T", "The fired timers are seen: clear them from the banner"),
    ("unaware", "Q, A", "The target is unaware of the attacker (hidden, behind), or sees "
                        "it again: Sneak Attack (R35)"),
)


# --- who, on whom, which dice --------------------------------------------------------------

def _actor(w: EncounterWindow) -> Combatant | None:
    return w.actor()


def _target(w: EncounterWindow) -> Combatant | None:
    return w.enc.combatants.get(str(w.panel.target.currentData()))


def _die(w: EncounterWindow) -> int | None:
    typed = parse_typed(w.panel.die.text())  # ValueError: not a number
    if isinstance(typed, tuple):
        raise ValueError("type one d20")
    return typed


def _choose(w: EncounterWindow, title: str, label: str, names: list[str]) -> int | None:
    """The index the GM picks (the only one: no question asked); ``None``: cancelled."""
    from PySide6.QtWidgets import QInputDialog

    if len(names) == 1:
        return 0
    # the label names a combatant, and Qt reads an input dialog's label as HTML when it looks so
    chosen, ok = QInputDialog.getItem(w, title, as_html(label), names, 0, False)
    return names.index(chosen) if ok and chosen in names else None


def _typed(purpose: Key, w: EncounterWindow, action: Action) -> Action:
    return typed_action({purpose: _die(w)}, action)


# --- the entries ------------------------------------------------------------------------

def _disengage(step: int) -> Callable[[EncounterWindow], Built]:
    def build(w: EncounterWindow) -> Built:
        c = _actor(w)
        if c is None:
            return "nobody is acting"
        to = c.position + step
        return f"{c.name} disengages", lambda enc: disengage(enc, c.id, to)
    return build


def _stand_up(w: EncounterWindow) -> Built:
    c = _actor(w)
    if c is None:
        return "nobody is acting"
    return f"{c.name} stands up", lambda enc: stand_up(enc, c.id)


def _grapple(w: EncounterWindow) -> Built:
    c, t = _actor(w), _target(w)
    if c is None or t is None:
        return "choose the one acting and its target"
    return (f"{c.name} grapples {t.name}",
            _typed(Purpose.CHECK, w, lambda enc: grapple(enc, c.id, t.id)))


def _grapple_intent(w: EncounterWindow) -> Built:
    from emberkeep.encounter.segments import WILL_GRAPPLE

    c = w.selected() or _actor(w)
    if c is None:
        return "select who means to grapple"
    on = not any(x.name == WILL_GRAPPLE for x in c.conditions)
    return (f"{c.name} {'means' if on else 'no longer means'} to grapple",
            lambda enc: declare_grapple(enc, c.id, on))


def _shove(result: str, direction: int) -> Callable[[EncounterWindow], Built]:
    def build(w: EncounterWindow) -> Built:
        c, t = _actor(w), _target(w)
        if c is None or t is None:
            return "choose the one acting and its target"
        how = "prone" if result == "prone" else "push"
        return (f"{c.name} shoves {t.name}", _typed(Purpose.CHECK, w, lambda enc: shove(
            enc, c.id, t.id, result=how, direction=direction)))  # type: ignore[arg-type]
    return build


def _use_item(w: EncounterWindow) -> Built:
    c = _actor(w)
    if c is None or c.kind != "pc":
        return "a player character uses an item (a monster's: G, a GM ruling)"
    inv = w.enc.character(c).inventory
    # what a use changes (one of the stack, a magic item's charge) shows in the choice
    items = [(p, text) for p in inv.all_gear()
             if (text := usable_text(p)) is not None
             and (p.magic is not None or (isinstance(p, OwnedItem) and p.quantity > 0))]
    if not items:
        return f"{c.name} carries no item to use"
    index = _choose(w, "Use an item", f"{c.name} uses:", [text for _p, text in items])
    if index is None:
        return ""
    piece, note = items[index][0], w.ruling.text().strip()
    return f"{c.name} uses {piece.name}", lambda enc: use_item(enc, c.id, piece.uid, note=note)


def _go_near_cast(w: EncounterWindow) -> Built:
    from gui.encounter.dialogs import CastDialog

    c, t = _actor(w), _target(w)
    if c is None or c.kind != "pc" or t is None:
        return "a player character casts; choose its target"
    if t.position == c.position:
        return f"{t.name} is already CLOSE: C casts without moving"
    dialog = CastDialog(w.enc.character(c), w.enc.catalog, w)
    if not dialog.exec():
        return ""
    spell = dialog.spell_id()
    if spell is None:
        return "no spell chosen"
    to = c.position + (1 if t.position > c.position else -1)
    return (f"{c.name} goes NEAR and casts {spell}", _typed(
        Purpose.SPELLCHECK, w, lambda enc: move_and_cast(enc, c.id, to, spell, [t.id])))


def _lay_on_hands(w: EncounterWindow) -> Built:
    c, ally = _actor(w), w.selected()
    if c is None or ally is None:
        return "select the ally to heal; the one acting lays on hands"
    return (f"{c.name} lays hands on {ally.name}",
            _typed(Purpose.SPELLCHECK, w, lambda enc: lay_on_hands(enc, c.id, ally.id)))


# What a previewed attack's dice were rolled for, by the log's label (first of each kind)
_REPLAYED = (("attack ", Purpose.ATTACK), ("damage (", Purpose.DAMAGE),
             ("crit (", Purpose.CRIT), ("crit extra DAM", Purpose.CRIT_DAMAGE))


def _replayed(w: EncounterWindow) -> dict[Key, Answers | None]:
    """The dice of the attack A previewed, so "the target sunders its shield" (Q, B) is said
    of the blow the table saw: the same d20 and damage dice, not a new roll."""
    from emberkeep.encounter.events import Rolled

    pending = w.panel.pending
    if not pending or pending[0].action not in ("attack", "move and attack"):
        return {}
    found: dict[Key, Answers | None] = {}
    for event in pending[0].events:
        if isinstance(event, Rolled) and event.record.faces:
            for prefix, purpose in _REPLAYED:
                if event.purpose.startswith(prefix) and purpose not in found:
                    faces = event.record.faces
                    found[purpose] = faces[0] if len(faces) == 1 else faces
    return found


def _attack(**extra: object) -> Callable[[EncounterWindow], Built]:
    """An attack as the panel sets it (weapon, EASY/HARD, advantage, modifier, typed dice),
    with one option of the texts' added; after A's preview, with the dice it showed."""

    def build(w: EncounterWindow) -> Built:
        p = w.panel
        a, t = _actor(w), _target(w)
        if a is None or t is None:
            return "choose an attacker and a target"
        options = dict(extra)
        if options.pop("protect", False):
            guards = protection_candidates(w.enc, t)
            if not guards:
                return f"no ally of {t.name} NEAR it can use Protection now"
            index = _choose(w, "Protection", f"Who protects {t.name}?",
                            [g.name for g in guards])
            if index is None:
                return ""
            options["protection_by"] = guards[index].id
        if p.advantage.currentIndex():
            options["advantage"] = Advantage(p.advantage.currentData())
        dice = _replayed(w)
        typed: dict[Key, Answers | None] = {Purpose.ATTACK: _die(w),
                                            Purpose.DAMAGE: parse_typed(p.damage.text())}
        dice.update({k: v for k, v in typed.items() if v is not None})
        modifier, weapon = p.modifier.value(), p.weapon.currentData()
        hard = DIFFICULTIES[p.difficulty.currentIndex()][1]
        return f"{a.name} attacks {t.name}", typed_action(dice, lambda enc: attack(
            enc, a.id, t.id, weapon_uid=weapon, difficulty_extra=hard, modifier=modifier,
            luck=p.luck.isChecked(), **options))  # type: ignore[arg-type]
    return build


def _pick_up(w: EncounterWindow) -> Built:
    c = _actor(w)
    if c is None:
        return "nobody is acting"
    return f"{c.name} picks up its weapon", lambda enc: pick_up_weapon(enc, c.id)


def _draw(w: EncounterWindow) -> Built:
    c = _actor(w)
    if c is None:
        return "nobody is acting"
    weapons = drawable(w.enc, c.id)
    if not weapons:
        return f"{c.name} carries no other weapon to draw"
    index = _choose(w, "Draw a weapon", f"{c.name} draws:", [x.name for x in weapons])
    if index is None:
        return ""
    uid = weapons[index].uid
    return f"{c.name} draws {weapons[index].name}", lambda enc: draw_weapon(enc, c.id, uid)


def _halberd(w: EncounterWindow) -> Built:
    c = w.selected() or _actor(w)
    if c is None:
        return "select the halberd's bearer"
    thrust = c.halberd_use != THRUST
    return (f"{c.name} {'thrusts' if thrust else 'swings'} the halberd",
            lambda enc: choose_halberd_use(enc, c.id, thrust))


def _unaware(w: EncounterWindow) -> Built:
    a, t = w.enc.combatants.get(str(w.panel.attacker.currentData())), _target(w)
    if a is None or t is None:
        return "choose the attacker and the target it is hidden from"
    on = not is_unaware_of(t, a)
    return (f"{t.name} {'unaware of' if on else 'sees'} {a.name}",
            lambda enc: mark_unaware(enc, t.id, a.id, on))


_BUILDERS: dict[str, Callable[[EncounterWindow], Built]] = {
    "disengage_lower": _disengage(-1), "disengage_higher": _disengage(1),
    "stand_up": _stand_up, "grapple": _grapple, "grapple_intent": _grapple_intent,
    "shove_higher": _shove("push", 1), "shove_lower": _shove("push", -1),
    "shove_prone": _shove("prone", 1), "use_item": _use_item, "go_near_cast": _go_near_cast,
    "lay_on_hands": _lay_on_hands, "sunder": _attack(sunder_shield=True),
    "sacrifice": _attack(sacrifice_shield=True), "off_hand": _attack(off_hand=True),
    "protection": _attack(protect=True), "pick_up": _pick_up, "draw": _draw,
    "unaware": _unaware, "halberd": _halberd,
    "timers_seen": lambda w: ("Fired timers seen", clear_fired_timers),
}


def preview(w: EncounterWindow, name: str) -> str | None:
    """Resolve the entry's step to see it (nothing changes); Enter applies it."""
    if w.session.melee_round():
        return "the Melee Round has its own tactics (W)"
    try:
        built = _BUILDERS[name](w)
    except ValueError as exc:
        return str(exc) if str(exc) == "type one d20" else "the dice must be numbers"
    if isinstance(built, str):
        return built or None
    text, action = built
    try:
        steps = w.session.preview(action)
    except (RuleError, DiceError) as exc:
        return str(exc)
    w.panel.show_pending(steps, steps[-1].summary if steps else text)
    w.table.setFocus()  # Enter applies from the table (the window's confirm)
    return None
