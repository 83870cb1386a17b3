"""What a step changes, in words: every HP, condition, gear and score it set.

A step's ``Set`` events record each field before and after. The preview, the log and the
Markdown recap read them through :func:`change_lines`, so Enter applies exactly what the GM saw:
a fumble's notch and drop (R17), a crit's armor point (R15) and a break, a shield destroyed
(R12, R18), conditions (R28), HP (a knight's own in a Melee Round, R39), a Luck Die (R29), a lost
score (R29), a death (R22), a caster's spell count, disapproval range and bar (R10, R11's HD
healed today), and that the fight's rounds go on the campaign clock when it ends (R27).
Bookkeeping a GM does not track by hand (who acted, who was jostled, cached numbers) is left out.
"""

from __future__ import annotations

from typing import Any

from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Set, Step

__all__ = ["change_lines"]


def _names(value: Any) -> list[str]:
    if not value:
        return []
    return [x.name if isinstance(x, ActiveCondition) else getattr(x, "name", str(x))
            for x in value]


def _conditions(who: str, before: Any, after: Any) -> list[str]:
    old, new = _names(before), _names(after)
    added = [n for n in new if n not in old]
    gone = [n for n in old if n not in new]
    lines = [f"{who} is now {', '.join(added)}"] if added else []
    if gone:
        lines.append(f"{who} is no longer {', '.join(gone)}")
    return lines


def _combatant(enc: Encounter, cid: str, event: Set) -> list[str]:
    c = enc.combatants.get(cid)
    who = c.name if c is not None else cid
    field, before, after = event.field, event.before, event.after
    if field == "hp":
        return [f"{who}: HP {before} → {after}"]
    if field == "conditions":
        return _conditions(who, before, after)
    if field == "out":
        return [f"{who} {'leaves the fight' if after else 'is back in the fight'}"]
    if field == "position":
        return [f"{who} moves to zone {after}"]
    if field == "weapon_dropped":
        return [f"{who} {'drops its weapon' if after else 'has its weapon again'}"]
    if field == "ac_penalty":
        return [f"{who}: AC −{after} for the rest of the fight (R15)"]
    if field == "mount":
        return [f"{who} {'is on foot' if not after else 'mounts'}"]
    return []


def _gear(enc: Encounter, character_id: str, uid: str, event: Set) -> list[str]:
    ch = enc.characters.get(character_id)
    try:
        piece = enc.gear(character_id, uid)
    except KeyError:
        piece = None
    item = piece.name if piece is not None else "an item"
    whose = f"{ch.name}'s {item}" if ch is not None else item
    field, before, after = event.field, event.before, event.after
    if field == "notches":
        return [f"{whose}: notches {before} → {after} (R17)"]
    if field == "dropped":
        return [f"{whose} {'is dropped' if after else 'is picked up'}"]
    if field == "broken":
        return [f"{whose} {'breaks' if after else 'is whole again'}"]
    if field == "damage_points":
        line = f"{whose}: armor points {before} → {after} (R15)"
        bonus = getattr(piece, "armor_bonus", None)  # its points to break (R15)
        if isinstance(bonus, int) and after >= bonus > before:
            line += ": it breaks"
        return [line]
    if field == "destroyed":
        return [f"{whose} {'is destroyed' if after else 'is whole again'}"]
    if field == "quantity":
        return [f"{whose}: {before} → {after} left"]
    if field in ("equipped", "worn"):
        return [f"{whose} {'in hand' if after else 'put away'}"]
    return []


# A caster's state (``magic.CasterState``) as the GM tracks it: R10's depletion count and bar,
# the Cleric's disapproval range (natural 1 up to it), R11's HD healed today
_CASTER_FIELDS = (("spells_cast_since_check", "spells since the depletion SAVE", "{}", "R10"),
                  ("disapproval_range", "disapproval range", "1-{}", "R10"),
                  ("healed_hd_today", "HD healed by Lay on Hands today", "{}", "R11"))


def _caster(who: str, before: Any, after: Any) -> list[str]:
    lines = [f"{who}: {label} {shown.format(old)} → {shown.format(new)} ({rule})"
             for field, label, shown, rule in _CASTER_FIELDS
             if (old := getattr(before, field, None)) != (new := getattr(after, field, None))]
    if getattr(after, "barred_until_long_rest", False) and not getattr(
            before, "barred_until_long_rest", False):
        lines.append(f"{who} cannot cast until a long rest (R10)")
    return lines


def _character(enc: Encounter, character_id: str, event: Set) -> list[str]:
    ch = enc.characters.get(character_id)
    who = ch.name if ch is not None else "a character"
    field, before, after = event.field, event.before, event.after
    if field == "hp":
        return [f"{who}: HP {before} → {after}"]
    if field == "alive":
        return [f"{who} {'dies' if not after else 'lives again'} (R22)"]
    if field == "conditions":
        return [f"{line} (on the sheet)" for line in _conditions(who, before, after)]
    if field == "luck" and getattr(before, "dice", None) != getattr(after, "dice", None):
        return [f"{who}: Luck Dice {before.dice} → {after.dice} (R29)"]
    if field == "caster":
        return _caster(who, before, after)
    if field == "knight" and before is not None and after is not None \
            and before.hp != after.hp:  # R39: the knight's own track, not the sheet's HP
        return [f"{who}: knight HP {before.hp} → {after.hp}"]
    return []


def change_lines(enc: Encounter, step: Step) -> list[str]:
    """One plain line per change the step makes that a GM keeps track of."""
    lines: list[str] = []
    for event in step.events:
        if not isinstance(event, Set):
            continue
        target = event.target
        kind = target[0]
        if kind == "c":
            lines += _combatant(enc, target[1], event)
        elif kind == "pc":
            lines += _character(enc, target[1], event)
        elif kind == "gear":
            lines += _gear(enc, target[1], target[2], event)
        elif kind == "score" and event.field == "loss":
            ch = enc.characters.get(target[1])
            who = ch.name if ch is not None else "a character"
            lines.append(f"{who}: {target[2]} lost {event.before} → {event.after} (R29)")
        elif kind == "enc" and event.field == "phase" and event.after == "over":
            lines.append("The fight is over: its rounds go on the campaign clock (R27)")
    return lines
