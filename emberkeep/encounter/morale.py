"""Morale (Furnace, "Moral": "Keep it simple").

- Enemies: "For enemies I usually roll a 2d6 [OSE]. If I roll over the "Enemy moral", the enemies
  surrender. Enemy moral is usually half of the room DC (rounded down)." (``MonsterStats.morale``
  when the GM set it.) The check is prompted at OSE's moments, when a side of monsters loses
  its first member and when half of it is down: :func:`watch`, plugged in where the engine
  tells the rules that an action set a combatant's HP or ``out`` (``hooks.standing_changed``,
  inside that action's step), adds ``"<side>:first"`` / ``"<side>:half"`` to
  ``EncounterState.morale_pending``; the GM (or the window) resolves it with
  :func:`resolve_morale` or waves it off with :func:`dismiss_morale`, each one undoable step.
  Each prompt is asked once per encounter.
- PCs: "For PCs I call for a WIS SAVE againts the ROOM DC." :func:`pc_morale`; a failure makes
  the PC FRIGHTENED (R28) until the GM removes it, and the log says the character wants to flee.
"""

from __future__ import annotations

from emberkeep.character.abilities import Ability
from emberkeep.dice import Purpose
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.saves import saving_throw

__all__ = ["SURRENDERED", "dismiss_morale", "morale_of", "pc_morale", "resolve_morale", "watch"]

SURRENDERED = "surrendered"
GM = "gm"


def watch(enc: Encounter, tx: Tx) -> None:
    """After an action that set a combatant's HP or ``out``: prompt a morale check for monster
    sides that just lost their first member or half of their number (while some of them still
    stand)."""
    st = enc.state
    if st.phase != "fighting":
        return
    counts: dict[str, list[int]] = {}  # side → [monsters, monsters down]
    for c in enc.combatants.values():
        if c.kind == "pc":
            continue
        entry = counts.get(c.side)
        if entry is None:
            entry = counts[c.side] = [0, 0]
        entry[0] += 1
        if enc.is_down(c):
            entry[1] += 1
    for side, (total, down) in counts.items():
        if down in (0, total):
            continue
        for reason, due in (("first", True), ("half", 2 * down >= total)):
            if not due:
                continue
            key = f"{side}:{reason}"
            if key not in st.morale_asked:
                tx.set(("enc",), "morale_asked", (*st.morale_asked, key))
                tx.set(("enc",), "morale_pending", (*st.morale_pending, key))
                tx.note(f"Morale check for {side}: "
                        + ("their first has fallen" if reason == "first" else "half are down"))


def morale_of(enc: Encounter, side: str) -> int:
    """The side's Enemy moral: its first standing monster's (the GM's number, or ROOM DC // 2)."""
    for c in enc.standing(side):
        if c.monster is not None:
            return c.monster.enemy_morale
    raise RuleError(f"no monster of {side} is standing")


def resolve_morale(enc: Encounter, side: str) -> Step:
    """Roll 2d6 for ``side``: over its morale, every standing member surrenders (out of the
    fight). Clears the side's pending prompts either way."""
    if enc.state.phase == "over":
        raise RuleError("the fight is over")
    morale = morale_of(enc, side)
    with enc.action(GM, "morale") as tx:
        record = tx.roll("2d6", side, f"morale vs {morale}", purpose=Purpose.MORALE)
        _clear(enc, tx, side)
        if record.total > morale:
            for c in enc.standing(side):
                tx.set(("c", c.id), "out", True)
                tx.set(("c", c.id), "conditions", (*c.conditions, ActiveCondition(
                    SURRENDERED, None, "encounter", "morale", enc.state.round)))
            tx.summary(f"{side} roll {record.total} over their morale {morale}: they surrender")
        else:
            tx.summary(f"{side} roll {record.total}, not over their morale {morale}: they fight on")
    return enc.history[-1]


def dismiss_morale(enc: Encounter, side: str) -> Step:
    """The GM waves the pending check off."""
    with enc.action(GM, "morale") as tx:
        _clear(enc, tx, side)
        tx.summary(f"No morale check for {side}")
    return enc.history[-1]


def _clear(enc: Encounter, tx: Tx, side: str) -> None:
    kept = tuple(k for k in enc.state.morale_pending if k.rpartition(":")[0] != side)
    tx.set(("enc",), "morale_pending", kept)


def pc_morale(enc: Encounter, cid: str) -> Step:
    """A PC's morale: WIS SAVE against the ROOM DC; a failure: FRIGHTENED (R28)."""
    c = enc.combatant(cid)
    if c.kind != "pc":
        raise RuleError(f"{c.name} is not a PC: monsters use the 2d6 morale")
    if enc.is_down(c):
        raise RuleError(f"{c.name} is down")
    with enc.action(GM, "morale") as tx:
        # the Barbarian's "Immune to FEAR effects": the SAVE succeeds unrolled
        if saving_throw(enc, tx, c, Ability.WIS, enc.state.room_dc,
                        against="FRIGHTENED", purpose=Purpose.MORALE):
            tx.summary(f"{c.name} holds firm")
        else:
            kept = tuple(x for x in c.conditions if x.name != "FRIGHTENED")
            tx.set(("c", c.id), "conditions", (*kept, ActiveCondition(
                "FRIGHTENED", None, "removed", "morale", enc.state.round)))
            tx.summary(f"{c.name} loses heart: FRIGHTENED, wants to flee")
    return enc.history[-1]
