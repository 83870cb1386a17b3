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

from emberkeep.encounter.condition_names import condition_label, condition_text
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.death import DYING, STABLE
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Note, Set, Step

__all__ = ["change_lines"]


def _latest(value: Any) -> dict[str, Any]:
    """Each condition once by name, the latest put on (R35's UNAWARE is one per foe)."""
    if not value:
        return {}
    return {getattr(x, "name", str(x)): x for x in value}


_LASTS = {"rest": " (until a long rest)", "permanent": " (for good)"}


def _words(x: Any) -> str:
    """A condition in the fight with its rounds; one on the sheet with how long it lasts."""
    if isinstance(x, ActiveCondition):
        return condition_text(x)
    return condition_label(getattr(x, "name", str(x))) + _LASTS.get(getattr(x, "lasts", ""), "")


def _conditions(who: str, before: Any, after: Any, *, died: bool = False) -> list[str]:
    """What was put on (with its time), put on again for longer, or ended; a death's own line
    says the dying is over, so its countdown's end is not said again."""
    old, new = _latest(before), _latest(after)
    added = [_words(x) for n, x in new.items() if n not in old]
    again = [_words(x) for n, x in new.items() if n in old and _longer(x, old[n])]
    gone = [_words(x) for n, x in old.items()
            if n not in new and not (died and n in (DYING, STABLE))]
    lines = [f"{who} is now {', '.join(added)}"] if added else []
    if again:
        lines.append(f"{who} is again {', '.join(again)}")
    if gone:
        lines.append(f"{who} is no longer {', '.join(gone)}")
    return lines


def _longer(new: Any, old: Any) -> bool:
    """Put on again: more rounds left than before (the round's tick only takes them away)."""
    left, was = getattr(new, "rounds_left", None), getattr(old, "rounds_left", None)
    return left is not None and was is not None and left > was


def _combatant(enc: Encounter, cid: str, event: Set, died: frozenset[str]) -> list[str]:
    c = enc.combatants.get(cid)
    who = c.name if c is not None else cid
    field, before, after = event.field, event.before, event.after
    if field == "hp":
        return [f"{who}: HP {before} → {after}"]
    if field == "conditions":
        return _conditions(who, before, after, died=who in died)
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
        # the GM's word for an armor point is a dent: each is −1 AC until mended (R15)
        worse = f", −{after - before} AC until mended" if after > before else ""
        line = f"{whose}: dents {before} → {after}{worse} (R15)"
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


def _character(enc: Encounter, character_id: str, event: Set, died: frozenset[str]
               ) -> list[str]:
    ch = enc.characters.get(character_id)
    who = ch.name if ch is not None else "a character"
    field, before, after = event.field, event.before, event.after
    if field == "hp":
        return [f"{who}: HP {before} → {after}"]
    if field == "alive":
        if not after and who in died:  # the death's note already says it, with its cause
            return []
        return [f"{who} {'dies' if not after else 'lives again'} (R22)"]
    if field == "conditions":
        return [f"{line} (on the sheet)"
                for line in _conditions(who, before, after, died=who in died)]
    if field == "luck" and getattr(before, "dice", None) != getattr(after, "dice", None):
        return [f"{who}: Luck Dice {before.dice} → {after.dice} (R29)"]
    if field == "caster":
        return _caster(who, before, after)
    if field == "knight" and before is not None and after is not None \
            and before.hp != after.hp:  # R39: the knight's own track, not the sheet's HP
        return [f"{who}: knight HP {before.hp} → {after.hp}"]
    return []


def _died(enc: Encounter, step: Step) -> frozenset[str]:
    """Who the step's notes say died (``death.kill``'s "<name> dies: <why>", R22)."""
    notes = [e.text for e in step.events if isinstance(e, Note)]
    if not notes:
        return frozenset()
    return frozenset(c.name for c in enc.combatants.values()
                     if any(text.startswith(f"{c.name} dies") for text in notes))


def change_lines(enc: Encounter, step: Step) -> list[str]:
    """One plain line per change the step makes that a GM keeps track of."""
    lines: list[str] = []
    died = _died(enc, step)
    for event in step.events:
        if not isinstance(event, Set):
            continue
        target = event.target
        kind = target[0]
        if kind == "c":
            lines += _combatant(enc, target[1], event, died)
        elif kind == "pc":
            lines += _character(enc, target[1], event, died)
        elif kind == "gear":
            lines += _gear(enc, target[1], target[2], event)
        elif kind == "score" and event.field == "loss":
            ch = enc.characters.get(target[1])
            who = ch.name if ch is not None else "a character"
            lines.append(f"{who}: {target[2]} lost {event.before} → {event.after} (R29)")
        elif kind == "enc" and event.field == "phase" and event.after == "over":
            lines.append("The fight is over: its rounds go on the campaign clock (R27)")
    return lines
