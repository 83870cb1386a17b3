"""Conditions that tick down and expire, what happens every round, and timers (R27, R28).

R27: in Furnace a turn and a round are one thing, and "for 1d4 turns" counts combat rounds of the
encounter's procedure. A condition's ``until`` says how it ends:

- ``rounds``: ``rounds_left`` of the subject's own turns; one is counted when the subject's
  (last) slot of a round is passed, taken or skipped (a STUNNED subject's skipped turn counts),
  so "STUNNED for 1 round" costs exactly the subject's next turn (one it put on itself during
  its own turn, a fumble's, starts counting with its next turn).
- ``this_round``: ends with the subject's turn in the round it was put on, or when that round
  ends (lingering Torso: "can't act on your turn"; a failed fending save).
- ``next_round``: lasts through the subject's turn in the *next* round ("can't move next turn").
- ``next_attack``: spent by the next attack by (or against) the subject (``attack.py``).
- ``encounter``: until the fight ends; ``removed``: by its own rule (standing up, healing) or the
  GM; ``rest`` and ``permanent``: written on the sheet, ended by the clock's rest or by hand.

Every new round (:func:`round_upkeep`, called when a round begins, before anyone acts):
``this_round``/``next_round`` leftovers expire; ``dying_in`` counts down (a bleeding PC rolls its
d20 first, R21, ``dying.py``); ``hp_loss:N`` takes N HP (lingering Open wound); each
``save_each_round:<ABILITY>`` rolls that SAVE against the ROOM DC, a failure costing the turn
(``cant_act`` this round; lingering Torso); timers count down and fire.

ICRPG's timers ("Roll 1d4. After that many turns, something awful happens!") are
``EncounterState.timers``; a fired one is noted and listed in ``timers_fired`` for the GM.
"""

from __future__ import annotations

from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.dying import DYING, bleed
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.feature_actions import TOGGLE_CLOCK, expire_toggle
from emberkeep.encounter.saves import saving_throw

__all__ = ["CANT_ACT", "clear_fired_timers", "end_of_turn", "round_upkeep", "start_timer"]

CANT_ACT = "cant_act"
_LEFTOVERS = ("this_round", "next_round")
_COUNTED = ("rounds", *_LEFTOVERS)
_EACH_ROUND = ("dying_in", "hp_loss:", "save_each_round:")


def end_of_turn(enc: Encounter, tx: Tx, c: Combatant) -> None:
    """The subject's turn in this round is over (see the module notes)."""
    for x in c.conditions:  # most carry none that counts (a dying PC's ``dying_in``)
        if x.until in _COUNTED:
            break
    else:
        return
    now = enc.state.round
    kept: list[ActiveCondition] = []
    changed = False
    for x in c.conditions:
        until = x.until
        if until == "rounds" and x.name != DYING:
            if x.since == now and x.source == c.id:
                kept.append(x)  # put on during its own turn (a fumble): counts from the next
                continue
            left = (x.rounds_left or 0) - 1
            changed = True
            if left > 0:
                kept.append(ActiveCondition(x.name, left, until, x.source, x.since))
            elif x.source == TOGGLE_CLOCK:  # a feature's state (Rage) ran out
                expire_toggle(enc, tx, c, x.name)
            continue
        if until == "this_round" or (until == "next_round" and x.since < now):
            changed = True
            continue
        kept.append(x)
    if changed:
        tx.set(("c", c.id), "conditions", tuple(kept))


def _expire_leftovers(tx: Tx, c: Combatant, number: int) -> None:
    for x in c.conditions:  # most carry none that could expire (a dying PC's ``dying_in``)
        if x.until in _LEFTOVERS:
            break
    else:
        return
    kept = tuple(x for x in c.conditions
                 if not ((x.until == "this_round" and x.since < number)
                         or (x.until == "next_round" and x.since + 1 < number)))
    if len(kept) != len(c.conditions):
        tx.set(("c", c.id), "conditions", kept)


def round_upkeep(enc: Encounter, tx: Tx, number: int) -> None:
    """What happens as round ``number`` begins (see the module notes)."""
    for c in enc.combatants.values():
        if not c.conditions:
            continue
        _expire_leftovers(tx, c, number)
        for x in c.conditions:
            if x.name.startswith(_EACH_ROUND):
                break
        else:
            continue
        bleed(enc, tx, c)
        if enc.is_down(c):
            continue
        for x in c.conditions:
            if x.name.startswith("hp_loss:"):
                amount = int(x.name.partition(":")[2])
                enc.lose_hp(tx, c, amount)
                tx.note(f"{c.name} loses {amount} HP ({x.source or 'a wound'})")
        for x in tuple(c.conditions):
            if x.name.startswith("save_each_round:") and not enc.is_down(c):
                ability = x.name.partition(":")[2]
                if not saving_throw(enc, tx, c, ability, enc.state.room_dc):
                    kept = tuple(y for y in c.conditions if y.name != CANT_ACT)
                    tx.set(("c", c.id), "conditions", (*kept, ActiveCondition(
                        CANT_ACT, 1, "this_round", x.source or x.name, number)))
    _tick_timers(enc, tx)


# --- timers ---------------------------------------------------------------------------------

def _tick_timers(enc: Encounter, tx: Tx) -> None:
    st = enc.state
    if not st.timers:
        return
    left: list[tuple[str, int]] = []
    fired: list[str] = []
    for label, rounds in st.timers:
        if rounds - 1 <= 0:
            fired.append(label)
            tx.note(f"Timer: {label}: something awful happens!")
        else:
            left.append((label, rounds - 1))
    tx.set(("enc",), "timers", tuple(left))
    if fired:
        tx.set(("enc",), "timers_fired", (*st.timers_fired, *fired))


def start_timer(enc: Encounter, label: str, *, dice: str = "1d4") -> Step:
    """ICRPG: "Roll 1d4. After that many turns, something awful happens!" (R27: turns are the
    encounter's rounds). The timer fires as the round that many rounds from now begins."""
    if not label:
        raise RuleError("a timer needs a label")
    with enc.action("gm", "timer") as tx:
        rounds = tx.roll(dice, "GM", f"timer: {label}", purpose=Purpose.TIMER).total
        tx.set(("enc",), "timers", (*enc.state.timers, (label, max(1, rounds))))
        tx.summary(f"Timer: {label} in {rounds} round(s)")
    return enc.history[-1]


def clear_fired_timers(enc: Encounter) -> Step:
    """The GM has seen the fired timers."""
    with enc.action("gm", "timers seen") as tx:
        tx.set(("enc",), "timers_fired", ())
        tx.summary("Fired timers seen")
    return enc.history[-1]
