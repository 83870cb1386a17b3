"""Moving in abstract zones (Furnace, from ICRPG): Go NEAR, Go RANGED, DISENGAGE, stand up.

Furnace, Combat: "Everyone does one thing a turn by large. Examples: ATK/SPELLCHECK; Go NEAR and
ATK/SPELLCHECK; Go RANGED; DODGE (You are HARD to hit); DISENGAGE and go NEAR (you can let the
players and the NPCs disengage freely if you want)". So a turn's move is one zone (NEAR) with an
attack or spell after it, or two zones (RANGED) and nothing else. Leaving CLOSE of an enemy who
can act needs DISENGAGE, unless the campaign lets everyone disengage freely (``free_disengage``).

What stops a move: "can't move" (crit and fumble rows, R28 "as written"), GRAPPLED (R31: a
grapple holds the target while the grappler stays CLOSE), "can move only NEAR" (no RANGED move),
and PRONE (R28: "standing up takes the move"). A grappler who moves away lets go.
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import has_condition, ready, remove_condition, spend_turn
from emberkeep.encounter.zones import Band

__all__ = [
    "GRAPPLED",
    "close_threats",
    "disengage",
    "grappler_of",
    "move",
    "move_in",
    "stand_up",
]

GRAPPLED = "GRAPPLED"
CANT_MOVE = "cant_move"
MOVE_NEAR_ONLY = "move_near_only"
PRONE = "PRONE"
_NEAR, _RANGED = int(Band.NEAR), int(Band.RANGED)  # zones a move may cross


def close_threats(enc: Encounter, c: Combatant) -> list[Combatant]:
    """Enemies CLOSE to ``c`` who could strike it (standing and able to act)."""
    # One pass over the combatants (``enc.enemies`` then a filter made two): asked on every
    # move. ``can_act`` is false for one who is down, as ``enemies`` leaves out.
    side, pos, can_act = c.side, c.position, enc.can_act
    return [o for o in enc.combatants.values()
            if o.side != side and o.position == pos and can_act(o)]


def grappler_of(enc: Encounter, c: Combatant) -> Combatant | None:
    """Who holds ``c`` now: a GRAPPLED condition counts while its grappler stands CLOSE."""
    for cond in c.conditions:
        if cond.name == GRAPPLED:
            holder = enc.combatants.get(cond.source)
            if holder is None:  # held by something the GM named: held until removed
                return c
            if not enc.is_down(holder) and holder.position == c.position:
                return holder
    return None


def _check_can_move(enc: Encounter, c: Combatant, to_position: int, max_zones: int) -> int:
    gap = abs(to_position - c.position)
    if gap == 0:
        raise RuleError(f"{c.name} is already there")
    limit = max_zones
    if c.conditions:  # most movers carry none: nothing here can stop them
        if has_condition(c, CANT_MOVE):
            raise RuleError(f"{c.name} can't move")
        if has_condition(c, PRONE):
            raise RuleError(f"{c.name} is PRONE: standing up takes the move (R28)")
        holder = grappler_of(enc, c)
        if holder is not None:
            who = "" if holder is c else f" by {holder.name}"
            raise RuleError(f"{c.name} is grappled{who}: break free first (R31)")
        if has_condition(c, MOVE_NEAR_ONLY):
            limit = 1
    if gap > limit:
        reach = "NEAR" if limit == 1 else "RANGED"
        raise RuleError(f"{c.name} can move only {reach} in a turn ({gap} zones asked)")
    return gap


def move_in(enc: Encounter, tx: Tx, c: Combatant, to_position: int, *, max_zones: int = 1,
            disengaging: bool = False, free_disengage: bool = False) -> None:
    """The move part of an action, inside the caller's ``tx`` (so "Go NEAR and ATK" is one
    step): checks what may stop it, lets go of anyone ``c`` grapples, drops lapsed grapples."""
    _check_can_move(enc, c, to_position, max_zones)
    if not (disengaging or free_disengage or enc.settings.rules.free_disengage):
        threats = close_threats(enc, c)  # asked only when they could stop the move
        if threats:
            raise RuleError(f"{c.name} is CLOSE to {threats[0].name}: DISENGAGE to leave")
    if c.conditions:
        remove_condition(tx, c, GRAPPLED)  # a lapsed hold (its grappler down or gone)
    for other in enc.combatants.values():
        if other.conditions and other.id != c.id:
            remove_condition(tx, other, GRAPPLED, source=c.id)
    tx.set(("c", c.id), "position", to_position)


def move(enc: Encounter, cid: str, to_position: int, *, free_disengage: bool = False) -> Step:
    """Go NEAR (one zone) or Go RANGED (two zones): the whole turn.

    ``free_disengage`` is Furnace's house option "you can let the players and the NPCs
    disengage freely": leaving CLOSE of an enemy then needs no DISENGAGE.
    """
    c = ready(enc, cid)
    with enc.action(cid, "move") as tx:
        move_in(enc, tx, c, to_position, max_zones=_RANGED,
                free_disengage=free_disengage)
        spend_turn(tx, c)
        tx.summary(f"{c.name} moves to zone {to_position}")
    return enc.history[-1]


def disengage(enc: Encounter, cid: str, to_position: int) -> Step:
    """DISENGAGE and go NEAR: leave CLOSE of enemies, one zone away, as the turn's thing."""
    c = ready(enc, cid)
    with enc.action(cid, "disengage") as tx:
        move_in(enc, tx, c, to_position, max_zones=_NEAR, disengaging=True)
        spend_turn(tx, c)
        tx.summary(f"{c.name} disengages to zone {to_position}")
    return enc.history[-1]


def stand_up(enc: Encounter, cid: str) -> Step:
    """R28: PRONE ends by standing up, which takes the move (here: the turn)."""
    c = ready(enc, cid)
    if not has_condition(c, PRONE):
        raise RuleError(f"{c.name} is not PRONE")
    if has_condition(c, CANT_MOVE):
        raise RuleError(f"{c.name} can't move, so can't stand up")
    with enc.action(cid, "stand up") as tx:
        remove_condition(tx, c, PRONE)
        spend_turn(tx, c)
        tx.summary(f"{c.name} stands up")
    return enc.history[-1]
