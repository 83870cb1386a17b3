"""Which dice the next steps of a fight may roll, for the GM who rolls physical dice.

Every roll names its :class:`~emberkeep.dice.Purpose`; a GM who rolls real dice types the
faces under that purpose (``crit 14``) and the step takes them (``Encounter.typed``). This
lists, from the fight's state, the purposes the GM's next step can ask for, each with who
rolls it where that matters (a side's surprise and initiative d6, R20; a bleeding PC's d20,
R21), so the window can show what to roll before Enter. It reads, never rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import Purpose
from emberkeep.encounter.dying import is_bleeding
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.turns import current

__all__ = ["Ahead", "rolls_ahead"]


@dataclass(frozen=True, slots=True)
class Ahead:
    purpose: Purpose
    who: str | None = None  # a side or a combatant's name; None: whoever rolls it
    why: str = ""

    def __str__(self) -> str:
        who = f" {self.who}:" if self.who else ""
        why = f" ({self.why})" if self.why else ""
        return f"{self.purpose.value}{who}{why}"


def rolls_ahead(enc: Encounter) -> list[Ahead]:
    """The dice the next step may roll, in the order a GM meets them."""
    st = enc.state
    found: list[Ahead] = []
    if st.phase == "setup":
        found += [Ahead(Purpose.SURPRISE, side, "d6, surprised on 1-2 (R20)")
                  for side in enc.sides()]
    if st.phase in ("setup", "surprise"):
        found += _initiative(enc)
        return found
    if st.phase != "fighting":
        return found
    for key in st.morale_pending:
        side = key.rpartition(":")[0]
        found.append(Ahead(Purpose.MORALE, side, "2d6 over the morale: they surrender"))
    actor = current(enc)
    if actor is not None:
        found += [Ahead(Purpose.ATTACK, actor.name, "d20"),
                  Ahead(Purpose.DAMAGE, actor.name, "the weapon's dice"),
                  Ahead(Purpose.CRIT, actor.name, "on a natural 20"),
                  Ahead(Purpose.CRIT_DAMAGE, actor.name, "a crit row's dice"),
                  Ahead(Purpose.FUMBLE, actor.name, "on a natural 1")]
        if actor.kind == "pc" and enc.character(actor).spells_known:
            found += [Ahead(Purpose.SPELLCHECK, actor.name, "d20 (R8)"),
                      Ahead(Purpose.MISHAP, actor.name, "on a natural 1 (R8)")]
    for c in enc.combatants.values():
        if is_bleeding(enc, c):
            found += [Ahead(Purpose.DYING, c.name, "d20 next round: 20 gets up (R21)"),
                      Ahead(Purpose.CHECK, None, "WIS (Medicine) to stabilize (R21)"),
                      Ahead(Purpose.INJURY, c.name, "d20 once stabilized (R21)")]
    found += [Ahead(Purpose.SAVE, None, "d20"), Ahead(Purpose.CHECK, None, "d20")]
    if st.mode == InitiativeMode.SEGMENTS or enc.settings.rules.group_initiative_reroll:
        found += _initiative(enc)
    return list(dict.fromkeys(found))


def _initiative(enc: Encounter) -> list[Ahead]:
    if enc.state.mode == InitiativeMode.SEGMENTS:  # R20 (WDD): a d10 each combatant
        return [Ahead(Purpose.INITIATIVE, c.name, "d10 segment (R20)")
                for c in enc.standing()]
    if enc.state.mode == InitiativeMode.GROUP:  # R20 (Furnace): a d6 each side
        return [Ahead(Purpose.INITIATIVE, side, "group d6 (R20)") for side in enc.sides()]
    return []
