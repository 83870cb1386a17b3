"""Words for a combatant's state, shared by the GM's table and the player view.

The engine's facts (R21's dying countdown ``dying_in``, R27/R28 conditions with rounds left,
engine II's timers and pending morale checks) become short plain text here, in one place.
What the players may see (a monster's health only in words, never a number) is the core's
:mod:`emberkeep.encounter.table_view`; ``monster_word`` is read from there.
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.condition_names import conditions_words, rounds_text
from emberkeep.encounter.dying import DYING, dying_rounds, life_state
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.table_view import MONSTER_WORDS, monster_word, player_conditions
from emberkeep.encounter.unaware import UNAWARE

__all__ = ["MONSTER_WORDS", "conditions_text", "dying_rounds", "dying_text", "monster_word",
           "morale_text", "status_text", "timers_text"]

_HIDDEN = frozenset({DYING})  # shown in the status column as a countdown instead
_GM_ONLY = frozenset({UNAWARE})  # R35: a hidden attacker is the GM's secret


def conditions_text(c: Combatant, *, for_players: bool = False,
                    enc: Encounter | None = None) -> str:
    """The conditions, each once with its time left ("UNAWARE, FRIGHTENED (3 rounds)": the
    surprised are unaware of each foe, R35, and it is said once). ``for_players``: the player
    view leaves out what only the GM may know (who is unaware of a hidden foe). With ``enc``, a
    dead PC's last conditions (UNCONSCIOUS...) are not shown: it is dead, and says so."""
    if for_players and enc is not None:
        return player_conditions(enc, c)  # the players' rule, said once in the core
    if enc is not None and c.kind == "pc" and life_state(enc, c) == "dead":
        return ""
    leave_out = _HIDDEN | _GM_ONLY if for_players else _HIDDEN
    return ", ".join(conditions_words(c.conditions, leave_out=leave_out))


def dying_text(enc: Encounter) -> str:
    """The banner's countdowns: "Sister Maud dies in 1 round" (R21)."""
    # the countdown first: most have none, and life_state reads the sheet
    return ", ".join(f"{c.name} dies in {rounds_text(left)}"
                     for c in enc.combatants.values()
                     if (left := dying_rounds(c)) is not None and life_state(enc, c) == "dying")


def status_text(enc: Encounter, c: Combatant) -> str:
    """Out, dead, dying with its countdown, down, or where it stands in the round (the
    core's ``life_state``); and whether the player view hides it."""
    text = _state_text(enc, c)
    return f"{text} · hidden from the players" if c.hidden else text


def _state_text(enc: Encounter, c: Combatant) -> str:
    state = life_state(enc, c)
    left = dying_rounds(c)
    if state == "out":
        return "out of the fight"
    if state in ("dead", "down"):
        return state
    if state == "dying":
        if left is None:  # a knight at 0 HP or below in a Melee Round (R33, R39)
            return "dying: first aid within the hour"
        return f"dying, {rounds_text(left)} left"
    if state == "stable":
        return "down (stable)"
    words = []
    if left is not None:
        words.append(f"dies in {rounds_text(left)}")  # a crit row's countdown on a foe
    if c.surprised and enc.state.round <= 1:
        words.append("surprised")
    if c.dodging:
        words.append("dodging")
    if c.declared_spell:
        words.append(f"casting {c.declared_spell}")
    if c.acted:
        words.append("acted")
    return ", ".join(words) or "ready"


def timers_text(enc: Encounter) -> str:
    """Engine II's timers: "torch 3, bridge 1"; fired ones the GM has not yet seen."""
    st = enc.state
    parts = [f"{label}: {left} round{'s' if left != 1 else ''}"
             for label, left in getattr(st, "timers", ())]
    parts += [f"{label}: now!" for label in getattr(st, "timers_fired", ())]
    return " · ".join(parts)


def morale_text(enc: Encounter) -> str:
    """The pending morale checks (engine II: "foes:first", "foes:half"), as a prompt."""
    waiting = []
    for entry in getattr(enc.state, "morale_pending", ()):
        side, _sep, why = str(entry).rpartition(":")
        reason = {"first": "the first of them fell", "half": "half of them are down"}.get(
            why, why)
        waiting.append(f"{side} ({reason})")
    if not waiting:
        return ""
    return "Morale check due: " + "; ".join(waiting) + " (M: roll, Shift+M: skip)"
