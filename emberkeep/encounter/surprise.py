"""The surprise check and the spells declared once surprise is known (R20).

R20: "Surprise is checked first: each side rolls a d6 and is surprised on 1-2 (OSR convention),
or the GM decides." A surprised side's members get ``Combatant.surprised``:

- Furnace (group d6, simultaneous): "the suprised side doesn't act" in the first round;
  ``Encounter.can_act`` refuses them while the round is 1.
- WDD (segments): they act in the first round after the surprising side (the surprise round's
  order, ``segments.surprise_round_order``); the flag is cleared when that order is made.

If every side is surprised, the literal rule holds: nobody has the surprise, so under Furnace
no one acts in round 1 and under WDD the first round is an ordinary segment round.

WDD: "After Surprise has been determined, any M-Us can declare if they are going to cast a
spell": :func:`declare_spell` records ``declared_spell``; its ``spell_segment`` is the caster's
segment + the spell's casting time, set when the segment is known.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.segments import combatant_slots, slot_key, spell_segment
from emberkeep.encounter.unaware import surprise_unaware

__all__ = ["SURPRISED_ON", "check_surprise", "declare_spell"]

SURPRISED_ON = 2  # R20: a side is surprised on a d6 of 1-2


def check_surprise(enc: Encounter, *, surprised: Iterable[str] | None = None) -> Step:
    """Roll a d6 per side (``surprised`` is ``None``) or take the GM's list of surprised sides
    (an empty list: nobody). Moves the encounter from "setup" to "surprise". A GM's typed d6
    is found under ``("surprise", side)``."""
    if enc.state.phase != "setup":
        raise RuleError("surprise is checked once, before the first round")
    sides = enc.sides()
    if surprised is not None:
        chosen = list(dict.fromkeys(surprised))
        unknown = [s for s in chosen if s not in sides]
        if unknown:
            raise RuleError(f"no side {unknown[0]!r} in this encounter")
    with enc.action("gm", "surprise") as tx:
        if surprised is None:
            chosen = []
            for side in sides:
                record = tx.roll("d6", side, "surprise", purpose=Purpose.SURPRISE)
                if record.total <= SURPRISED_ON:
                    chosen.append(side)
        else:
            tx.note("GM decides surprise: " + (", ".join(chosen) or "nobody") + " surprised")
        for c in enc.combatants.values():
            flag = c.side in chosen
            if c.surprised is not flag:  # (``tx.set`` returns at once on the same object)
                tx.set_on(c, "surprised", flag)
        surprise_unaware(enc, tx)  # R35: the surprised are unaware of their foes
        tx.set(("enc",), "phase", "surprise")
        tx.summary("Surprise: " + (", ".join(chosen) + " surprised" if chosen
                                   else "nobody surprised"))
    return enc.history[-1]


def declare_spell(enc: Encounter, caster_id: str, spell_id: str) -> Step:
    """Declare the spell ``caster_id`` will cast (WDD, R20).

    A PC must know the spell. Declared before the round's segments are rolled, the spell's
    segment is set with them. Declared during a segment round, before the caster has acted, its
    slot moves to segment + casting time if that is still to come this round; otherwise the
    spell is cast next round.
    """
    c = enc.combatant(caster_id)
    if enc.state.phase == "over":
        raise RuleError("the fight is over")
    if enc.is_down(c):
        raise RuleError(f"{c.name} cannot cast now")
    try:
        enc.catalog.spell(spell_id)
    except KeyError:
        raise RuleError(f"no spell {spell_id!r}") from None
    if c.kind == "pc" and spell_id not in enc.character(c).spells_known:
        raise RuleError(f"{c.name} does not know {spell_id!r}")
    with enc.action(caster_id, "declare spell") as tx:
        tx.set(("c", c.id), "declared_spell", spell_id)
        tx.set(("c", c.id), "spell_segment", None)
        _reschedule(enc, tx, c)
        tx.summary(f"{c.name} declares {spell_id}")
    return enc.history[-1]


def _reschedule(enc: Encounter, tx: Tx, c: Combatant) -> None:
    st = enc.state
    if (st.mode != InitiativeMode.SEGMENTS or st.phase != "fighting" or c.acted
            or c.initiative is None or st.turn >= len(st.order)):
        return
    slots = [Slot.parse(e) for e in st.order]
    now = slots[st.turn]
    if now.segment == 0:  # the WDD surprise round has no segments: the spell waits a round
        return
    segment = spell_segment(enc, c, c.initiative)
    index = {cid: i for i, cid in enumerate(enc.combatants)}
    now_key = slot_key(enc, now, index)
    tx.set(("c", c.id), "spell_segment", segment)
    mine = combatant_slots(enc, c)
    if any(slot_key(enc, s, index) <= now_key for s in mine):
        tx.set(("c", c.id), "spell_segment", None)  # too late this round
        return
    rest = [s for s in slots[st.turn + 1:] if s.cid != c.id] + mine
    rest.sort(key=lambda s: slot_key(enc, s, index))
    order = tuple(s.entry() for s in slots[: st.turn + 1]) + tuple(s.entry() for s in rest)
    tx.set(("enc",), "order", order)
