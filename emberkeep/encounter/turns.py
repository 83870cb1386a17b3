"""The round's flow (R20, R27): start, begin a round, next turn, who is acting, is it over.

Each of these is one undoable :class:`~emberkeep.encounter.events.Step`: every change goes
through ``tx.set``. R27: in Furnace a turn and a round are one thing; under WDD a round is the
combat turn of ten segments.

A round (``begin_round``) raises ``round``, resets ``acted``, ``dodging`` (DODGE lasts until the
dodger's next turn) and ``jostled``, and makes the order for the encounter's mode:

- group d6: each side's d6 on the first round, and again each round only when asked
  (``reroll=True``, or the campaign setting ``group_initiative_reroll`` when the settings have
  it); otherwise the same order every round. A side's R18 bonus waits for the next roll.
- simultaneous: the missiles-and-magic phase, then the melee phase.
- segments: each combatant's d10 (``grappling`` names those attempting a grapple, -2); in a
  first round with surprise, the WDD surprise round's order by side and weapon length.

``next_turn`` moves to the next slot whose combatant can act (standing, not held by a
condition, not surprised in Furnace's first round; in group and simultaneous mode not having
acted already this round), drops a declared spell whose caster was jostled before its slot,
and begins the next round when the order is done. Each step first checks whether the fight is
over: fewer than two sides with anyone standing ends it, with the side left as the winner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.act_last import put_last
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.durations import end_of_turn, round_upkeep
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.initiative import Slot, group_ids, roll_group, simultaneous_order
from emberkeep.encounter.segments import LAST_SEGMENT, segment_order, surprise_round_order
from emberkeep.encounter.surprise import check_surprise, declare_spell
from emberkeep.encounter.unaware import end_surprise

__all__ = ["begin_round", "current", "current_slot", "is_over", "next_turn", "next_turn_or_end",
           "start"]

GM = "gm"


def start(enc: Encounter, *, surprise: Iterable[str] | None = None,
          spells: Mapping[str, str] | None = None, reroll: bool | None = None,
          grappling: Iterable[str] = ()) -> Step:
    """Begin the fight: the surprise check (d6 per side, or ``surprise`` lists the surprised
    sides the GM chose), the spells declared once surprise is known (caster id → spell id),
    then the first round. Three kinds of step, each undoable; returns the round's."""
    check_surprise(enc, surprised=surprise)
    for caster_id, spell_id in (spells or {}).items():
        declare_spell(enc, caster_id, spell_id)
    return begin_round(enc, reroll=reroll, grappling=grappling)


def begin_round(enc: Encounter, *, reroll: bool | None = None,
                grappling: Iterable[str] = ()) -> Step:
    """Start the next round now (a GM's typed initiative: ``("initiative", side or name)``)."""
    if enc.state.phase == "over":
        raise RuleError("the fight is over")
    with enc.action(GM, "round") as tx:
        if not _check_over(enc, tx):
            _begin_round(enc, tx, reroll=reroll, grappling=grappling)
    return enc.history[-1]


def next_turn(enc: Encounter) -> Step:
    """Done with the current slot: on to the next combatant able to act, or the next round."""
    st = enc.state
    if st.phase == "over":
        raise RuleError("the fight is over")
    if st.phase != "fighting":
        raise RuleError("the fight has not started")
    with enc.action(GM, "next turn") as tx:
        if not _check_over(enc, tx):
            _next(enc, tx)
    return enc.history[-1]


def next_turn_or_end(enc: Encounter) -> bool:
    """What the GM's "next" does once a combatant's turn is done: if the fight is over, the
    step that records its end (:func:`is_over`) and ``True``; else the next turn's step (as
    :func:`next_turn`, without asking again whether it is over) and ``False``."""
    if is_over(enc):
        return True
    if enc.state.phase != "fighting":
        raise RuleError("the fight has not started")
    with enc.action(GM, "next turn") as tx:
        _next(enc, tx)
    return False


def current_slot(enc: Encounter) -> Slot | None:
    st = enc.state
    if st.phase != "fighting" or st.turn >= len(st.order):
        return None
    return Slot.parse(st.order[st.turn])


def current(enc: Encounter) -> Combatant | None:
    """Whose turn it is (``None`` before the fight, after it, or when nobody can act)."""
    slot = current_slot(enc)
    return None if slot is None else enc.combatants.get(slot.cid)


def is_over(enc: Encounter) -> bool:
    """Whether the fight is over; the first time it is found over, a step records the end
    (phase "over", the winner: the one side still standing, ``None`` if nobody is)."""
    if enc.state.phase == "over":
        return True
    if enc.two_sides_standing():
        return False
    with enc.action(GM, "end") as tx:
        _check_over(enc, tx)
    return True


# --- inside a step ---------------------------------------------------------------------------

def _sides_standing(enc: Encounter) -> list[str]:
    """The sides with someone standing, in encounter order (the fight is over: one or none)."""
    return list(dict.fromkeys(c.side for c in enc.standing()))


def _check_over(enc: Encounter, tx: Tx) -> bool:
    if enc.state.phase not in ("fighting", "surprise", "setup"):
        return enc.state.phase == "over"
    if enc.two_sides_standing():
        return False
    left = _sides_standing(enc)
    winner = left[0] if left else None
    tx.set(("enc",), "phase", "over")
    tx.set(("enc",), "winner", winner)
    tx.summary(f"The fight is over: {winner} win" if winner else "The fight is over: no one"
               " is left standing")
    return True


def _reroll_setting(enc: Encounter) -> bool:
    # R20: the sides "may reroll each round"; the campaign chooses (default: no reroll).
    return enc.settings.rules.group_initiative_reroll


def _begin_round(enc: Encounter, tx: Tx, *, reroll: bool | None,
                 grappling: Iterable[str]) -> None:
    st = enc.state
    number = st.round + 1
    tx.set(("enc",), "round", number)
    for c in enc.combatants.values():
        if c.acted:
            tx.set_on(c, "acted", False)
        if c.dodging:
            tx.set_on(c, "dodging", False)
        if c.jostled:
            tx.set_on(c, "jostled", False)
    if number > 1:
        round_upkeep(enc, tx, number)  # engine II: expiries, dying, wounds, saves, timers
    order: tuple[str, ...]  # the slots' entries
    if st.mode == InitiativeMode.GROUP:
        again = _reroll_setting(enc) if reroll is None else reroll
        rolls = st.side_rolls
        if number == 1 or again or not rolls:
            rolls = roll_group(enc, tx)
        order = tuple(group_ids(enc, tx, rolls))
        tx.summary(f"Round {number}: " + ", ".join(f"{s} {v}" for s, v in rolls))
    elif st.mode == InitiativeMode.SIMULTANEOUS:
        order = _entries(simultaneous_order(enc))
        tx.summary(f"Round {number}: missiles and magic, then melee")
    elif number == 1 and any(c.surprised for c in enc.combatants.values()) and not all(
            c.surprised for c in enc.combatants.values()):
        order = _entries(surprise_round_order(enc))
        tx.summary(f"Round {number}: surprise round, longest weapon first")
    else:
        order = _entries(segment_order(enc, tx, grappling=grappling))
        tx.summary(f"Round {number}: segments")
    if number >= 2 or st.mode == InitiativeMode.SEGMENTS:
        for c in enc.combatants.values():  # Furnace: surprise costs the first round only
            if c.surprised is not False:
                tx.set_on(c, "surprised", False)
    if number >= 2:
        end_surprise(enc, tx)  # R35: the surprise round's unawareness ends with it
        if st.mode != InitiativeMode.SIMULTANEOUS:
            order = put_last(enc, order)  # 0-level crit 4-5: "last to act next turn"
    tx.set(("enc",), "order", order)
    tx.set(("enc",), "phase", "fighting")
    tx.set(("enc",), "turn", 0)
    _advance(enc, tx, 0)


def _entries(slots: list[Slot]) -> tuple[str, ...]:
    return tuple([s.entry() for s in slots])


def _next(enc: Encounter, tx: Tx) -> None:
    turn = enc.state.turn
    now = current_slot(enc)
    if now is not None:
        if now.kind == "spell":
            _clear_spell(tx, enc.combatants[now.cid])  # the declaration is spent in its slot
        c = enc.combatants.get(now.cid)
        if c is not None and c.conditions:  # only conditions count down (``end_of_turn``)
            _turn_passed(enc, tx, c, turn)
    slot = _advance(enc, tx, turn + 1)
    if slot is None:
        _begin_round(enc, tx, reroll=None, grappling=())
    else:
        tx.summary(f"{enc.combatants[slot.cid].name}'s turn")


def _clear_spell(tx: Tx, c: Combatant) -> None:
    tx.set(("c", c.id), "declared_spell", None)
    tx.set(("c", c.id), "spell_segment", None)


def _turn_passed(enc: Encounter, tx: Tx, c: Combatant, index: int) -> None:
    """Slot ``index`` (``c``'s) is over: at a combatant's last slot of the round its durations
    count one turn (``durations.end_of_turn``)."""
    cid = c.id
    st = enc.state
    later = st.order[index + 1:]
    if cid in later:  # a group slot's entry is its id (and group mode has no other kind)
        return
    if st.mode != InitiativeMode.GROUP:
        parse = Slot.parse
        for e in later:
            if parse(e).cid == cid:
                return
    end_of_turn(enc, tx, c)


def _earlier_slot(order: tuple[str, ...], index: int, cid: str) -> bool:
    return any(Slot.parse(e).cid == cid for e in order[:index])


def _advance(enc: Encounter, tx: Tx, start_at: int) -> Slot | None:
    """Move ``turn`` to the first slot from ``start_at`` whose combatant can act; returns
    that slot (``None``: the order is done)."""
    st = enc.state
    order, combatants = st.order, enc.combatants  # nothing here changes the order
    once = st.mode != InitiativeMode.SEGMENTS  # WDD's ROF shooters have several slots
    parse, can_act = Slot.parse, enc.can_act
    index, end = start_at, len(order)
    while index < end:
        slot = parse(order[index])
        c = combatants.get(slot.cid)
        if c is None:
            index += 1
            continue
        if not (once and c.acted) and can_act(c):
            if slot.kind != "spell":
                if c.acted and _earlier_slot(order, index, c.id):
                    tx.set_on(c, "acted", False)  # WDD ROF: each shot is its own turn
                break
            if c.declared_spell is not None and not c.jostled:
                break
            if c.declared_spell is not None:  # R20: "lost if the caster is struck first"
                tx.note(f"{c.name} was jostled: {c.declared_spell} is lost")
                _clear_spell(tx, c)
        if c.conditions:  # a skipped turn counts for its durations
            _turn_passed(enc, tx, c, index)
        index += 1
    tx.set(("enc",), "turn", index)
    if index < end:
        segment = min(LAST_SEGMENT, slot.segment)
        if segment != st.segment:  # (``tx.set`` records nothing for the same number either)
            tx.set(("enc",), "segment", segment)
        return slot
    return None
